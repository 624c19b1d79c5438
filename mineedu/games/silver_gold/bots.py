"""Bots for Silver & Gold. Each sees only its observation (a :class:`~.rules.SilverGoldView`).

* ``random``: a uniformly random legal action;
* ``greedy``: the action worth the most points right now, counting each crossed
  box as one point of its card (a completed card is worth one point per box);
* ``open``: places the revealed shape where it leaves the most placements open
  for the shapes still to come this round (completing a card first).

The greedy and open bots decide in ``decide(view, seat, draw)`` on the rules'
kernel (:class:`.kernel.View`), the kernel's code of their move: tournaments call
it on the kernel they play, ``act(obs, legal, rng)`` (a lesson, the engine's loop)
on the kernel of the observation, through ``choose`` (the move's place in
``legal``). What they read of a card with some free boxes (:class:`Slot`: its
legal placements, open's best for a deck to come) is
memoized in bounded tables shared by every game of a process (:func:`deck_tables`).

Each bot says why (``why(obs, action, lang)``), in words the log can show to
everyone: at a secret choice (keeping cards, placing the shape) the reason uses
only what everyone sees, never the bot's hand or the choice itself; once a move
is public (a red cross, taking a card) the reason gives the numbers it weighed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import islice
from math import gcd
from typing import Any, Final, final

import numpy as np

from mineedu.core import Action, RandomBot, Texts
from mineedu.core.draws import Draw, draw_of
from mineedu.core.game import BotFactory
from mineedu.core.i18n import count
from mineedu.core.memo import remember
from mineedu.core.native import mypyc_attr

from .kernel import CROSS, KEEP, PASS, PLACE, REPLACE, SLOT, Table, View, keeps
from .rules import CARDS, SilverGoldView, TreasureCard, code_of, kernel_of
from .shapes import SHAPES, all_placements, placement_count
from .words import the_shape

WHY = Texts({
    "greedy_keep": {
        "fr": "garde les cartes qui ont le plus de pièces, palmiers et croix rouges par case",
        "en": "keeps the cards with the most coins, palms and red crosses per box",
    },
    "greedy_place": {
        "fr": "cherche le plus de points tout de suite ; {shape} rentre de {n} sur ses cartes",
        "en": "goes for the most points now; {shape} fits {n} on its cards",
    },
    "greedy_box": {"fr": "la case qui rapporte le plus : {pts}", "en": "the box worth the most: {pts}"},
    "greedy_take": {
        "fr": "la carte la plus riche en bonus : {k} pour {n} cases",
        "en": "the card richest in bonuses: {k} for {n} boxes",
    },
    "open_keep": {
        "fr": "garde les cartes où les formes de la pioche se placent de plus de façons",
        "en": "keeps the cards where the deck's shapes fit in the most ways",
    },
    "open_place": {
        "fr": "garde de la place pour les {k} encore à venir cette manche",
        "en": "keeps room for the {k} still to come this round",
    },
    "open_box": {"fr": "la case qui laisse le plus de placements : {n}", "en": "the box that leaves the most placements: {n}"},
    "open_take": {"fr": "la carte où les formes se placent de {n}", "en": "the card where the shapes fit in {n}"},
    "pass": {"fr": "plus aucune case libre", "en": "no free box left"},
})


def _ways(n: int, lang: str) -> str:
    return count(n, lang, "façon", "façons", "way", "ways")


def card_appeal(card: TreasureCard) -> float:
    """Bonus symbols per box, then small cards first: how attractive a card is to keep."""
    bonus = card.coins.bit_count() + 2 * card.palms.bit_count() + card.crosses.bit_count()
    return bonus / card.points - card.points / 100


_NCARDS: Final = len(CARDS)
_BOXES: Final = [c.boxes for c in CARDS]
_APPEAL: Final = [card_appeal(c) for c in CARDS]  # greedy's keep and take (gain)
_MOST: Final = max(len(cells) for cells in SHAPES.values())  # the most coins one action crosses
_LIMIT = 1 << 16  # entries of one memo before it starts again (read when a deck's tables are made)
_SLOTS: Final = 1 << 15  # cards with free boxes kept (about 2 kB each with what they memoize: some 60 MB at most)
_SCALE: Final = 1 << 24  # more than the placements of a card times the copies of a shape (a plan's key)
assert all(c.points < 100 for c in CARDS)  # gain's free boxes / 100 stay below one point


def _bits(mask: int) -> list[int]:
    """The one-bit masks of ``mask``, lowest first (reading order for boxes)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


