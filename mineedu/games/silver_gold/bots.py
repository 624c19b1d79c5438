"""Bots for Silver & Gold. Each sees only its observation (a :class:`~.rules.SilverGoldView`).

* ``random``: a uniformly random legal action;
* ``greedy``: the action worth the most points right now, counting each crossed
  box as one point of its card (a completed card is worth one point per box);
* ``open``: places the revealed shape where it leaves the most placements open
  for the shapes still to come this round (completing a card first).

The greedy and open bots decide in ``choose(view, seat, legal, draw)`` on the
rules' kernel (:class:`.kernel.View`): tournaments call it on the kernel they
play, ``act(obs, legal, rng)`` (a lesson, the engine's loop) on the kernel of the
observation. What they read of a card with some free boxes (:class:`Slot`: its
legal placements, greedy's kinds of action, open's best for a deck to come) is
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
from typing import Any

import numpy as np

from mineedu.core import Action, RandomBot, Texts
from mineedu.core.draws import Draw, draw_of
from mineedu.core.game import (
    BaseBot,  # from its own module: mypyc's subclassable classes need it named there
    BotFactory,
)
from mineedu.core.i18n import plural
from mineedu.core.memo import remember
from mineedu.core.native import subclassable

from .kernel import KEEP, PLACE, REPLACE, Table, View, keeps
from .rules import CARDS, SilverGoldView, TreasureCard, _action_mask, code_of, display_palms, kernel_of_view
from .shapes import SHAPES, all_placements, placement_count
from .words import french, the_shape

WHY = Texts(french({
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
}))


def _count(n: int, fr: tuple[str, str], en: tuple[str, str], lang: str) -> str:
    return plural(n, *(en if lang == "en" else fr))


def _ways(n: int, lang: str) -> str:
    return _count(n, ("façon", "façons"), ("way", "ways"), lang)


def card_appeal(card: TreasureCard) -> float:
    """Bonus symbols per box, then small cards first: how attractive a card is to keep."""
    bonus = card.coins.bit_count() + 2 * card.palms.bit_count() + card.crosses.bit_count()
    return bonus / card.points - card.points / 100


def greedy_points(view: SilverGoldView, action: Action) -> float:
    """The points a ``place`` or ``cross`` action brings at once (boxes count 1 each;
    completing a card counts 1 more: a fresh card comes with it)."""
    return _points(view, action)[0]


def _points(view: SilverGoldView, action: Action) -> tuple[float, TreasureCard, int]:
    """:func:`greedy_points`, with the card and its boxes crossed after ``action``."""
    me = view.me
    assert me is not None
    cfg = view.config
    slot: int = action[1]
    cid = me.cards[slot]
    assert cid is not None
    card = CARDS[cid]
    mask = _action_mask(action, card, view.shape)
    crossed = me.crossed[slot] | mask
    coins = min((mask & card.coins).bit_count(), max(0, cfg.coin_boxes - me.coins))
    pts = float(mask.bit_count() + coins)
    palms = min((mask & card.palms).bit_count(), max(0, cfg.palm_limit - len(me.palms)))
    pts += palms * (1 + display_palms(view.display))
    pts += (mask & card.crosses).bit_count()  # a red cross crosses one more box
    rows_before = min(me.coins, cfg.coin_boxes) // cfg.coin_row_size
    rows_after = min(me.coins + coins, cfg.coin_boxes) // cfg.coin_row_size
    pts += sum(view.cups_left[: rows_after - rows_before])
    if crossed == card.boxes:  # completing also brings a fresh card
        pts += 1.0
    return pts, card, crossed


def gain(view: SilverGoldView, action: Action) -> float:
    """Immediate points of ``action`` for the observing player (boxes count 1 each)."""
    kind = action[0]
    if kind in ("keep", "take"):
        return sum(card_appeal(CARDS[c]) for c in action[1:])
    if kind == "pass":
        return 0.0
    pts, card, crossed = _points(view, action)
    # prefer the card closer to completion when nothing else differs
    return pts - (card.boxes & ~crossed).bit_count() / 100


def _fits_now(view: SilverGoldView) -> int:
    """Placements of the shape being played on the viewer's cards (public)."""
    me = view.me
    shape = view.shape
    if me is None or shape is None:
        return 0
    return sum(placement_count(me.free(s), shape, CARDS[c].rows, CARDS[c].cols) for s, c in enumerate(me.cards) if c is not None)


