"""Gold am Yukon's own playout for tournaments (``Hooks.fast_playout``): the same games, quicker.

:func:`fast_playout` returns a function that plays one whole game from
``game.initial_state()`` with the bots of the given specs, and gives the very
final :class:`~mineedu.games.yukon.rules.YukonState` (every field equal) that
:func:`mineedu.core.playout` gives, after the very same draws from the
generator. ``tests/yukon/test_fast.py`` holds it to the engine
(``tests/fast_check.py``); the rules stay the source of truth.

How it mirrors the engine. One game is plain mutable Python: per player a list
(the chain, end 0 first) and its claim counts ``on`` (free claim -> pawns of the
chain on its ring, what :func:`~mineedu.games.yukon.bots.estimates` counts), an
occupancy list of the spaces, per space its free claims, and the claims' owners.
The parts, in the order :func:`mineedu.core.play.play` meets them:

* the start spaces: ``YukonState.legal_actions`` with an empty chain (the free
  start spaces in sorted order), then ``_apply("start")`` and ``_begin(0, 0)``;
* a throw: ``sample_outcome`` over ``chance_outcomes`` (``sides`` faces of
  ``1/sides`` each: one ``rng.integers(sides)``, face = draw + 1), then
  ``_apply`` on a throw (``reroll`` throws again below ``max_rolls`` throws);
* setup (``in_setup``): the legal ``place`` actions (free neighbours of both ends,
  sorted), ``_apply("place")`` (appended when next to end 1, else prepended),
  and ``_settle``: no pip or no place left ends the turn, the last pawn placed
  ends it at once;
* moving: ``_steps`` (per head, end 0 first while no head is chosen, the free
  neighbours of the head pawn in ``NEIGHBOURS`` order) then ``_claims`` (the free
  claims whose ring holds the whole chain, sorted, times the sorted end pawns),
  ``_apply("step")`` and ``_apply("claim")`` (the centre's taker leaves play if
  ``centre_leaves``), and ``_settle`` (a blocked head turns back once);
* ``_pass_turn``, ``_over`` and ``_begin``: the next player in play, the round
  count and its limit, and the final state with ``done`` as ``evolve`` leaves it.

The bots, inlined (:mod:`mineedu.games.yukon.bots`):

* ``random`` (:class:`~mineedu.core.RandomBot`): one ``rng.integers(len(legal))``;
  the legal actions are counted and the drawn one found, never listed;
* ``nearest-claim`` and ``value-per-distance[:k]``
  (:meth:`~mineedu.games.yukon.bots.GreedyBot.act`, in :func:`_pick`): the most
  valuable legal claim (the first in legal order), else the lowest ``_score``
  among the legal moves, ties broken by ``rng.integers(len(best))`` in legal
  order. The keys are the bot's own rows (``GreedyBot._row``: its
  ``key(value, steps)``, floats compared as the bot compares them).
  ``_score(chain')`` is ``min`` over the bot's free claims of
  ``row[n - on(c) + min(dist_c(end a), dist_c(end b))]``. Every row is
  non-decreasing in ``steps`` (checked when the playout is built, else it is
  refused), so that minimum is the minimum of parts that are each a term of the
  bot's own or above one: the exact terms of the few claims the new chain
  touches, and ``U(n, a)``, ``U(n, b)``, the best claim as if no pawn stood on
  any ring (``min`` over the claims' values ``v`` of ``row_v[n + steps to the
  nearest ring of value v]``, those steps memoized per set of claims in a
  bounded module-level dict). ``U`` is read only when it can matter: it is at
  least the best row at 0 steps (:func:`_floor`), so a move whose touched claims
  already score that low, or a move that cannot reach the best move so far,
  needs no ``U``.

  Where the time goes, and what keeps it low: the terms of a claim per space are
  tables made once per bot (``_Greedy.tabs``: ``row[b + ring distance]``), and
  for the turns it leaves the centre alone the centre's terms are +inf (a term
  that is never the least) rather than a test per term; what ``U`` reads is
  kept per game for every bot at once (``free``: per claim value its free
  claims, both with and without the centre), changed by a claim only
  (:func:`_claimed`), and its floor per (bot, team size) while the values stay;
  the free neighbours of the head that ``_settle`` lists are the next pip's
  steps; explicit loops rather than list comprehensions in the hot paths (a
  comprehension is a function call in Python 3.11).
  The one case a greedy bot reads a claim as a move (only centre claims legal
  while it leaves the centre alone: it scores ``chain_after`` of a claim) is
  handed to the bot itself, with the real view and legal actions.

The numbers: every ``int(rng.integers(n))`` the engine and its bots make, in the
same order with the same ``n`` (``integers(1)`` for a single legal move or a tie
of one included), by :func:`mineedu.core.draws.integer_draws` (numpy's own
numbers without a numpy call per draw; the generator set at the end as numpy's
calls would have left it).

Supported: every config :class:`~mineedu.games.yukon.rules.YukonConfig` accepts
(claim values, pawns, the die, ``reroll``, ``max_rolls``, ``centre_leaves``,
``max_rounds``), 3 to 6 players, any seating of the bots in ``BOTS`` with their
arguments. Refused (``None``, the engine plays): a seat without a bot spec, a
spec that does not make a bot, a bot of another class, or a greedy bot whose key
rows are not non-decreasing in ``steps``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, count, pairwise

import numpy as np

from mineedu.core import Game, RandomBot
from mineedu.core.draws import Draw, integer_draws
from mineedu.core.memo import remember
from mineedu.core.play import seated_bots

from .board import CELLS, CELLS_OF, CENTRE, NEIGHBOURS, RING_DISTANCE, RINGS, SPACES, STARTS
from .bots import GreedyBot
from .rules import NO_OWNER, YukonGame, YukonState, YukonView

Run = Callable[[np.random.Generator], YukonState]
Head = tuple[int, int, Sequence[int]]  # (tail, other end, new ends): moves of one head, see _pick

N_CLAIMS = len(CELLS)
N_SPACES = len(SPACES)
SORTED_STARTS: tuple[int, ...] = tuple(sorted(STARTS))
CLAIMS_OF: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(cs)) for cs in CELLS_OF)
"""Per space: the claims whose ring holds it, sorted (``on_ring`` lists claims sorted)."""
INF = float("inf")
DROP: dict[tuple[int, ...], dict[int, tuple[int, ...]]] = {
    cs: {c: tuple(x for x in cs if x != c) for c in cs}
    for claims in CLAIMS_OF for k in range(1, len(claims) + 1) for cs in combinations(claims, k)}
"""The free claims of a space -> per claim among them: the others (as ``fco`` keeps them, sorted)."""

_ROWS: dict[tuple[tuple[float, ...], ...], int] = {}
"""Interned key rows: one number per (bot key, claim values)."""
_RIDS = count()
_TABS: dict[int, list[list[list[float]]]] = {}
"""Rows id -> per claim, per ``b`` (0 to 12): per space ``row[b + ring distance]``, a claim's term (see _pick)."""
_TABS_MAX = 16  # about 1 MB each
_ORDERS: dict[tuple[int, ...], list[tuple[int, int, list[list[tuple[int, int]]]]]] = {}
"""Claim values -> per value: (value, mask of its claims, per space those claims by ring distance)."""
_DIST: dict[int, list[int]] = {}
"""A set of claims (a bit mask) -> per space the steps to the nearest ring of those claims (-1: not yet known)."""
_DIST_MAX = 1 << 12  # lists of 228 numbers
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
        dist = remember(_DIST, sm, [-1] * N_SPACES, _DIST_MAX)
    return dist


