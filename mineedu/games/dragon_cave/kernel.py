"""The dragon's cave's kernel: the one code that applies a rule (D8-D12), on a mutable position.

:class:`~.rules.DragonCaveState` copies its fields into a :class:`Kernel` (the same
fields, lists for tuples), applies one move and freezes the result; tournaments
(:func:`mineedu.core.kernel.playout_hook`) play whole games on one kernel with the
bots' own ``decide``. A turn ``("move", drop, turn_back, steps, capture)`` is coded
:func:`move_code`; a chance outcome by its number (the die's face, the card's value).
The kernel also counts each family's face-down values (``left``), what
:meth:`~.rules.Position.unrevealed` recounts, and sums them in one number (``pool``,
mixed radix) that tells the bots' memos one cave from another. Bots read it as a
:class:`View`, list the moves as :func:`runs` and look one move ahead with :func:`ahead`.
"""

from __future__ import annotations

from collections.abc import Callable
from math import gcd
from typing import Any, Final

ENTRANCE: Final = -1
IN: Final = "in"
OUT: Final = "out"
EATEN: Final = "eaten"
CHANCE: Final = -1
TERMINAL: Final = -3

Card = tuple[int, "int | None"]
"""A card: ``(family index, value or None while unknown)``."""
Event = tuple[Any, ...]
"""A chance event: ``("roll", p)``, ``("reveal", p, k)`` (card ``k`` ``p`` carries) or ``("dragon", p)``."""


def move_code(drop: int, back: bool, steps: int, capture: bool) -> int:
    """The code of ``("move", drop, back, steps, capture)``."""
    return steps + 32 * (int(capture) + 2 * (int(back) + 2 * (drop + 1)))


def drop_of(code: int) -> int:
    return (code >> 7) - 1


def back_of(code: int) -> bool:
    return bool(code >> 6 & 1)


def steps_of(code: int) -> int:
    return code & 31


def capture_of(code: int) -> bool:
    return bool(code >> 5 & 1)


def occupied_mask(pos: list[int], status: list[str]) -> int:
    """Where a miner still inside stands, as one number: bit ``q`` set for card ``q``."""
    occ = 0
    for p in range(len(pos)):
        q = pos[p]
        if q >= 0 and status[p] == IN:
            occ |= 1 << q
    return occ


def stop(occ: int, dragon: int, i: int, back: bool, steps: int) -> int:
    """Where ``steps`` (>= 1) steps take a miner on card ``i``, cards ``occ`` (:func:`occupied_mask`) occupied:
    the ``steps``-th free card (occupied ones are jumped, D9); forward before the dragon, back then the
    entrance (:data:`ENTRANCE`). Fewer free cards than that: -2 (forward) or below the entrance (back)."""
    if back:
        for j in range(i - 1, -1, -1):
            if not occ >> j & 1:
                steps -= 1
                if not steps:
                    return j
        return ENTRANCE + 1 - steps
    for j in range(i + 1, dragon):
        if not occ >> j & 1:
            steps -= 1
            if not steps:
                return j
    return -2


def free(occ: int, dragon: int, i: int, back: bool) -> int:
    """How many places a miner on card ``i`` may step to (:func:`stop`): free cards before the dragon
    (forward), free cards and the entrance (back)."""
    lo, hi = (0, i) if back else (i + 1, dragon)
    n = 1 if back else 0
    for j in range(lo, hi):
        if not occ >> j & 1:
            n += 1
    return n


def stops(pos: list[int], status: list[str], dragon: int, i: int, back: bool) -> list[int]:
    """Where 1, 2, 3 ... steps take a miner on card ``i``: free cards (occupied ones are jumped, D9).
    Forward: free cards before the dragon. Back: free cards, then the entrance."""
    occ = occupied_mask(pos, status)
    return [stop(occ, dragon, i, back, s) for s in range(1, free(occ, dragon, i, back) + 1)]