@subclassable
class SilverGoldBot(BaseBot):
    """A bot that says why, the same way for every Silver & Gold bot.

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


Entry = tuple[int, int, int, int, int]
"""A placement or a single box on one card: ``(mask, coins, palms, red crosses, covered)``, what it
crosses and the bits of the card's placements (:class:`CardTable`) over a box of it."""
Group = tuple[int, int, int, Entry, int]
"""Greedy's view of an :data:`Entry` on some free boxes: ``(coins, palms, fixed, entry, its place among the
legal ones of its kind)``, ``fixed`` being ``100 * (boxes + red crosses + completes) - free boxes after``:
its gain but for the coins and palms, whose worth depends on the player (room left, cups, the display's palms)."""
Plan = tuple[int, int, tuple[tuple[Entry, int], ...]]
"""Open's best on one card for a deck to come: ``(completes * _SCALE, placements to come it covers, (entry,
its place) of each)``."""

_NCARDS = len(CARDS)
_BOXES = [c.boxes for c in CARDS]
_APPEAL = [card_appeal(c) for c in CARDS]  # greedy's keep and take (gain)
_MOST = max(len(cells) for cells in SHAPES.values())  # the most coins one action crosses
_LIMIT = 1 << 16  # entries of one memo before it starts again
_SLOTS = 1 << 15  # cards with free boxes kept (about 2 kB each with what they memoize: some 60 MB at most)
_SCALE = 1 << 24  # more than the placements of a card times the copies of a shape (a plan's key)
assert all(c.points < 100 for c in CARDS)  # gain's free boxes / 100 stay below one point