class _Greedy:
    """What one greedy seat needs: the bot (for the rare move it plays itself), its key rows per claim
    (``rows``) and per claim value in ``_orders`` order (``vrows``), and per claim and ``b`` the terms
    ``row[b + ring distance]`` per space (``tabs``); ``rows_nc``/``tabs_nc``: the same with the centre's
    terms +inf, for the turns it leaves the centre alone (a term that is never the least)."""

    def __init__(self, bot: GreedyBot, values: tuple[int, ...]) -> None:
        self.bot = bot
        self.centre_team = bot.centre_team
        self.rows: list[list[float]] = [bot._row(v) for v in values]
        key = tuple(tuple(r) for r in self.rows)
        rid = _ROWS.get(key)
        if rid is None:  # a full table forgets which rows it has seen, and never gives a number again
            rid = remember(_ROWS, key, next(_RIDS), 256)
        self.rid = rid
        tabs = _TABS.get(rid)
        if tabs is None:
            tabs = remember(_TABS, rid, [[[row[b + d] for d in RING_DISTANCE[c]] for b in range(13)]
                                         for c, row in enumerate(self.rows)], _TABS_MAX)
        self.tabs = tabs
        self.rows_nc = list(self.rows)
        self.rows_nc[CENTRE] = [INF] * len(self.rows[CENTRE])
        self.tabs_nc = list(tabs)
        self.tabs_nc[CENTRE] = [[INF] * N_SPACES] * 13
        self.orders = _orders(values)
        self.vrows = [bot._row(v) for v, _, _ in self.orders]


