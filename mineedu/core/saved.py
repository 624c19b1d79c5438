"""Saved games: config, seed and actions as JSON that replay to the identical state.

Reading one is bounded: at most :data:`MAX_CHARS` characters nested at most
:data:`MAX_DEPTH` deep, checked before the JSON parser sees the text, so a
hostile text gets a clear :class:`SavedGameError` (worded in French and
English), never a ``RecursionError``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import IllegalActionError, MineeduError, SavedGameError
from .game import CHANCE, Action, Game, State, config_to_dict
from .play import Event

FORMAT = "mineedu-saved-game/1"
MAX_CHARS = 1_000_000  # a long game's moves take a few tens of kB
MAX_DEPTH = 64  # a saved game nests about five levels; actions a few more
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')  # a string (skipped whole) or a bracket


def check_bounds(text: str) -> None:
    """Refuse a text too long or too deeply nested for a saved game (:class:`SavedGameError`).

    >>> check_bounds('{"moves": [[0, "explore"]]}')
    >>> check_bounds("[" * 100_000)
    Traceback (most recent call last):
    ...
    mineedu.core.errors.SavedGameError: the saved game nests brackets or braces more than 64 levels deep
    >>> check_bounds('["[[[[ inside a string is text ]]]]"]')
    """
    if len(text) > MAX_CHARS:
        raise SavedGameError(key="too_long", limit=MAX_CHARS, n=len(text))
    depth = 0
    for m in _TOKENS.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise SavedGameError(key="too_deep", limit=MAX_DEPTH)
        elif c in "]}":
            depth -= 1


@dataclass
class SavedGame:
    """A game as ``(game name, players, config, seed, moves)``.

    ``moves`` is a list of ``(player, action)``; player ``-1`` is chance.
    The seed is the one the session's generator started from; replaying
    needs only the moves, which include every chance outcome.
    """

    game: Game
    seed: int | None = None
    moves: list[tuple[int, Action]] = field(default_factory=list)

    def events(self, upto: int | None = None) -> list[Event]:
        """The first ``upto`` moves (all by default) replayed by the rules, as events."""
        state = self.game.initial_state()
        out = []
        for i, (p, a) in enumerate(self.moves[:upto]):
            try:
                if p == CHANCE and not state.is_chance():
                    raise IllegalActionError(a, f"it is recorded as chance, but player(s) {state.players_to_move()} must move")
                after = state.apply(a, player=None if p == CHANCE else p)
            except IllegalActionError as exc:
                raise SavedGameError(key="no_replay", i=i + 1, error=exc) from exc
            out.append(Event(p, a, state, after))
            state = after
        return out

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` moves (all by default)."""
        events = self.events(upto)
        return events[-1].after if events else self.game.initial_state()

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game.name,
            "players": self.game.num_players,
            "config": config_to_dict(self.game.config),
            "seed": self.seed,
            "moves": [[p, self.game.action_to_json(a)] for p, a in self.moves],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def from_dict(cls, data: Any) -> SavedGame:
        from .registry import make

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SavedGameError(key="not_saved", format=FORMAT)
        try:
            game = make(data["game"], data["players"], data.get("config") or {})
            seed = data.get("seed")
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
                raise SavedGameError(key="bad_seed", seed=repr(seed))
            raw = data["moves"]
            if not isinstance(raw, list):
                raise SavedGameError(key="moves_list")
            moves = []
            for i, m in enumerate(raw):
                if not (isinstance(m, list) and len(m) == 2 and isinstance(m[0], int) and not isinstance(m[0], bool)):
                    raise SavedGameError(key="bad_move", i=i + 1, move=repr(m)[:200])
                moves.append((m[0], game.action_from_json(m[1])))
        except KeyError as exc:
            raise SavedGameError(key="lacks", what=exc.args[0]) from None
        except SavedGameError:
            raise
        except (MineeduError, TypeError, ValueError, RecursionError) as exc:
            raise SavedGameError(key="corrupt", error=exc) from exc
        saved = cls(game, seed, moves)
        saved.replay()  # fail now, clearly, rather than later
        return saved

    @classmethod
    def loads(cls, text: str) -> SavedGame:
        """Read a saved game from JSON text (bounded: see :func:`check_bounds`)."""
        if not isinstance(text, str):
            raise SavedGameError(key="not_text")
        check_bounds(text)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SavedGameError(key="not_json", error=exc) from exc
        except RecursionError as exc:  # deeper than the interpreter allows, whatever the check above let pass
            raise SavedGameError(key="too_deep", limit=MAX_DEPTH) from exc
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> SavedGame:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise SavedGameError(key="unreadable", path=str(path), error=exc) from exc
        return cls.loads(text)
