"""Gold am Yukon's kernel: the one code that applies a rule (D14-D16), on a mutable position.

:class:`~.rules.YukonState` copies its fields into a :class:`Kernel`, applies one move
and freezes the result; tournaments (:func:`mineedu.core.kernel.playout_hook`) play
whole games on one kernel with the bots' own ``choose``. An action is coded
:func:`code` (its kind, then one or two spaces or a claim and a space); a throw by its
face. Beside the rules' fields the kernel keeps what the rules and the bots ask of it
at every pip: which spaces are occupied (``occ``), per player the pawns of its chain on
the ring of each free claim (``ons``), per space its free claims (``fco``, one list per
set of free claims, shared) and the free claims as a bit mask (``free``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from .board import CELLS, CELLS_OF, CENTRE, NEIGHBOURS, RINGS, SPACES, STARTS

START: Final = 0
PLACE: Final = 1
STEP: Final = 2
CLAIM: Final = 3
KINDS: Final = ("start", "place", "step", "claim")
NO_OWNER: Final = -1
CHANCE: Final = -1
TERMINAL: Final = -3
N_CLAIMS: Final = len(CELLS)
N_SPACES: Final = len(SPACES)
SORTED_STARTS: Final = tuple(sorted(STARTS))
CLAIMS_OF: Final = tuple(tuple(sorted(cs)) for cs in CELLS_OF)
"""Per space: the claims whose ring holds it, sorted."""
ALL_FREE: Final = (1 << N_CLAIMS) - 1


def code(kind: int, a: int, b: int = 0) -> int:
    """The code of an action: ``kind`` (:data:`START` .. :data:`CLAIM`), then its one or two numbers."""
    return kind << 16 | a << 8 | b


def kind_of(c: int) -> int:
    return c >> 16


def first_of(c: int) -> int:
    return c >> 8 & 255


def second_of(c: int) -> int:
    return c & 255


def action_of(c: int) -> tuple[Any, ...]:
    """The rules' action of a code."""
    kind = c >> 16
    if kind <= PLACE:
        return (KINDS[kind], c >> 8 & 255)
    return (KINDS[kind], c >> 8 & 255, c & 255)


def setting_up(out: Sequence[bool], chains: Sequence[Sequence[int]], owners: Sequence[int], p: int, pawns: int) -> bool:
    """Still placing pawns (D14): pawns on spaces and claims fewer than ``pawns``."""
    return not out[p] and len(chains[p]) + owners.count(p) < pawns


def playing(out: Sequence[bool], chains: Sequence[Sequence[int]], p: int) -> bool:
    """Neither gone with the centre nor out of pawns."""
    return not out[p] and bool(chains[p])


_FCO: dict[int, list[tuple[int, ...]]] = {}


def free_claims_of(free: int) -> list[tuple[int, ...]]:
    """Per space its free claims, sorted, for the free claims of the mask ``free`` (kept per mask, shared)."""
    got = _FCO.get(free)
    if got is None:
        if len(_FCO) >= 4096:
            _FCO.clear()
        got = _FCO[free] = [tuple([c for c in cs if free >> c & 1]) for cs in CLAIMS_OF]
    return got


def without_claim(fco: Sequence[tuple[int, ...]], x: int) -> list[tuple[int, ...]]:
    """``fco`` (per space its free claims) once claim ``x`` is taken: only the spaces of its ring change."""
    out = list(fco)
    for s in RINGS[x]:
        out[s] = tuple([c for c in out[s] if c != x])
    return out


class Table:
    """The numbers of one game (config and players), shared by its kernels."""

    def __init__(self, cfg: Any, players: int) -> None:
        self.cfg = cfg
        self.n = players
        self.values: tuple[int, ...] = tuple(cfg.values)
        self.pawns = int(cfg.pawns)
        self.sides = int(cfg.sides)
        self.reroll = int(cfg.reroll)
        self.max_rolls = int(cfg.max_rolls)
        self.centre_leaves = bool(cfg.centre_leaves)
        self.max_rounds = int(cfg.max_rounds)


class View(Protocol):
    """What a bot reads of a kernel (everything: nothing is hidden in Gold am Yukon), typed read-only."""

    @property
    def t(self) -> Table: ...
    @property
    def chains(self) -> Sequence[Sequence[int]]: ...
    @property
    def owners(self) -> Sequence[int]: ...
    @property
    def turn(self) -> int: ...
    @property
    def ons(self) -> Sequence[dict[int, int]]: ...
    @property
    def fco(self) -> Sequence[tuple[int, ...]]: ...
    @property
    def free(self) -> int: ...


