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
from mineedu.core.play import bot_reason
from mineedu.store import StoreError, replay, table_rng

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


# --- a table shared by several browsers --------------------------------------------------

class TableSession(GameSession):
    """A game at a shared table of the class store (:mod:`mineedu.store`), seen from one seat.

    The store holds the one true game: its config, its seed (read here, in the
    kernel, never sent to a browser), its seats and the append-only log of
    every move, chance included, in the saved-game form. This session replays
    that log with the rules and is the page's copy; ``seat`` is the seat this
    page plays (``None``: a spectator). A move is written with the next
    number (:meth:`play`); a page that lost the race re-reads the log and
    raises :class:`MoveRefused` ``("lost_race")``. Chance and bots are written
    by whichever page claims their number first (:meth:`advance`), each drawn
    from :func:`mineedu.store.table_rng` (seed, number), so it is the same move
    whoever writes it, and once (the store's unique key). Nobody undoes at a
    shared table. The log is replayed once by :func:`mineedu.store.replay`,
    then move by move as it grows (:meth:`refresh`).
    """

    def __init__(self, store: Any, code: str, seat: int | None) -> None:
        info = store.table(code)
        game, state, events = replay(store, info.code)
        if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < game.num_players):
            raise MoveRefused("bad_seat", seat=repr(seat))
        self.store = store
        self.code: str = info.code
        self.seat: int | None = seat
        self.game = game
        self._table_seed: int = store.seed(info.code)  # server side only
        self.seed = 0  # what a board may show; the table's seed is never exported before the end
        self.rng = table_rng(self._table_seed, 0)
        self._undo = []
        self._listeners = []
        self._seen_version = -1
        self._set_seats(info)
        self.events = [self._explained(e) for e in events]
        self.state = state
        self.refresh()

    # --- the store's copy ------------------------------------------------------
    def _set_seats(self, info: Any) -> None:
        self.info = info
        seats: list[Seat] = [("random" if s.auto else s.bot) for s in info.seats]
        if seats != getattr(self, "seats", None):
            self.seats = seats
            self.bots = [None if s is None else self.game.make_bot(s) for s in seats]

    def names(self) -> list[str | None]:
        """The first names the seats' students gave (``None``: a bot or nobody yet)."""
        return [s.name for s in self.info.seats]

    def refresh(self) -> list[Event]:
        """Read what changed in the store (new moves, seats given to bots); the new events.

        A log the rules refuse (a corrupt store) raises :class:`MoveRefused`.
        """
        info = self.store.table(self.code)
        if info.version == self._seen_version:
            return []
        self._set_seats(info)
        new: list[Event] = []
        for move in self.store.moves(self.code, after=len(self.events) - 1):
            state = self.state
            try:
                if move.number != len(self.events):
                    raise IllegalActionError(move.action, f"move {move.number} where move {len(self.events)} was due")
                action = self.game.action_from_json(move.action)
                player = None if move.player == CHANCE else move.player
                if player is None and not state.is_chance():
                    raise IllegalActionError(action, "a chance move where a player must choose")
                after = state.apply(action, player=player)
            except (MineeduError, TypeError, ValueError) as exc:
                raise StoreError("corrupt_log", code=self.code, error=exc) from exc
            event = self._explained(Event(move.player, action, state, after))
            self.events.append(event)
            self.state = after
            new.append(event)
        self._seen_version = info.version
        if self.state.is_terminal() and not self.info.finished:
            self.store.mark_finished(self.code)
        if new:
            self._changed()
        return new

    def _explained(self, event: Event) -> Event:
        """A bot's move read from the log, with the bot's reason (as the page that wrote it had it)."""
        bot = self.bots[event.player] if event.player != CHANCE else None
        if bot is None or event.reason is not None:
            return event
        reason = bot_reason(bot, event.before.observation(event.player), event.action)
        return Event(event.player, event.action, event.before, event.after, reason)

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    # --- who acts ----------------------------------------------------------------
    def human_to_move(self) -> int | None:
        """This page's seat when it must choose; else the first human the table waits for."""
        if self.state.is_chance() or self.state.is_terminal() or self.waiting_for_bots():
            return None
        movers = [p for p in self.state.players_to_move() if self.seats[p] is None]
        if self.seat in movers:
            return self.seat
        return movers[0] if movers else None

    def humans_to_move(self) -> list[int]:
        """Every human seat whose choice the table waits for (several at a simultaneous choice)."""
        if self.state.is_chance() or self.state.is_terminal() or self.waiting_for_bots():
            return []
        return [p for p in self.state.players_to_move() if self.seats[p] is None]

    def chosen(self) -> list[int]:
        """At a simultaneous choice: the seats that have already chosen (not what they chose)."""
        if self.state.current_player() != SIMULTANEOUS:
            return []
        out = []
        for e in reversed(self.events):
            if e.before.current_player() != SIMULTANEOUS or e.player == CHANCE:
                break
            out.append(e.player)
        return sorted(out)

    def _check_player(self, player: Any) -> None:
        super()._check_player(player)  # a seat, a human's, whose turn it is...
        if player != self.seat:  # ...and this page's own
            raise MoveRefused("not_your_seat", seat=player + 1)

    # --- moving ------------------------------------------------------------------
    def _write(self, event: Event) -> bool:
        """Append ``event`` with the next number; ``False`` (and the log re-read) if another page came first."""
        if self.store.append(self.code, len(self.events), event.player, self.game.action_to_json(event.action)):
            self.events.append(event)
            self.state = event.after
            self._seen_version = -1  # our own write changed the version: read it again next time
            if self.state.is_terminal():
                self.store.mark_finished(self.code)
            return True
        self.refresh()
        return False

    def play(self, action: Action, player: int) -> Event:
        """This seat's move, checked by the rules, then written to the store.

        Raises :class:`MoveRefused` with the state unchanged, or ``("lost_race")``
        with the state the store now holds when another move took that number.
        """
        self.refresh()
        self._check_player(player)
        try:
            after = self.state.apply(action, player=player)
        except IllegalActionError as exc:
            raise MoveRefused("illegal", rule=exc.rule) from exc
        event = Event(player, action, self.state, after)
        if not self._write(event):
            raise MoveRefused("lost_race")
        self._changed()
        return event

    def advance(self, bot_moves: int | None = None, *, hidden_at_once: bool = True) -> list[Event]:
        """Write chance and the bots' moves as :meth:`GameSession.advance` plays them, each one
        drawn from its number's generator; a number another page wrote first is read instead."""
        new: list[Event] = []
        made = 0
        while (bot_moves is None or made < bot_moves or self.state.is_chance()
               or (hidden_at_once and self._bots_commit_hidden())):
            number = len(self.events)
            event = next(play(self.state, self.bots, table_rng(self._table_seed, number), explain=True), None)
            if event is None:
                break
            if self._write(event):
                new.append(event)
            made += event.player != CHANCE and event.before.current_player() != SIMULTANEOUS
        if new:
            self._changed()
        return new

    def can_undo(self, player: int | None) -> bool:
        return False  # a shared table's moves stay: the other seats have seen them

    def undo(self, player: int | None) -> None:
        raise MoveRefused("no_undo_table")

    def saved(self) -> SavedGame:
        """The whole game with its seed, once it is over (before, the seed would tell the cards to come)."""
        if not self.finished:
            raise MoveRefused("table_export_later")
        return SavedGame(self.game, self._table_seed, self.moves)


