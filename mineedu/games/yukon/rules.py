"""Gold am Yukon: rules as pure, immutable states (see ``docs/rules/yukon.md``).

A turn: chance throws the die (a 1 throws again, added: D14/D15), then the
player spends the pips one at a time. Each pip is one legal action:

* ``("start", space)``: before any throw, each player in turn puts a first
  pawn on a free start space (the text: "une case de départ de son choix");
* ``("place", space)``: setup (D14), one more pawn next to either end of the chain;
* ``("step", tail, to)``: moving (D15), the pawn on ``tail`` (one end of the
  chain) jumps to the free space ``to`` next to the other end, the head;
* ``("claim", claim, pawn)``: (D16, costs 1 pip, ends the turn) every pawn
  of the team stands on the ring of the unclaimed ``claim``; the end pawn on
  ``pawn`` moves onto the claim and stays there.

Spaces and claims are the numbers of :mod:`mineedu.games.yukon.board`.
Nothing is hidden: every viewer's observation is the same :class:`YukonView`.

>>> g = YukonGame(3)
>>> s = g.initial_state()
>>> s.legal_actions()
(('start', 0), ('start', 16), ('start', 102), ('start', 125), ('start', 211), ('start', 227))
>>> s = s.apply(("start", 0)).apply(("start", 102)).apply(("start", 211))
>>> s.current_player() == CHANCE, s.apply(1).apply(3).pips
(True, 4)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from mineedu.core import CHANCE, TERMINAL, ConfigError, Game, State, build
from mineedu.core.errors import whole

from . import kernel
from .board import CELLS, CENTRE, DEFAULT_VALUES, NEIGHBOURS, RINGS, SPACES, STARTS
from .kernel import Kernel, Table, action_of, code

NO_OWNER = kernel.NO_OWNER
MAX_SIDES = 20  # a classroom die: d2 .. d20 (a huge die would list millions of chance outcomes)
MAX_ROLLS = 100  # the safety cap itself stays small enough to compute with
MAX_VALUE = 99  # nuggets on one claim: two digits fit in its hexagon
MAX_ROUNDS = 1000  # a class never plays longer; bounds max_moves() and every playout


def _whole(name: str, value: object, lo: int, hi: int, what: str) -> None:
    """Refuse a setting that is not a whole number in ``lo..hi`` (``what`` says why the bounds)."""
    if not whole(value, lo, hi):
        raise ConfigError(f"yukon: {name} must be a whole number from {lo} to {hi} ({what}), not {value!r}")


@dataclass(frozen=True)
class YukonConfig:
    """What a teacher may change. Defaults follow the text and D13-D16.

    ``values``: claim values in board order (reading order; D13 layout), 0 to 99 each.
    ``pawns``: pawns per team (12: the first claim closes a full ring).
    ``sides`` / ``reroll``: the die (2 to 20 faces), and the face that rolls again (0: none).
    ``max_rolls``: safety cap on throws in one turn, 1 to 100 (the last one never
    throws again; with the default 30 this changes a turn with probability 6^-30).
    ``centre_leaves``: whoever claims the centre leaves play (D16).
    ``max_rounds``: the game stops after this many rounds, 1 to 1000 (chains can
    wander forever; documented limit, scores then stand as they are).

    >>> YukonGame(3, max_rounds=10**6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mineedu.core.errors.ConfigError: yukon: max_rounds must be a whole number from 1 to 1000 (...), not 1000000
    """

    values: tuple[int, ...] = DEFAULT_VALUES
    pawns: int = 12
    sides: int = 6
    reroll: int = 1
    max_rolls: int = 30
    centre_leaves: bool = True
    max_rounds: int = 100

    def validate(self, players: int) -> None:
        if not isinstance(self.values, tuple) or len(self.values) != len(CELLS):
            raise ConfigError(f"yukon: values must be {len(CELLS)} whole numbers (one per claim), not {self.values!r}"[:300])
        for c, v in enumerate(self.values):
            _whole(f"the value of claim {c}", v, 0, MAX_VALUE, "nuggets on one claim")
        _whole("pawns", self.pawns, 1, 12, "a ring has 12 spaces")
        _whole("sides", self.sides, 2, MAX_SIDES, "the faces of the die")
        _whole("reroll", self.reroll, 0, self.sides, "the face that rolls again, 0 for none")
        _whole("max_rolls", self.max_rolls, 1, MAX_ROLLS, "throws in one turn")
        if not isinstance(self.centre_leaves, bool):
            raise ConfigError(f"yukon: centre_leaves must be true or false, not {self.centre_leaves!r}"[:300])
        _whole("max_rounds", self.max_rounds, 1, MAX_ROUNDS, "rounds before the game stops")
        if players > len(STARTS):
            raise ConfigError(f"yukon: {len(STARTS)} start spaces, so at most {len(STARTS)} players")


class Facts:
    """What every position shows to everyone: a :class:`YukonState` and its
    :class:`YukonView` both answer these from their chains, claims and config."""

    chains: tuple[tuple[int, ...], ...]
    owners: tuple[int, ...]
    out: tuple[bool, ...]
    if TYPE_CHECKING:
        @property
        def config(self) -> YukonConfig: ...

    def occupied(self) -> frozenset[int]:
        return frozenset(itertools.chain.from_iterable(self.chains))

    def claims_of(self, player: int) -> tuple[int, ...]:
        return tuple(c for c, o in enumerate(self.owners) if o == player)

    def in_setup(self, player: int) -> bool:
        """Still placing pawns (D14): pawns on spaces and claims fewer than ``pawns``."""
        return not self.out[player] and len(self.chains[player]) + self.owners.count(player) < self.config.pawns

    def in_play(self, player: int) -> bool:
        """Neither gone with the centre nor out of pawns."""
        return not self.out[player] and bool(self.chains[player])

    def scores(self) -> tuple[float, ...]:
        values = self.config.values
        totals = [0] * len(self.chains)
        for c, o in enumerate(self.owners):
            if o != NO_OWNER:
                totals[o] += values[c]
        return tuple(float(t) for t in totals)

    def winners(self) -> tuple[int, ...]:
        sc = self.scores()
        best = max(sc)
        return tuple(p for p, v in enumerate(sc) if v == best)


@dataclass(frozen=True)
class YukonView(Facts):
    """What one viewer sees: in Gold am Yukon, everything, so every viewer (a seat,
    a spectator, the teacher's "show all") gets this same view of a position.

    Bots, the picture (:func:`mineedu.games.yukon.svg.render`), the words and the
    odds for a player read it; it holds no reference to the state or the game.
    ``throws`` are this turn's die throws so far (a 1 throws again, D14/D15).
    """

    config: YukonConfig
    chains: tuple[tuple[int, ...], ...]
    owners: tuple[int, ...]
    out: tuple[bool, ...]
    turn: int
    rolling: bool
    pips: int
    throws: tuple[int, ...]
    head: int
    turned: bool
    round: int
    done: bool

    @property
    def players(self) -> int:
        return len(self.chains)


@dataclass(frozen=True)
class YukonState(Facts, State):
    """One position. ``chains[p]``: player p's pawns in order from end 0 to end 1."""

    game: YukonGame
    chains: tuple[tuple[int, ...], ...]
    owners: tuple[int, ...]  # per claim: the player holding it, or NO_OWNER
    out: tuple[bool, ...]  # left play by taking the centre (D16)
    turn: int = 0  # the player whose turn it is
    rolling: bool = False  # a chance node: the die is thrown
    pips: int = 0  # pips left to spend this turn
    rolls: int = 0  # throws made this turn
    head: int = -1  # the leading end this turn (0, 1), -1 = not chosen yet (D15)
    turned: bool = False  # the head was blocked and the other end leads now (D15)
    round: int = 0
    done: bool = False
    thrown: int = 0  # pips thrown this turn (a record for the picture: the rules read ``pips``)

    @property
    def config(self) -> YukonConfig:
        return self.game.config

    if TYPE_CHECKING:  # the next state of a Gold am Yukon state is one too (for type checkers only)
        def apply(self, action: Any, player: int | None = None, *, check: bool = True) -> YukonState: ...

    # --- who acts ------------------------------------------------------------
    def current_player(self) -> int:
        if self.done:
            return TERMINAL
        if self.rolling:
            return CHANCE
        return self.turn

    def chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        if not self.rolling:
            return ()
        p = Fraction(1, self.config.sides)
        return tuple((v, p) for v in range(1, self.config.sides + 1))

    def legal_actions(self, player: int | None = None) -> tuple[Any, ...]:
        cp = self.current_player()
        if cp < 0 or player not in (None, cp):
            return ()
        return tuple([action_of(c) for c in kernel_of(self).legal()])

    def why_illegal(self, action: Any, player: int | None) -> str:
        if self.done or self.rolling:
            return super().why_illegal(action, player)
        p = self.turn
        kinds = {"start": 2, "place": 2, "step": 3, "claim": 3}
        if not (isinstance(action, tuple) and action and action[0] in kinds and len(action) == kinds[action[0]]
                and all(isinstance(x, int) and not isinstance(x, bool) for x in action[1:])):
            return ("not a Gold am Yukon action: expected ('start', space), ('place', space), "
                    "('step', tail, to) or ('claim', claim, pawn)")
        kind, *args = action
        if any(not 0 <= x < len(SPACES) for x in (args if kind != "claim" else args[1:])):
            return f"there is no space {args}: spaces are numbered 0..{len(SPACES) - 1}"
        chain = self.chains[p]
        occ = self.occupied()
        if not chain:
            if kind != "start":
                return f"player {p} must first put a pawn on a start space"
            if args[0] not in STARTS:
                return f"space {args[0]} is not a start space (start spaces: {sorted(STARTS)})"
            return f"start space {args[0]} is already taken"
        if kind == "start":
            return f"player {p} already has a pawn on the board"
        setup = self.in_setup(p)
        if setup and kind != "place":
            return f"player {p} is still placing pawns ({len(chain)} of {self.config.pawns} out, D14)"
        if not setup and kind == "place":
            return f"player {p} has placed every pawn: pips now move the chain (D15)"
        if kind == "place":
            if args[0] in occ:
                return f"space {args[0]} is already occupied"
            return f"space {args[0]} is not next to an end of the chain: no gap is allowed (D14)"
        if kind == "step":
            tail, to = args
            if tail not in (chain[0], chain[-1]):
                return f"space {tail} is not an end of player {p}'s chain: only the tail pawn moves (D15)"
            if to in occ:
                return f"space {to} is already occupied"
            lead = chain[-1] if tail == chain[0] else chain[0]
            if to not in NEIGHBOURS[lead]:
                return f"space {to} is not next to the head on space {lead}: the chain moves one step per pip (D15)"
            return "the head end was chosen at the start of the turn (or turned back when blocked) and stays (D15)"
        claim, pawn = args
        if not 0 <= claim < len(CELLS):
            return f"there is no claim {claim}: claims are numbered 0..{len(CELLS) - 1}"
        if self.owners[claim] != NO_OWNER:
            return f"claim {claim} is already taken by player {self.owners[claim]}"
        off = [s for s in chain if s not in RINGS[claim]]
        if off:
            first = "; the first claim needs all 12 pawns, a closed ring" if not self.claims_of(p) else ""
            return f"the pawn on space {off[0]} is not on the ring of claim {claim}: every pawn of the team must be (D16{first})"
        return f"space {pawn} is not an end pawn of the chain: the pawn that stays on the claim is an end pawn (no gap)"

    # --- moves -----------------------------------------------------------------
    def _apply(self, action: Any, player: int | None) -> YukonState:
        k = kernel_of(self)
        k.apply(action if self.rolling else code(action))
        return freeze(self.game, k)

    # --- what is seen --------------------------------------------------------
    def observation(self, player: int | None) -> YukonView:
        """Nothing is hidden in Gold am Yukon: every viewer (a seat, ``None``, ``SEE_ALL``)
        gets the same view of the whole board."""
        f = self.config.reroll
        k = self.rolls
        throws = (f,) * (k - 1) + (self.thrown - f * (k - 1),) if k else ()
        return YukonView(self.config, self.chains, self.owners, self.out, self.turn, self.rolling, self.pips,
                         throws, self.head, self.turned, self.round, self.done)


def kernel_of(s: YukonState) -> Kernel:
    """A kernel holding state ``s``."""
    return Kernel(s.game.table, [list(c) for c in s.chains], list(s.owners), list(s.out), s.turn, s.rolling, s.pips,
                  s.rolls, s.head, s.turned, s.round, s.done, s.thrown)


def kernel_of_view(v: YukonView) -> Kernel:
    """A kernel holding the position of view ``v`` (nothing is hidden: the view holds it all)."""
    return Kernel(Table(v.config, len(v.chains)), [list(c) for c in v.chains], list(v.owners), list(v.out), v.turn,
                  v.rolling, v.pips, len(v.throws), v.head, v.turned, v.round, v.done, sum(v.throws))


def freeze(game: YukonGame, k: Kernel) -> YukonState:
    """The state kernel ``k`` holds."""
    return build(YukonState, game=game, chains=tuple([tuple(c) for c in k.chains]), owners=tuple(k.owners),
                 out=tuple(k.out), turn=k.turn, rolling=k.rolling, pips=k.pips, rolls=k.rolls, head=k.head,
                 turned=k.turned, round=k.round, done=k.done, thrown=k.thrown)


class YukonGame(Game):
    """Gold am Yukon (Amigo 1991, R. Wittig): chains of prospectors ring claims."""

    name = "yukon"
    title: ClassVar[Mapping[str, str]] = {"fr": "Gold am Yukon (la ruée vers l'or)", "en": "Gold am Yukon (the gold rush)"}
    min_players = 3
    max_players = 6
    Config = YukonConfig
    config: YukonConfig

    def make_table(self) -> Table:
        return Table(self.config, self.num_players)

    def initial_state(self) -> YukonState:
        return freeze(self, Kernel.first(self.table))

    def max_moves(self) -> int:
        cfg = self.config
        per_turn = cfg.max_rolls + (cfg.max_rolls - 1) * max(cfg.reroll, 1) + cfg.sides  # throws + pips
        return self.num_players + cfg.max_rounds * self.num_players * per_turn

    def metrics(self, state: State, player: int) -> dict[str, float]:
        assert isinstance(state, YukonState)
        m = super().metrics(state, player)
        m.update(claims=float(state.owners.count(player)), centre=float(state.owners[CENTRE] == player),
                 rounds=float(state.round + 1))
        return m
