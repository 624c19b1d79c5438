"""A game being played at a table: seats, seeded chance, bots, undo, saved games.

The session is the *model* behind every board, and the one place where a move
coming from outside is checked. It knows nothing of widgets. A seat is ``None``
(a player who moves from outside: a human at this board, and later a student
at another browser of the same table) or a bot spec such as
``"threshold:0.2"``. Moves are made by :meth:`GameSession.play` (a player's
action, checked) and :meth:`GameSession.advance` (chance and bots, from
:func:`mineedu.core.play`, one bot move at a time if asked so a board can show
them one by one). Boards :meth:`~GameSession.subscribe` to hear of every change.

>>> from tests.core.toy import ToyGame
>>> s = GameSession(ToyGame(2), seats=[None, "random"], seed=3)
>>> s.human_to_move(), s.legal()
(0, ('draw', 'pass'))
>>> _ = s.play_index(0, 1)      # seat 0 passes
>>> s.waiting_for_bots()
True
>>> _ = s.advance()             # the bot plays until seat 0 must bid
>>> s.human_to_move(), s.can_undo(0)
(0, True)
>>> s.undo(0); len(s.moves)
0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mineedu.core import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    Bot,
    Event,
    Game,
    IllegalActionError,
    MineeduError,
    SavedGame,
    SavedGameError,
    State,
    play,
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
class _Snapshot:
    """What undo restores: the state before a player's move, and the generator then."""

    player: int
    state: State
    events: int
    rng_state: Mapping[str, Any]


Seat = str | None


