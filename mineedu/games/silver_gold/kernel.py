"""Silver & Gold's kernel: the one code that applies a rule (D17-D19), on a mutable, integer-coded position.

:class:`~.rules.SilverGoldState` copies its position into a :class:`Kernel`, applies one
move and freezes the result; tournaments (:func:`mineedu.core.kernel.playout_hook`) play
whole games on one kernel with the bots' own ``choose``. The simultaneous choices (the
keep, the place) are asked of the seats still owing one in seat order, each choice hidden
from the others' views. Codes: phases :data:`DEAL`..:data:`OVER`; a treasure card by its
id; an expedition shape by its place in the config's deck (:attr:`Table.shapes`); a keep
by its place among the hand's ``combinations``; a placement ``slot * SLOT + i`` (``i``
its place in ``shapes.all_placements`` of the card), a single box ``CROSS + slot * SLOT
+ bit``, :data:`PASS` the pass; a take the card's id. No empty card place: -1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from math import gcd
from typing import Any, Final

from .shapes import all_placements

Draw = Callable[[int], int]
"""``int(rng.integers(n))`` (``mineedu.core.draws.Draw``)."""

DEAL: Final = 0
KEEP: Final = 1
REVEAL: Final = 2
PLACE: Final = 3
CHAIN: Final = 4
REPLACE: Final = 5
REFILL: Final = 6
OVER: Final = 7
PHASES: Final = ("deal", "keep", "reveal", "place", "chain", "replace", "refill", "over")
CHANCE: Final = -1
TERMINAL: Final = -3
SLOT: Final = 4096
"""Codes per card place (more than a card's placements and boxes)."""
CROSS: Final = 1 << 20
PASS: Final = 1 << 21
_BOUND: Final = 1 << 16
"""Entries of one of the table's memos before it starts again."""


class Table:
    """The numbers of one game (its config, player count and treasure cards), shared by its kernels."""

    def __init__(self, cfg: Any, players: int, cards: Sequence[Any]) -> None:
        self.cfg = cfg
        self.n = players
        counts = cfg.expedition_counts()
        self.shapes: tuple[str, ...] = tuple(counts)
        """The expedition deck's shapes, in the config's order."""
        self.full: tuple[int, ...] = tuple(counts.values())
        self.by_name = sorted(range(len(self.shapes)), key=lambda j: self.shapes[j])
        """The shapes in the order of the reveal's outcomes (by name)."""
        self.card_ids: tuple[int, ...] = cfg.card_ids()
        self.boxes: list[int] = [c.boxes for c in cards]
        self.coins: list[int] = [c.coins for c in cards]
        self.palms: list[int] = [c.palms for c in cards]
        self.crosses: list[int] = [c.crosses for c in cards]
        self.rows: list[int] = [c.rows for c in cards]
        self.cols: list[int] = [c.cols for c in cards]
        self.palm_count: list[int] = [c.palms.bit_count() for c in cards]
        self.ncards = len(cards)
        self.deal = int(cfg.deal)
        self.keep = int(cfg.keep)
        self.ndisplay = int(cfg.display)
        self.reveals = int(cfg.reveals_per_round)
        self.rounds = int(cfg.rounds)
        self.returned = bool(cfg.returned_to_deck)
        self.coin_boxes = int(cfg.coin_boxes)
        self.row_size = int(cfg.coin_row_size)
        self.palm_limit = int(cfg.palm_limit)
        self.cups: tuple[int, ...] = tuple(sorted(cfg.cups, reverse=True))
        self.codes: dict[int, list[int]] = {}
        """A card place's legal codes, by its free boxes, card, place and shape (31: single boxes; bounded)."""
        self.masks: list[list[int] | None] = [None] * (self.ncards * len(self.shapes))
        """The boxes of each of :meth:`placements`, by ``cid * shapes + j`` (made as asked)."""
        self.reveals_of: dict[int, tuple[list[int], list[int], int]] = {}
        """A reveal's outcomes (shapes), their weights over their gcd and the number to draw (0: one outcome),
        by the cards of each shape revealed this round (:meth:`Kernel.outcomes`; bounded)."""
        self.memo: dict[str, Any] = {}
        """What the bots work out once per game (``bots.py``'s tables)."""

    def remember(self, key: int, codes: list[int]) -> list[int]:
        if len(self.codes) >= _BOUND:
            self.codes.clear()
        self.codes[key] = codes
        return codes

    def placements(self, cid: int, j: int) -> tuple[tuple[int, int, int, int], ...]:
        """``shapes.all_placements`` of shape ``j`` on card ``cid``: ``(orientation, row, col, mask)``."""
        return all_placements(self.shapes[j], self.rows[cid], self.cols[cid])

    def revealed_key(self, revealed: list[int]) -> int:
        """A number naming how many cards of each shape ``revealed`` holds (at most a round's reveals each)."""
        width = self.reveals.bit_length()
        key = 0
        for j in revealed:
            key += 1 << (j * width)
        return key

    def placement_masks(self, cid: int, j: int) -> list[int]:
        """The boxes of each of :meth:`placements`, in order."""
        at = cid * len(self.shapes) + j
        hit = self.masks[at]
        if hit is None:
            hit = self.masks[at] = [p[3] for p in self.placements(cid, j)]
        return hit

    def mask(self, cid: int, code: int, j: int) -> int:
        """The boxes a placement's or a single box's ``code`` crosses on card ``cid`` (shape ``j``)."""
        if code >= CROSS:
            return 1 << (code % SLOT)
        return self.placement_masks(cid, j)[code % SLOT]


def keeps(hand: Sequence[int], keep: int) -> list[tuple[int, ...]]:
    """The keeps of a dealt hand, in ``legal_actions``'s order (a keep's code is its place here)."""
    return list(combinations(sorted(hand), keep))


class View:
    """What a bot reads of a kernel: everything public (the cards in play and their crossed boxes, the
    sheets, the display, the cups, the expedition cards revealed) and, for its own ``seat`` only, its dealt
    hand; never a choice made at a simultaneous step, nor the deck's order. The kernel's part a bot is
    handed (:class:`Kernel` is one), to read, not to change."""

    __slots__ = ("cards", "coins", "crossed", "cups_left", "display", "dpalms", "hands", "palms", "phase",
                 "revealed", "t")

    t: Table
    phase: int
    revealed: list[int]
    display: list[int]
    cups_left: list[int]
    hands: list[list[int]]
    cards: list[list[int]]
    crossed: list[list[int]]
    coins: list[int]
    palms: list[list[int]]
    dpalms: int


class Kernel(View):
    """One position, mutable (fields as :class:`~.rules.SilverGoldState`'s and its boards', in codes;
    ``choices[p]`` -1 while seat ``p`` owes its choice; ``dpalms`` the palms printed on the display)."""

    __slots__ = ("choices", "completed", "cups", "deck", "first", "pending", "queue", "round", "settled")

    def __init__(self, t: Table, phase: int, deck: list[int], display: list[int], round: int, revealed: list[int],
                 first: int, choices: list[int], queue: list[int], cups_left: list[int], cards: list[list[int]],
                 crossed: list[list[int]], hands: list[list[int]], coins: list[int], settled: list[int],
                 cups: list[list[int]], palms: list[list[int]], completed: list[list[int]], pending: list[int]) -> None:
        self.t = t
        self.phase = phase
        self.deck = deck
        self.display = display
        self.round = round
        self.revealed = revealed
        self.first = first
        self.choices = choices
        self.queue = queue
        self.cups_left = cups_left
        self.cards = cards
        self.crossed = crossed
        self.hands = hands
        self.coins = coins
        self.settled = settled
        self.cups = cups
        self.palms = palms
        self.completed = completed
        self.pending = pending
        self.dpalms = sum([t.palm_count[c] for c in display])

    @staticmethod
    def first_of(t: Table) -> Kernel:
        """The kernel of a new game."""
        n = t.n
        return Kernel(t, DEAL, list(t.card_ids), [], 0, [], 0, [], [], list(t.cups), [[] for _ in range(n)],
                      [[] for _ in range(n)], [[] for _ in range(n)], [0] * n, [0] * n, [[] for _ in range(n)],
                      [[] for _ in range(n)], [[] for _ in range(n)], [0] * n)

    # --- who acts, what is legal ------------------------------------------------
    def mover(self) -> int:
        ph = self.phase
        if ph in (PLACE, KEEP):
            return self.choices.index(-1)
        if ph == CHAIN:
            n = self.t.n
            for k in range(n):
                p = (self.first + k) % n
                if self.pending[p]:
                    return p
            raise AssertionError("a chain with no box owed")  # pragma: no cover
        if ph == REPLACE:
            return self.queue[0]
        return TERMINAL if ph == OVER else CHANCE

    def legal(self) -> list[int]:
        """The legal codes of the seat that chooses now (:meth:`mover`), in ``legal_actions``'s order."""
        ph = self.phase
        p = self.mover()
        if ph == KEEP:
            return list(range(len(keeps(self.hands[p], self.t.keep))))
        if ph == REPLACE:
            return list(self.display)
        return self.moves(p, self.revealed[-1] if ph == PLACE else -1)

    def moves(self, p: int, j: int) -> list[int]:
        """Seat ``p``'s placements of shape ``j`` (-1: none), then its single boxes, else the pass."""
        t = self.t
        places: list[int] = []
        boxes: list[int] = []
        cards, crossed = self.cards[p], self.crossed[p]
        codes = t.codes
        for s, cid in enumerate(cards):
            if cid >= 0:
                free = t.boxes[cid] & ~crossed[s]
                key = ((free * t.ncards + cid) * 8 + s) * 32  # + the shape, 31: single boxes
                if j >= 0:
                    hit = codes.get(key + j)
                    if hit is None:
                        fit = [s * SLOT + i for i, m in enumerate(t.placement_masks(cid, j)) if m & free == m]
                        hit = t.remember(key + j, fit)
                    places += hit
                hit = codes.get(key + 31)
                if hit is None:
                    hit = t.remember(key + 31, [CROSS + s * SLOT + b for b in range(free.bit_length()) if free >> b & 1])
                boxes += hit
        return places + boxes or [PASS]

    def outcomes(self) -> tuple[list[int], list[int], int]:
        """The chance outcomes' codes, in ``chance_outcomes``'s order, their whole-number weights over their
        gcd, and the number ``sample_outcome`` draws from (0: one outcome, no draw)."""
        if self.phase == REVEAL:
            t = self.t
            key = t.revealed_key(self.revealed)
            hit = t.reveals_of.get(key)
            if hit is None:
                left = list(t.full)
                for j in self.revealed:
                    left[j] -= 1
                js = [j for j in t.by_name if left[j] > 0]
                g = 0
                for j in js:
                    g = gcd(g, left[j])
                weights = [left[j] // g for j in js]
                if len(t.reveals_of) >= _BOUND:
                    t.reveals_of.clear()
                hit = t.reveals_of[key] = (js, weights, sum(weights) if len(js) > 1 else 0)
            return hit
        if self.phase in (DEAL, REFILL):
            n = len(self.deck)
            return list(self.deck), [1] * n, n if n > 1 else 0
        return [], [], 0

    def chance(self, draw: Draw) -> None:
        """Draw as ``sample_outcome`` draws over the rules' outcomes, and apply it."""
        if self.phase == REVEAL:
            js, weights, total = self.outcomes()
            i = 0
            if total:
                r = draw(total)
                while r >= weights[i]:
                    r -= weights[i]
                    i += 1
            self.apply(js[i])
        else:
            deck = self.deck
            self.apply(deck[draw(len(deck))] if len(deck) > 1 else deck[0])

    # --- applying ---------------------------------------------------------------
    def apply(self, a: int) -> None:
        ph = self.phase
        t = self.t
        n = t.n
        if ph in (PLACE, KEEP):
            self.commit(self.choices.index(-1), a)
        elif ph == CHAIN:
            p = self.mover()
            s = a % CROSS // SLOT
            self.mark(p, s, t.mask(self.cards[p][s], a, -1), 1)
            self.after_marks()
        elif ph == DEAL:
            self.deck.remove(a)
            dealt = sum([len(h) for h in self.hands])
            if dealt < n * t.deal:
                self.hands[(self.first + dealt) % n].append(a)
            else:
                self.display.append(a)
                self.dpalms += t.palm_count[a]
            if len(self.display) == t.ndisplay and dealt + 1 >= n * t.deal:
                self.phase = KEEP
                self.choices = [-1] * n
        elif ph == REVEAL:
            self.revealed.append(a)
            self.phase = PLACE
            self.choices = [-1] * n
        elif ph == REPLACE:
            p = self.queue.pop(0)
            s = self.cards[p].index(-1)
            self.cards[p][s] = a
            self.crossed[p][s] = 0
            self.display.remove(a)
            self.dpalms -= t.palm_count[a]
            if self.deck:  # the display is refilled once the player's action is over (D19)
                self.phase = REFILL
            else:
                self.next_replacement()
        elif ph == REFILL:
            self.deck.remove(a)
            self.display.append(a)
            self.dpalms += t.palm_count[a]
            self.next_replacement()
        else:
            raise AssertionError(f"no move in phase {PHASES[ph]}")

    def commit(self, p: int, a: int) -> None:
        """Seat ``p``'s choice at a simultaneous step (the keep, the place); the last one made, every
        seat's is carried out (the marks from the first player on)."""
        choices = self.choices
        choices[p] = a
        if -1 in choices:
            return
        if self.phase == KEEP:
            self.keep_all(choices)
            return
        t = self.t
        n = t.n
        j = self.revealed[-1]
        self.choices = []
        for k in range(n):
            q = (self.first + k) % n
            c = choices[q]
            if c != PASS:
                s = c % CROSS // SLOT
                self.mark(q, s, t.mask(self.cards[q][s], c, j), 0)
        self.after_marks()

    def keep_all(self, choices: list[int]) -> None:
        """Every seat keeps its chosen cards; the others go back into the deck (our choice)."""
        t = self.t
        back = self.deck
        for p in range(t.n):
            hand = self.hands[p]
            kept = keeps(hand, t.keep)[choices[p]]
            if t.returned:
                back += [c for c in hand if c not in kept]
            self.cards[p] = list(kept)
            self.crossed[p] = [0] * len(kept)
            self.hands[p] = []
        back.sort()
        self.phase = REVEAL
        self.choices = []

    def mark(self, p: int, s: int, mask: int, chained: int) -> None:
        """Cross ``mask`` on ``p``'s card in place ``s`` and score its coins, palms, crosses (D18)."""
        t = self.t
        cid = self.cards[p][s]
        palms = self.palms[p]
        for _ in range((mask & t.palms[cid]).bit_count()):
            if len(palms) < t.palm_limit:  # D18: at most 4 palm scorings
                palms.append(1 + self.dpalms)
        crossed = self.crossed[p]
        crossed[s] |= mask
        self.coins[p] += (mask & t.coins[cid]).bit_count()
        owed = self.pending[p] - chained + (mask & t.crosses[cid]).bit_count()
        if owed:
            for k, c in enumerate(self.cards[p]):
                if c >= 0 and t.boxes[c] & ~crossed[k]:
                    break
            else:
                owed = 0  # a red cross with no free box left is lost (our choice)
        self.pending[p] = owed

    def after_marks(self) -> None:
        """Once no red cross is owed: cups, completed cards, replacements (D18, D19)."""
        if any(self.pending):
            self.phase = CHAIN
            return
        t = self.t
        n = t.n
        queue = self.queue
        for k in range(n):  # from the first player, clockwise (our choice)
            p = (self.first + k) % n
            rows = min(self.coins[p], t.coin_boxes) // t.row_size
            for _ in range(rows - self.settled[p]):
                if self.cups_left:  # D18: the highest cup still free
                    self.cups[p].append(self.cups_left.pop(0))
            self.settled[p] = rows
            cards, crossed = self.cards[p], self.crossed[p]
            for s, cid in enumerate(cards):
                if cid >= 0 and crossed[s] == t.boxes[cid]:
                    self.completed[p].append(cid)
                    cards[s] = -1
                    crossed[s] = 0
                    queue.append(p)
        self.next_replacement()

    def next_replacement(self) -> None:
        if self.queue and self.display:
            self.phase = REPLACE
            return
        # the reveal is over: the first player passes left; 7 reveals end a round (D19)
        t = self.t
        self.queue = []
        self.first = (self.first + 1) % t.n
        self.phase = REVEAL
        if len(self.revealed) >= t.reveals:
            self.round += 1
            self.revealed = []
            if self.round >= t.rounds:
                self.phase = OVER
