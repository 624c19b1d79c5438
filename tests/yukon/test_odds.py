"""Exact odds against brute-force enumeration and seeded Monte Carlo (4 standard errors)."""

from __future__ import annotations

import math
from collections import Counter, deque
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from mineedu.core import RandomBot, exact_json, from_json, sample_outcome
from mineedu.games.yukon import YukonGame, YukonState
from mineedu.games.yukon.board import CELLS, CENTRE, NEIGHBOURS, RINGS, SPACES
from mineedu.games.yukon.odds import (
    pip_distribution,
    pip_mean,
    pip_probability,
    pip_variance,
    ring_distance,
    turns_to_collect,
)

from .util import position


def brute_force_turns(length: int, sides: int = 6, reroll: int = 1, max_rolls: int | None = None) -> dict[int, Fraction]:
    """Every sequence of ``length`` throws: {pips: probability} for turns that end within it."""
    out: dict[int, Fraction] = {}
    w = Fraction(1, sides**length)  # every sequence is equally likely
    for seq in product(range(1, sides + 1), repeat=length):
        total = 0
        for i, v in enumerate(seq):
            total += v
            last = max_rolls is not None and i + 1 == max_rolls
            if v != reroll or last:
                out[total] = out.get(total, Fraction(0)) + w
                break
    return out


@pytest.mark.parametrize("sides,reroll,max_rolls", [(6, 1, None), (6, 6, None), (4, 2, None), (6, 1, 3)])
def test_pip_distribution_matches_enumeration_of_throws(sides: int, reroll: int, max_rolls: int | None) -> None:
    length = 6 if sides == 6 else 7
    brute = brute_force_turns(length, sides, reroll, max_rolls)
    # every total reachable with at most `length` throws is complete in `brute`
    complete = length + 1 if reroll == 1 else reroll * (length - 1) + 1
    for t in range(1, complete + 1):
        assert pip_probability(t, sides, reroll, max_rolls) == brute.get(t, 0), t


@pytest.mark.parametrize("max_rolls", [1, 2, 3, 5])
def test_capped_moments_match_enumeration(max_rolls: int) -> None:
    brute = brute_force_turns(max_rolls, 6, 1, max_rolls)
    assert sum(brute.values()) == 1
    mean = sum(t * p for t, p in brute.items())
    var = sum(t * t * p for t, p in brute.items()) - mean**2
    assert pip_mean(max_rolls=max_rolls) == mean
    assert pip_variance(max_rolls=max_rolls) == var


def test_one_rolls_again_mean_is_21_over_5_and_variance_56_over_25() -> None:
    assert pip_mean() == Fraction(21, 5) and pip_mean(reroll=0) == Fraction(7, 2)
    assert pip_variance() == Fraction(56, 25) and pip_variance(reroll=0) == Fraction(35, 12)
    # the cap converges to the unbounded rule
    assert abs(pip_mean(max_rolls=12) - Fraction(21, 5)) < Fraction(1, 6**10)
    dist, tail = pip_distribution(40)
    assert float(sum(t * p for t, p in dist.items())) == pytest.approx(4.2, abs=1e-20)
    # more than 40 pips needs at least 35 ones first
    assert 0 < tail <= Fraction(1, 6**35)


def test_game_die_matches_exact_pips_by_monte_carlo() -> None:
    """20 000 turns thrown through the game's own chance nodes."""
    g = YukonGame(3)
    start = position(g, [RINGS[0], (102,), (211,)], rolling=True)
    rng = np.random.default_rng(2026)
    n = 20_000
    totals = []
    for _ in range(n):
        s = start
        while s.is_chance():
            s = s.apply(sample_outcome(s.chance_outcomes(), rng))
        totals.append(s.pips)
    mean = sum(totals) / n
    assert abs(mean - 4.2) < 4 * math.sqrt(2.24 / n)
    counts = Counter(totals)
    for t in range(2, 9):
        p = float(pip_probability(t))
        assert abs(counts[t] / n - p) < 4 * math.sqrt(p * (1 - p) / n), t


