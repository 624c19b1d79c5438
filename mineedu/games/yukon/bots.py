"""Bots for Gold am Yukon. They see the whole board (nothing is hidden).

* ``random``: any legal action.
* ``nearest-claim``: heads for the free claim whose ring it can close soonest.
* ``value-per-distance[:k]``: heads for the free claim with the most nuggets per
  pip; it leaves the centre (whose taker leaves play, D16) alone until its team
  is down to ``k`` pawns (default 2).

Both greedy bots take a claim as soon as one is legal (the most valuable) and
otherwise pick the pip that brings the team closest to its target ring, with
the estimate ``steps = pawns off the ring + steps from the nearer end to it``
(for a complete team a lower bound on the pips still needed; it does not count
the pawns still to place in setup; cheap enough for thousands of games).
Each bot decides in ``choose(view, seat, legal, draw)`` on the rules' kernel
(:class:`.kernel.View`, actions coded by :func:`.kernel.code`): tournaments call it
on the kernel they play, ``act(obs, legal, rng)`` (a lesson, the engine's loop) on
the kernel of the :class:`~mineedu.games.yukon.rules.YukonView`; it says why it
moved (:meth:`GreedyBot.why`), with the numbers it used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import count, pairwise
from typing import Any

import numpy as np

from mineedu.core import Bot, RandomBot
from mineedu.core.draws import draw_of
from mineedu.core.i18n import format_number
from mineedu.core.memo import remember
from mineedu.core.native import mypyc_attr

from .board import CELLS, CELLS_OF, CENTRE, NEIGHBOURS, RING_DISTANCE, SPACES
from .kernel import CLAIM, KINDS, PLACE, START, View, action_of, code, first_of, kind_of, second_of
from .rules import YukonView, kernel_of_view
from .words import nuggets, pips_words, texts

Key = Callable[[int, int], float]

WHY = texts({
    "claim": {"fr": "prend le gain le plus riche à sa portée : {v}", "en": "takes the richest claim within reach: {v}"},
    "aim": {"fr": "vise le gain n° {c} ({v}), estimé à {d}", "en": "aims at claim no. {c} ({v}), reckoned {d} away"},
    "rate": {"fr": "vise le gain n° {c} : {v} pour {d}, soit {r} par point",
             "en": "aims at claim no. {c}: {v} for {d}, {r} per pip"},
    "shun": {"fr": " ; il laisse le 6 tant que son équipe a plus de {k} pions",
             "en": "; it leaves the 6 alone while its team has more than {k} pawns"},
    "none": {"fr": "plus aucun gain libre à viser", "en": "no free claim left to aim at"},
})


def chain_after(chain: tuple[int, ...], action: Any) -> tuple[int, ...]:
    """The chain a ``start``/``place``/``step`` action leaves (as the rules do, D14/D15)."""
    kind = action[0]
    if kind == "start":
        return (action[1],)
    if kind == "place":
        t = action[1]
        return chain + (t,) if t in NEIGHBOURS[chain[-1]] else (t,) + chain
    tail, to = action[1], action[2]
    if len(chain) == 1:
        return (to,)
    return chain[1:] + (to,) if tail == chain[0] else (to,) + chain[:-1]


def estimates(chain: Sequence[int], free_claims: Sequence[int]) -> dict[int, int]:
    """Per free claim: pawns off its ring + steps from the nearer end of ``chain`` to the ring.

    >>> from .board import RINGS, CENTRE
    >>> estimates(RINGS[CENTRE][:5], [CENTRE])
    {18: 0}
    """
    on: dict[int, int] = {}
    for s in chain:
        for c in CELLS_OF[s]:
            on[c] = on.get(c, 0) + 1
    a, b = chain[0], chain[-1]
    n = len(chain)
    return {c: n - on.get(c, 0) + min(RING_DISTANCE[c][a], RING_DISTANCE[c][b]) for c in free_claims}


_MOST_STEPS = len(RING_DISTANCE[0]) + max(max(r) for r in RING_DISTANCE)  # more than any chain's estimate



Draw = Callable[[int], int]
Head = tuple[int, int, Sequence[int]]
"""The moves of one head in :func:`_pick`: (the pawn that leaves, -1: none; the end that stays; the new ends)."""
N_CLAIMS = len(CELLS)
N_SPACES = len(SPACES)
INF = float("inf")

_ROWS: dict[tuple[tuple[float, ...], ...], int] = {}
"""Interned key rows: one number per (bot key, claim values)."""
_RIDS = count()
_TABS: dict[int, list[list[list[float]]]] = {}
"""Rows id -> per claim, per ``b`` (0 to 12): per space ``row[b + ring distance]``, a claim's term (see _pick)."""
_ORDERS: dict[tuple[int, ...], list[tuple[int, int, list[list[tuple[int, int]]]]]] = {}
"""Claim values -> per value: (value, mask of its claims, per space those claims by ring distance)."""
_DIST: dict[int, list[int]] = {}
"""A set of claims (a bit mask) -> per space the steps to the nearest ring of those claims (-1: not yet known)."""
_GROUPS: dict[tuple[tuple[int, ...], int], list[Group]] = {}
Group = tuple[int, int, list[int], list[list[tuple[int, int]]]]
"""What ``U`` reads of one claim value: its index in ``_orders``, its free claims (a mask), their _DIST list,
and per space the claims of that value by ring distance."""


