"""A game being played at a board: seats, seeded chance, bots, undo, saved games.

The session is the *model* behind every board widget, and the one place where
a move coming from a browser is checked. It knows nothing of widgets.

>>> from tests.core.toy import ToyGame
>>> s = GameSession(ToyGame(2), seats=[None, "random"], seed=3)
>>> s.human_to_move()
0
>>> s.legal()
('draw', 'pass')
>>> _ = s.play_index(0, 1)      # seat 0 passes; the bot then plays until seat 0 must bid
>>> s.undo(); len(s.moves)
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mineedu.core import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    Game,
    IllegalActionError,
    MineeduError,
    SavedGame,
    SavedGameError,
    State,
    bot_step,
)

from .texts import T


class MoveRefused(MineeduError):
    """A move the board refuses, with its reason in French and English."""

    def __init__(self, key: str, **fmt: object) -> None:
        self.key = key
        self.fmt = fmt
        super().__init__(T(key, "en", **fmt))

    def text(self, lang: str) -> str:
        return T(self.key, lang, **self.fmt)


@dataclass(frozen=True)
class Event:
    """One move made at the board and the state it led to."""

    player: int  # a seat, or CHANCE
    action: Action
    before: State
    after: State


class GameSession:
    """Seats (``None`` = a human, else a bot spec such as ``"threshold:0.2"``),
    a seeded generator, the moves made, and undo of the last human move."""

    def __init__(self, game: Game, seats: Sequence[str | None] | None = None, seed: int = 0) -> None:
        n = game.num_players
        seats = list(seats) if seats is not None else [None] + ["random"] * (n - 1)
        if len(seats) != n:
            raise MoveRefused("seats_count", n=n, k=len(seats))
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise MoveRefused("bad_seed", seed=repr(seed))
        self.game = game
        self.seats = seats
        self.bots = [None if s is None else game.make_bot(s) for s in seats]
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.state: State = game.initial_state()
        self.moves: list[tuple[int, Action]] = []
        self.events: list[Event] = []  # every move, for the log and round results
        self._undo: list[tuple[State, int, int, dict[str, Any]]] = []
        self.advance()

    # --- who acts ---------------------------------------------------------
    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s is None)

    def human_to_move(self) -> int | None:
        """The human seat whose choice the board waits for (``None``: nobody)."""
        movers = [p for p in self.state.players_to_move() if self.seats[p] is None]
        return movers[0] if movers else None

    def legal(self, player: int | None = None) -> tuple[Action, ...]:
        p = self.human_to_move() if player is None else player
        if p is None:
            return ()
        return self.state.legal_actions(p)

    # --- moving -----------------------------------------------------------
    def advance(self) -> list[Event]:
        """Let chance and bots move until a human must choose (or the end)."""
        before = self.state
        state, moves = bot_step(self.state, self.bots, self.rng)
        events = self._record(before, moves)
        assert events == [] or events[-1].after == state
        return events

    def _record(self, state: State, moves: list[tuple[int, Action]]) -> list[Event]:
        events = []
        for p, a in moves:
            nxt = state.apply(a, player=None if p == CHANCE or state.current_player() != SIMULTANEOUS else p, check=False)
            events.append(Event(p, a, state, nxt))
            state = nxt
        self.moves += moves
        self.events += events
        self.state = state
        return events

    def play_index(self, player: Any, index: Any) -> list[Event]:
        """Play the ``index``-th legal action of ``player`` (both as sent by a client).

        Everything is checked before the state changes: the seat exists and is
        a human's whose turn it is, the index is a whole number within the
        legal actions. Raises :class:`MoveRefused` (state unchanged).
        """
        n = self.game.num_players
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise MoveRefused("bad_seat", seat=repr(player))
        if self.state.is_terminal():
            raise MoveRefused("game_over")
        if self.seats[player] is not None:
            raise MoveRefused("bot_seat", seat=player + 1)
        if player not in self.state.players_to_move():
            raise MoveRefused("not_your_turn", seat=player + 1)
        legal = self.state.legal_actions(player)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(legal):
            raise MoveRefused("bad_index", index=repr(index), k=len(legal))
        return self.play(legal[index], player)

    def play(self, action: Action, player: int | None = None) -> list[Event]:
        """Play a human's action, then let chance and bots move."""
        p = self.human_to_move() if player is None else player
        if p is None or self.seats[p] is not None:
            raise MoveRefused("no_human_turn")
        snapshot = (self.state, len(self.moves), len(self.events), self.rng.bit_generator.state)
        try:
            state = self.state.apply(action, player=p)
        except IllegalActionError as exc:
            raise MoveRefused("illegal", rule=exc.rule) from exc
        self._undo.append(snapshot)
        before = self.state
        self.moves.append((p, action))
        self.events.append(Event(p, action, before, state))
        self.state = state
        return [self.events[-1], *self.advance()]

    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> None:
        """Take back the last human move and what chance and bots did after it.

        The generator is rewound too, so playing the same move again brings the
        same cards: undo is not a way to redraw.
        """
        if not self._undo:
            raise MoveRefused("nothing_to_undo")
        state, nmoves, nevents, rng_state = self._undo.pop()
        self.state = state
        del self.moves[nmoves:]
        del self.events[nevents:]
        self.rng.bit_generator.state = rng_state

    # --- saved games ------------------------------------------------------
    def saved(self) -> SavedGame:
        return SavedGame(self.game, self.seed, list(self.moves))

    def export(self) -> str:
        """The game so far as JSON text (a :class:`SavedGame`)."""
        return self.saved().dumps()

    @classmethod
    def from_text(cls, text: Any, seats: Sequence[str | None] | None = None) -> GameSession:
        """Resume a game exported by :meth:`export` (raises :class:`SavedGameError`).

        The chance generator continues from a fresh one seeded with the saved
        seed and the number of moves, so a resumed game is still reproducible.
        """
        if not isinstance(text, str):
            raise SavedGameError("a saved game is JSON text")
        saved = SavedGame.loads(text)
        final = saved.replay()
        n = saved.game.num_players
        s = cls.__new__(cls)
        s.game = saved.game
        s.seats = list(seats) if seats is not None else [None] * n
        if len(s.seats) != n:
            raise SavedGameError(f"the saved game has {n} players, not {len(s.seats)}")
        s.bots = [None if x is None else saved.game.make_bot(x) for x in s.seats]
        s.seed = saved.seed if saved.seed is not None else 0
        s.rng = np.random.default_rng([s.seed, len(saved.moves)])
        s.state = saved.game.initial_state()
        s.moves, s.events, s._undo = [], [], []
        s._record(s.state, saved.moves)
        assert s.state == final
        s.advance()
        return s