def brute_force_setup(need: int, sides: int = 6) -> dict[int, Fraction]:
    """Turns to collect ``need`` pips, by every sequence of ``need`` throws (enough: each gives >= 1)."""
    out: dict[int, Fraction] = {}
    w = Fraction(1, sides**need)
    for seq in product(range(1, sides + 1), repeat=need):
        total, turns = 0, 1
        for v in seq:
            total += v
            if total >= need:
                out[turns] = out.get(turns, Fraction(0)) + w
                break
            if v != 1:
                turns += 1
    return out


@pytest.mark.parametrize("need", [1, 3, 5, 6])
def test_turns_to_collect_matches_enumeration(need: int) -> None:
    dist, tail, mean = turns_to_collect(need, max_turns=need + 1)
    brute = brute_force_setup(need)
    assert tail == 0 and {t: p for t, p in dist.items() if p} == dict(brute)
    assert mean == sum(t * p for t, p in brute.items())


def test_setup_turns_match_the_game_by_monte_carlo() -> None:
    """Player 0's setup played by the rules with random placements (blocking is rare this early)."""
    g = YukonGame(3)
    dist, _tail, mean = turns_to_collect(11)
    rng = np.random.default_rng(11)
    bot = RandomBot()
    n = 1000
    samples = []
    for _ in range(n):
        s = g.initial_state()
        for sp in (0, 102, 211):
            s = s.apply(("start", sp))
        turns = 0
        while s.in_setup(0) and not s.is_terminal():
            if s.is_chance():
                turns += s.turn == 0 and s.rolls == 0  # player 0's turn begins
                s = s.apply(sample_outcome(s.chance_outcomes(), rng))
            else:
                s = s.apply(bot.act(s, s.legal_actions(), rng))
        samples.append(turns)
    m = sum(samples) / n
    var = sum((x - float(mean)) ** 2 for x in samples) / n
    assert abs(m - float(mean)) < 4 * math.sqrt(var / n)
    for t in (2, 3, 4):
        p = float(dist[t])
        assert abs(samples.count(t) / n - p) < 4 * math.sqrt(p * (1 - p) / n)


def graph_distance(space: int, targets: set[int]) -> int | None:
    dist = {space: 0}
    todo = deque([space])
    while todo:
        s = todo.popleft()
        if s in targets:
            return dist[s]
        for t in NEIGHBOURS[s]:
            if t not in dist:
                dist[t] = dist[s] + 1
                todo.append(t)
    return None


def test_single_pawn_ring_distance_is_the_graph_distance_to_a_free_ring() -> None:
    free = [c for c in range(len(CELLS)) if c % 4 == 0]
    targets = {s for c in free for s in RINGS[c]}
    for space in range(0, len(SPACES), 7):
        got = ring_distance((space,), free)
        assert got is not None and got[0] == graph_distance(space, targets)


def test_ring_distance_matches_search_by_the_rules() -> None:
    """Iterative deepening with the game's own steps and claim test, 3-pawn teams."""
    g = YukonGame(3, pawns=3)
    rng = np.random.default_rng(5)
    free = [c for c in range(len(CELLS)) if c % 3 == 0 and c != CENTRE]
    owners = {c: 1 for c in range(len(CELLS)) if c not in free}
    checked = 0
    while checked < 12:
        head = int(rng.integers(len(SPACES)))
        chain = [head]
        while len(chain) < 3:
            opts = [t for t in NEIGHBOURS[chain[-1]] if t not in chain]
            chain.append(opts[int(rng.integers(len(opts)))])
        s = position(g, [tuple(chain), (), ()], owners=owners, pips=20)
        s = s.__class__(**{**s.__dict__, "chains": (tuple(chain), (), ())})

        def claimable(st: YukonState) -> bool:
            return any(a[0] == "claim" for a in st.legal_actions())

        def search(st: YukonState, depth: int) -> bool:
            if claimable(st):
                return True
            if depth == 0:
                return False
            return any(search(st.apply(a), depth - 1) for a in st.legal_actions() if a[0] == "step")

        got = ring_distance(tuple(chain), free)
        want = next(d for d in range(8) if search(s, d))
        assert got is not None and got[0] == want, (chain, got, want)
        checked += 1