def _orders(values: tuple[int, ...]) -> list[tuple[int, int, list[list[tuple[int, int]]]]]:
    """Per claim value (see ``_ORDERS``), computed once per set of values."""
    got = _ORDERS.get(values)
    if got is None:
        got = remember(_ORDERS, values, [], 64)
        for v in sorted(set(values)):
            cs = [c for c in range(N_CLAIMS) if values[c] == v]
            got.append((v, sum(1 << c for c in cs),
                        [sorted((RING_DISTANCE[c][x], c) for c in cs) for x in range(N_SPACES)]))
    return got


def _dists(sm: int) -> list[int]:
    """The _DIST list of the claims in ``sm`` (a new one, nothing known yet, if not kept)."""
    dist = _DIST.get(sm)
    if dist is None:
        dist = remember(_DIST, sm, [-1] * N_SPACES, 1 << 12)
    return dist


def _groups(values: tuple[int, ...], free: int) -> list[Group]:
    """Per claim value, its claims among the free ones (the mask ``free``), as ``U`` reads them."""
    key = (values, free)
    got = _GROUPS.get(key)
    if got is None:
        got = []
        for gi, (_, gmask, order) in enumerate(_orders(values)):
            sm = gmask & free
            if sm:
                got.append((gi, sm, _dists(sm), order))
        remember(_GROUPS, key, got, 1 << 12)
    return got


class _Tables:
    """What one greedy bot needs for one set of claim values: its key rows per claim (``rows``) and per
    claim value in ``_orders`` order (``vrows``), and per claim and ``b`` the terms ``row[b + ring distance]``
    per space (``tabs``); ``rows_nc``/``tabs_nc``: the same with the centre's terms +inf, for the turns it
    leaves the centre alone (a term that is never the least); ``monotone``: no row falls as the steps grow."""

    def __init__(self, bot: GreedyBot, values: tuple[int, ...]) -> None:
        self.rows: list[list[float]] = [bot._row(v) for v in values]
        self.monotone = all(a <= b for row in self.rows for a, b in pairwise(row))
        key = tuple(tuple(r) for r in self.rows)
        rid = _ROWS.get(key)
        if rid is None:  # a full table forgets which rows it has seen, and never gives a number again
            rid = remember(_ROWS, key, next(_RIDS), 256)
        self.rid = rid
        tabs = _TABS.get(rid)
        if tabs is None:
            tabs = remember(_TABS, rid, [[[row[b + d] for d in RING_DISTANCE[c]] for b in range(13)]
                                         for c, row in enumerate(self.rows)], 16)
        self.tabs = tabs
        self.rows_nc = list(self.rows)
        self.rows_nc[CENTRE] = [INF] * len(self.rows[CENTRE])
        self.tabs_nc = list(tabs)
        self.tabs_nc[CENTRE] = [[INF] * N_SPACES] * 13
        self.vrows = [bot._row(v) for v, _, _ in _orders(values)]
        self.floors: dict[tuple[int, int], float] = {}

    def floor(self, groups: list[Group], free: int, m: int) -> float:
        """The least ``U`` can be for a chain of ``m`` pawns: the best row at 0 steps away (kept per free claims)."""
        key = (free, m)
        floor = self.floors.get(key)
        if floor is None:
            floor = INF
            for gi, _, _, _ in groups:
                t = self.vrows[gi][m]
                if t < floor:
                    floor = t
            remember(self.floors, key, floor, 1 << 12)
        return floor


