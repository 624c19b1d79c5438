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
A greedy bot decides in ``decide(view, seat, draw)`` on the rules' kernel
(:class:`.kernel.View`), the code of its move (:func:`.kernel.code`): tournaments
call it on the kernel they play; ``choose(view, seat, legal, draw)`` finds that
move in ``legal``, and ``act(obs, legal, rng)`` (a lesson, the engine's loop) asks
``choose`` on the kernel of the :class:`~mineedu.games.yukon.rules.YukonView`; it
says why it moved (:meth:`GreedyBot.why`), with the numbers it used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import numpy as np

from mineedu.core import Bot, RandomBot, Texts
from mineedu.core.draws import draw_of
from mineedu.core.i18n import format_number
from mineedu.core.memo import remember
from mineedu.core.native import mypyc_attr

from .board import CELLS, CELLS_OF, CENTRE, NEIGHBOURS, RING_DISTANCE, SPACES
from .kernel import CLAIM, NEXT, PLACE, START, STEP, View, action_of, code, kind_of
from .rules import YukonView, kernel_of_view
from .words import count

Key = Callable[[int, int], float]

WHY = Texts({
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


_MOST_STEPS: Final = len(RING_DISTANCE[0]) + max(max(r) for r in RING_DISTANCE)  # more than any chain's estimate
_TERMS: Final = 13
"""``b`` in ``row[b + ring distance]`` (a claim's term, see :meth:`_Tables.pick`): 0 to 12 pawns off the ring."""

Draw = Callable[[int], int]
N_CLAIMS: Final = len(CELLS)
N_SPACES: Final = len(SPACES)
INF: Final = float("inf")
DIST: Final[tuple[tuple[int, ...], ...]] = RING_DISTANCE

_ORDERS: dict[tuple[int, ...], list[tuple[int, int, list[list[tuple[int, int]]]]]] = {}
"""Claim values -> per value: (value, mask of its claims, per space those claims by ring distance)."""
_DIST: dict[int, list[int]] = {}
"""A set of claims (a bit mask) -> per space the steps to the nearest ring of those claims (-1: not yet known)."""
_TABLES: dict[tuple[Key, tuple[int, ...]], _Tables] = {}
"""(a greedy bot's key, claim values) -> the search's tables (bots of the same key share them)."""


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


def key_row(key: Key, value: int) -> list[float]:
    """``key(value, steps)`` for steps 0 .. (every space + the longest ring distance)."""
    return [key(value, d) for d in range(_MOST_STEPS + 1)]


class _Group:
    """The free claims of one value, as the search's ``U`` reads them: the bot's row of keys for that value,
    the claims (a mask), their _DIST list, and per space the claims of that value by ring distance."""

    def __init__(self, row: list[float], sm: int, dist: list[int], order: list[list[tuple[int, int]]]) -> None:
        self.row = row
        self.sm = sm
        self.dist = dist
        self.order = order

    def nearest(self, x: int) -> int:
        """The steps from space ``x`` to the nearest ring of the group's claims, kept in its _DIST list."""
        d = self.dist[x]
        if d >= 0:
            return d
        sm = self.sm
        for d, c in self.order[x]:
            if sm >> c & 1:
                self.dist[x] = d
                return d
        raise AssertionError("no claim in the group")  # pragma: no cover - groups hold free claims only


class _Free:
    """What the search reads of one set of free claims: its groups (per claim value with a free claim), and
    per chain of ``m`` pawns the least ``U`` can be, ``floors[m]`` (the best row at 0 steps away)."""

    def __init__(self, groups: list[_Group]) -> None:
        self.groups = groups
        floors = []
        for m in range(_TERMS):
            floor = INF
            for g in groups:
                t = g.row[m]
                if t < floor:
                    floor = t
            floors.append(floor)
        self.floors = floors


class _Tables:
    """What a greedy bot's search needs for one key and one set of claim values: the key rows per claim
    (``rows``) and per claim value in ``_orders`` order (``vrows``), and per claim and ``b`` the terms
    ``row[b + ring distance]`` per space (``tabs``); ``rows_nc``/``tabs_nc``: the same with the centre's
    terms +inf, for the turns it leaves the centre alone (a term that is never the least); ``monotone``:
    no row falls as the steps grow; per set of free claims (a mask) what ``U`` reads (:meth:`free_of`)."""

    def __init__(self, key: Key, values: tuple[int, ...]) -> None:
        self.values = values
        by_value: dict[int, list[float]] = {}
        for v in values:
            if v not in by_value:
                by_value[v] = key_row(key, v)
        self.rows: list[list[float]] = [by_value[v] for v in values]
        monotone = True
        for row in by_value.values():
            for d in range(1, len(row)):
                if not row[d - 1] <= row[d]:
                    monotone = False
        self.monotone = monotone
        self.tabs: list[list[list[float]]] = [[[row[b + d] for d in DIST[c]] for b in range(_TERMS)]
                                              for c, row in enumerate(self.rows)]
        self.rows_nc = list(self.rows)
        self.rows_nc[CENTRE] = [INF] * len(self.rows[CENTRE])
        self.tabs_nc = list(self.tabs)
        self.tabs_nc[CENTRE] = [[INF] * N_SPACES] * _TERMS
        self.orders = _orders(values)
        self.vrows = [by_value[v] for v, _, _ in self.orders]
        self.frees: dict[int, _Free] = {}

    def free_of(self, free: int) -> _Free:
        """Per claim value with a claim in the mask ``free``, what ``U`` reads (kept per mask)."""
        got = self.frees.get(free)
        if got is None:
            groups: list[_Group] = []
            for gi, (_, gmask, order) in enumerate(self.orders):
                sm = gmask & free
                if sm:
                    groups.append(_Group(self.vrows[gi], sm, _dists(sm), order))
            got = remember(self.frees, free, _Free(groups), 1 << 12)
        return got

    def pick(self, shun: bool, fr: _Free, m: int, tails: list[int], others: list[int], news: list[int],
             on: dict[int, int], fco: list[tuple[int, ...]], draw: Draw) -> int:
        """The greedy bot's choice among moves ``i``, as an index in their order: the least score
        (``GreedyBot._score`` of the chain after the move), ties by ``draw`` over the best, in order.

        Move ``i`` makes the chain of ``m`` pawns of the pawns counted in ``on`` (per free claim, the
        pawns on its ring) less the one on ``tails[i]`` (-1: none) plus one on ``news[i]``, its other end
        on ``others[i]`` (moves of the same tail and other end come together); ``fco``: per space its free
        claims; ``shun``: the centre left alone; ``fr``: what ``U`` reads of the claims reckoned with.

        Not every claim is scored for every move: a claim no pawn of the chain stands by scores at least
        ``U``, the best score of a claim of its value as if no pawn stood on any ring (the key rows never
        fall as the steps grow), read only when it can matter; the exact terms of the claims the chain
        touches come from the tables (``row[b + ring distance]`` per space). A bot whose rows may fall,
        and the rare move among claims it leaves alone, is scored claim by claim
        (:meth:`GreedyBot._scored`): the same numbers."""
        rows = self.rows_nc if shun else self.rows
        tabs = self.tabs_nc if shun else self.tabs
        groups = fr.groups
        floor = fr.floors[m]
        best_i: list[int] = []
        best_score = INF
        m1 = m - 1
        last_tail = last_other = -2  # none yet
        tm = 0  # the tail's free claims, a bit each
        items: list[list[float]] = []
        near_other = uo = INF  # per (tail, other end): the best term with the other end, and U(m, other)
        uo_known = False
        for i in range(len(news)):
            tail, other, new = tails[i], others[i], news[i]
            if tail != last_tail:
                # the exact terms of the claims the rest of the chain touches (k pawns on the ring, 0 for a
                # claim only the tail touched: its exact term too), per space: ``tabs[c][m - k]``; with the
                # other end now, the new end's per move (row[b + min(r, s)] = min(row[b + r], row[b + s]))
                last_tail, last_other = tail, other
                tm = 0
                if tail >= 0:
                    for c in fco[tail]:
                        tm |= 1 << c
                items = []
                near_other = INF
                uo_known = False
                for c, k in on.items():
                    tab = tabs[c][m - k + (tm >> c & 1)]
                    items.append(tab)
                    t = tab[other]
                    if t < near_other:
                        near_other = t
            elif other != last_other:  # the same tail, another other end (setup)
                last_other = other
                near_other = INF
                uo_known = False
                for tab in items:
                    t = tab[other]
                    if t < near_other:
                        near_other = t
            best = near_other
            for tab in items:
                t = tab[new]
                if t < best:
                    best = t
            for c in fco[new]:  # the rings of the new end: one pawn more, 0 steps away
                t = rows[c][m1 - on.get(c, 0) + (tm >> c & 1)]
                if t < best:
                    best = t
            if best > floor:  # the claims no pawn stands by may do better: U(m, other), U(m, new)
                if floor > best_score:  # not as good as the best move, whatever U is
                    continue
                if not uo_known:
                    uo_known = True
                    uo = INF
                    for g in groups:
                        t = g.row[m + g.nearest(other)]
                        if t < uo:
                            uo = t
                if uo < best:
                    best = uo
                for g in groups:
                    t = g.row[m + g.nearest(new)]
                    if t < best:
                        best = t
            if best < best_score:
                best_i = [i]
                best_score = best
            elif best == best_score:
                best_i.append(i)
        return best_i[draw(len(best_i))]


def tables_of(key: Key, values: tuple[int, ...]) -> _Tables:
    """The search's tables of ``key`` and ``values`` (made once, kept for every bot of that key)."""
    got = _TABLES.get((key, values))
    if got is None:
        got = remember(_TABLES, (key, values), _Tables(key, values), 16)
    return got


def _closest(value: int, steps: int) -> float:
    """nearest-claim's key: the steps, among equals the more valuable claim."""
    return steps - value / 100


def _richest(value: int, steps: int) -> float:
    """value-per-distance's key: nuggets per pip still needed (the steps and 1 pip for the claim), negated."""
    return -value / (steps + 1)


NEVER: Final = 1 << 30
"""A team size above any: a bot that never leaves the centre alone leaves it while its team is larger."""


@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyBot:  # no BaseBot base: mypyc compiles a class natively only if its bases are compiled
    """Takes the best legal claim, else the pip that scores best under ``key(value, steps)`` (lower is better)."""

    def __init__(self, name: str, key: Key, centre_team: int | None = None) -> None:
        self.name = name
        self.key = key
        self.centre_team = centre_team  # None: the centre is a claim like any other
        self._team = NEVER if centre_team is None else centre_team  # it leaves the centre alone above this team
        self._values: tuple[int, ...] = ()
        self._tables: _Tables | None = None

    def tables(self, values: tuple[int, ...]) -> _Tables:
        """The search's tables for these claim values (the last ones asked for kept at hand)."""
        tables = self._tables
        if tables is None or values is not self._values:
            tables = self._tables = tables_of(self.key, values)
            self._values = values
        return tables

    def _score(self, chain: tuple[int, ...], free: list[int], rows: list[list[float]]) -> float:
        """``min(key(value, steps))`` over the ``free`` claims (``rows``: per claim its row of keys), the steps
        as :func:`estimates` reckons them for ``chain``; 0.0 with no free claim."""
        est = estimates(chain, free)
        return min([rows[c][est[c]] for c in free], default=0.0)

    def _free(self, owners: Sequence[int], team: int) -> list[int]:
        """The free claims it reckons with, a team of ``team`` pawns (the centre left alone while that is larger
        than ``centre_team``)."""
        return [c for c, o in enumerate(owners) if o < 0 and not (team > self._team and c == CENTRE)]

    def act(self, obs: YukonView, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        codes = [code(a) for a in legal]
        return legal[self.choose(kernel_of_view(obs), obs.turn, codes, draw_of(rng))]

    def choose(self, view: View, seat: int, legal: list[int], draw: Draw) -> int:
        """The index in ``legal`` (codes) of the move :meth:`decide` makes."""
        return legal.index(self.decide(view, seat, draw))

    def decide(self, view: View, seat: int, draw: Draw) -> int:
        """The code of the move: the most valuable claim (the first such in legal order), else the move of
        least score, ties by ``draw`` over the best in legal order."""
        chain = view.chains[seat]
        n = len(chain)
        shun = n > self._team
        tables = self.tables(view.t.values)
        on: dict[int, int] = {}
        tails: list[int] = []
        others: list[int] = []
        if n == 0:  # a start space
            kind, m = START, 1
            news = view.starts()
            for s in news:
                tails.append(-1)
                others.append(s)
        elif view.in_setup(seat):
            kind, m = PLACE, n + 1
            news = view.places(seat)
            a, b = chain[0], chain[-1]
            nb = NEXT[b]
            for s in news:
                tails.append(-1)
                others.append(a if s in nb else b)  # placed next to end 1, end 0 stays the other end
            on = view.ons[seat]
        else:
            kind, m = STEP, n
            on = view.ons[seat]
            values = tables.values
            a, b = chain[0], chain[-1]
            take = -1
            for c in view.fco[a]:  # the claims the whole chain rings (sorted), the first most valuable
                if on[c] == n and not (shun and c == CENTRE) and (take < 0 or values[c] > values[take]):
                    take = c
            if take >= 0:
                return CLAIM << 16 | take << 8 | (a if a < b else b)
            s0, s1 = view.ahead(seat)
            if n == 1:
                news = s1
                for s in s1:
                    tails.append(a)
                    others.append(s)
            else:
                news = s0 + s1
                for _ in s0:  # end 0 leads: the pawn of end 1 jumps ahead of it
                    tails.append(b)
                    others.append(chain[-2])
                for _ in s1:
                    tails.append(a)
                    others.append(chain[1])
        moves = len(news)
        if moves == 1:  # a tie of one
            i = draw(1)
        elif not moves or not tables.monotone:  # claim by claim, as scored
            legal = view.legal()
            return legal[self._scored(view, seat, legal, moves, draw)]
        else:
            fr = tables.free_of(view.free & ~(1 << CENTRE) if shun else view.free)
            if not fr.groups:  # no claim to reckon with: every move scores 0.0
                i = draw(moves)
            else:
                i = tables.pick(shun, fr, m, tails, others, news, on, view.fco, draw)
        if kind == STEP:
            return STEP << 16 | tails[i] << 8 | news[i]
        return kind << 16 | news[i] << 8

    def _scored(self, view: View, seat: int, legal: list[int], moves: int, draw: Draw) -> int:
        """:meth:`decide`'s move, scoring each claim by claim (:meth:`_score` of the chain it leaves), as an
        index in ``legal``: its ``moves`` first are no claims (none: the claims are scored)."""
        tables = self.tables(view.t.values)
        chain = tuple(view.chains[seat])
        free = self._free(view.owners, len(chain))
        best: list[int] = []
        best_score = INF
        for i, a in enumerate(legal):
            if moves and kind_of(a) == CLAIM:
                continue
            score = self._score(chain_after(chain, action_of(a)), free, tables.rows)
            if score < best_score:
                best, best_score = [i], score
            elif score == best_score:
                best.append(i)
        return best[draw(len(best))]

    def target(self, obs: YukonView, action: Any) -> tuple[int, int] | None:
        """The claim a move heads for and the estimated steps to it (``None``: no free claim)."""
        values = obs.config.values
        est = estimates(chain_after(obs.chains[obs.turn], action), self._free(obs.owners, len(obs.chains[obs.turn])))
        if not est:
            return None
        key = self.key
        worth = {k: key(values[k], e) for k, e in est.items()}
        c = min(worth, key=worth.__getitem__)  # the first best, as min() takes it
        return c, est[c]

    def why(self, obs: YukonView, action: Any, lang: str) -> str | None:
        values = obs.config.values
        if action[0] == "claim":
            return WHY("claim", lang, v=count(values[action[1]], "nugget", lang))
        aim = self.target(obs, action)
        if aim is None:
            return WHY("none", lang)
        c, steps = aim
        need = steps + 1  # and one pip to stake the claim (D16)
        if self.centre_team is None:
            text = WHY("aim", lang, c=c, v=count(values[c], "nugget", lang), d=count(need, "pip", lang))
        else:
            estimated = f"an estimated {count(need, 'pip', lang)}" if lang == "en" else (
                f"{count(need, 'pip', lang)} {'estimé' if need < 2 else 'estimés'}")
            text = WHY("rate", lang, c=c, v=count(values[c], "nugget", lang), d=estimated,
                       r=format_number(values[c] / need, lang, 2))
        if len(obs.chains[obs.turn]) > self._team and obs.owners[CENTRE] < 0:
            text += WHY("shun", lang, k=self.centre_team)
        return text


def nearest_claim_bot(arg: str | None = None) -> GreedyBot:
    """Closest free ring first; among equals, the more valuable."""
    return GreedyBot("nearest-claim", _closest)


def value_per_distance_bot(arg: str | None = None) -> GreedyBot:
    """Most nuggets per pip still needed (steps + 1 pip for the claim); the centre only with <= ``arg`` pawns left."""
    k = int(arg) if arg else 2
    if k < 0:
        raise ValueError("the team size for the centre must be >= 0")
    return GreedyBot("value-per-distance", _richest, centre_team=k)


BOTS: Mapping[str, Callable[[str | None], Bot]] = {
    "random": lambda arg: RandomBot(),
    "nearest-claim": nearest_claim_bot,
    "value-per-distance": value_per_distance_bot,
}