def _groups(values: tuple[int, ...], shun: bool) -> list[Group]:
    """At the start of a game: per claim value, its claims (without the centre if ``shun``), as ``U`` reads them."""
    groups = []
    for gi, (_, gmask, order) in enumerate(_orders(values)):
        sm = gmask & ~(1 << CENTRE) if shun else gmask
        if sm:
            groups.append((gi, sm, _dists(sm), order))
    return groups


def _claimed(free: tuple[list[Group], list[Group]], floors: tuple[dict[int, float], dict[int, float]],
             claim: int) -> None:
    """``claim`` is taken: it leaves its value's group, both ways (the group goes with its last claim, and
    the floors of that way with it)."""
    was, now = 0, 0
    dist: list[int] = []
    for groups, kept in zip(free, floors):
        for j, (gi, sm, _, order) in enumerate(groups):
            if sm >> claim & 1:
                if sm != was:  # not the same claims as the other way: not the centre's value
                    was, now = sm, sm & ~(1 << claim)
                    dist = _dists(now) if now else dist
                if now:
                    groups[j] = (gi, now, dist, order)
                else:
                    del groups[j]
                    kept.clear()
                break


def _floor(floors: dict[int, float], g: _Greedy, groups: list[Group], m: int) -> float:
    """The least ``U`` can be for ``g``'s bot and a chain of ``m`` pawns: the best row at 0 steps away,
    kept in ``floors`` per (rows, m) while the groups stay."""
    key = g.rid * 16 + m
    floor = floors.get(key)
    if floor is None:
        floor = INF
        for gi, _, _, _ in groups:
            t = g.vrows[gi][m]
            if t < floor:
                floor = t
        floors[key] = floor
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
          floor: float, m: int, heads: Sequence[Head], on: dict[int, int], fco: list[tuple[int, ...]], draw: Draw) -> int:
    """The greedy bot's choice among the moves of ``heads`` (``GreedyBot.act`` when it takes no claim), as an
    index in legal order. ``heads`` lists ``(tail, other end, new ends)``: each move makes the chain of
    ``m`` pawns of the pawns counted in ``on`` (per free claim, the pawns on its ring) less the one on
    ``tail`` (-1: none) plus one on a new end, the other end staying; ``fco``: per space its free claims;
    ``rows``/``tabs``/``vrows``: the bot's (see _Greedy); ``groups``: per claim value it reckons with (not
    none), what ``U`` reads; ``floor``: the least ``U`` can be (_floor). Ties: ``rng.integers`` over the
    best, in legal order."""
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


def _monotone(bot: GreedyBot, values: Sequence[int]) -> bool:
    """Whether the bot's key rows never fall as the steps grow (what ``U`` and its floor rely on)."""
    rows = [bot._row(v) for v in set(values)]
    return all(a <= b for row in rows for a, b in pairwise(row))