class Kernel:
    """One position, mutable: the fields of :class:`~.rules.YukonState`, and ``occ``, ``ons``, ``fco``, ``free``."""

    __slots__ = ("chains", "done", "fco", "free", "head", "occ", "ons", "out", "owners", "pips", "rolling", "rolls",
                 "round", "t", "thrown", "turn", "turned")

    def __init__(self, t: Table, chains: list[list[int]], owners: list[int], out: list[bool], turn: int,
                 rolling: bool, pips: int, rolls: int, head: int, turned: bool, round: int, done: bool,
                 thrown: int) -> None:
        self.t = t
        self.chains = chains
        self.owners = owners
        self.out = out
        self.turn = turn
        self.rolling = rolling
        self.pips = pips
        self.rolls = rolls
        self.head = head
        self.turned = turned
        self.round = round
        self.done = done
        self.thrown = thrown
        free = 0
        for c, o in enumerate(owners):
            if o == NO_OWNER:
                free |= 1 << c
        self.free = free
        self.fco = free_claims_of(free)
        self.occ = [False] * N_SPACES
        self.ons: list[dict[int, int]] = []
        for chain in chains:
            on: dict[int, int] = {}
            for s in chain:
                self.occ[s] = True
                for c in self.fco[s]:
                    on[c] = on.get(c, 0) + 1
            self.ons.append(on)

    @staticmethod
    def first(t: Table) -> Kernel:
        return Kernel(t, [[] for _ in range(t.n)], [NO_OWNER] * N_CLAIMS, [False] * t.n, 0, False, 0, 0, -1, False,
                      0, False, 0)

    def copy(self) -> Kernel:
        return Kernel(self.t, [list(c) for c in self.chains], list(self.owners), list(self.out), self.turn,
                      self.rolling, self.pips, self.rolls, self.head, self.turned, self.round, self.done, self.thrown)

    # --- who acts, what is legal ----------------------------------------------
    def mover(self) -> int:
        if self.done:
            return TERMINAL
        if self.rolling:
            return CHANCE
        return self.turn

    def in_setup(self, p: int) -> bool:
        return setting_up(self.out, self.chains, self.owners, p, self.t.pawns)

    def in_play(self, p: int) -> bool:
        return playing(self.out, self.chains, p)

    def places(self, p: int) -> list[int]:
        """The free spaces next to an end of ``p``'s chain, sorted (D14: no gap)."""
        chain, occ = self.chains[p], self.occ
        out = [t for t in NEIGHBOURS[chain[0]] if not occ[t]]
        if len(chain) > 1:
            out += [t for t in NEIGHBOURS[chain[-1]] if not occ[t] and t not in out]
            out.sort()
        return out

    def steps(self, p: int) -> list[int]:
        """The steps (D15) of ``p``'s chain: per head (end 0 first while none is chosen), the tail pawn
        onto each free space next to the head pawn, in ``NEIGHBOURS`` order."""
        chain, occ = self.chains[p], self.occ
        heads = ((1,) if len(chain) == 1 else (0, 1)) if self.head < 0 else (self.head,)
        out: list[int] = []
        for h in heads:
            head, tail = (chain[-1], chain[0]) if h == 1 else (chain[0], chain[-1])
            out += [code(STEP, tail, t) for t in NEIGHBOURS[head] if not occ[t]]
        return out

    def ring_claims(self, p: int) -> list[int]:
        """The free claims whose ring holds the whole chain of ``p`` (sorted)."""
        chain, on = self.chains[p], self.ons[p]
        n = len(chain)
        return [c for c in self.fco[chain[0]] if on[c] == n]

    def claims(self, p: int) -> list[int]:
        """The claims (D16): each free claim the whole chain rings, with each end pawn (sorted)."""
        chain = self.chains[p]
        pawns = sorted({chain[0], chain[-1]})
        return [code(CLAIM, c, s) for c in self.ring_claims(p) for s in pawns]

    def legal(self) -> list[int]:
        p = self.turn
        if not self.chains[p]:  # choose a start space
            return [code(START, s) for s in SORTED_STARTS if not self.occ[s]]
        if self.in_setup(p):
            return [code(PLACE, s) for s in self.places(p)]
        return self.steps(p) + self.claims(p)

    def chance(self, draw: Callable[[int], int]) -> None:
        """A throw, drawn as ``sample_outcome`` draws over ``sides`` faces of 1/sides each."""
        self.apply(draw(self.t.sides) + 1)

    # --- pawns --------------------------------------------------------------------
    def put(self, p: int, s: int) -> None:
        self.occ[s] = True
        on = self.ons[p]
        for c in self.fco[s]:
            on[c] = on.get(c, 0) + 1

    def lift(self, p: int, s: int) -> None:
        self.occ[s] = False
        on = self.ons[p]
        for c in self.fco[s]:
            k = on[c] - 1
            if k:
                on[c] = k
            else:
                del on[c]

    # --- applying -----------------------------------------------------------------
    def apply(self, a: int) -> None:
        t = self.t
        if self.rolling:  # a throw of the die
            self.pips += a
            self.rolls += 1
            self.thrown += a
            self.rolling = a == t.reroll and self.rolls < t.max_rolls  # a 1 throws again (D14/D15)
            self.settle()
            return
        p = self.turn
        kind, x, y = a >> 16, a >> 8 & 255, a & 255
        chain = self.chains[p]
        if kind == START:
            chain.append(x)
            self.put(p, x)
            if p + 1 < t.n:
                self.turn = p + 1
            else:
                self.begin(0, 0)
        elif kind == PLACE:  # D14: one more pawn next to an end, no gap
            if x in NEIGHBOURS[chain[-1]]:
                chain.append(x)
            else:
                chain.insert(0, x)
            self.put(p, x)
            self.pips -= 1
            # the last pawn is out: pips left over are lost (our choice, see the rules page)
            if self.in_setup(p):
                self.settle()
            else:
                self.pass_turn()
        elif kind == STEP:  # D15: the tail pawn becomes the new head
            if len(chain) > 1 and x == chain[0]:
                del chain[0]
                chain.append(y)
                self.head = 1
            elif len(chain) > 1:
                chain.pop()
                chain.insert(0, y)
                self.head = 0
            else:
                chain[0] = y
                self.head = 1
            self.lift(p, x)
            self.put(p, y)
            self.pips -= 1
            self.settle()
        else:  # D16: claim (1 pip; the pawn stays on the claim; other pips are lost)
            self.owners[x] = p
            gone = [y]
            if y == chain[0]:
                del chain[0]
            else:
                chain.pop()
            if x == CENTRE and t.centre_leaves:  # D16: the centre's taker leaves play
                gone += chain
                chain.clear()
                self.out[p] = True
            for s in gone:
                self.lift(p, s)
            self.free &= ~(1 << x)
            self.fco = without_claim(self.fco, x)
            for on in self.ons:
                on.pop(x, None)
            self.pips = 0
            self.pass_turn()

    def settle(self) -> None:
        """After a throw or a pip: end the turn when nothing is left to do."""
        if self.rolling:
            return
        p = self.turn
        if self.pips <= 0:
            self.pass_turn()
            return
        if self.in_setup(p):
            if not self.places(p):
                self.pass_turn()  # blocked: pips lost
            return
        if self.head >= 0 and not self.steps(p) and not self.turned and len(self.chains[p]) > 1:
            self.head = 1 - self.head  # D15: blocked ahead, the other end leads
            self.turned = True
        if not self.steps(p) and not self.ring_claims(p):
            self.pass_turn()  # both ends stuck: the pips are lost (D15)

    def pass_turn(self) -> None:
        t = self.t
        if self.over():
            self.finish()
            return
        for k in range(1, t.n + 1):
            q = (self.turn + k) % t.n
            if self.in_play(q):
                rnd = self.round + (1 if q <= self.turn else 0)
                if rnd >= t.max_rounds:  # the documented round limit
                    self.finish()
                else:
                    self.begin(q, rnd)
                return
        self.finish()  # pragma: no cover - over() caught it

    def finish(self) -> None:
        self.done = True
        self.pips = 0
        self.rolling = False

    def begin(self, player: int, rnd: int) -> None:
        self.turn = player
        self.round = rnd
        self.rolling = True
        self.pips = 0
        self.rolls = 0
        self.head = -1
        self.turned = False
        self.thrown = 0

    def over(self) -> bool:
        """D16: every claim taken, or at most one player left in play."""
        if not self.free:
            return True
        return sum(1 for q in range(self.t.n) if self.in_play(q)) <= 1