class GameSession:
    """Seats, a seeded generator, the events so far, and undo of a player's own last move."""

    def __init__(
        self, game: Game, seats: Sequence[Seat] | None = None, seed: int = 0, *, history: Sequence[Event] = ()
    ) -> None:
        """``history``: the events of a game already played (a resumed saved game)."""
        n = game.num_players
        seats = list(seats) if seats is not None else [None] + ["random"] * (n - 1)
        if len(seats) != n:
            raise MoveRefused("seats_count", n=n, k=len(seats))
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise MoveRefused("bad_seed", seed=repr(seed))
        auto = set(game.auto_seats())
        self.game = game
        self.seats: list[Seat] = [("random" if i in auto else s) for i, s in enumerate(seats)]
        self.bots: list[Bot | None] = [None if s is None else game.make_bot(s) for s in self.seats]
        self.seed = seed
        # a resumed game goes on with a generator of its own, still reproducible
        self.rng = np.random.default_rng([seed, len(history)] if history else seed)
        self.events: list[Event] = list(history)
        self.state: State = self.events[-1].after if self.events else game.initial_state()
        self._undo: list[_Snapshot] = []
        self._listeners: list[Callable[[GameSession], None]] = []
        # the deal and other chance before anyone chooses (and, in a new game, the bots' hidden choices);
        # a resumed game starts at the position it was saved at
        self.advance(bot_moves=0, hidden_at_once=not history)

    # --- who acts ---------------------------------------------------------
    @property
    def moves(self) -> list[tuple[int, Action]]:
        """Every move so far as ``(player, action)`` (chance as :data:`CHANCE`)."""
        return [(e.player, e.action) for e in self.events]

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s is None)

    def human_to_move(self) -> int | None:
        """The human seat whose choice the table waits for (``None``: nobody)."""
        if self.state.is_chance() or self.state.is_terminal():
            return None
        movers = [p for p in self.state.players_to_move() if self.seats[p] is None]
        bots = [p for p in self.state.players_to_move() if self.seats[p] is not None]
        # at a simultaneous choice the bots commit first (they see nothing of it)
        return movers[0] if movers and not bots else None

    def waiting_for_bots(self) -> bool:
        """Whether chance or a bot moves next (the board lets them, one by one)."""
        s = self.state
        if s.is_terminal():
            return False
        if s.is_chance():
            return True
        return any(self.seats[p] is not None for p in s.players_to_move())

    def _bots_commit_hidden(self) -> bool:
        """Whether bots owe a hidden simultaneous choice (made at once: there is nothing to watch)."""
        return self.state.current_player() == SIMULTANEOUS and self.waiting_for_bots()

    def legal(self, player: int | None = None) -> tuple[Action, ...]:
        p = self.human_to_move() if player is None else player
        if p is None:
            return ()
        return self.state.legal_actions(p)

    # --- moving -----------------------------------------------------------
    def subscribe(self, listener: Callable[[GameSession], None]) -> None:
        """Call ``listener(session)`` after every change (every board of the table redraws)."""
        self._listeners.append(listener)

    def _changed(self) -> None:
        for f in self._listeners:
            f(self)

    def advance(self, bot_moves: int | None = None, *, hidden_at_once: bool = True) -> list[Event]:
        """Let chance and bots move: all of it until a human must choose (``None``), or
        ``bot_moves`` bot moves and the chance that follows them (``0``: chance only).

        With ``hidden_at_once`` the bots' hidden simultaneous choices are made
        too (they show nothing, so they need no pause and are not counted).
        """
        new: list[Event] = []
        run = play(self.state, self.bots, self.rng, explain=True)
        made = 0
        while (bot_moves is None or made < bot_moves or self.state.is_chance()
               or (hidden_at_once and self._bots_commit_hidden())):
            event = next(run, None)
            if event is None:
                break
            self.events.append(event)
            self.state = event.after
            new.append(event)
            # a hidden simultaneous commitment shows nothing: it needs no pause of its own
            made += event.player != CHANCE and event.before.current_player() != SIMULTANEOUS
        if new:
            self._changed()
        return new

    def play_index(self, player: Any, index: Any) -> Event:
        """Play the ``index``-th legal action of ``player`` (both as sent by a client)."""
        self._check_player(player)
        legal = self.state.legal_actions(player)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(legal):
            raise MoveRefused("bad_index", index=repr(index), k=len(legal))
        return self.play(legal[index], player)

    def _check_player(self, player: Any) -> None:
        n = self.game.num_players
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise MoveRefused("bad_seat", seat=repr(player))
        if self.state.is_terminal():
            raise MoveRefused("game_over")
        if self.seats[player] is not None:
            raise MoveRefused("bot_seat", seat=player + 1)
        if player != self.human_to_move():
            raise MoveRefused("not_your_turn", seat=player + 1)

    def play(self, action: Action, player: int) -> Event:
        """A human's move, checked by the rules (chance and bots move on with :meth:`advance`).

        Raises :class:`MoveRefused` with the state unchanged.
        """
        self._check_player(player)
        try:
            after = self.state.apply(action, player=player)
        except IllegalActionError as exc:
            raise MoveRefused("illegal", rule=exc.rule) from exc
        self._undo.append(_Snapshot(player, self.state, len(self.events), self.rng.bit_generator.state))
        event = Event(player, action, self.state, after)
        self.events.append(event)
        self.state = after
        self._changed()
        return event

    def can_undo(self, player: int | None) -> bool:
        """Whether ``player`` may take back a move: the last move a human made is theirs."""
        return player is not None and bool(self._undo) and self._undo[-1].player == player

    def undo(self, player: int | None) -> None:
        """Take back ``player``'s last move and what chance and bots did after it.

        Only the player who made the last human move may (another human's move
        stays). The generator is rewound too, so the same move brings the same
        cards: undo is not a way to redraw.
        """
        if not self.can_undo(player):
            raise MoveRefused("nothing_to_undo")
        snap = self._undo.pop()
        self.state = snap.state
        del self.events[snap.events:]
        self.rng.bit_generator.state = snap.rng_state
        self._changed()

    # --- saved games ------------------------------------------------------
    def saved(self) -> SavedGame:
        return SavedGame(self.game, self.seed, self.moves)

    def export(self) -> str:
        """The game so far as JSON text (a :class:`SavedGame`)."""
        return self.saved().dumps()

    @classmethod
    def from_text(cls, text: Any, seats: Sequence[Seat] | None = None) -> GameSession:
        """Resume a game exported by :meth:`export` (raises :class:`SavedGameError`).

        The moves are replayed once, by the rules. The chance generator goes on
        from a fresh one seeded with the saved seed and the number of moves, so
        a resumed game is still reproducible.
        """
        if not isinstance(text, str):
            raise SavedGameError(key="not_text")
        saved = SavedGame.loads(text)
        n = saved.game.num_players
        seats = list(seats) if seats is not None else [None] * n
        if len(seats) != n:
            raise SavedGameError(key="players", n=n, seats=len(seats))
        return cls(saved.game, seats, saved.seed if saved.seed is not None else 0, history=saved.events())
