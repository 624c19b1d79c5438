"""Exact odds against brute-force enumeration and seeded Monte Carlo."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from itertools import combinations, permutations, product

import numpy as np
import pytest

from mineedu.core import sample_outcome
from mineedu.games.coal_mine import CoalMineGame, CoalMineState, raid_loot, split_loot
from mineedu.games.coal_mine.odds import (
    Matrix,
    draw_distribution,
    odds_report,
    p_at_least,
    raid_game,
    raid_mix,
    recruit_odds,
    solve_zero_sum,
)

from .helpers import hand_of, resolve


def test_hypergeometric_matches_enumerating_every_hand() -> None:
    # a 9-card pile with 3 chiefs: count 4-card hands by brute force
    pile = ["chief"] * 3 + ["miner"] * 6
    hands = list(combinations(range(9), 4))
    for k in range(5):
        brute = Fraction(sum(sum(pile[i] == "chief" for i in h) >= k for h in hands), len(hands))
        assert p_at_least(k, good=3, total=9, draws=4) == brute


def test_recruitment_odds_match_the_rules_chance_tree() -> None:
    """P(at least j chiefs) from the formula = the probability the rules' own
    one-card-at-a-time chance nodes give, summed over every draw sequence."""
    g = CoalMineGame(2)
    deck = hand_of(g, miner=3, chief=2, grisou=2)
    s = resolve(g, [[("recruit", "foreman", -1)], []], deck=deck)  # draws 4 from 7 cards
    assert s.to_draw == (4, 0)
    dist: dict[int, Fraction] = {}

    def walk(state: CoalMineState, prob: Fraction) -> None:
        if state.phase != "draw":
            k = state.hands[0][g.index["chief"]]
            dist[k] = dist.get(k, Fraction(0)) + prob
            return
        for o, p in state.chance_outcomes():
            walk(state.apply(o), prob * p)

    walk(s, Fraction(1))
    odds = recruit_odds({"miner": 3, "chief": 2, "grisou": 2}, {}, 4)["chief"]
    for j in range(5):
        assert odds[j] == sum((p for k, p in dist.items() if k >= j), Fraction(0))


def test_draws_past_the_deck_come_from_the_reshuffled_discard() -> None:
    # deck: 1 chief + 1 miner; discard: 2 chiefs + 2 miners; draw 3.
    cards = ["C", "m"]
    discard = ["C", "C", "m", "m"]
    outcomes: dict[int, Fraction] = {}
    for extra in permutations(range(4), 1):
        k = cards.count("C") + sum(discard[i] == "C" for i in extra)
        outcomes[k] = outcomes.get(k, Fraction(0)) + Fraction(1, 4)
    assert draw_distribution(1, 2, 2, 4, 3) == dict(outcomes)


def test_recruitment_odds_monte_carlo_through_the_rules() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[("recruit", "chief", -1)], []])  # 5 draws from the real deck
    rng = np.random.default_rng(2026)
    n = 4000
    hits = 0
    for _ in range(n):
        t = s
        while t.phase == "draw":
            t = t.apply(sample_outcome(t.chance_outcomes(), rng))
        hits += t.hands[0][g.index["grisou"]] >= 1
    deck = dict(zip(g.kinds, s.deck))
    p = float(recruit_odds(deck, {}, 5)["grisou"][1])
    se = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) < 4 * se


def test_split_loot_follows_the_strongest_first_rule_coal_by_coal() -> None:
    """An independent model: each raider queues for single cubes, strongest group
    first; a tied group takes cubes only in whole rounds (one per member); once a
    group is not fully served, what is left stays with the target."""

    def brute(stock: int, defence: int, attacks: tuple[int, ...]) -> tuple[int, ...]:
        loot = [0] * len(attacks)
        for a in sorted(set(attacks), reverse=True):
            group = [i for i, x in enumerate(attacks) if x == a]
            while a > defence and loot[group[0]] < a - defence and stock >= len(group):
                for i in group:
                    loot[i] += 1
                stock -= len(group)
            if a > defence and loot[group[0]] < a - defence:
                break  # this group was not fully served: the rest stays
        return tuple(loot)

    for stock, defence in product(range(7), range(4)):
        for attacks in product(range(6), repeat=3):
            assert split_loot(stock, defence, list(attacks)) == brute(stock, defence, attacks)


def test_raid_table_in_the_report() -> None:
    g = CoalMineGame(4)
    s = replace(g.initial_state(), coal=(3, 3, 3, 3))
    table = odds_report(s)["raid"]["loot"]
    for a, d in product(range(7), range(7)):
        assert table[a][d] == max(0, min(3, a - d))
        assert table[a][d] == raid_loot(a, d, 3)


def _grid_best_guarantee(m: Matrix, steps: int) -> Fraction:
    """max over a grid of mixed row strategies of min over columns (brute force)."""
    best: Fraction | None = None
    nr = len(m)
    for cut in product(range(steps + 1), repeat=nr - 1):
        if sum(cut) > steps:
            continue
        x = [Fraction(c, steps) for c in cut] + [Fraction(steps - sum(cut), steps)]
        g = min(sum((x[i] * m[i][j] for i in range(nr)), Fraction(0)) for j in range(len(m[0])))
        best = g if best is None else max(best, g)
    assert best is not None
    return best


@pytest.mark.parametrize("attack,defence,stock", [(a, d, s) for a in range(1, 5) for d in range(1, 4) for s in (1, 2, 4)])
def test_raid_equilibrium_passes_the_best_response_check(attack: int, defence: int, stock: int) -> None:
    _, _, m = raid_game(attack, defence, stock)
    x, y, v = solve_zero_sum(m)
    assert sum(x) == 1 and sum(y) == 1 and min(x) >= 0 and min(y) >= 0
    # no pure reply does better against either mix
    assert min(sum(x[i] * m[i][j] for i in range(2)) for j in range(2)) == v
    assert max(sum(m[i][j] * y[j] for j in range(2)) for i in range(2)) == v
    # and no mix on a fine grid guarantees the raider more than the value
    assert _grid_best_guarantee(m, 120) <= v
    assert raid_mix(attack, defence, stock)[2] == v


@pytest.mark.parametrize("attack,defence,stock", [(2, 2, 2), (3, 2, 3), (3, 3, 2)])
def test_split_raid_game_equilibrium_best_responses(attack: int, defence: int, stock: int) -> None:
    _, _, m = raid_game(attack, defence, stock, split=True)
    x, y, v = solve_zero_sum(m)
    nr, nc = len(m), len(m[0])
    assert max(sum(m[i][j] * y[j] for j in range(nc)) for i in range(nr)) == v
    assert min(sum(x[i] * m[i][j] for i in range(nr)) for j in range(nc)) == v
    assert _grid_best_guarantee(m, 24) <= v


def test_textbook_games() -> None:
    # matching pennies and rock-paper-scissors: uniform mixes, value 0
    x, y, v = solve_zero_sum([[1, -1], [-1, 1]])
    assert x == y == (Fraction(1, 2),) * 2 and v == 0
    x, y, v = solve_zero_sum([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert x == y == (Fraction(1, 3),) * 3 and v == 0
    # the symmetric raid 2 vs 2 on 2 coal is matching pennies shifted by 1 coal
    assert raid_mix(2, 2, 2) == (Fraction(1, 2), Fraction(1, 2), Fraction(1))


def test_raid_payoffs_follow_the_rules() -> None:
    """Each cell of the raid game equals the coal difference the rules produce."""
    g = CoalMineGame(2, recruit_base=0)
    for a_kind, d_kind in product(("miner", "foreman", "chief"), repeat=2):
        for raider, target in product(("mine", "attack"), ("mine", "defend")):
            b0 = [("raid", a_kind, 1) if raider == "attack" else ("mine", a_kind, -1)]
            b1 = [("tower", d_kind, -1) if target == "defend" else ("mine", d_kind, -1)]
            s = resolve(g, [b0, b1], coal=(0, 4), central=50, caps=(None, 0))
            diff = s.coal[0] - (s.coal[1] - 4)
            rows, cols, m = raid_game(g.helmets[a_kind], g.helmets[d_kind], 4)
            assert m[rows.index(raider)][cols.index(target)] == diff