class Table:
    """The numbers of one config, shared by its kernels: each family's distinct values
    (increasing) and how many cards carry each, and the weight of each in ``pool``."""

    def __init__(self, cfg: Any) -> None:
        self.cfg = cfg
        self.movement = int(cfg.movement)
        self.max_carry = int(cfg.max_carry)
        self.blind = cfg.blind is not False
        self.dice_movement = bool(cfg.dice_movement)
        self.dice_dragon = bool(cfg.dice_dragon)
        self.sides = int(cfg.die_sides)
        self.max_turns = int(cfg.max_turns)
        self.values: list[list[int]] = [sorted(set(fam)) for fam in cfg.families]
        self.full: list[list[int]] = [[list(fam).count(v) for v in vals] for fam, vals in zip(cfg.families, self.values)]
        self.place: list[list[int]] = []
        radix = 1
        for counts in self.full:
            self.place.append([])
            for c in counts:
                self.place[-1].append(radix)
                radix *= c + 1
        self.path: list[Card] = [(f, None) for f, fam in enumerate(cfg.families) for _ in fam]


def event_of(pending: list[Event], status: list[str], carried: list[list[Card]], dice: bool, roll: int | None,
             turn: int) -> Event | None:
    """What chance decides next, or ``None``: the first pending event; once nobody is inside, the blind
    variant's reveals, seat by seat and card by card (D12); else the movement die (dice movement, D12)."""
    if pending:
        return pending[0]
    if IN not in status:
        for p, cards in enumerate(carried):  # D12 (blind): reveal at the end
            if status[p] == OUT:
                for k, card in enumerate(cards):
                    if card[1] is None:
                        return ("reveal", p, k)
        return None
    if dice and roll is None:
        return ("roll", turn)
    return None


def points(t: Table, roll: int | None, carried: int) -> int:
    """Movement points with ``carried`` cards (D9; dice movement variant D12)."""
    if t.dice_movement:
        return max(0, (roll or 0) - carried)
    return t.movement - carried


def turn_options(pos: list[int], status: list[str], returning: bool, dragon: int, i: int) -> tuple[list[bool], bool]:
    """The allowed ``turn_back`` values of a miner on card ``i``, and whether moving forward is blocked."""
    if returning:
        return [False], False
    blocked = not free(occupied_mask(pos, status), dragon, i, False)
    if i < 0:
        return [False], blocked  # turning back needs a card to stand on
    return ([True] if blocked else [False, True]), blocked


def runs(t: Table, pos: list[int], status: list[str], returning: bool, held: int, dragon: int, roll: int | None,
         i: int, drops: bool = True) -> list[int]:
    """The legal moves of a miner on card ``i`` carrying ``held`` cards, a run to each (turn back, drop,
    capture) the rules allow, in their order (turn back, drop, capture): the code of its fastest move.
    Steps ``s`` > 0 stand for the moves of 1 to ``s`` steps, 0 for the single move of none.
    ``drops`` False: only the runs that keep every card (drop -1)."""
    on_card = i >= 0
    max_carry = t.max_carry
    out: list[int] = []
    occ = occupied_mask(pos, status)
    backs, _ = turn_options(pos, status, returning, dragon, i)
    last = held if drops else 0
    for back in backs:
        avail = free(occ, dragon, i, back or returning)
        for drop in range(-1, last):
            kept = held - (drop >= 0)
            for c in range(2):
                capture = c == 1
                if capture and (not on_card or kept + 1 > max_carry):
                    continue
                most = min(points(t, roll, kept + capture), avail)
                if most < 1:
                    if not capture:
                        out.append(move_code(drop, back, 0, False))
                    continue
                out.append(move_code(drop, back, most, capture))
    return out


def legal(t: Table, pos: list[int], status: list[str], returning: bool, held: int, dragon: int, roll: int | None,
          i: int) -> list[int]:
    """The codes of the legal moves of a miner on card ``i`` carrying ``held`` cards, in the rules' order
    (turn back, drop, capture, steps): each of :func:`runs` spelt out."""
    out: list[int] = []
    for top in runs(t, pos, status, returning, held, dragon, roll, i):
        most = steps_of(top)
        if most == 0:
            out.append(top)
        else:
            base = top - most
            for s in range(1, most + 1):
                out.append(base + s)
    return out