def _nearest(dist: list[int], order: list[list[tuple[int, int]]], sm: int, x: int) -> int:
    """The steps from space ``x`` to the nearest ring of the claims in ``sm`` (one value's, by ring
    distance in ``order[x]``), kept in its _DIST list ``dist`` (where -1 said: not known yet)."""
    for d, c in order[x]:
        if sm >> c & 1:
            dist[x] = d
            return d
    raise AssertionError("no claim in the group")  # pragma: no cover - groups hold free claims only


def _pick(rows: list[list[float]], tabs: list[list[list[float]]], vrows: list[list[float]], groups: list[Group],
          floor: float, m: int, heads: Sequence[Head], on: dict[int, int], fco: Sequence[tuple[int, ...]],
          draw: Draw) -> int:
    """The greedy bot's choice among the moves of ``heads``, as an index in their order: the least score
    (``GreedyBot._score`` of the chain after the move), ties by ``draw`` over the best, in order.

    Not every claim is scored for every move: a claim no pawn of the chain stands by scores at least
    ``U``, the best score of a claim of its value as if no pawn stood on any ring (its key rows never
    fall as the steps grow, checked per bot), read only when it can matter; the exact terms of the
    claims the chain touches come from tables made once per bot (``row[b + ring distance]`` per
    space). A bot whose rows may fall, and the rare move among claims it leaves alone, is scored claim
    by claim (:meth:`GreedyBot._score`): the same numbers.

    ``heads`` lists ``(tail, other end, new ends)``: each move makes the chain of ``m`` pawns of the pawns
    counted in ``on`` (per free claim, the pawns on its ring) less the one on ``tail`` (-1: none) plus one
    on a new end, the other end staying; ``fco``: per space its free claims; ``rows``/``tabs``/``vrows``:
    the bot's (see _Tables); ``groups``: per claim value it reckons with, what ``U`` reads; ``floor``: the
    least ``U`` can be."""
    best_i: list[int] = []
    inf, unknown = INF, -INF  # as locals
    best_score = inf
    i = 0
    m1 = m - 1
    last_tail = last_other = -2  # none yet
    kept = on  # the pawns per claim of the chain less the tail's
    items: list[list[float]] = []
    near_other = uo = inf  # per (tail, other end): the best term with the other end, and U(m, other)
    for tail, other, news in heads:
        if tail != last_tail:
            # the exact terms of the claims the rest of the chain touches (k pawns on the ring, 0 for a
            # claim only the tail touched: its exact term too), per space: ``tabs[c][m - k]``; with the
            # other end now, the new end's per move (row[b + min(r, s)] = min(row[b + r], row[b + s]))
            last_tail, last_other = tail, other
            kept = on
            if tail >= 0 and fco[tail]:
                kept = on.copy()
                for c in fco[tail]:
                    kept[c] -= 1
            items = []
            near_other = inf
            uo = unknown  # not known yet
            for c, k in kept.items():
                tab = tabs[c][m - k]
                items.append(tab)
                t = tab[other]
                if t < near_other:
                    near_other = t
        elif other != last_other:  # the same tail, another other end (setup)
            last_other = other
            near_other = inf
            uo = unknown
            for tab in items:
                t = tab[other]
                if t < near_other:
                    near_other = t
        for new in news:
            best = near_other
            for tab in items:
                t = tab[new]
                if t < best:
                    best = t
            for c in fco[new]:  # the rings of the new end: one pawn more, 0 steps away
                t = rows[c][m1 - kept.get(c, 0)]
                if t < best:
                    best = t
            if best > floor:  # the claims no pawn stands by may do better: U(m, other), U(m, new)
                if floor > best_score:  # not as good as the best move, whatever U is
                    i += 1
                    continue
                if uo == unknown:
                    uo = inf
                    for gi, sm, dist, order in groups:
                        d = dist[other]
                        if d < 0:  # not known yet (see _DIST)
                            d = _nearest(dist, order, sm, other)
                        t = vrows[gi][m + d]
                        if t < uo:
                            uo = t
                if uo < best:
                    best = uo
                for gi, sm, dist, order in groups:
                    d = dist[new]
                    if d < 0:
                        d = _nearest(dist, order, sm, new)
                    t = vrows[gi][m + d]
                    if t < best:
                        best = t
            if best < best_score:
                best_i, best_score = [i], best
            elif best == best_score:
                best_i.append(i)
            i += 1
    return best_i[draw(len(best_i))]