@final
class Entry:
    """A placement or a single box on one card: the boxes it crosses (``mask``, ``size`` of them), the coins,
    palms and red crosses among them, the bits of the card's placements (:class:`CardTable`) over a box of
    it (``covered``), and its ``code``: the kernel's code of the move on card place 0 (add ``place * SLOT``)."""

    __slots__ = ("code", "coins", "covered", "crosses", "mask", "palms", "size")

    def __init__(self, mask: int, coins: int, palms: int, crosses: int, covered: int, code: int) -> None:
        self.mask = mask
        self.size = mask.bit_count()
        self.coins = coins
        self.palms = palms
        self.crosses = crosses
        self.covered = covered
        self.code = code


@final
class Plan:
    """Open's best on one card for a deck to come: ``done`` (``_SCALE`` if it completes the card), the
    placements to come it covers (``lost``), and the entries reaching it, in order."""

    __slots__ = ("done", "entries", "lost")

    def __init__(self, done: int, lost: int, entries: tuple[Entry, ...]) -> None:
        self.done = done
        self.lost = lost
        self.entries = entries


@final
class CardTable:
    """One treasure card's placements of a deck's shapes as the bits of one number: bit ``i`` is
    ``entries[i]``, shape ``j``'s placements in ``shapes.all_placements`` order from bit ``offsets[j]``
    on. With free boxes ``f`` the placements that fit are ``fit`` without those over a box not in ``f``."""

    __slots__ = ("cells", "cid", "cover", "entries", "fit", "offsets", "weights", "widths")

    def __init__(self, cid: int, shapes: tuple[str, ...]) -> None:
        card = CARDS[cid]
        self.cid = cid
        masks: list[int] = []
        codes: list[int] = []  # a placement's place among its shape's (the kernel's code on card place 0)
        self.offsets: list[int] = []
        self.widths: list[int] = []  # (1 << placements) - 1, per shape
        for s in shapes:
            these = [m for _o, _r, _c, m in all_placements(s, card.rows, card.cols)]
            self.offsets.append(len(masks))
            self.widths.append((1 << len(these)) - 1)
            masks += these
            codes += range(len(these))
        self.cover: list[int] = [0] * (card.rows * card.cols)  # per box: the placements over it
        for i, m in enumerate(masks):
            for low in _bits(m):
                self.cover[low.bit_length() - 1] |= 1 << i
        self.entries = [self._entry(m, c) for m, c in zip(masks, codes)]
        self.cells = [self._entry(1 << b, CROSS + b) for b in range(len(self.cover))]  # a single box, by its bit
        self.fit: int = ((1 << len(masks)) - 1) & ~self.covered(((1 << len(self.cover)) - 1) & ~card.boxes)  # no hole
        self.weights: dict[int, tuple[tuple[int, int], ...]] = {}

    def _entry(self, mask: int, code: int) -> Entry:
        card = CARDS[self.cid]
        return Entry(mask, (mask & card.coins).bit_count(), (mask & card.palms).bit_count(),
                     (mask & card.crosses).bit_count(), self.covered(mask), code)

    def covered(self, mask: int) -> int:
        """The bits of the placements over a box of ``mask``."""
        out = 0
        cover = self.cover
        for low in _bits(mask):
            out |= cover[low.bit_length() - 1]
        return out

    def weighting(self, lid: int, left: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        """The copies to come of each shape (``left``, named ``lid``) bit by bit: ``(placements whose
        shape's count has bit b, b)``, so ``sum(popcount(x & m) << b)`` counts placements ``x`` by copies."""
        hit = self.weights.get(lid)
        if hit is None:
            planes = []
            for b in range(max(left).bit_length()):
                m = 0
                for k, off, w in zip(left, self.offsets, self.widths):
                    if k >> b & 1:
                        m |= w << off
                if m:
                    planes.append((m, b))
            hit = remember(self.weights, lid, tuple(planes), 4096)
        return hit


@final
class Slot:
    """One card with some free boxes, and what the bots read of it, memoized as they ask: the
    legal placements, open's best for a deck to come."""

    __slots__ = ("card", "cid", "fits", "fitting", "free", "nfree", "plans", "present")

    def __init__(self, card: CardTable, free: int, fitting: int) -> None:
        self.card = card
        self.cid = card.cid
        self.free = free
        self.nfree = free.bit_count()
        self.fitting = fitting  # the bits of card.entries that fit
        self.present = sum(1 << j for j, (off, w) in enumerate(zip(card.offsets, card.widths)) if fitting >> off & w)
        kinds = len(card.offsets) + 1  # each shape, then single boxes
        self.fits: list[tuple[Entry, ...] | None] = [None] * kinds
        self.plans: dict[int, Plan] = {}

    def fits_of(self, j: int) -> tuple[Entry, ...]:
        """The legal placements of shape ``j`` in ``legal_actions``'s order (``j == len(shapes)``: the
        free boxes in reading order)."""
        hit = self.fits[j]
        if hit is None:
            card = self.card
            if j == len(card.offsets):
                cells = card.cells
                hit = tuple([cells[low.bit_length() - 1] for low in _bits(self.free)])
            else:
                off = card.offsets[j]
                entries = card.entries
                hit = tuple([entries[off + low.bit_length() - 1] for low in _bits((self.fitting >> off) & card.widths[j])])
            self.fits[j] = hit
        return hit

    def plan(self, lid: int, left: tuple[int, ...], j: int, key: int) -> Plan:
        """``OpenBot``'s best of :meth:`fits_of` here, for the deck to come ``left`` (named ``lid``; ``key`` names
        it and ``j``): the highest ``completes * _SCALE - placements to come it covers``, and the entries reaching
        it, in order. An action leaves the placements open on the other card places as they are, so this
        orders the actions of all card places as ``OpenBot``'s key does but for the gain."""
        hit = self.plans.get(key)
        if hit is not None:
            return hit
        top = -_SCALE
        best: list[Entry] = []
        free, fitting = self.free, self.fitting
        # the placements open now, by bits of copies
        planes = [(fitting & m, b) for m, b in self.card.weighting(lid, left)] or [(0, 0)]
        m0, b0 = planes[0]
        rest = planes[1:]
        for e in self.fits_of(j):
            over = e.covered
            k = -((m0 & over).bit_count() << b0)
            for m, b in rest:
                k -= (m & over).bit_count() << b
            if e.mask == free:
                k += _SCALE
            if k > top:
                top, best = k, [e]
            elif k == top:
                best.append(e)
        done = _SCALE if top > 0 else 0
        return remember(self.plans, key, Plan(done, done - top, tuple(best)), 256)


@final
class DeckTables:
    """The :class:`CardTable` and :class:`Slot` memos for one expedition deck's shapes (bounded)."""

    def __init__(self, shapes: tuple[str, ...]) -> None:
        self.shapes = shapes
        self.limit: int = _LIMIT
        self.cards: dict[int, CardTable] = {}
        self.slots: dict[int, Slot] = {}
        self.left_ids: dict[tuple[int, ...], int] = {}
        self.next_id = 0
        self.canon: dict[int, tuple[int, int, tuple[int, ...]]] = {}

    def left_id(self, left: tuple[int, ...]) -> int:
        """A number for a deck of shapes to come (copies of each shape), never given to another deck
        (plans and weights are memoized by it), even once the table of numbers starts again."""
        hit = self.left_ids.get(left)
        if hit is None:
            if len(self.left_ids) >= self.limit:
                self.left_ids.clear()
                self.canon.clear()
            hit = self.left_ids[left] = self.next_id
            self.next_id += 1
        return hit

    def canonical(self, lid: int, left: tuple[int, ...], present: int) -> tuple[int, int, tuple[int, ...]]:
        """The deck to come ``left`` (named ``lid``) as a card with placements of the shapes ``present``
        (bits) sees it: those shapes' copies over their gcd ``g`` (named, ``g``, the copies). Its
        placements lose ``g`` times the placements to come of that deck, so it orders them alike."""
        key = (lid << len(self.shapes)) | present
        hit = self.canon.get(key)
        if hit is None:
            kept = [k if present >> j & 1 else 0 for j, k in enumerate(left)]
            g = gcd(*kept) or 1
            small = tuple([k // g for k in kept])
            hit = remember(self.canon, key, (self.left_id(small), g, small), self.limit)
        return hit

    def card(self, cid: int) -> CardTable:
        hit = self.cards.get(cid)
        if hit is None:
            hit = self.cards[cid] = CardTable(cid, self.shapes)
        return hit

    def slot(self, cid: int, free: int) -> Slot:
        """Card ``cid`` with the boxes ``free`` free."""
        key = free * _NCARDS + cid
        hit = self.slots.get(key)
        if hit is None:
            card = self.card(cid)
            boxes = _BOXES[cid]
            hit = Slot(card, free, card.fit if free == boxes else card.fit & ~card.covered(boxes & ~free))
            slots = self.slots
            if len(slots) >= min(_SLOTS, self.limit):  # forget the older half (a dict keeps the order they came in)
                for old in list(islice(slots, len(slots) // 2 + 1)):
                    del slots[old]
            slots[key] = hit
        return hit


_DECKS: dict[tuple[str, ...], DeckTables] = {}


def deck_tables(shapes: tuple[str, ...]) -> DeckTables:
    """The memos for the expedition deck of these shapes (the config's order)."""
    hit = _DECKS.get(shapes)
    if hit is None:
        hit = remember(_DECKS, shapes, DeckTables(shapes), 16)
    return hit

# --- deciding on the kernel ------------------------------------------------------------


@final
class TableMemo:
    """What the bots keep of one game's table (:class:`.kernel.Table`): its deck's :class:`DeckTables`, the
    open bot's room of each card (:func:`_card_room`), greedy's cups (:class:`Gains`); it works out the decks the
    open bot plans for (:meth:`coming`)."""

    __slots__ = ("cups", "deck", "room", "stride")

    def __init__(self, t: Table) -> None:
        self.deck = deck_tables(t.shapes)
        counts = dict(zip(t.shapes, t.full))
        self.room: dict[int, int] = {c: _card_room(CARDS[c], counts) for c in t.card_ids}
        self.cups: dict[int, list[int]] = {}
        self.stride = len(t.cups) + 1

    def coming(self, t: Table, revealed: list[int]) -> tuple[int, tuple[int, ...]]:
        """The expedition cards the open bot plans for after the reveals ``revealed``: this round's cards to
        come, a full deck once the round is over; with its :meth:`DeckTables.left_id`."""
        left = list(t.full)
        for j in revealed:
            left[j] -= 1
        to_come = tuple(left) if any(left) and len(revealed) < t.reveals else t.full
        return self.deck.left_id(to_come), to_come


def _memo(t: Table) -> TableMemo:
    """The bots' :class:`TableMemo` of table ``t``, kept on it."""
    hit = t.memo.get("bots")
    if isinstance(hit, TableMemo):
        return hit
    made = TableMemo(t)
    t.memo["bots"] = made
    return made


def _row(view: View, seat: int, tables: DeckTables) -> list[Slot | None]:
    """The seat's card places as :class:`Slot` (``None``: empty)."""
    crossed = view.crossed[seat]
    return [None if cid < 0 else tables.slot(cid, _BOXES[cid] & ~crossed[s]) for s, cid in enumerate(view.cards[seat])]


@final
class Gains:
    """What the coins and palms an action crosses are worth to ``seat`` now: the coins still scoring
    (``coin_room``), the palm scorings left (``palm_room``), a palm's points and the cups by coins gained
    (``cups[g]``: the cups left for ``g`` more coins, ``sum(view.cups_left[: rows_after - rows_before])``)."""

    __slots__ = ("coin_room", "cups", "palm", "palm_room")

    def __init__(self, view: View, seat: int, memo: TableMemo) -> None:
        t = view.t
        my = view.coins[seat]
        self.coin_room = t.coin_boxes - my if my < t.coin_boxes else 0
        room = t.palm_limit - len(view.palms[seat])
        self.palm_room = room if room > 0 else 0
        self.palm = 1 + view.dpalms
        left = view.cups_left
        key = my * memo.stride + len(t.cups) - len(left)  # the cups left are the highest but those taken
        cups = memo.cups.get(key)
        if cups is None:
            cb, rs = t.coin_boxes, t.row_size
            before = min(my, cb) // rs
            cups = remember(memo.cups, key, [sum(left[: min(my + g, cb) // rs - before]) for g in range(_MOST + 1)], 4096)
        self.cups = cups

    def points(self, e: Entry, free: int) -> int:
        """The points ``e`` brings at once on a card with the boxes ``free`` free: its boxes, red crosses
        (a box more each), scoring coins and palms, the cups they bring, 1 more if it completes the card."""
        cc = e.coins if e.coins < self.coin_room else self.coin_room
        npl = e.palms if e.palms < self.palm_room else self.palm_room
        return e.size + e.crosses + (e.mask == free) + cc + npl * self.palm + self.cups[cc]


def _seen(view: SilverGoldView) -> tuple[View, int, TableMemo, list[Slot | None]]:
    """The kernel of a bot's own view, its seat, the table's memo and its card places: what a reason counts."""
    seat = view.seat
    assert seat is not None, "a bot says why on its own seat's view"
    k = kernel_of(view)
    memo = _memo(k.t)
    return k, seat, memo, _row(k, seat, memo.deck)


def _box(x: Slot, action: Action) -> Entry:
    """The single box ``("cross", place, row, col)`` of card place ``x``."""
    return x.card.cells[int(action[2]) * CARDS[x.cid].cols + int(action[3])]


@mypyc_attr(allow_interpreted_subclasses=True)
class SilverGoldBot:  # no BaseBot base: mypyc compiles a class natively only if its bases are compiled
    """A bot deciding on the kernel (:meth:`decide`; ``act`` asks it on the kernel of the observation) and
    saying why, the same way for every Silver & Gold bot.

    At a secret choice (keeping cards, placing the shape) the reason is made from the
    view alone, never from the action (:meth:`place_reason` is not even given it),
    and the keep's reason names no card: the log shows it to everyone at once.
    """

    keep_reason = "greedy_keep"

    def why(self, obs: Any, action: Action, lang: str) -> str | None:
        view: SilverGoldView = obs
        kind = action[0]
        if kind == "pass":
            return WHY("pass", lang)
        if kind == "keep":
            return WHY(self.keep_reason, lang)
        if view.phase == "place":
            return self.place_reason(view, lang)
        if kind == "take":
            return self.take_reason(view, CARDS[action[1]], lang)
        return self.box_reason(view, action, lang)

    def place_reason(self, view: SilverGoldView, lang: str) -> str:
        raise NotImplementedError

    def take_reason(self, view: SilverGoldView, card: TreasureCard, lang: str) -> str:
        raise NotImplementedError

    def box_reason(self, view: SilverGoldView, action: Action, lang: str) -> str:
        raise NotImplementedError

    def act(self, obs: Any, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        view: SilverGoldView = obs
        seat = view.seat
        assert seat is not None, "a bot acts on its own seat's view"
        codes = [code_of(view, a, seat) for a in legal]
        return legal[self.choose(kernel_of(view), seat, codes, draw_of(rng))]

    def choose(self, view: View, seat: int, legal: list[int], draw: Draw) -> int:
        """The index in ``legal`` of the move :meth:`decide` makes."""
        return legal.index(self.decide(view, seat, draw))

    def decide(self, view: View, seat: int, draw: Draw) -> int:
        """The kernel's code of the move: the cards kept or taken by :meth:`card_key`, else :meth:`place`'s
        placement or box, or the pass."""
        t = view.t
        ph = view.phase
        if ph == KEEP:
            key = self.card_key(t)
            worth = [sum([key(c) for c in combo]) for combo in keeps(view.hands[seat], t.keep)]
            return worth.index(max(worth))  # the first best, as max() takes it
        if ph == REPLACE:
            key = self.card_key(t)
            display = view.display
            worth = [key(c) for c in display]
            return display[worth.index(max(worth))]
        memo = _memo(t)
        row = _row(view, seat, memo.deck)
        j = view.revealed[-1] if ph == PLACE else len(t.shapes)  # a red cross's box: single boxes only
        return self.place(view, seat, row, j, memo)

    def card_key(self, t: Table) -> Callable[[int], float]:
        """What the bot keeps, and takes from the display, the most of."""
        raise NotImplementedError

    def place(self, view: View, seat: int, row: list[Slot | None], j: int, memo: TableMemo) -> int:
        """The code of the placement of shape ``j`` or single box (``j == len(shapes)``: single boxes only) to
        make, :data:`~.kernel.PASS` if there is none."""
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyBot(SilverGoldBot):
    """Takes the action with the most immediate points (first one on ties): cards by :func:`card_appeal`, a
    placement or box by :meth:`Gains.points`, then the card left closer to completion (``100 * points - free
    boxes after``)."""

    name = "greedy"

    def card_key(self, t: Table) -> Callable[[int], float]:
        return _APPEAL.__getitem__

    def place(self, view: View, seat: int, row: list[Slot | None], j: int, memo: TableMemo) -> int:
        cells = len(view.t.shapes)
        gains = Gains(view, seat, memo)
        best = PASS
        top = 0
        for kind in ((cells,) if j == cells else (j, cells)):
            for s, x in enumerate(row):
                if x is not None:
                    f, nfree = x.free, x.nfree
                    for e in x.fits_of(kind):
                        key = 100 * gains.points(e, f) - (nfree - e.size)
                        if best == PASS or key > top:
                            best, top = s * SLOT + e.code, key
        return best

    def place_reason(self, view: SilverGoldView, lang: str) -> str:
        k, _seat, _tables, row = _seen(view)
        n = sum([len(x.fits_of(k.revealed[-1])) for x in row if x is not None])  # the placements on its cards
        return WHY("greedy_place", lang, shape=the_shape(view.shape or "", lang), n=_ways(n, lang))

    def take_reason(self, view: SilverGoldView, card: TreasureCard, lang: str) -> str:
        k = card.coins.bit_count() + card.palms.bit_count() + card.crosses.bit_count()
        return WHY("greedy_take", lang, k=count(k, lang, "symbole", "symboles", "symbol", "symbols"), n=card.points)

    def box_reason(self, view: SilverGoldView, action: Action, lang: str) -> str:
        k, seat, memo, row = _seen(view)
        x = row[action[1]]
        assert x is not None
        pts = Gains(k, seat, memo).points(_box(x, action), x.free)
        return WHY("greedy_box", lang, pts=count(pts, lang, "point", "points", "point", "points"))


@mypyc_attr(allow_interpreted_subclasses=True)
class OpenBot(SilverGoldBot):
    """Keeps the most placements open: completes a card when it can, else leaves most room (placements of the
    shapes still to come this round: :meth:`TableMemo.coming`), then greedy's order; card place by card place
    (:meth:`Slot.plan`)."""

    name = "open"
    keep_reason = "open_keep"

    def card_key(self, t: Table) -> Callable[[int], float]:
        return _memo(t).room.__getitem__

    def place(self, view: View, seat: int, row: list[Slot | None], j: int, memo: TableMemo) -> int:
        t = view.t
        cells = len(t.shapes)
        use = cells  # the placements if any, else the single boxes
        if j != cells:
            for x in row:
                if x is not None and x.fits_of(j):
                    use = j
                    break
        lid, to_come = memo.coming(t, view.revealed)
        kinds_of = cells + 1
        tables = memo.deck
        top = -_SCALE
        ties: list[tuple[int, Slot, Plan]] = []  # the best (place, card, plan), in order
        for s, x in enumerate(row):
            if x is not None:
                clid, g, cleft = tables.canonical(lid, to_come, x.present)
                plan = x.plan(clid, cleft, use, clid * kinds_of + use)
                if plan.entries:
                    k = plan.done - g * plan.lost
                    if k > top:
                        top, ties = k, [(s, x, plan)]
                    elif k == top:
                        ties.append((s, x, plan))
        if not ties:
            return PASS
        if len(ties) == 1 and len(ties[0][2].entries) == 1:
            return ties[0][0] * SLOT + ties[0][2].entries[0].code
        gains = Gains(view, seat, memo)  # greedy's order breaks the tie
        best = PASS
        top_gain = 0
        for at, x, plan in ties:
            f, nfree = x.free, x.nfree
            for e in plan.entries:
                gain = 100 * gains.points(e, f) - (nfree - e.size)
                if best == PASS or gain > top_gain:
                    best, top_gain = at * SLOT + e.code, gain
        return best

    def place_reason(self, view: SilverGoldView, lang: str) -> str:
        k = view.config.reveals_per_round - len(view.revealed)
        cards = count(k, lang, "carte expédition", "cartes expédition", "expedition card", "expedition cards")
        return WHY("open_place", lang, k=cards)

    def take_reason(self, view: SilverGoldView, card: TreasureCard, lang: str) -> str:
        return WHY("open_take", lang, n=_ways(_card_room(card, view.config.expedition_counts()), lang))

    def box_reason(self, view: SilverGoldView, action: Action, lang: str) -> str:
        k, _seat, memo, row = _seen(view)
        lid, to_come = memo.coming(k.t, k.revealed)
        n = 0  # the placements of the shapes to come left on its cards
        for s, x in enumerate(row):
            if x is not None:
                fit = x.fitting & ~_box(x, action).covered if s == action[1] else x.fitting
                n += sum([(fit & m).bit_count() << b for m, b in x.card.weighting(lid, to_come)])
        return WHY("open_box", lang, n=n)


def _card_room(card: TreasureCard, shapes: dict[str, int]) -> int:
    """Placements of the expedition deck's shapes on a fresh card."""
    return sum(k * placement_count(card.boxes, s, card.rows, card.cols) for s, k in shapes.items())


BOTS: dict[str, BotFactory] = {
    "random": lambda arg: RandomBot(),
    "greedy": lambda arg: GreedyBot(),
    "open": lambda arg: OpenBot(),
}
"""The bots a board or ``mineedu simulate`` can seat (``Hooks.bots``)."""

__all__ = ["BOTS", "GreedyBot", "OpenBot", "SilverGoldBot", "card_appeal"]