def test_ring_distance_of_a_nearly_closed_ring_is_one_step() -> None:
    ring = RINGS[CENTRE]
    outside = next(t for t in NEIGHBOURS[ring[0]] if t not in ring)
    assert ring_distance((outside,) + ring[:11], [CENTRE]) == (1, (CENTRE,))
    assert ring_distance(ring, [CENTRE]) == (0, (CENTRE,))


def test_ring_distance_lists_claims_reached_as_soon_by_either_end() -> None:
    # the end 33 reaches claim 11's ring in 7 steps, the end 34 reaches claim 14's ring in 7 too
    free = [0, 4, 11, 14, 16, 18, 35]
    assert ring_distance((34, 25, 33), free) == (7, (11, 14))
    rng = np.random.default_rng(1)
    for _ in range(40):  # both ends are searched, so the chain's direction cannot matter
        chain = [int(rng.integers(len(SPACES)))]
        while len(chain) < 3:
            opts = [t for t in NEIGHBOURS[chain[-1]] if t not in chain]
            chain.append(opts[int(rng.integers(len(opts)))])
        claims = [c for c in range(len(CELLS)) if rng.random() < 0.3]
        assert ring_distance(tuple(chain), claims) == ring_distance(tuple(chain[::-1]), claims), chain


def test_report_counts_a_cap_that_matters_and_leaves_out_a_negligible_one() -> None:
    # a teacher's house rule "at most 2 throws a turn": the report is the die the engine throws
    g = YukonGame(3, max_rolls=2)
    brute = brute_force_turns(2, 6, 1, 2)
    rep = g.odds_report(g.initial_state())
    assert rep["die"]["cap_counted"] and from_json(rep["die"]["mean"]) == sum(t * p for t, p in brute.items())
    assert {r["pips"]: from_json(r["p"]) for r in rep["die"]["pips"] if from_json(r["p"])} == brute
    assert from_json(rep["die"]["beyond"]["p"]) == 0
    assert "counted in these figures" in g.format_odds(rep, "en") and "compté" in g.format_odds(rep, "fr")
    # the default cap (30 throws) changes a turn with probability 6^-30: the textbook 21/5 stays
    rep = YukonGame(3).odds_report(YukonGame(3).initial_state())
    assert not rep["die"]["cap_counted"] and rep["die"]["mean"] == exact_json(Fraction(21, 5))
    assert from_json(rep["die"]["cap_changes_a_turn"]) == Fraction(1, 6**30)


def test_every_number_of_the_report_is_in_the_one_exact_form() -> None:
    """Each probability, mean and variance is ``core.exact_json`` (fraction, reduced, float), nothing else."""
    g = YukonGame(3)
    ring = RINGS[0]
    out = next(t for t in NEIGHBOURS[ring[0]] if t not in ring)
    s = position(g, [(out,) + ring[:11], (102,), (211,)], pips=0, rolling=True)
    found: list[dict[str, object]] = []

    def walk(x: object, key: str = "") -> None:
        if isinstance(x, dict):
            if {"fraction", "reduced", "float"} <= set(x):
                found.append(x)
                assert x == exact_json(from_json(x)), key
                return
            assert not {"exact", "fraction", "float"} & set(x), f"a number outside exact_json at {key}: {x}"
            for k, v in x.items():
                walk(v, f"{key}.{k}")
        elif isinstance(x, list):
            for v in x:
                walk(v, key)

    walk(g.odds_report(s, 0))
    assert len(found) > 30