class TableHub:
    """One listener per kernel (:meth:`Store.listen`) for every shared table its pages show.

    The listener waits in a thread (PostgreSQL: LISTEN; SQLite: a cheap poll)
    and hands each change over to the kernel's event loop
    (``loop.call_soon_threadsafe``), where the page re-reads the store and
    redraws: widgets are only ever touched from the kernel's own thread. A
    store that went away is reported to the pages (``on_error``), then the
    listener tries again every second.
    """

    def __init__(self, store: Any, loop: Any) -> None:
        self.store = store
        self.loop = loop
        self._pages: dict[str, list[Callable[[], None]]] = {}
        self._errors: list[Callable[[Exception | None], None]] = []
        self._stop = False
        self._thread: Any = None

    def add(self, code: str, changed: Callable[[], None], error: Callable[[Exception | None], None]) -> None:
        import threading

        self._pages.setdefault(code, []).append(changed)
        self._errors.append(error)
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="mineedu-tables", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        import time

        listener = None
        broken = False
        while not self._stop:
            try:
                if listener is None:
                    listener = self.store.listen()
                    if broken:
                        broken = False
                        self._hand_over(list(self._errors), None)
                        self._hand_over([f for fs in self._pages.values() for f in fs])
                codes = listener.wait(0.5)
            except Exception as exc:  # a store that went away, whatever its driver says
                listener = None
                if not broken:
                    broken = True
                    self._hand_over(list(self._errors), exc)
                time.sleep(1.0)
                continue
            for code in codes:
                self._hand_over(list(self._pages.get(str(code).upper(), ())))

    def _hand_over(self, callbacks: list[Any], *args: Any) -> None:
        for f in callbacks:
            try:
                self.loop.call_soon_threadsafe(f, *args)
            except RuntimeError:  # the kernel's loop is closed: the kernel is ending
                self._stop = True

    def close(self) -> None:
        self._stop = True