def fast_playout(game: Game, seats: tuple[str | None, ...]) -> Run | None:
    """The playout of ``game`` with the bots of ``seats`` (one spec per seat), or ``None`` if not handled."""
    if type(game) is not YukonGame:
        return None
    seated = seated_bots(game, seats)
    if seated is None:
        return None
    values = game.config.values
    policies: list[_Greedy | None] = []
    for bot in seated:
        if type(bot) is RandomBot:
            policies.append(None)
        elif type(bot) is GreedyBot and _monotone(bot, values):
            policies.append(_Greedy(bot, values))
        else:
            return None

    def run(rng: np.random.Generator) -> YukonState:
        return _play(game, policies, rng)

    return run


def _play(game: YukonGame, policies: Sequence[_Greedy | None], rng: np.random.Generator) -> YukonState:
    """One whole game, its draws by :func:`mineedu.core.draws.integer_draws`, the generator set at the end."""
    draws = [integer_draws(rng)]
    try:
        return _game(game, policies, rng, draws)
    finally:
        draws[-1][1]()


def _game(game: YukonGame, policies: Sequence[_Greedy | None], rng: np.random.Generator,
          draws: list[tuple[Draw, Callable[[], None]]]) -> YukonState:
    """One whole game (see the module docstring for the engine function each part mirrors); ``draws[-1]``:
    the draws in use (a bot that draws from ``rng`` itself is given it between two of them)."""
    cfg = game.config
    n_players = game.num_players
    values = cfg.values
    pawns, sides, reroll, max_rolls = cfg.pawns, cfg.sides, cfg.reroll, cfg.max_rolls
    centre_leaves, max_rounds = cfg.centre_leaves, cfg.max_rounds
    limit = game.max_moves()
    draw, finish = draws[-1]
    NB = NEIGHBOURS
    CO = CLAIMS_OF

    chains: list[list[int]] = [[] for _ in range(n_players)]
    ons: list[dict[int, int]] = [{} for _ in range(n_players)]
    held = [0] * n_players  # claims per player
    out = [False] * n_players
    occ = [False] * N_SPACES
    owners = [NO_OWNER] * N_CLAIMS
    fco = list(CO)  # per space its free claims
    free_mask = (1 << N_CLAIMS) - 1
    in_play = n_players
    moves = 0

    free = (_groups(values, False), _groups(values, True))  # what U reads (see _pick), per: leaves the centre alone
    floors: tuple[dict[int, float], dict[int, float]] = ({}, {})

    # --- the start spaces (legal_actions with an empty chain, _apply "start") ---------------
    for p in range(n_players):
        starts = [s for s in SORTED_STARTS if not occ[s]]
        g = policies[p]
        k = len(starts)
        if g is None or k == 1:  # RandomBot, or a single start: the greedy bot's tie of one
            s = starts[draw(k)]
        else:
            groups = free[0]
            s = starts[_pick(g.rows, g.tabs, g.vrows, groups, _floor(floors[0], g, groups, 1), 1,
                             [(-1, t, (t,)) for t in starts], {}, fco, draw) if groups else draw(k)]
        moves += 1
        chains[p].append(s)
        occ[s] = True
        on = ons[p]
        for c in CO[s]:
            on[c] = 1

    turn, rnd = 0, 0
    while True:  # one turn: _begin(turn, rnd)
        pips = rolls = thrown = 0
        head, turned = -1, False
        while True:  # the throws (sample_outcome, _apply on a throw)
            face = draw(sides) + 1
            pips += face
            rolls += 1
            thrown += face
            if face != reroll or rolls >= max_rolls:
                break
        moves += rolls
        p = turn
        chain = chains[p]
        on = ons[p]
        g = policies[p]
        if len(chain) + held[p] < pawns:  # in_setup (out players never get a turn)
            while True:
                a, b = chain[0], chain[-1]
                places = []
                for t in NB[a]:
                    if not occ[t]:
                        places.append(t)
                if b != a:
                    for t in NB[b]:
                        if not occ[t] and t not in places:
                            places.append(t)
                    places.sort()
                if not places:
                    break  # blocked: the pips are lost
                k = len(places)
                if g is None or k == 1:
                    t = places[draw(k)]
                else:
                    shun = g.centre_team is not None and len(chain) > g.centre_team
                    groups = free[shun]
                    if groups:
                        nb = NB[b]
                        heads: list[Head] = []
                        for t in places:
                            heads.append((-1, a if t in nb else b, (t,)))
                        m = len(chain) + 1
                        t = places[_pick(g.rows_nc if shun else g.rows, g.tabs_nc if shun else g.tabs, g.vrows, groups,
                                         _floor(floors[shun], g, groups, m), m, heads, on, fco, draw)]
                    else:  # no claim to reckon with: every move scores 0.0
                        t = places[draw(k)]
                moves += 1
                if t in NB[b]:
                    chain.append(t)
                else:
                    chain.insert(0, t)
                occ[t] = True
                for c in fco[t]:
                    on[c] = on.get(c, 0) + 1
                pips -= 1
                if len(chain) + held[p] >= pawns or pips <= 0:
                    break
        else:  # moving: the team's size, and what a greedy bot reckons with, hold for the turn
            n = len(chain)
            shun = g is not None and g.centre_team is not None and n > g.centre_team
            groups = free[shun]
            if g is not None:
                rows, tabs = (g.rows_nc, g.tabs_nc) if shun else (g.rows, g.tabs)
            floor = -INF  # not known yet
            ahead: list[int] | None = None  # the head's free neighbours, when _settle listed them
            while True:
                e0, e1 = chain[0], chain[-1]
                # _steps: per head (end 0 first while none is chosen), the free neighbours of its pawn
                # (explicit loops: a list comprehension is a function call in Python 3.11)
                s0: Sequence[int]
                s1: Sequence[int]
                if ahead is not None:  # the head's, listed by _settle
                    if head:
                        s0, s1 = (), ahead
                    else:
                        s0, s1 = ahead, ()
                else:
                    s0 = l0 = []
                    s1 = l1 = []
                    if head == 0 or (head < 0 and n > 1):
                        for t in NB[e0]:
                            if not occ[t]:
                                l0.append(t)
                    if head:  # 1, or -1: none chosen yet
                        for t in NB[e1]:
                            if not occ[t]:
                                l1.append(t)
                n0 = len(s0)
                nsteps = n0 + len(s1)
                # _claims: the free claims whose ring holds the whole chain
                ring: Sequence[int] = ()
                for c in fco[e0]:
                    if on[c] == n:
                        ring = [c for c in fco[e0] if on[c] == n]
                        break
                if not nsteps and not ring:
                    break  # both ends stuck: the pips are lost
                claim, i = -1, 0
                if g is None:
                    k = nsteps + len(ring) * (1 if n == 1 else 2)
                    i = draw(k)
                    if i >= nsteps:  # claims in legal order: by claim, then by end pawn
                        i -= nsteps
                        if n == 1:
                            claim, pawn = ring[i], e0
                        else:
                            claim, pawn = ring[i // 2], (e0 if (e0 < e1) == (i % 2 == 0) else e1)
                else:
                    if ring:
                        takes = [c for c in ring if not (shun and c == CENTRE)]
                        if takes:  # the most valuable claim, the first in legal order
                            claim = max(takes, key=values.__getitem__)
                            pawn = e0 if e0 < e1 else e1
                        elif not nsteps:  # only centre claims, which it leaves alone: the bot itself reads them
                            ends = (e0,) if n == 1 else (min(e0, e1), max(e0, e1))
                            legal = tuple(("claim", c, s) for c in ring for s in ends)
                            view = _view(game, chains, owners, out, turn, pips, rolls, thrown, head, turned, rnd)
                            finish()  # the bot draws from the generator itself
                            action = g.bot.act(view, legal, rng)
                            draws.append(integer_draws(rng))
                            draw, finish = draws[-1]
                            claim, pawn = action[1], action[2]
                    if claim < 0 and nsteps == 1:
                        draw(1)  # the greedy bot's tie of one
                    elif claim < 0:
                        if not groups:  # no claim to reckon with: every move scores 0.0
                            i = draw(nsteps)
                        else:
                            if n == 1:
                                heads = [(e0, t, (t,)) for t in s1]
                            elif not s1:
                                heads = [(e1, chain[-2], s0)]
                            elif not s0:
                                heads = [(e0, chain[1], s1)]
                            else:
                                heads = [(e1, chain[-2], s0), (e0, chain[1], s1)]
                            if floor == -INF:
                                floor = _floor(floors[shun], g, groups, n)
                            i = _pick(rows, tabs, g.vrows, groups, floor, n, heads, on, fco, draw)
                moves += 1
                if claim >= 0:  # _apply "claim": the pawn stays on the claim, the turn ends
                    owners[claim] = p
                    free_mask &= ~(1 << claim)
                    _claimed(free, floors, claim)
                    held[p] += 1
                    for s in RINGS[claim]:
                        fco[s] = DROP[fco[s]][claim]
                    for q_on in ons:
                        q_on.pop(claim, None)
                    gone = [pawn]
                    if pawn == e0:
                        del chain[0]
                    else:
                        del chain[-1]
                    if claim == CENTRE and centre_leaves:
                        gone += chain
                        chain.clear()
                        out[p] = True
                    for s in gone:
                        occ[s] = False
                        for c in fco[s]:
                            k = on[c] - 1
                            if k:
                                on[c] = k
                            else:
                                del on[c]
                    if not chain:
                        in_play -= 1
                    pips = 0
                    break
                # _apply "step": the tail pawn becomes the new head
                if i < n0:  # end 0 leads: the pawn of end 1 jumps before it
                    t = s0[i]
                    tail = chain.pop()
                    chain.insert(0, t)
                    head = 0
                else:
                    t = s1[i - n0]
                    if n == 1:
                        tail = e0
                        chain[0] = t
                    else:
                        tail = chain.pop(0)
                        chain.append(t)
                    head = 1
                occ[tail] = False
                occ[t] = True
                for c in fco[tail]:
                    k = on[c] - 1
                    if k:
                        on[c] = k
                    else:
                        del on[c]
                for c in fco[t]:
                    on[c] = on.get(c, 0) + 1
                pips -= 1
                if pips <= 0:
                    break
                # _settle: blocked ahead (the head pawn is on t), the other end leads (once a turn)
                ahead = []
                for x in NB[t]:
                    if not occ[x]:
                        ahead.append(x)
                if not ahead and not turned and n > 1:
                    head, turned, ahead = 1 - head, True, None
        if moves > limit:  # play() stops a game past max_moves() (it cannot get there)
            raise RuntimeError(f"{game.name}: no end after {limit} moves")  # pragma: no cover - max_moves() bounds it
        # _pass_turn
        done = not free_mask or in_play <= 1  # _over
        if not done:  # the next player in play (there is one: _over() said so)
            q = turn + 1
            while True:
                if q == n_players:
                    q = 0
                if not out[q] and chains[q]:
                    break
                q += 1
            if q <= turn:
                if rnd + 1 >= max_rounds:
                    done = True
                else:
                    rnd += 1
                    turn = q
            else:
                turn = q
        if done:
            return YukonState(game, tuple(tuple(c) for c in chains), tuple(owners), tuple(out), turn=turn,
                              rolling=False, pips=0, rolls=rolls, head=head, turned=turned, round=rnd, done=True,
                              thrown=thrown)


def _view(game: YukonGame, chains: list[list[int]], owners: list[int], out: list[bool], turn: int, pips: int,
          rolls: int, thrown: int, head: int, turned: bool, rnd: int) -> YukonView:
    """The view ``YukonState.observation`` gives of the position (for the rare move the bot plays itself)."""
    f = game.config.reroll
    throws = (f,) * (rolls - 1) + (thrown - f * (rolls - 1),) if rolls else ()
    return YukonView(game.config, tuple(tuple(c) for c in chains), tuple(owners), tuple(out), turn, False, pips,
                     throws, head, turned, rnd, False)


__all__ = ["fast_playout"]