class View:
    """What a bot reads of a kernel: everything (the cave hides nothing: a face-down value is decided only
    when it is turned over), with each family's face-down counts (``left``, in the order of ``t.values``)
    and ``pool``. The kernel's part a bot is handed (:class:`Kernel` is one), to read, not to change."""

    __slots__ = ("carried", "dragon", "left", "path", "pending", "pool", "pos", "returning", "roll", "status", "t",
                 "turn", "turns")

    t: Table
    path: list[Card]
    pos: list[int]
    status: list[str]
    returning: list[bool]
    carried: list[list[Card]]
    dragon: int
    turn: int
    roll: int | None
    pending: list[Event]
    turns: int
    left: list[list[int]]
    pool: int


class Kernel(View):
    """One position, mutable: the fields of :class:`~.rules.Position`, with ``left`` and ``pool`` (:class:`View`)."""

    __slots__ = ()

    def __init__(self, t: Table, path: list[Card], pos: list[int], status: list[str], returning: list[bool],
                 carried: list[list[Card]], dragon: int, turn: int, roll: int | None, pending: list[Event],
                 turns: int, left: list[list[int]], pool: int) -> None:
        self.t = t
        self.path = path
        self.pos = pos
        self.status = status
        self.returning = returning
        self.carried = carried
        self.dragon = dragon
        self.turn = turn
        self.roll = roll
        self.pending = pending
        self.turns = turns
        self.left = left
        self.pool = pool

    @staticmethod
    def first(t: Table, players: int) -> Kernel:
        left = [list(c) for c in t.full]
        pool = sum(c * w for counts, ws in zip(left, t.place) for c, w in zip(counts, ws))
        return Kernel(t, list(t.path), [ENTRANCE] * players, [IN] * players, [False] * players,
                      [[] for _ in range(players)], len(t.path), 0, None, [], 0, left, pool)

    # --- who acts ---------------------------------------------------------------
    def event(self) -> Event | None:
        return event_of(self.pending, self.status, self.carried, self.t.dice_movement, self.roll, self.turn)

    def mover(self) -> int:
        if self.event() is not None:
            return CHANCE
        if IN not in self.status:
            return TERMINAL
        return self.turn

    def chance_counts(self) -> tuple[list[int], list[int]]:
        """The chance outcomes' numbers (a die's faces, a family's values left) and their weights."""
        ev = self.event()
        assert ev is not None
        if ev[0] == "reveal":
            f = self.carried[ev[1]][ev[2]][0]
            left, values = self.left[f], self.t.values[f]
            which = [j for j, c in enumerate(left) if c]
            return [values[j] for j in which], [left[j] for j in which]
        return list(range(1, self.t.sides + 1)), [1] * self.t.sides

    def chance(self, draw: Callable[[int], int]) -> None:
        """Draw as ``sample_outcome`` draws over the rules' outcomes (:meth:`chance_counts`), and apply it."""
        values, weights = self.chance_counts()
        g, total = 0, 0
        for w in weights:
            g = gcd(g, w)
            total += w
        j = 0
        if total != g:  # more than one outcome: one number over the reduced weights
            r = draw(total // g) * g
            while r >= weights[j]:
                r -= weights[j]
                j += 1
        self.apply(values[j])

    def legal(self) -> list[int]:
        p = self.turn
        return legal(self.t, self.pos, self.status, self.returning[p], len(self.carried[p]), self.dragon, self.roll,
                     self.pos[p])

    # --- applying ---------------------------------------------------------------
    def apply(self, a: int) -> None:
        ev = self.event()
        if ev is not None:
            self.resolve(ev, a)
        else:
            self.move(a)

    def move(self, a: int) -> None:
        """A player's move (D9-D11)."""
        drop, back, steps, capture = drop_of(a), back_of(a), steps_of(a), capture_of(a)
        p = self.turn
        t = self.t
        returning = self.returning[p] or back
        i = self.pos[p]
        dest = stop(occupied_mask(self.pos, self.status), self.dragon, i, returning, steps) if steps else i
        path, pos, status = self.path, self.pos, self.status
        cards = self.carried[p]
        dropped = cards.pop(drop) if drop >= 0 else None
        if capture:
            cards.append(path[i])
            if dropped is not None:
                path[i] = dropped  # D10: the dropped card takes the captured one's place
            else:
                del path[i]  # D10: the path closes up
                for q, x in enumerate(pos):
                    if x > i and q != p and status[q] == IN:
                        pos[q] = x - 1
                if dest > i:
                    dest -= 1
                self.dragon -= 1
            if not t.blind and cards[-1][1] is None:
                self.pending.append(("reveal", p, len(cards) - 1))
        elif dropped is not None:
            k = max(i + 1 if returning else i, 0)  # D10: behind you, as you face
            path.insert(k, dropped)
            for q, x in enumerate(pos):
                if x >= k and q != p and status[q] == IN:
                    pos[q] = x + 1
            if dest >= k:
                dest += 1
            if k <= self.dragon:
                self.dragon += 1
        if returning and dest == ENTRANCE:
            status[p] = OUT
        pos[p] = dest
        self.returning[p] = returning
        if returning and IN in status:  # D11: the dragon moves after a returning miner's move
            # (once nobody is left inside it has nobody to eat: no dragon move, no pointless die)
            if t.dice_dragon:
                self.pending.append(("dragon", p))
            else:
                self.dragon_moves(len(cards))
        if not self.pending:
            self.end_turn()

    def resolve(self, ev: Event, value: int) -> None:
        if ev[0] == "roll":
            self.roll = value
            return
        had = bool(self.pending)
        if had:
            del self.pending[0]
        if ev[0] == "reveal":
            _, p, k = ev
            f = self.carried[p][k][0]
            self.carried[p][k] = (f, value)
            j = self.t.values[f].index(value)
            self.left[f][j] -= 1
            self.pool -= self.t.place[f][j]
        else:  # "dragon": dice dragon variant (D12)
            self.dragon_moves(value)
        if had and not self.pending:
            self.end_turn()

    def dragon_moves(self, k: int) -> None:
        """The dragon moves ``k`` cards toward the entrance and eats whom it reaches (D11)."""
        d = max(0, self.dragon - k)
        self.dragon = d
        status = self.status
        for q, x in enumerate(self.pos):
            if status[q] == IN and (d == 0 or x >= d):
                status[q] = EATEN

    def end_turn(self) -> None:
        self.turns += 1
        self.roll = None
        if self.turns >= self.t.max_turns and IN in self.status:
            self.dragon_moves(self.dragon)  # safety limit: the dragon charges (documented)
        n = len(self.status)
        for k in range(1, n + 1):
            q = (self.turn + k) % n
            if self.status[q] == IN:
                self.turn = q
                return


def ahead(view: View, code: int) -> View:
    """The position once the player to move in ``view`` has made the legal move ``code`` (before any chance
    it calls for): what a bot weighs when it looks one move ahead. To read only: it shares with ``view``
    what a move leaves as it is (the face-down counts, the other players' cards)."""
    p = view.turn
    carried = list(view.carried)
    carried[p] = list(carried[p])
    k = Kernel(view.t, list(view.path), list(view.pos), list(view.status), list(view.returning), carried, view.dragon,
               p, view.roll, list(view.pending), view.turns, view.left, view.pool)
    k.move(code)
    return k


def moves_of(view: View, p: int, drops: bool = True) -> list[int]:
    """:func:`runs` of seat ``p``, the player to move in ``view``."""
    return runs(view.t, view.pos, view.status, view.returning[p], len(view.carried[p]), view.dragon, view.roll,
                view.pos[p], drops)


def treasure(view: View, cards: list[Card]) -> tuple[int, int]:
    """What ``cards`` are worth on average, as ``(numerator, denominator)`` (not reduced): known values plus,
    for each face-down card, its family's mean (the values left face down, each as often as it is left; none
    left: 0). :func:`.odds.expected_treasure` is this as a fraction."""
    t = view.t
    num, den = 0, 1
    for f, v in cards:
        if v is not None:
            num += v * den
            continue
        en, ed = 0, 0
        values = t.values[f]
        for j, c in enumerate(view.left[f]):
            en += values[j] * c
            ed += c
        if ed:
            num, den = num * ed + en * den, den * ed
    return num, den