def _bits(mask: int) -> list[int]:
    """The one-bit masks of ``mask``, lowest first (reading order for boxes)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


class CardTable:
    """One treasure card's placements of a deck's shapes as the bits of one number: bit ``i`` is
    ``entries[i]``, shape ``j``'s placements in ``shapes.all_placements`` order from bit ``offsets[j]``
    on. With free boxes ``f`` the placements that fit are ``fit`` without those over a box not in ``f``."""

    __slots__ = ("cells", "cid", "cover", "entries", "fit", "offsets", "weights", "widths")

    def __init__(self, cid: int, shapes: tuple[str, ...]) -> None:
        card = CARDS[cid]
        self.cid = cid
        masks: list[int] = []
        self.offsets: list[int] = []
        self.widths: list[int] = []  # (1 << placements) - 1, per shape
        for s in shapes:
            these = [m for _o, _r, _c, m in all_placements(s, card.rows, card.cols)]
            self.offsets.append(len(masks))
            self.widths.append((1 << len(these)) - 1)
            masks += these
        cover = self.cover = [0] * (card.rows * card.cols)  # per box: the placements over it
        for i, m in enumerate(masks):
            for low in _bits(m):
                cover[low.bit_length() - 1] |= 1 << i
        covered = self.covered

        def entry(mask: int) -> Entry:
            return (mask, (mask & card.coins).bit_count(), (mask & card.palms).bit_count(),
                    (mask & card.crosses).bit_count(), covered(mask))

        self.entries = [entry(m) for m in masks]
        self.cells = [entry(1 << b) for b in range(len(cover))]  # a single box, by its bit
        self.fit = ((1 << len(masks)) - 1) & ~covered(((1 << len(cover)) - 1) & ~card.boxes)  # over no hole
        self.weights: dict[int, tuple[tuple[int, int], ...]] = {}

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


class Slot:
    """One card with some free boxes, and what the bots read of it, memoized as they ask: the
    legal placements, greedy's kinds of action, open's best for a deck to come."""

    __slots__ = ("card", "cid", "fits", "fitting", "free", "groups", "nfree", "plans", "present")

    def __init__(self, card: CardTable, free: int, fitting: int) -> None:
        self.card = card
        self.cid = card.cid
        self.free = free
        self.nfree = free.bit_count()
        self.fitting = fitting  # the bits of card.entries that fit
        self.present = sum(1 << j for j, (off, w) in enumerate(zip(card.offsets, card.widths)) if fitting >> off & w)
        kinds = len(card.offsets) + 1  # each shape, then single boxes
        self.fits: list[tuple[Entry, ...] | None] = [None] * kinds
        self.groups: list[tuple[Group, ...] | None] = [None] * kinds
        self.plans: dict[int, Plan] = {}

    def fits_of(self, j: int) -> tuple[Entry, ...]:
        """The legal placements of shape ``j`` in ``legal_actions``'s order (``j == len(shapes)``: the
        free boxes in reading order)."""
        hit = self.fits[j]
        if hit is None:
            card = self.card
            if j == len(card.offsets):
                cells = card.cells
                hit = tuple(cells[low.bit_length() - 1] for low in _bits(self.free))
            else:
                off = card.offsets[j]
                entries = card.entries
                hit = tuple(entries[off + low.bit_length() - 1] for low in _bits((self.fitting >> off) & card.widths[j]))
            self.fits[j] = hit
        return hit

    def groups_of(self, j: int) -> tuple[Group, ...]:
        """:meth:`fits_of` as :data:`Group`, in order, without those another always beats: one with as
        many coins and palms (``gain`` grows with each) and a higher ``fixed``, or the same and before it."""
        hit = self.groups[j]
        if hit is None:
            free, nfree = self.free, self.nfree
            every: list[Group] = []  # the first of each (coins, palms, fixed)
            seen = set()
            for pos, e in enumerate(self.fits_of(j)):
                m, nc, npl, nx, _c = e
                size = m.bit_count()
                kind = (nc, npl, 100 * (size + nx + (m == free)) - (nfree - size))
                if kind not in seen:
                    seen.add(kind)
                    every.append((*kind, e, pos))
            hit = self.groups[j] = tuple(
                g for i, g in enumerate(every)
                if not any(h[0] >= g[0] and h[1] >= g[1] and (h[2] > g[2] or (h[2] == g[2] and k < i))
                           for k, h in enumerate(every) if k != i)
            )
        return hit

    def plan(self, key: int, weights: tuple[tuple[int, int], ...], j: int) -> Plan:
        """``OpenBot``'s best of :meth:`fits_of` here, for a deck to come (``weights``,
        :meth:`CardTable.weighting`; ``key`` names it and ``j``): the highest
        ``completes * _SCALE - placements to come it covers``, and the entries reaching it, in order.
        An action leaves the placements open on the other card places as they are, so this
        orders the actions of all card places as ``OpenBot``'s key does but for the gain."""
        top = -_SCALE
        best: list[tuple[Entry, int]] = []
        free, fitting = self.free, self.fitting
        planes = [(fitting & m, b) for m, b in weights] or [(0, 0)]  # the placements open now, by bits of copies
        (m0, b0), rest = planes[0], planes[1:]
        fits = self.fits[j]
        for pos, e in enumerate(self.fits_of(j) if fits is None else fits):
            over = e[4]
            k = -((m0 & over).bit_count() << b0)
            for m, b in rest:
                k -= (m & over).bit_count() << b
            if e[0] == free:
                k += _SCALE
            if k > top:
                top, best = k, [(e, pos)]
            elif k == top:
                best.append((e, pos))
        done = _SCALE if top > 0 else 0
        return remember(self.plans, key, (done, done - top, tuple(best)), 256)


