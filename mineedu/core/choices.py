"""Choosing an action step by step: the contract between a game and a board.

A game's action can have several parts (the cave's drop, turn back, steps and
capture; Mine's card, space and target). At a board the player picks them one
at a time, and each step offers only the parts that still lead to a legal
action. A game says how with a :class:`Choices` object (its ``choices.py``):

* :meth:`Choices.path` spells an action as a tuple of *keys*, one per step
  (``("hand:miner", "space:raid", "target:2")``). A key that names a region of
  the game's picture (an element with ``data-region="space:raid"``, see
  :func:`mineedu.core.svg.region`) is picked by clicking or tapping that region,
  or reaching it with Tab and pressing Enter; any other key is a button.
* :meth:`Choices.label` words each key for the button or for screen readers;
  :meth:`Choices.prompt` says what the step asks.
* :meth:`Choices.cycle` turns a step into one the player adjusts with controls
  (Silver & Gold's rotate and mirror, keys R and M) while the next step is
  already offered; :meth:`Choices.preview` draws what picking a key would do.

:class:`ChoiceTree` is the pure logic a board runs on: the options after a
prefix, and the action a complete path makes. No widget is involved, so the
conformance suite checks, for every game, that every legal action is reachable
and that no path leads anywhere illegal.

>>> from tests.core.toy import ToyGame
>>> state = ToyGame(2).initial_state()
>>> tree = ChoiceTree(Choices(), state, 0)
>>> tree.options(()), tree.action(('"pass"',))
(['"draw"', '"pass"'], 'pass')
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .i18n import typeset
from .protocol import Action

if TYPE_CHECKING:
    from .game import State

Path = tuple[str, ...]


@dataclass(frozen=True)
class Control:
    """A button (and keyboard shortcut) that changes the choice at a cycled step.

    ``move`` maps each option of the step to the option the control leads to
    (Silver & Gold's "rotate" maps each orientation to the next one that fits).
    """

    name: str
    shortcut: str
    words: Mapping[str, str]
    move: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:  # French typography, as every text table gets it
        object.__setattr__(self, "words", typeset(self.words))


class Choices:
    """The default: every action is one step, a button worded by ``Game.action_label``.

    Games override :meth:`path` (and the others as needed) in their ``choices.py``.
    """

    def path(self, state: State, player: int, action: Action) -> Path:
        """The keys a player picks, in order, to make ``action``."""
        return (json.dumps(state.game.action_to_json(action)),)

    def paths(self, state: State, player: int, action: Action) -> Sequence[Path]:
        """Every way to pick ``action`` (default: its one :meth:`path`). An unordered
        choice, such as keeping two cards of four, has one path per order."""
        return (self.path(state, player, action),)

    def label(self, state: State, player: int, prefix: Path, key: str, action: Action | None, lang: str) -> str:
        """Words for picking ``key`` after ``prefix``; ``action`` is the action it completes, if it does."""
        if action is not None:
            return state.game.action_label(action, lang)
        return key

    def prompt(self, state: State, player: int, prefix: Path, lang: str) -> str:
        """What the step after ``prefix`` asks for (empty: the board's own status says it)."""
        return ""

    def cycle(self, state: State, player: int, prefix: Path, options: Sequence[str]) -> Sequence[Control] | None:
        """Controls that adjust the step after ``prefix`` (``None``: an ordinary step)."""
        return None

    def preview(self, state: State, player: int, prefix: Path, key: str) -> str | None:
        """SVG drawn over the picture while ``key`` is hovered or focused (``None``: none)."""
        return None


class ChoiceTree:
    """The legal actions of ``player`` in ``state``, as paths of keys.

    Raises ``ValueError`` if two actions share a path, or one path is the start
    of another (the board could not tell them apart). One action may have
    several paths (:meth:`Choices.paths`).
    """

    def __init__(self, choices: Choices, state: State, player: int, legal: Sequence[Action] | None = None) -> None:
        self.choices = choices
        self.state = state
        self.player = player
        self.legal = tuple(state.legal_actions(player) if legal is None else legal)
        self.paths: dict[Path, Action] = {}
        for a in self.legal:
            for p in map(tuple, choices.paths(state, player, a)):
                if not p or not all(isinstance(k, str) and k for k in p):
                    raise ValueError(f"{state.game.name}: the path of {a!r} must be non-empty keys, not {p!r}")
                if p in self.paths:
                    raise ValueError(f"{state.game.name}: {a!r} and {self.paths[p]!r} have the same path {p!r}")
                self.paths[p] = a
        prefixes = {p[:i] for p in self.paths for i in range(1, len(p))}
        clash = prefixes & set(self.paths)
        if clash:
            p = min(clash)
            raise ValueError(f"{state.game.name}: the path {p!r} of {self.paths[p]!r} starts a longer path")

    def options(self, prefix: Path) -> list[str]:
        """The keys that may follow ``prefix`` (in the order of the legal actions)."""
        n = len(prefix)
        seen: dict[str, None] = {}
        for p in self.paths:
            if len(p) > n and p[:n] == prefix:
                seen.setdefault(p[n], None)
        return list(seen)

    def action(self, path: Path) -> Action | None:
        """The action ``path`` makes, or ``None`` if it is not a complete path."""
        return self.paths.get(tuple(path))

    def is_prefix(self, prefix: Path) -> bool:
        """Whether ``prefix`` starts at least one path (the empty prefix always does, if any action)."""
        return bool(self.options(prefix)) or prefix in self.paths

    def actions_under(self, prefix: Path) -> list[Action]:
        n = len(prefix)
        return [a for p, a in self.paths.items() if p[:n] == prefix]

    def label(self, prefix: Path, key: str, lang: str) -> str:
        return self.choices.label(self.state, self.player, prefix, key, self.action((*prefix, key)), lang)


def reachable(tree: ChoiceTree) -> dict[Path, Action]:
    """Every complete path found by walking :meth:`ChoiceTree.options` from the empty prefix."""
    found: dict[Path, Action] = {}
    stack: list[Path] = [()]
    while stack:
        prefix = stack.pop()
        for key in tree.options(prefix):
            nxt = (*prefix, key)
            a = tree.action(nxt)
            if a is not None:
                found[nxt] = a
            else:
                stack.append(nxt)
    return found