@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyBot:  # no BaseBot base: mypyc compiles a class natively only if its bases are compiled
    """Takes the best legal claim, else the pip that scores best under ``key(value, steps)`` (lower is better)."""

    def __init__(self, name: str, key: Key, centre_team: int | None = None) -> None:
        self.name = name
        self.key = key
        self.centre_team = centre_team  # None: the centre is a claim like any other
        self._rows: dict[int, list[float]] = {}  # per claim value: key(value, steps) for every steps
        self._tabled: dict[tuple[int, ...], _Tables] = {}  # per set of claim values: the search's tables

    def _row(self, value: int) -> list[float]:
        """``key(value, steps)`` for steps 0 .. (every space + the longest ring distance), computed once
        per value (``key`` is a function of its two numbers: the bot may keep it from game to game)."""
        row = self._rows.get(value)
        if row is None:
            row = self._rows[value] = [self.key(value, d) for d in range(_MOST_STEPS + 1)]
        return row

    def _score(self, chain: tuple[int, ...], claims: Sequence[tuple[int, tuple[int, ...], list[float]]]) -> float:
        """``min(key(value, steps))`` over ``claims`` = (claim, its ring distances, its row of keys), the steps
        as :func:`estimates` reckons them for ``chain`` (the same numbers, without building its dictionary)."""
        on: dict[int, int] = {}
        for s in chain:
            for c in CELLS_OF[s]:
                on[c] = on.get(c, 0) + 1
        a, b, n = chain[0], chain[-1], len(chain)
        get = on.get
        score = 0.0  # no free claim
        for i, (c, ring, row) in enumerate(claims):
            ra, rb = ring[a], ring[b]
            k = row[n - get(c, 0) + (ra if ra < rb else rb)]
            if i == 0 or k < score:
                score = k
        return score

    def _shuns_centre(self, obs: YukonView) -> bool:
        return self.centre_team is not None and len(obs.chains[obs.turn]) > self.centre_team

    def _free(self, obs: YukonView) -> list[int]:
        shun = self._shuns_centre(obs)
        return [c for c, o in enumerate(obs.owners) if o < 0 and not (shun and c == CENTRE)]

    def _tables(self, values: tuple[int, ...]) -> _Tables:
        got = self._tabled.get(values)
        if got is None:
            got = remember(self._tabled, values, _Tables(self, values), 16)
        return got

    def act(self, obs: YukonView, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        codes = [code(KINDS.index(a[0]), a[1], a[2] if len(a) == 3 else 0) for a in legal]
        return legal[self.choose(kernel_of_view(obs), obs.turn, codes, draw_of(rng))]

    def choose(self, view: View, seat: int, legal: list[int], draw: Draw) -> int:
        """The index in ``legal`` (codes) of the move: the most valuable claim (the first such), else the move
        of least score, ties by ``draw`` over the best in legal order."""
        values = view.t.values
        chain = view.chains[seat]
        n = len(chain)
        shun = self.centre_team is not None and n > self.centre_team
        take = -1
        for i, a in enumerate(legal):
            if (kind_of(a) == CLAIM and not (shun and first_of(a) == CENTRE)
                    and (take < 0 or values[first_of(a)] > values[first_of(legal[take])])):
                take = i
        if take >= 0:
            return take
        moves = sum(1 for a in legal if kind_of(a) != CLAIM)
        tables = self._tables(values)
        if not moves or not tables.monotone:  # claim by claim, as scored
            return self._scored(view, seat, legal, moves, draw)
        free = view.free & ~(1 << CENTRE) if shun else view.free
        groups = _groups(values, free)
        if not groups:  # no claim to reckon with: every move scores 0.0
            return draw(moves)
        kind = kind_of(legal[0])
        heads: list[tuple[int, int, list[int]]] = []
        if kind == START:
            heads = [(-1, first_of(a), [first_of(a)]) for a in legal]
            m = 1
        elif kind == PLACE:
            a0, b0 = chain[0], chain[-1]
            heads = [(-1, a0 if first_of(a) in NEIGHBOURS[b0] else b0, [first_of(a)]) for a in legal]
            m = n + 1
        else:
            m = n
            for a in legal[:moves]:
                tail, to = first_of(a), second_of(a)
                if n == 1:
                    heads.append((tail, to, [to]))
                elif heads and heads[-1][0] == tail:
                    heads[-1][2].append(to)
                else:
                    heads.append((tail, chain[-2] if tail == chain[-1] else chain[1], [to]))
        rows, tabs = (tables.rows_nc, tables.tabs_nc) if shun else (tables.rows, tables.tabs)
        return _pick(rows, tabs, tables.vrows, groups, tables.floor(groups, free, m), m, heads,
                     view.ons[seat] if n else {}, view.fco, draw)

    def _scored(self, view: View, seat: int, legal: list[int], moves: int, draw: Draw) -> int:
        """:meth:`choose` scoring each move claim by claim (:meth:`_score` of the chain it leaves)."""
        values = view.t.values
        chain = tuple(view.chains[seat])
        shun = self.centre_team is not None and len(chain) > self.centre_team
        free = [c for c, o in enumerate(view.owners) if o < 0 and not (shun and c == CENTRE)]
        rows = [(c, RING_DISTANCE[c], self._row(values[c])) for c in free]
        best: list[int] = []
        best_score = float("inf")
        for i, a in enumerate(legal):
            if moves and kind_of(a) == CLAIM:
                continue
            score = self._score(chain_after(chain, action_of(a)), rows)
            if score < best_score:
                best, best_score = [i], score
            elif score == best_score:
                best.append(i)
        return best[draw(len(best))]

    def target(self, obs: YukonView, action: Any) -> tuple[int, int] | None:
        """The claim a move heads for and the estimated steps to it (``None``: no free claim)."""
        values = obs.config.values
        est = estimates(chain_after(obs.chains[obs.turn], action), self._free(obs))
        if not est:
            return None
        key = self.key
        worth = {k: key(values[k], e) for k, e in est.items()}
        c = min(worth, key=worth.__getitem__)  # the first best, as min() takes it
        return c, est[c]

    def why(self, obs: YukonView, action: Any, lang: str) -> str | None:
        values = obs.config.values
        if action[0] == "claim":
            return WHY("claim", lang, v=nuggets(values[action[1]], lang))
        aim = self.target(obs, action)
        if aim is None:
            return WHY("none", lang)
        c, steps = aim
        need = steps + 1  # and one pip to stake the claim (D16)
        if self.centre_team is None:
            text = WHY("aim", lang, c=c, v=nuggets(values[c], lang), d=pips_words(need, lang))
        else:
            estimated = f"an estimated {pips_words(need, lang)}" if lang == "en" else (
                f"{pips_words(need, lang)} {'estimé' if need < 2 else 'estimés'}")
            text = WHY("rate", lang, c=c, v=nuggets(values[c], lang), d=estimated,
                       r=format_number(values[c] / need, lang, 2))
        if self._shuns_centre(obs) and obs.owners[CENTRE] < 0:
            text += WHY("shun", lang, k=self.centre_team)
        return text


def nearest_claim_bot(arg: str | None = None) -> GreedyBot:
    """Closest free ring first; among equals, the more valuable."""
    return GreedyBot("nearest-claim", lambda value, steps: steps - value / 100)


def value_per_distance_bot(arg: str | None = None) -> GreedyBot:
    """Most nuggets per pip still needed (steps + 1 pip for the claim); the centre only with <= ``arg`` pawns left."""
    k = int(arg) if arg else 2
    if k < 0:
        raise ValueError("the team size for the centre must be >= 0")
    return GreedyBot("value-per-distance", lambda value, steps: -value / (steps + 1), centre_team=k)


def random_bot(arg: str | None = None) -> Bot:
    return RandomBot()


BOTS: Mapping[str, Callable[[str | None], Bot]] = {
    "random": random_bot,
    "nearest-claim": nearest_claim_bot,
    "value-per-distance": value_per_distance_bot,
}