class DeckTables:
    """The :class:`CardTable` and :class:`Slot` memos for one expedition deck's shapes (bounded)."""

    def __init__(self, shapes: tuple[str, ...]) -> None:
        self.shapes = shapes
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
            if len(self.left_ids) >= _LIMIT:
                self.left_ids.clear()
                self.canon.clear()
            hit = self.left_ids[left] = self.next_id
            self.next_id += 1
        return hit

    def canonical(self, lid: int, left: tuple[int, ...], present: int) -> tuple[int, int, tuple[int, ...]]:
        """The deck to come ``left`` (named ``lid``) as a card with placements of the shapes ``present``
        (bits) sees it: those shapes' copies over their gcd ``g`` (named, ``g``, the copies). Its
        placements lose ``g`` times the placements to come of that deck, so it orders them alike."""
        kept = [k if present >> j & 1 else 0 for j, k in enumerate(left)]
        g = gcd(*kept) or 1
        small = tuple(k // g for k in kept)
        hit = (self.left_id(small), g, small)
        return remember(self.canon, (lid << len(self.shapes)) | present, hit, _LIMIT)

    def fresh(self, cid: int) -> Slot:
        """Card ``cid`` with every box free."""
        key = _BOXES[cid] * _NCARDS + cid
        hit = self.slots.get(key)
        if hit is None:
            card = self.cards.get(cid)
            if card is None:
                card = self.cards[cid] = CardTable(cid, self.shapes)
            hit = self._new(Slot(card, _BOXES[cid], card.fit), key)
        return hit

    def slot(self, cid: int, free: int) -> Slot:
        """Card ``cid`` with the boxes ``free`` free."""
        hit = self.slots.get(free * _NCARDS + cid)
        if hit is None:
            if free == _BOXES[cid]:
                return self.fresh(cid)
            card = self.cards.get(cid)
            if card is None:
                card = self.cards[cid] = CardTable(cid, self.shapes)
            hit = self._new(Slot(card, free, card.fit & ~card.covered(_BOXES[cid] & ~free)), free * _NCARDS + cid)
        return hit

    def _new(self, slot: Slot, key: int) -> Slot:
        slots = self.slots
        if len(slots) >= min(_SLOTS, _LIMIT):  # forget the older half (a dict keeps the order they came in)
            for old in list(islice(slots, len(slots) // 2 + 1)):
                del slots[old]
        slots[key] = slot
        return slot


_DECKS: dict[tuple[str, ...], DeckTables] = {}


def deck_tables(shapes: tuple[str, ...]) -> DeckTables:
    """The memos for the expedition deck of these shapes (the config's order)."""
    hit = _DECKS.get(shapes)
    if hit is None:
        hit = remember(_DECKS, shapes, DeckTables(shapes), 16)
    return hit

# --- deciding on the kernel ------------------------------------------------------------


def _tables(t: Table) -> DeckTables:
    """The deck's memos, and the table's own (cup gains, the open bot's card rooms), kept on ``t``."""
    hit = t.memo.get("deck")
    if hit is None:
        hit = t.memo["deck"] = deck_tables(t.shapes)
        counts = dict(zip(t.shapes, t.full))
        t.memo["room"] = {c: _card_room(CARDS[c], counts) for c in t.card_ids}  # open's keep and take
        t.memo["cups"] = {}
    return hit


def _row(view: View, seat: int, tables: DeckTables) -> list[Slot | None]:
    """The seat's card places as :class:`Slot` (``None``: empty)."""
    crossed = view.crossed[seat]
    slots = tables.slots
    row: list[Slot | None] = []
    for s, cid in enumerate(view.cards[seat]):
        if cid < 0:
            row.append(None)
        else:
            free = _BOXES[cid] & ~crossed[s]
            row.append(slots.get(free * _NCARDS + cid) or tables.slot(cid, free))
    return row


def _cup_gain(view: View, seat: int) -> list[int]:
    """Greedy's cups for 0, 1, ... more coins (``sum(view.cups_left[: rows_after - rows_before])``)."""
    t = view.t
    my = view.coins[seat]
    left = view.cups_left
    memo = t.memo["cups"]
    key = (my, *left)
    hit = memo.get(key)
    if hit is None:
        cb, rs = t.coin_boxes, t.row_size
        before = min(my, cb) // rs
        hit = remember(memo, key, [sum(left[: min(my + g, cb) // rs - before]) for g in range(_MOST + 1)], 4096)
    return hit  # type: ignore[no-any-return]


@subclassable
class KernelBot(SilverGoldBot):
    """A bot deciding on the kernel (``choose``); ``act`` asks it on the kernel of the observation."""

    def act(self, obs: Any, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        view: SilverGoldView = obs
        seat = view.seat
        assert seat is not None, "a bot acts on its own seat's view"
        codes = [code_of(view, a, seat) for a in legal]
        return legal[self.choose(kernel_of_view(view), seat, codes, draw_of(rng))]

    def choose(self, view: View, seat: int, legal: list[int], draw: Draw) -> int:
        """The index in ``legal`` of the move: the card kept or taken by :meth:`card_key`, else :meth:`place`'s
        placement or box (its card place and its place among the legal ones of its kind), or the pass."""
        t = view.t
        tables = t.memo.get("deck") or _tables(t)
        ph = view.phase
        if ph == KEEP:
            key = self.card_key(t)
            worth = [sum([key(c) for c in combo]) for combo in keeps(view.hands[seat], t.keep)]
            return worth.index(max(worth))  # the first best, as max() takes it
        if ph == REPLACE:
            key = self.card_key(t)
            worth = [key(c) for c in legal]
            return worth.index(max(worth))
        row = _row(view, seat, tables)
        j = view.revealed[-1] if ph == PLACE else len(t.shapes)  # a red cross's box: single boxes only
        best = self.place(view, seat, row, j, tables)
        if best is None:
            return 0  # the pass: no free box
        s, kind, pos = best
        before = 0  # the legal moves before it: the placements, then the single boxes, card place by card place
        cells = len(t.shapes)
        for q, x in enumerate(row):
            if x is not None:
                if kind == cells:
                    if q < s:
                        before += x.nfree
                    if j < cells:
                        fits = x.fits[j]
                        before += len(x.fits_of(j) if fits is None else fits)
                elif q < s:
                    fits = x.fits[kind]
                    before += len(x.fits_of(kind) if fits is None else fits)
        return before + pos

    def card_key(self, t: Table) -> Callable[[int], float]:
        """What the bot keeps, and takes from the display, the most of."""
        raise NotImplementedError

    def place(self, view: View, seat: int, row: list[Slot | None], j: int, tables: DeckTables) -> Choice:
        """The placement of shape ``j`` or single box (``j == len(shapes)``: single boxes only) to make."""
        raise NotImplementedError


Choice = tuple[int, int, int] | None
"""A bot's ``place`` or ``cross``: ``(card place, shape index or len(shapes) for a single box, its place
among that card's legal ones of its kind)``; ``None`` is the pass."""


@subclassable
class GreedyBot(KernelBot):
    """Takes the action with the most immediate points (first one on ties): the highest :func:`gain`, worked
    out on the kernel (``100 * gain`` as a whole number, over the kinds of action :meth:`Slot.groups_of` keeps)."""

    name = "greedy"

    def card_key(self, t: Table) -> Callable[[int], float]:
        return _APPEAL.__getitem__

    def place(self, view: View, seat: int, row: list[Slot | None], j: int, tables: DeckTables) -> Choice:
        t = view.t
        cells = len(t.shapes)
        my = view.coins[seat]
        coin_room = t.coin_boxes - my if my < t.coin_boxes else 0
        palm_room = max(0, t.palm_limit - len(view.palms[seat]))
        cg = _cup_gain(view, seat)
        pv = 1 + view.dpalms
        best: Choice = None
        top = 0
        for group in ((cells,) if j == cells else (j, cells)):
            for s, x in enumerate(row):
                if x is None:
                    continue
                gs = x.groups[group]
                for nc, npl, fixed, _e, pos in x.groups_of(group) if gs is None else gs:
                    cc = nc if nc < coin_room else coin_room
                    key = fixed + 100 * (cc + (npl if npl < palm_room else palm_room) * pv + cg[cc])
                    if best is None or key > top:
                        best, top = (s, group, pos), key
        return best

    def place_reason(self, view: SilverGoldView, lang: str) -> str:
        return WHY("greedy_place", lang, shape=the_shape(view.shape or "", lang), n=_ways(_fits_now(view), lang))

    def take_reason(self, view: SilverGoldView, card: TreasureCard, lang: str) -> str:
        k = card.coins.bit_count() + card.palms.bit_count() + card.crosses.bit_count()
        return WHY("greedy_take", lang, k=_count(k, ("symbole", "symboles"), ("symbol", "symbols"), lang), n=card.points)

    def box_reason(self, view: SilverGoldView, action: Action, lang: str) -> str:
        pts = int(greedy_points(view, action))
        return WHY("greedy_box", lang, pts=_count(pts, ("point", "points"), ("point", "points"), lang))


def open_placements(obs: SilverGoldView, action: Action | None = None) -> int:
    """Placements of the shapes still to come this round on the player's cards (after ``action``)."""
    return _open_placements(obs, _shapes_to_come(obs), action)


def _shapes_to_come(obs: SilverGoldView) -> list[tuple[str, int]]:
    """This round's expedition cards still to come, by shape (a full deck once the round is over)."""
    cfg = obs.config
    left = dict(cfg.expedition_counts())
    for s in obs.revealed:
        left[s] -= 1
    if sum(left.values()) == 0 or len(obs.revealed) >= cfg.reveals_per_round:
        left = dict(cfg.expedition_counts())  # a new round starts with the full deck
    return [(s, k) for s, k in left.items() if k]


def _open_placements(obs: SilverGoldView, left: list[tuple[str, int]], action: Action | None) -> int:
    me = obs.me
    assert me is not None
    total = 0
    for slot, cid in enumerate(me.cards):
        if cid is None:
            continue
        card = CARDS[cid]
        crossed = me.crossed[slot]
        if action is not None and action[0] in ("place", "cross") and action[1] == slot:
            crossed |= _action_mask(action, card, obs.shape)
        free = card.boxes & ~crossed
        total += sum(k * placement_count(free, s, card.rows, card.cols) for s, k in left)
    return total


@subclassable
class OpenBot(KernelBot):
    """Keeps the most placements open: completes a card when it can, else leaves most room (placements of the
    shapes still to come this round, :func:`open_placements`), then the :func:`gain`; worked out on the kernel,
    card place by card place (:meth:`Slot.plan`)."""

    name = "open"
    keep_reason = "open_keep"

    def card_key(self, t: Table) -> Callable[[int], float]:
        return t.memo["room"].__getitem__  # type: ignore[no-any-return]

    def place(self, view: View, seat: int, row: list[Slot | None], j: int, tables: DeckTables) -> Choice:
        t = view.t
        cells = len(t.shapes)
        use = cells  # the placements if any, else the single boxes
        if j != cells:
            for x in row:
                if x is not None and (x.fits[j] if x.fits[j] is not None else x.fits_of(j)):
                    use = j
                    break
        left = list(t.full)  # this round's cards to come (_shapes_to_come), a full deck once the round is over
        for r in view.revealed:
            left[r] -= 1
        to_come = tuple(left) if any(left) and len(view.revealed) < t.reveals else t.full
        lid = tables.left_id(to_come)
        kinds_of = cells + 1
        canon = tables.canon
        top = -_SCALE
        ties: list[tuple[int, Slot, tuple[tuple[Entry, int], ...]]] = []  # the best (place, card, entries), in order
        for s, x in enumerate(row):
            if x is None:
                continue
            clid, g, cleft = canon.get((lid << cells) | x.present) or tables.canonical(lid, to_come, x.present)
            key = clid * kinds_of + use
            plan = x.plans.get(key)
            if plan is None:
                card = x.card
                plan = x.plan(key, card.weights.get(clid) or card.weighting(clid, cleft), use)
            d, lost, es = plan
            if es:
                k = d - g * lost
                if k > top:
                    top, ties = k, [(s, x, es)]
                elif k == top:
                    ties.append((s, x, es))
        if not ties:
            return None
        if len(ties) == 1 and len(ties[0][2]) == 1:
            return ties[0][0], use, ties[0][2][0][1]
        my = view.coins[seat]  # the gain breaks the tie (as in GreedyBot.place)
        coin_room = t.coin_boxes - my if my < t.coin_boxes else 0
        palm_room = max(0, t.palm_limit - len(view.palms[seat]))
        cg = _cup_gain(view, seat)
        pv = 1 + view.dpalms
        best: Choice = None
        top_gain = 0
        for s, x, es in ties:
            f, nfree = x.free, x.nfree
            for e, pos in es:
                m, nc, npl, nx, _c = e
                size = m.bit_count()
                cc = min(nc, coin_room)
                gain = 100 * (size + nx + (m == f) + cc + min(npl, palm_room) * pv + cg[cc]) - (nfree - size)
                if best is None or gain > top_gain:
                    best, top_gain = (s, use, pos), gain
        return best

    def place_reason(self, view: SilverGoldView, lang: str) -> str:
        k = view.config.reveals_per_round - len(view.revealed)
        cards = _count(k, ("carte expédition", "cartes expédition"), ("expedition card", "expedition cards"), lang)
        return WHY("open_place", lang, k=cards)

    def take_reason(self, view: SilverGoldView, card: TreasureCard, lang: str) -> str:
        return WHY("open_take", lang, n=_ways(_card_room(card, view.config.expedition_counts()), lang))

    def box_reason(self, view: SilverGoldView, action: Action, lang: str) -> str:
        return WHY("open_box", lang, n=open_placements(view, action))


def _card_room(card: TreasureCard, shapes: dict[str, int]) -> int:
    """Placements of the expedition deck's shapes on a fresh card."""
    return sum(k * placement_count(card.boxes, s, card.rows, card.cols) for s, k in shapes.items())


BOTS: dict[str, BotFactory] = {
    "random": lambda arg: RandomBot(),
    "greedy": lambda arg: GreedyBot(),
    "open": lambda arg: OpenBot(),
}
"""The bots a board or ``mineedu simulate`` can seat (``Hooks.bots``)."""

__all__ = ["BOTS", "GreedyBot", "OpenBot", "SilverGoldBot", "card_appeal", "gain", "open_placements", "greedy_points"]
