"""Gold am Yukon's kernel: the one code that applies a rule (D14-D16), on a mutable position.

:class:`~.rules.YukonState` copies its fields into a :class:`Kernel`, applies one move
and freezes the result; tournaments (:func:`mineedu.core.kernel.playout_hook`) play
whole games on one kernel with the bots' own ``decide``. An action is coded
:func:`code` (its kind, then one or two spaces or a claim and a space); a throw by its
face. :class:`View` is what a bot reads, the whole position (nothing is hidden), and
answers what is legal; beside the rules' fields it keeps what the rules and the bots ask
of it at every pip: which spaces are occupied (``occ``), per player the pawns of its
chain on the ring of each free claim (``ons``) and its claims (``held``), per space its
free claims (``fco``, one list per set of free claims, shared) and the free claims as a
bit mask (``free``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

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
SORTED_STARTS: Final[tuple[int, ...]] = tuple(sorted(STARTS))
NEXT: Final[tuple[tuple[int, ...], ...]] = NEIGHBOURS
"""Per space its neighbours (the board's ``NEIGHBOURS``, kept here)."""
RING: Final[tuple[tuple[int, ...], ...]] = RINGS
CLAIMS_OF: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(sorted(cs)) for cs in CELLS_OF)
"""Per space: the claims whose ring holds it, sorted."""


def code(action: tuple[Any, ...]) -> int:
    """The code of the rules' action (:func:`action_of` reads it back): its kind (:data:`START` .. :data:`CLAIM`),
    then its one or two numbers."""
    return int(KINDS.index(action[0]) << 16 | action[1] << 8 | (action[2] if len(action) == 3 else 0))


def kind_of(c: int) -> int:
    return c >> 16


def action_of(c: int) -> tuple[Any, ...]:
    """The rules' action of a code."""
    kind = c >> 16
    if kind <= PLACE:
        return (KINDS[kind], c >> 8 & 255)
    return (KINDS[kind], c >> 8 & 255, c & 255)


_FCO: dict[int, list[tuple[int, ...]]] = {}


def free_claims_of(free: int) -> list[tuple[int, ...]]:
    """Per space its free claims, sorted, for the free claims of the mask ``free`` (kept per mask, shared)."""
    got = _FCO.get(free)
    if got is None:
        if len(_FCO) >= 4096:
            _FCO.clear()
        got = _FCO[free] = [tuple([c for c in cs if free >> c & 1]) for cs in CLAIMS_OF]
    return got


def without_claim(fco: list[tuple[int, ...]], x: int) -> list[tuple[int, ...]]:
    """``fco`` (per space its free claims) once claim ``x`` is taken: only the spaces of its ring change."""
    out = list(fco)
    for s in RING[x]:
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


def _free_next(occ: list[bool], s: int) -> list[int]:
    """The free spaces next to space ``s``, in ``NEIGHBOURS`` order."""
    out: list[int] = []
    for t in NEXT[s]:
        if not occ[t]:
            out.append(t)
    return out


def _any_free_next(occ: list[bool], s: int) -> bool:
    return any(not occ[t] for t in NEXT[s])


