"""Au fin fond de la grotte du dragon: the rules (pure; see ``docs/rules/dragon_cave.md``).

The path is a tuple of cards ``(family, value)``; index 0 is the card next to
the entrance. ``value`` is ``None`` while nobody knows it: a card's value is
drawn from what is left of its family only when it is revealed (a chance node),
which is the same as shuffling each family at setup, and keeps every state free
of hidden information: every viewer's observation, a :class:`DragonCaveView`,
holds every fact of the position. The dragon stands *between* cards: ``dragon`` is the
number of cards between it and the entrance; a miner on card ``i >= dragon`` has
been reached or passed, and is eaten (D11).

One turn is one action (D9-D11), a compound decision::

    ("move", drop, turn_back, steps, capture)

* ``drop``: ``-1`` or the index of a carried card put back on the path behind you;
* ``turn_back``: ``True`` to turn back now (once per game);
* ``steps``: how many steps you move (a run of occupied cards is jumped inside one step);
* ``capture``: ``True`` to capture the card you leave.

>>> from mineedu.games.dragon_cave import DragonCave
>>> s = DragonCave(2).initial_state()
>>> s.legal_actions()
(('move', -1, False, 1, False), ('move', -1, False, 2, False), ('move', -1, False, 3, False), ('move', -1, False, 4, False))
>>> s = s.apply(("move", -1, False, 4, False))      # player 0 walks 4 cards in
>>> s.pos, s.turn
((3, -1), 1)
>>> s = s.apply(("move", -1, False, 4, False))      # player 1: card 3 is occupied and jumped
>>> s.pos
(3, 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from mineedu.core import CHANCE, SEE_ALL, TERMINAL, ConfigError, Game, State, build
from mineedu.core.errors import whole

from . import kernel
from .kernel import Kernel, Table, move_code

Card = kernel.Card
ENTRANCE, IN, OUT, EATEN = kernel.ENTRANCE, kernel.IN, kernel.OUT, kernel.EATEN

STATUS = {IN: IN, OUT: OUT, EATEN: EATEN}
"""Each status as the kernel's own string (a saved game's are equal, not the same object)."""
MAX_CARDS = 60
"""The most cards a path may hold (2.5 times the game's 24): the exact odds stay quick."""
MAX_FAMILIES = 6
"""The most families (each has its own colour on the picture)."""
MAX_VALUE = 99
"""The highest value a card may carry (two digits on a card)."""
MAX_MOVEMENT = 12
"""The most movement points a turn may give before carried cards are subtracted."""
MAX_CARRY = 6
"""The most cards a miner may be allowed to carry (one line of the picture)."""
MAX_DIE_SIDES = 12
"""The largest die of the dice variants (a d12)."""
MAX_TURNS = 2000
"""The largest safety limit on turns (``max_moves`` stays a few thousand)."""

FAMILY_NAMES = {
    "fr": ("Facile", "Moyen", "Difficile", "Héroïque"),
    "en": ("Easy", "Medium", "Difficult", "Heroic"),
}


def family_name(f: int, lang: str = "fr") -> str:
    """The family's name (D8), e.g. ``family_name(3, "en") == "Heroic"``."""
    names = FAMILY_NAMES["en" if lang == "en" else "fr"]
    return names[f] if f < len(names) else ("family " if lang == "en" else "famille ") + str(f + 1)


@dataclass(frozen=True)
class Config:
    """Every number of the game; a teacher may change any of them.

    ``families``: the values of each family, from the entrance to the dragon (D8);
    at most ``MAX_CARDS`` (60) cards in all.
    ``movement``: movement points before carried cards are subtracted (D9).
    ``max_carry``: the most cards a miner may carry (D9).
    ``blind``: variant, captured cards stay face down until the end (D8, D12).
    ``dice_movement``: variant, points = a die − cards carried, at least 0 (D12).
    ``dice_dragon``: variant, the dragon moves one die per returning miner's move (D12).
    ``die_sides``: faces of the die of the dice variants (1 to ``MAX_DIE_SIDES`` = 12).
    ``max_turns``: a safety limit on turns; when reached the dragon charges to the
    entrance and eats everyone still inside (our choice, never reached in normal play).
    """

    families: tuple[tuple[int, ...], ...] = (
        (1, 1, 2, 2, 3, 3),
        (4, 4, 5, 5, 6, 6),
        (7, 7, 8, 8, 9, 9),
        (10, 10, 11, 11, 12, 12),
    )
    movement: int = 4
    max_carry: int = 3
    blind: bool = False
    dice_movement: bool = False
    dice_dragon: bool = False
    die_sides: int = 6
    max_turns: int = 400

    def validate(self, players: int) -> None:
        """Refuse a config the game cannot be played with, or one too big to show and compute."""
        fams = self.families
        if not isinstance(fams, (tuple, list)) or any(not isinstance(f, (tuple, list)) for f in fams):
            raise ConfigError(
                f"dragon_cave: families must be a list of families, each a list of card values, not {fams!r}"[:300]
            )
        if not fams or any(not fam for fam in fams):
            raise ConfigError("dragon_cave: every family needs at least one card")
        if len(fams) > MAX_FAMILIES:
            raise ConfigError(f"dragon_cave: at most {MAX_FAMILIES} families, not {len(fams)}")
        if self.cards > MAX_CARDS:
            raise ConfigError(
                f"dragon_cave: at most {MAX_CARDS} cards in all (the odds stay quick to compute), not {self.cards}"
            )
        for fam in fams:
            for v in fam:
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    raise ConfigError(f"dragon_cave: card values are whole numbers >= 0, not {v!r}"[:200])
                if v > MAX_VALUE:
                    raise ConfigError(f"dragon_cave: card values are at most {MAX_VALUE}, not {v}"[:200])
        for name in ("blind", "dice_movement", "dice_dragon"):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError(f"dragon_cave: {name} is true or false, not {getattr(self, name)!r}"[:200])
        _whole("movement", self.movement, 1, MAX_MOVEMENT)
        _whole("max_carry", self.max_carry, 1, MAX_CARRY)
        if not self.max_carry < self.movement and not self.dice_movement:
            raise ConfigError(
                f"dragon_cave: max_carry must be between 1 and movement - 1 = {self.movement - 1}, "
                f"or a miner carrying {self.max_carry} cards could never move (D9)"
            )
        if isinstance(self.die_sides, bool) or not isinstance(self.die_sides, int) or not 1 <= self.die_sides <= MAX_DIE_SIDES:
            raise ConfigError(f"dragon_cave: die_sides must be 1 to {MAX_DIE_SIDES}, not {self.die_sides!r}"[:200])
        _whole("max_turns", self.max_turns, 1, MAX_TURNS)

    @property
    def cards(self) -> int:
        return sum(len(f) for f in self.families)


def _whole(name: str, value: Any, lo: int, hi: int) -> None:
    if not whole(value, lo, hi):
        raise ConfigError(f"dragon_cave: {name} must be a whole number from {lo} to {hi}, not {value!r}"[:200])


@dataclass(frozen=True)
class Position:
    """The facts of a position, every one public, and what the rules read from them.

    The state (:class:`DragonCaveState`) and what any viewer sees of it
    (:class:`DragonCaveView`) are both positions: the cave hides nothing, since a
    face-down value is only decided when it is turned over.
    """

    game: DragonCave
    path: tuple[Card, ...]
    pos: tuple[int, ...]
    status: tuple[str, ...]
    returning: tuple[bool, ...]
    carried: tuple[tuple[Card, ...], ...]
    dragon: int
    turn: int = 0
    roll: int | None = None
    pending: tuple[tuple[Any, ...], ...] = ()
    turns: int = 0

    # --- who acts ---------------------------------------------------------------
    def chance_event(self) -> tuple[Any, ...] | None:
        """What chance decides next: ``("roll", p)``, ``("reveal", p, k)``, ``("dragon", p)`` or ``None``."""
        return kernel.event_of(list(self.pending), list(self.status), [list(c) for c in self.carried],
                               self.game.config.dice_movement, self.roll, self.turn)

    def to_move(self) -> int:
        """The player to move, or :data:`CHANCE` or :data:`TERMINAL`."""
        if self.chance_event() is not None:
            return CHANCE
        if IN not in self.status:
            return TERMINAL
        return self.turn

    def unrevealed(self, family: int) -> Counter[int]:
        """The values of ``family`` nobody has seen yet (how a face-down card is drawn)."""
        pool = Counter(self.game.config.families[family])
        seen = [c for c in self.path if c[0] == family and c[1] is not None]
        seen += [c for cards in self.carried for c in cards if c[0] == family and c[1] is not None]
        pool.subtract(v for _, v in seen)
        return +pool

    # --- geometry ---------------------------------------------------------------
    def stops(self, player: int, returning: bool | None = None) -> tuple[int, ...]:
        """Where 1, 2, 3 ... steps take ``player``: free cards (occupied ones are jumped, D9).

        Forward: free cards before the dragon. Back: free cards, then the entrance.
        """
        back = self.returning[player] if returning is None else returning
        return tuple(kernel.stops(list(self.pos), list(self.status), self.dragon, self.pos[player], back))

    def points(self, player: int, carried: int) -> int:
        """Movement points with ``carried`` cards (D9; dice movement variant D12)."""
        return kernel.points(self.game.table, self.roll, carried)

    def steps_to_entrance(self, player: int) -> int:
        """Steps a returning ``player`` still needs to get out (free cards + 1)."""
        return len(self.stops(player, returning=True))

    # --- the result -------------------------------------------------------------------
    def treasure(self, player: int) -> int:
        """The known value of what ``player`` carries (unknown cards count 0)."""
        return sum(v or 0 for _, v in self.carried[player])

    def scores(self) -> tuple[float, ...]:
        return tuple(0.0 if s == EATEN else float(self.treasure(p)) for p, s in enumerate(self.status))

    def winners(self) -> tuple[int, ...]:
        """D12: the survivor(s) with the most treasure; if the dragon ate everyone, all share 0."""
        alive = [p for p, s in enumerate(self.status) if s != EATEN] or list(range(len(self.status)))
        scores = self.scores()
        best = max(scores[p] for p in alive)
        return tuple(p for p in alive if scores[p] == best)


@dataclass(frozen=True)
class DragonCaveView(Position):
    """What one viewer sees of the cave: every fact of the position (nothing is hidden).

    Returned by ``state.observation(viewer)`` for a seat, a spectator (``None``) and
    the teacher's ``SEE_ALL`` alike. Bots, the picture and the decision panel read it.

    >>> view = DragonCave(2).initial_state().observation(0)
    >>> view.to_move(), view.dragon, view.after(("move", -1, False, 3, False)).pos
    (0, 24, (2, -1))
    """

    def _state(self) -> DragonCaveState:
        return build(DragonCaveState, **self.__dict__)  # the same fields (quicker than __init__)

    def legal_actions(self) -> tuple[Any, ...]:
        """The actions the player to move may take (as the rules list them)."""
        return self._state().legal_actions()

    def after(self, action: Any) -> DragonCaveView:
        """The view once the player to move has made ``action`` (before any chance it calls for).

        Raises :class:`~mineedu.core.IllegalActionError` if ``action`` is not legal here.
        """
        return self._state().apply(action).observation(None)


def view_of(position: Position) -> DragonCaveView:
    """The view of a position (itself if it is one): every fact, nothing hidden."""
    if isinstance(position, DragonCaveView):
        return position
    return build(DragonCaveView, **position.__dict__)  # the same fields (quicker than __init__ and fields())


@dataclass(frozen=True)
class DragonCaveState(Position, State):
    """A position of the game (every field public, see the module docstring)."""

    # --- who acts ---------------------------------------------------------------
    def current_player(self) -> int:
        return self.to_move()

    def apply(self, action: Any, player: int | None = None, *, check: bool = True) -> DragonCaveState:
        """:meth:`mineedu.core.State.apply`, typed: the next position of the cave."""
        after = super().apply(action, player, check=check)
        assert isinstance(after, DragonCaveState)
        return after

    def chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        """The kernel's outcomes (``Kernel.chance_counts``: the die's faces, or the values of the card's
        family nobody has seen) with their probabilities."""
        ev = self.chance_event()
        if ev is None:
            return ()
        values, weights = kernel_of(self).chance_counts()
        n = sum(weights)
        tag = "value" if ev[0] == "reveal" else "die"
        return tuple(((tag, v), Fraction(w, n)) for v, w in zip(values, weights))

    # --- the turn ---------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> tuple[Any, ...]:
        cp = self.current_player()
        if cp < 0 or player not in (None, cp):
            return ()
        codes = kernel.legal(self.game.table, list(self.pos), list(self.status), self.returning[cp],
                             len(self.carried[cp]), self.dragon, self.roll, self.pos[cp])
        return tuple([action_of(c) for c in codes])

    def why_illegal(self, action: Any, player: int | None) -> str:
        base = super().why_illegal(action, player)
        if self.current_player() < 0:
            return base
        shape = "a turn is ('move', drop, turn_back, steps, capture), e.g. ('move', -1, False, 2, True)"
        if not (isinstance(action, tuple) and len(action) == 5 and action[0] == "move"):
            return shape
        _, drop, back, steps, capture = action
        ints = all(isinstance(x, int) and not isinstance(x, bool) for x in (drop, steps))
        if not (ints and isinstance(back, bool) and isinstance(capture, bool)):
            return shape + "; drop and steps are whole numbers, turn_back and capture True/False"
        p = self.turn
        cfg = self.game.config
        n = len(self.carried[p])
        if back and self.returning[p]:
            return "you have already turned back; you may never change direction again (D11)"
        if back and self.pos[p] < 0:
            return "you must stand on a card to turn back"
        backs, blocked = kernel.turn_options(list(self.pos), list(self.status), self.returning[p], self.dragon,
                                             self.pos[p])
        if not back and not self.returning[p] and blocked and True in backs:
            return "no free card lies ahead of you before the dragon: you must turn back"
        if not -1 <= drop < n:
            return f"drop must be -1 (keep everything) or the index of a carried card; you carry {n} card(s)"
        kept = n - (drop >= 0)
        if capture and self.pos[p] < 0:
            return "you stand on no card, so there is nothing to capture"
        if capture and kept + 1 > cfg.max_carry:
            return f"you would carry {kept + 1} cards; nobody carries more than {cfg.max_carry} (D9)"
        if capture and steps == 0:
            return "you capture a card only when you leave it (D10): move at least 1 step"
        pts = self.points(p, kept + capture)
        avail = len(self.stops(p, returning=back or self.returning[p]))
        if steps < 0:
            return "steps cannot be negative"
        if steps > pts:
            why = f"a die of {self.roll}" if cfg.dice_movement else f"{cfg.movement}"
            return f"you have only {max(pts, 0)} movement point(s) ({why} − {kept + capture} card(s) carried, D9)"
        if steps > avail:
            return f"only {avail} free card(s) lie ahead of you before the dragon (occupied cards are jumped, D9)"
        if steps == 0 and min(pts, avail) >= 1:
            return "you must move at least 1 step (D9)"
        return base

    def _apply(self, action: Any, player: int | None) -> DragonCaveState:
        k = kernel_of(self)
        if self.chance_event() is not None:
            k.apply(action[1])
        else:
            _, drop, back, steps, capture = action
            k.apply(move_code(drop, bool(back), steps, bool(capture)))  # 0/1 compare equal to False/True
        return freeze(self.game, k)

    # --- what is seen ---------------------------------------------------------------
    def observation(self, player: int | None) -> DragonCaveView:
        """What ``player`` sees (a seat, ``None`` for a spectator, ``SEE_ALL``): the same
        for everyone, since nothing is hidden (unknown values are not decided yet)."""
        if not (player is None or player == SEE_ALL or (isinstance(player, int) and 0 <= player < len(self.pos))):
            raise ValueError(f"dragon_cave: no viewer {player!r}")
        return view_of(self)


def action_of(code: int) -> tuple[Any, ...]:
    """The action of a move's kernel code."""
    return ("move", kernel.drop_of(code), kernel.back_of(code), kernel.steps_of(code), kernel.capture_of(code))


def kernel_of(s: Position) -> Kernel:
    """A kernel holding position ``s`` (a state or a view: the cave hides nothing)."""
    t = s.game.table
    left = []
    for f, values in enumerate(t.values):
        pool = s.unrevealed(f)
        left.append([pool[v] for v in values])
    return Kernel(t, list(s.path), list(s.pos), [STATUS[x] for x in s.status], list(s.returning),
                  [list(c) for c in s.carried], s.dragon, s.turn, s.roll, list(s.pending), s.turns, left,
                  sum(c * w for counts, ws in zip(left, t.place) for c, w in zip(counts, ws)))


def freeze(game: DragonCave, k: Kernel) -> DragonCaveState:
    """The state kernel ``k`` holds."""
    return build(DragonCaveState, game=game, path=tuple(k.path), pos=tuple(k.pos), status=tuple(k.status),
                 returning=tuple(k.returning), carried=tuple([tuple(c) for c in k.carried]), dragon=k.dragon,
                 turn=k.turn, roll=k.roll, pending=tuple(k.pending), turns=k.turns)


class DragonCave(Game):
    """Au fin fond de la grotte du dragon: push your luck, then race the dragon home."""

    name = "dragon_cave"
    title: ClassVar[Mapping[str, str]] = {"fr": "Au fin fond de la grotte du dragon", "en": "Deep down in the dragon's cave"}
    min_players = 2
    max_players = 6
    Config = Config
    # bots, picture, odds and words are registered by the package ``__init__`` (see ``mineedu.core.hooks``)

    def make_table(self) -> Table:
        return Table(self.config)

    def initial_state(self) -> DragonCaveState:
        return freeze(self, Kernel.first(self.table, self.num_players))  # D9: the path Facile first

    def max_moves(self) -> int:
        # per turn: a movement die, the action, a reveal, a dragon die; then end reveals
        return int(4 * self.config.max_turns + self.config.cards + 1)

    def metrics(self, state: State, player: int) -> dict[str, float]:
        m = super().metrics(state, player)
        s: DragonCaveState = state  # type: ignore[assignment]
        m["escaped"] = float(s.status[player] == OUT)
        m["eaten"] = float(s.status[player] == EATEN)
        m["cards"] = float(len(s.carried[player]) if s.status[player] == OUT else 0)
        return m
