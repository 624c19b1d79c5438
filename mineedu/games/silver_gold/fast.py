"""Silver & Gold's own playout for tournaments (``Hooks.fast_playout``).

:func:`fast_playout` returns a function that plays one whole game from
``game.initial_state()`` with the game's bots inlined, in plain mutable Python
(lists, integer masks, whole-number weights), and builds one
:class:`~.rules.SilverGoldState` at the end: the very state, field for field,
that :func:`mineedu.core.playout` reaches with the same bots, after the very
same draws from the generator. ``tests/playout_check.py`` holds it to that.

How it mirrors the engine (``mineedu/core/play.py``) and the rules (``rules.py``):

* chance (``play`` -> ``sample_outcome``): one ``rng.integers(total)`` per chance
  node with more than one outcome, none with one. A deal or a refill
  (``chance_outcomes`` in ``deal``/``refill``) is uniform over the sorted deck:
  ``total`` is its size and the card is ``deck[r]``. A reveal is over this round's
  cards left, by shape in sorted order; the reduced fractions ``k / T`` have the
  whole-number weights ``k // g`` out of ``T // g``, ``g`` the gcd of the counts;
* ``_apply`` in ``deal``: one card to each player in turn, then the display;
* ``keep`` and ``place`` (``SIMULTANEOUS``): the bots choose in seat order
  (``players_to_move``), each among the rules' legal actions in their order
  (``legal_actions``: ``_keep_actions``; the placements on each card place in
  ``shapes.all_placements`` order, then the free boxes of each place in reading
  order, else ``("pass",)``); the marks are then made from the first player on;
* ``_mark``, ``_after_marks`` (cups, completed cards, the replacement queue) and
  ``_next_replacement`` (take, refill, the next reveal, the round, the end): the
  same steps on lists; a red cross's box (``chain``) is asked of the first
  player in turn order who owes one, one box at a time;
* the bots (``bots.py``): ``random`` is ``legal[rng.integers(len(legal))]``, the
  legal actions counted, not built (``integers(1)`` too: the bot draws it).
  ``greedy`` and ``open`` draw nothing and take the first best action, as
  ``max`` does. ``gain`` (points ``- free boxes / 100``) is compared as the whole
  number ``100 * points - free boxes``: a card has fewer than 100 boxes, so both
  order the actions alike, ties included; on one card, an action with no more
  coins and palms than another and a lower rest of its gain (or the same, later)
  never wins, whatever the player's coins, cups and the display
  (:meth:`Slot.groups_of`). ``open``'s placements still open
  (``_open_placements``) after an action are those open now less those the
  action covers a box of, on its card only, so the best action is the best of
  each card's best (:meth:`Slot.plan`); the count is weighted by the copies to
  come, whole numbers taken bit by bit (``k * popcount`` is a sum of shifted
  popcounts), and a card ranks its actions alike for every deck that gives its
  shapes the same copies up to a common factor (:meth:`DeckTables.canonical`).
  ``card_appeal`` and ``_card_room`` are the bots' own functions.

A card's placements of the deck's shapes are the bits of one number
(:class:`CardTable`), so the placements that fit free boxes, their counts and
what a placement covers are a few ``&`` and ``bit_count``. What the bots read
of a card with some free boxes (:class:`Slot`: the legal placements, greedy's
kinds of action, open's best ones for a deck to come, the card after a mark) is
memoized in bounded module-level tables (:func:`deck_tables`), shared by every
game of a process: a tournament's later games are the quicker.

Supported: the game :class:`~.rules.SilverGold` itself (not a subclass), 2 to 4
players, every valid config (any deck, expedition, rounds, keep, display, cups,
``returned_to_deck``...), and the bots ``random``, ``greedy``, ``open`` of
``BOTS``, with any argument (they take none and ignore it). Refused (``None``,
before any draw): a seat without a bot, a bot spec that makes another bot class
(a bot added to or replaced in ``BOTS``), a subclass of the game. Where the game
does what this code does not expect, it raises rather than guesses.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, islice
from math import gcd
from typing import Any

import numpy as np

from mineedu.core import Game, RandomBot, State
from mineedu.core.memo import remember
from mineedu.core.play import seated_bots

from .bots import GreedyBot, OpenBot, _card_room, card_appeal
from .rules import CARDS, Board, Config, SilverGold, SilverGoldState
from .shapes import SHAPES, all_placements

RANDOM, GREEDY, OPEN = 0, 1, 2
_KINDS: dict[type, int] = {RandomBot: RANDOM, GreedyBot: GREEDY, OpenBot: OPEN}
"""The bot classes of ``BOTS`` this playout plays (exact classes: a subclass may act otherwise)."""

Entry = tuple[int, int, int, int, int]
"""A placement or a single box on one card: ``(mask, coins, palms, red crosses, covered)``, what it
crosses and the bits of the card's placements (:class:`CardTable`) over a box of it."""
Group = tuple[int, int, int, Entry]
"""Greedy's view of an :data:`Entry` on some free boxes: ``(coins, palms, fixed, entry)``, ``fixed``
being ``100 * (boxes + red crosses + completes) - free boxes after``: its gain but for the coins and
palms, whose worth depends on the player (room left, cups, the display's palms)."""
Plan = tuple[int, int, tuple[Entry, ...]]
"""Open's best on one card for a deck to come: ``(completes * _SCALE, placements to come it covers, entries)``."""
Choice = tuple[int, Entry] | None
"""A bot's ``place`` or ``cross``: ``(card place, entry)``; ``None`` is ``("pass",)``."""