class View:
    """What a bot reads of a kernel: the whole position (a seat's observation hides nothing in Gold am
    Yukon: its throws are ``rolls`` and ``thrown``), the structures kept of it (``occ``, ``ons``,
    ``held``, ``fco``, ``free``), and what is legal now. The kernel's part a bot is handed
    (:class:`Kernel` is one), to read, not to change."""

    __slots__ = ("chains", "done", "fco", "free", "head", "held", "occ", "ons", "out", "owners", "pips", "rolling",
                 "rolls", "round", "t", "thrown", "turn", "turned")

    t: Table
    chains: list[list[int]]
    """Per player its pawns on spaces, from end 0 to end 1."""
    owners: list[int]
    """Per claim the player holding it, or :data:`NO_OWNER`."""
    out: list[bool]
    turn: int
    rolling: bool
    pips: int
    rolls: int
    head: int
    turned: bool
    round: int
    done: bool
    thrown: int
    occ: list[bool]
    """Per space: a pawn stands on it."""
    ons: list[dict[int, int]]
    """Per player: free claim -> the pawns of its chain on that claim's ring (the claims they touch)."""
    held: list[int]
    """Per player: the claims it holds."""
    fco: list[tuple[int, ...]]
    """Per space: its free claims, sorted."""
    free: int
    """The free claims, a bit per claim."""

    def in_setup(self, p: int) -> bool:
        """Still placing pawns (D14): pawns on spaces and claims fewer than ``pawns``."""
        return not self.out[p] and len(self.chains[p]) + self.held[p] < self.t.pawns

    def in_play(self, p: int) -> bool:
        """Neither gone with the centre nor out of pawns."""
        return not self.out[p] and len(self.chains[p]) > 0

    def starts(self) -> list[int]:
        """The free start spaces, sorted (the first pawn of a chain goes on one)."""
        occ = self.occ
        return [s for s in SORTED_STARTS if not occ[s]]

    def places(self, p: int) -> list[int]:
        """The free spaces next to an end of ``p``'s chain, sorted (D14: no gap)."""
        chain, occ = self.chains[p], self.occ
        out = _free_next(occ, chain[0])
        if len(chain) > 1:
            for t in NEXT[chain[-1]]:
                if not occ[t] and t not in out:
                    out.append(t)
            out.sort()
        return out

    def ahead(self, p: int) -> tuple[list[int], list[int]]:
        """The steps (D15) of ``p``'s chain as the free spaces next to its head pawn, per end that may lead
        (end 0 first while no head is chosen; a single pawn is end 1), in ``NEIGHBOURS`` order: those
        next to end 0's pawn (the pawn of end 1 jumps there), then those next to end 1's."""
        chain, occ = self.chains[p], self.occ
        h = self.head
        s0 = _free_next(occ, chain[0]) if h == 0 or (h < 0 and len(chain) > 1) else []
        s1 = _free_next(occ, chain[-1]) if h != 0 else []
        return s0, s1

    def steps(self, p: int) -> list[int]:
        """The steps of ``p``'s chain, coded (:meth:`ahead`: the tail pawn onto a space next to the head)."""
        chain = self.chains[p]
        s0, s1 = self.ahead(p)
        e0, e1 = chain[0], chain[-1]
        out = [STEP << 16 | e1 << 8 | t for t in s0]
        out += [STEP << 16 | e0 << 8 | t for t in s1]
        return out

    def ring_claims(self, p: int) -> list[int]:
        """The free claims whose ring holds the whole chain of ``p`` (sorted)."""
        chain, on = self.chains[p], self.ons[p]
        n = len(chain)
        return [c for c in self.fco[chain[0]] if on[c] == n]

    def claims(self, p: int) -> list[int]:
        """The claims (D16): each free claim the whole chain rings, with each end pawn (sorted)."""
        chain = self.chains[p]
        a, b = chain[0], chain[-1]
        pawns = [a] if a == b else [a, b] if a < b else [b, a]
        return [CLAIM << 16 | c << 8 | s for c in self.ring_claims(p) for s in pawns]

    def legal(self) -> list[int]:
        """The legal actions' codes, in the order of ``YukonState.legal_actions``."""
        p = self.turn
        if not self.chains[p]:  # choose a start space
            return [START << 16 | s << 8 for s in self.starts()]
        if self.in_setup(p):
            return [PLACE << 16 | s << 8 for s in self.places(p)]
        return self.steps(p) + self.claims(p)


class Kernel(View):
    """One position, mutable: the fields of :class:`~.rules.YukonState` and what :class:`View` keeps of them."""

    __slots__ = ()

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
        held = [0] * t.n
        for c, o in enumerate(owners):
            if o == NO_OWNER:
                free |= 1 << c
            else:
                held[o] += 1
        self.free = free
        self.held = held
        self.fco = free_claims_of(free)
        self.occ = [False] * N_SPACES
        self.ons = []
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

    # --- who acts -------------------------------------------------------------------
    def mover(self) -> int:
        if self.done:
            return TERMINAL
        if self.rolling:
            return CHANCE
        return self.turn

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
            if x in NEXT[chain[-1]]:
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
            self.held[p] += 1
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
                if x in on:
                    del on[x]
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
        chain, occ = self.chains[p], self.occ
        if self.in_setup(p):
            if not _any_free_next(occ, chain[0]) and not _any_free_next(occ, chain[-1]):
                self.pass_turn()  # blocked: pips lost
            return
        n = len(chain)
        h = self.head
        if h >= 0 and not self.turned and n > 1 and not _any_free_next(occ, chain[-1] if h else chain[0]):
            h = self.head = 1 - h  # D15: blocked ahead, the other end leads
            self.turned = True
        if h < 0:
            moves = _any_free_next(occ, chain[-1]) or (n > 1 and _any_free_next(occ, chain[0]))
        else:
            moves = _any_free_next(occ, chain[-1] if h else chain[0])
        if not moves:
            on = self.ons[p]
            for c in self.fco[chain[0]]:
                if on[c] == n:
                    return
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
        playing = 0
        for q in range(self.t.n):
            if self.in_play(q):
                playing += 1
        return playing <= 1
