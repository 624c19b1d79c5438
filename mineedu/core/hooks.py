"""What a game's folder plugs into the core, in one record.

Each game's ``__init__.py`` registers its rules with the parts that surround
them, the same way for every game::

    register(GoldMine, Hooks(
        picture=svg.render,            # (view, lang) -> SVG text, from what one viewer sees
        odds_report=odds.odds_report,  # (state, player) -> JSON-ready exact odds
        format_odds=odds.format_odds,  # (report, lang) -> the text `mineedu odds` prints
        action_label=words.action_label,       # (action, lang) -> words for a button or a log
        describe_event=words.describe_event,   # (event, viewer, lang) -> a log line that viewer may read
        bots=bots.BOTS,                # {"threshold": factory, ...}
        choices=choices.CHOICES,       # how a board offers an action step by step
        lesson="mineedu.games.gold_mine.lesson",  # the lesson's spec (imported when asked for: core.lesson)
        hidden_information=True,       # hot-seat boards pass the screen between humans
    ))

``rules.py`` imports none of these, so a game folder has no import cycle: the
pictures, odds, bots and words import the rules, and ``__init__.py`` ties them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .choices import Choices
from .i18n import typeset
from .protocol import Action, Bot

if TYPE_CHECKING:
    import numpy as np

    from .game import Game, State
    from .play import Event

FastPlayout = Callable[["Game", tuple[str | None, ...]], Callable[["np.random.Generator"], "State"] | None]
"""(game, one bot spec per seat, ``None`` on the rules' own seats) -> a function playing one whole game
with those bots (``rng -> final state``), or ``None`` when it does not play these bots or this config."""


V = TypeVar("V")
"""The game's view (what ``State.observation`` returns): what its picture, panel and status read."""


@dataclass(frozen=True)
class Hooks(Generic[V]):
    """A game's parts outside its rules (every field optional; see the module docstring), generic in the
    game's view: its picture, narrow picture, panel and status all read the same view type."""

    picture: Callable[[V, str], str] | None = None
    narrow_picture: Callable[[V, str], str] | None = None
    """(view, lang) -> the picture laid out for a narrow screen (a phone held upright), if it differs."""
    wide_picture: Callable[[V, str], str] | None = None
    """(view, lang) -> the picture laid out for a screen much wider than high (the projector view), if it differs."""
    odds_report: Callable[[State, int | None], dict[str, Any]] | None = None
    format_odds: Callable[[dict[str, Any], str], str] | None = None
    action_label: Callable[[Action, str], str] | None = None
    describe_event: Callable[[Event, int | None, str], str] | None = None
    reason_visible: Callable[[Event, int | None], bool] | None = None
    """(event, viewer) -> whether that viewer may read the bot's reason for it (default: yes;
    a reason for a face-down move tells what the others may not see)."""
    bots: Mapping[str, Callable[[str | None], Bot]] | None = None
    bot_name: Callable[[str, str], str] | None = None
    """(bot spec, lang) -> the bot in words ("P(burned) < 20%" for ``burn:0.2``)."""
    choices: Choices = field(default_factory=Choices)
    panel: Callable[[V, str], str] | None = None
    """(view, lang) -> the decision panel's HTML for that viewer."""
    status: Callable[[V, str], str] | None = None
    """(view, lang) -> HTML under the turn line (round results, a podium)."""
    chapter: Callable[[State, str], str | None] | None = None
    """(state, lang) -> the log heading the state belongs to ("Manche 2")."""
    variants: tuple[Variant, ...] = ()
    """Config fields a new-game dialog offers (the cave's dice, My Gold Mine's face-up deck)."""
    lesson: str | None = None
    """The module whose ``SPEC`` is the game's :class:`~mineedu.core.lesson.LessonSpec`, imported when asked
    for (:func:`~mineedu.core.lesson.lesson_spec`)."""
    hidden_information: bool = False
    fast_playout: FastPlayout | None = None
    """A game's playout for tournaments (``core.kernel.playout_hook`` on its kernel): the
    returned function plays from
    ``game.initial_state()`` to the end and must give the very final state, and make the very same
    draws from ``rng``, as :func:`mineedu.core.playout` with the bots of those specs. Tournaments
    (``mineedu simulate``, a lesson's tournament) use it; ``tests/playout_check.py`` holds it to the engine."""
    native: tuple[str, ...] = ()
    """The folder's modules ``tools/compile_native.py`` compiles to C with mypyc, as one library (its kernel
    and its bots: ``("kernel", "bots")``), imported only while built from their sources as they are
    (:mod:`mineedu.core.native`); without a C compiler they run as Python, the same code."""


@dataclass(frozen=True)
class Variant:
    """A config field offered in a new game: a switch (``options`` empty, a ``bool``
    field) or a choice among ``options`` (value -> words)."""

    setting: str
    words: Mapping[str, str]
    options: Mapping[Any, Mapping[str, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:  # French typography, as every text table gets it
        object.__setattr__(self, "words", typeset(self.words))
        object.__setattr__(self, "options", typeset(self.options))