_NCARDS = len(CARDS)
_BOXES = [c.boxes for c in CARDS]
_PALM_COUNT = [c.palms.bit_count() for c in CARDS]  # what rules.display_palms sums
_APPEAL = [card_appeal(c) for c in CARDS]  # greedy's keep and take (bots.gain)
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

    __slots__ = ("cells", "cid", "entries", "fit", "offsets", "weights", "widths")

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
        cover = [0] * (card.rows * card.cols)  # per box: the placements over it
        for i, m in enumerate(masks):
            for low in _bits(m):
                cover[low.bit_length() - 1] |= 1 << i

        def covered(mask: int) -> int:
            out = 0
            for low in _bits(mask):
                out |= cover[low.bit_length() - 1]
            return out

        def entry(mask: int) -> Entry:
            return (mask, (mask & card.coins).bit_count(), (mask & card.palms).bit_count(),
                    (mask & card.crosses).bit_count(), covered(mask))

        self.entries = [entry(m) for m in masks]
        self.cells = [entry(1 << b) for b in range(len(cover))]  # a single box, by its bit
        self.fit = ((1 << len(masks)) - 1) & ~covered(((1 << len(cover)) - 1) & ~card.boxes)  # over no hole
        self.weights: dict[int, tuple[tuple[int, int], ...]] = {}

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
    legal placements, greedy's kinds of action, open's best for a deck to come, the card after a mark."""

    __slots__ = ("card", "cid", "crossed", "fits", "fitting", "free", "groups", "nfree", "plans", "present")

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
        self.crossed: dict[int, Slot] = {}  # by the mask crossed

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
            every = []  # the first of each (coins, palms, fixed)
            seen = set()
            for e in self.fits_of(j):
                m, nc, npl, nx, _c = e
                size = m.bit_count()
                kind = (nc, npl, 100 * (size + nx + (m == free)) - (nfree - size))
                if kind not in seen:
                    seen.add(kind)
                    every.append((*kind, e))
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
        best: list[Entry] = []
        free, fitting = self.free, self.fitting
        planes = [(fitting & m, b) for m, b in weights] or [(0, 0)]  # the placements open now, by bits of copies
        (m0, b0), rest = planes[0], planes[1:]
        fits = self.fits[j]
        for e in self.fits_of(j) if fits is None else fits:
            over = e[4]
            k = -((m0 & over).bit_count() << b0)
            for m, b in rest:
                k -= (m & over).bit_count() << b
            if e[0] == free:
                k += _SCALE
            if k > top:
                top, best = k, [e]
            elif k == top:
                best.append(e)
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

    def crossed(self, slot: Slot, e: Entry) -> Slot:
        """``slot`` with the boxes of entry ``e`` crossed."""
        hit = slot.crossed.get(e[0])
        if hit is None:
            free = slot.free ^ e[0]
            key = free * _NCARDS + slot.cid
            hit = self.slots.get(key)
            if hit is None:
                hit = self._new(Slot(slot.card, free, slot.fitting & ~e[4]), key)
            slot.crossed[e[0]] = hit
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


def _reveal(shapes: tuple[str, ...], left: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """``chance_outcomes`` of a reveal as whole numbers: the shapes left (indices into ``shapes``) in
    sorted order, their weights and the total to draw from (0: one outcome, no draw; none once a
    round has revealed its whole deck: that node is never drawn from)."""
    out = sorted((shapes[j], j, k) for j, k in enumerate(left) if k)
    if not out:
        return (), (), 0
    g = 0
    for _s, _j, k in out:
        g = gcd(g, k)
    return tuple(j for _s, j, _k in out), tuple(k // g for _s, _j, k in out), 0 if len(out) == 1 else sum(left) // g


def fast_playout(game: Game, seats: tuple[str | None, ...]) -> Callable[[np.random.Generator], State] | None:
    """``Hooks.fast_playout``: a function playing one whole game with the bots of ``seats``, or
    ``None`` for what it does not play (see the module docstring)."""
    if type(game) is not SilverGold:
        return None
    seated = seated_bots(game, seats)
    if seated is None:
        return None
    kinds: list[int] = []
    for bot in seated:
        kind = _KINDS.get(type(bot))
        if kind is None:
            return None
        kinds.append(kind)
    return _player(game, tuple(kinds))


def _player(game: SilverGold, kinds: tuple[int, ...]) -> Callable[[np.random.Generator], State]:
    """The playout of ``game`` with bots of ``kinds`` in its seats."""
    cfg: Config = game.config
    n = game.num_players
    limit = game.max_moves()
    card_ids = cfg.card_ids()
    counts = cfg.expedition_counts()
    shapes = tuple(counts)  # the config's order: bots._shapes_to_come's
    full = tuple(counts.values())
    cells = len(shapes)  # the "shape" of a single box (Slot.fits_of)
    tables = deck_tables(shapes)
    fresh_room = {c: _card_room(CARDS[c], counts) for c in card_ids}  # open's keep and take
    reveals, rounds, deal, keep, ndisplay = cfg.reveals_per_round, cfg.rounds, cfg.deal, cfg.keep, cfg.display
    coin_boxes, row_size, palm_limit = cfg.coin_boxes, cfg.coin_row_size, cfg.palm_limit
    cups_sorted = tuple(sorted(cfg.cups, reverse=True))
    returned = cfg.returned_to_deck
    cup_table: dict[int, list[int]] = {}
    cup_stride = len(cups_sorted) + 1
    palm_count = _PALM_COUNT
    nodes: dict[tuple[int, ...], list[Any]] = {}

    def reveal_node(left: tuple[int, ...]) -> list[Any]:
        """A reveal with ``left`` cards of each shape in the round's deck: ``[left, outcomes (shape
        indices), weights, total (0: no draw), the next reveal after each shape (lazily)]``."""
        hit = nodes.get(left)
        if hit is None:
            hit = nodes[left] = [left, *_reveal(shapes, left), [None] * len(shapes)]
        return hit

    def after_reveal(node: list[Any], j: int) -> tuple[list[Any], tuple[int, ...], int]:
        """The reveal after shape ``j``, with the deck open plans for (``bots._shapes_to_come``: this
        round's cards to come, a full deck when none) and its :meth:`DeckTables.left_id`."""
        left = list(node[0])
        left[j] -= 1
        after = tuple(left)
        to_come = after if any(after) else full
        hit = node[4][j] = (reveal_node(after), to_come, tables.left_id(to_come))
        return hit

    kinds_of = cells + 1
    nshapes = len(shapes)
    seats = range(n)
    orders = [[(first + k) % n for k in seats] for first in seats]  # _order(): from the first player on
    canon = tables.canon
    start = reveal_node(full)
    full_lid = tables.left_id(full)

    def cup_gain(my_coins: int, cup_at: int) -> list[int]:
        """Greedy's cups for 0, 1, ... more coins (``sum(view.cups_left[: rows_after - rows_before])``)."""
        key = my_coins * cup_stride + cup_at
        hit = cup_table.get(key)
        if hit is None:
            before = min(my_coins, coin_boxes) // row_size
            hit = cup_table[key] = [
                sum(cups_sorted[cup_at:][: min(my_coins + g, coin_boxes) // row_size - before]) for g in range(_MOST + 1)]
        return hit

    def run(rng: np.random.Generator) -> State:
        draw = rng.integers
        deck = list(card_ids)
        # --- the deal (_apply "deal"): one card to each player in turn, then the display
        hands: list[list[int]] = [[] for _ in range(n)]
        for j in range(n * deal):
            hands[j % n].append(deck.pop(draw(len(deck))) if len(deck) > 1 else deck.pop())
        display: list[int] = []
        for _ in range(ndisplay):
            display.append(deck.pop(draw(len(deck))) if len(deck) > 1 else deck.pop())
        moves = n * deal + ndisplay
        # --- the keep (SIMULTANEOUS in seat order; _keep_actions)
        places: list[list[Slot | None]] = []  # each player's card places (None: empty)
        for p in range(n):
            legal = list(combinations(sorted(hands[p]), keep))
            kind = kinds[p]
            if kind == RANDOM:
                kept = legal[int(draw(len(legal)))]
            elif kind == GREEDY:
                kept = max(legal, key=lambda ids: sum(_APPEAL[c] for c in ids))
            else:
                kept = max(legal, key=lambda ids: sum(fresh_room[c] for c in ids))
            places.append([tables.fresh(c) for c in kept])
            if returned:
                deck += [c for c in hands[p] if c not in kept]
        moves += n
        deck.sort()
        coins = [0] * n
        settled = [0] * n
        cups: list[list[int]] = [[] for _ in range(n)]
        palms: list[list[int]] = [[] for _ in range(n)]
        done: list[list[int]] = [[] for _ in range(n)]
        pending = [0] * n
        cup_at = 0  # cups_left is cups_sorted[cup_at:]
        first = 0

        def mark(p: int, s: int, e: Entry, chained: int, pv: int) -> None:
            """``_mark``: cross entry ``e`` on ``p``'s card in place ``s``; coins, palms (worth ``pv``), red crosses."""
            m, nc, npl, nx, _c = e
            row = places[p]
            slot = row[s]
            assert slot is not None
            row[s] = slot.crossed.get(m) or tables.crossed(slot, e)
            if npl:
                mine = palms[p]
                for _ in range(npl):
                    if len(mine) < palm_limit:
                        mine.append(pv)
            coins[p] += nc
            owed = pending[p] + nx - chained
            pending[p] = owed if owed and any(x is not None and x.free for x in row) else 0  # lost with no free box

        def pick_random(p: int, sid: int, lid: int, left: tuple[int, ...], pv: int) -> Choice:
            """``RandomBot``: ``legal[rng.integers(len(legal))]``, the legal actions counted by kind."""
            row = places[p]
            total = 0
            if sid != cells:
                for x in row:
                    if x is not None:
                        fl = x.fits[sid]
                        total += len(x.fits_of(sid) if fl is None else fl)
            placements = total
            for x in row:
                if x is not None:
                    total += x.nfree
            if total == 0:
                draw(1)
                return None
            i = int(draw(total))
            if i >= placements:
                i -= placements
                sid = cells
            for s, x in enumerate(row):
                if x is not None:
                    fl = x.fits[sid]
                    if fl is None:
                        fl = x.fits_of(sid)
                    if i < len(fl):
                        return s, fl[i]
                    i -= len(fl)
            raise AssertionError("no such legal action")  # pragma: no cover

        def pick_greedy(p: int, sid: int, lid: int, left: tuple[int, ...], pv: int) -> Choice:
            """``GreedyBot``: the first legal action of the highest ``gain``."""
            row = places[p]
            my = coins[p]
            coin_room = coin_boxes - my if my < coin_boxes else 0
            palm_room = palm_limit - len(palms[p])
            if palm_room < 0:
                palm_room = 0
            cg = cup_table.get(my * cup_stride + cup_at) or cup_gain(my, cup_at)
            best: Choice = None
            top = 0
            for group in ((cells,) if sid == cells else (sid, cells)):
                for s, x in enumerate(row):
                    if x is None:
                        continue
                    gs = x.groups[group]
                    for nc, npl, fixed, e in x.groups_of(group) if gs is None else gs:
                        cc = nc if nc < coin_room else coin_room
                        key = fixed + 100 * (cc + (npl if npl < palm_room else palm_room) * pv + cg[cc])
                        if best is None or key > top:
                            best, top = (s, e), key
            return best

        def pick_open(p: int, sid: int, lid: int, left: tuple[int, ...], pv: int) -> Choice:
            """``OpenBot``: the first of the highest (completes, placements open, gain), placements if any."""
            row = places[p]
            use = cells
            if sid != cells:
                for x in row:
                    if x is not None and (x.fits[sid] if x.fits[sid] is not None else x.fits_of(sid)):
                        use = sid
                        break
            top = -_SCALE
            ties: list[tuple[int, Slot, tuple[Entry, ...]]] = []  # the best (card place, card, entries), in order
            for s, x in enumerate(row):
                if x is None:
                    continue
                clid, g, cleft = canon.get((lid << nshapes) | x.present) or tables.canonical(lid, left, x.present)
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
                return ties[0][0], ties[0][2][0]
            my = coins[p]  # the gain breaks the tie (as in pick_greedy)
            coin_room = coin_boxes - my if my < coin_boxes else 0
            palm_room = max(0, palm_limit - len(palms[p]))
            cg = cup_table.get(my * cup_stride + cup_at) or cup_gain(my, cup_at)
            best: Choice = None
            top_gain = 0
            for s, x, es in ties:
                f, nfree = x.free, x.nfree
                for e in es:
                    m, nc, npl, nx, _c = e
                    size = m.bit_count()
                    cc = min(nc, coin_room)
                    gain = 100 * (size + nx + (m == f) + cc + min(npl, palm_room) * pv + cg[cc]) - (nfree - size)
                    if best is None or gain > top_gain:
                        best, top_gain = (s, e), gain
            return best

        pickers = [(pick_random, pick_greedy, pick_open)[k] for k in kinds]
        dpalms = sum(palm_count[c] for c in display)  # rules.display_palms(display)
        for _round in range(rounds):
            node = start
            for t in range(reveals):
                # --- the reveal (chance_outcomes "reveal": this round's cards left, by shape, sorted)
                _left, which, weights, total, nexts = node
                i = 0
                if total:  # the outcomes in their order, each over its weight
                    r = int(draw(total))
                    while r >= weights[i]:
                        r -= weights[i]
                        i += 1
                j = which[i]
                node, to_come, lid = nexts[j] or after_reveal(node, j)
                if t + 1 >= reveals:  # the round's last reveal: open plans for the next round's full deck
                    to_come, lid = full, full_lid
                pv = 1 + dpalms
                # --- the place (SIMULTANEOUS: the bots choose in seat order; the marks from the first player)
                chosen = [pickers[p](p, j, lid, to_come, pv) for p in seats]
                moves += 1 + n
                order = orders[first]
                for p in order:
                    ch = chosen[p]
                    if ch is not None:
                        mark(p, ch[0], ch[1], 0, pv)
                # --- red crosses (chain): the first player in turn order who owes a box, one box at a time
                while any(pending):
                    p = next(q for q in order if pending[q])
                    ch = pickers[p](p, cells, lid, to_come, pv)
                    if ch is None:
                        raise AssertionError("a red cross owed with no free box")  # pragma: no cover
                    mark(p, ch[0], ch[1], 1, pv)
                    moves += 1
                # --- _after_marks: cups, completed cards, the replacement queue
                queue: list[int] = []
                for p in order:
                    rows = min(coins[p], coin_boxes) // row_size
                    if rows > settled[p]:
                        for _ in range(rows - settled[p]):
                            if cup_at < len(cups_sorted):
                                cups[p].append(cups_sorted[cup_at])
                                cup_at += 1
                        settled[p] = rows
                    row = places[p]
                    for s, x in enumerate(row):
                        if x is not None and not x.free:
                            done[p].append(x.cid)
                            row[s] = None
                            queue.append(p)
                # --- _next_replacement: take a card of the display, refill it from the deck
                for p in queue:
                    if not display:
                        break
                    kind = kinds[p]
                    if kind == RANDOM:
                        c = display[int(draw(len(display)))]
                    elif kind == GREEDY:
                        c = max(display, key=_APPEAL.__getitem__)
                    else:
                        c = max(display, key=fresh_room.__getitem__)
                    row = places[p]
                    row[row.index(None)] = tables.fresh(c)
                    display.remove(c)
                    dpalms -= palm_count[c]
                    moves += 1
                    if deck:
                        c = deck.pop(draw(len(deck))) if len(deck) > 1 else deck.pop()
                        display.append(c)
                        dpalms += palm_count[c]
                        moves += 1
                first = (first + 1) % n
        if moves > limit:
            raise RuntimeError(f"{game.name}: no end after {limit} moves")
        boards = tuple(
            Board(
                cards=tuple(None if x is None else x.cid for x in places[p]),
                crossed=tuple(0 if x is None else _BOXES[x.cid] ^ x.free for x in places[p]),
                hand=(), coins=coins[p], rows_settled=settled[p], cups=tuple(cups[p]), palms=tuple(palms[p]),
                completed=tuple(done[p]), pending=pending[p],
            )
            for p in seats
        )
        return SilverGoldState(
            game, "over", boards, tuple(deck), display=tuple(display), round=rounds, revealed=(), first=first,
            choices=(), queue=(), cups_left=cups_sorted[cup_at:],
        )

    return run
