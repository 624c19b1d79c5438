"""My Gold Mine's simulators draw what the rules draw.

Statistical checks: fixed seeds, tolerance 4 standard errors (``tests/simulate_check.py``),
against the exact odds of ``odds.py``, values worked out by hand, and the exact
distribution of the rules engine itself (every chance branch walked) on small cases.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from mineedu.games.gold_mine import odds
from mineedu.games.gold_mine import simulate as sim
from mineedu.games.gold_mine.cards import EXPLORE_ACTION, TURN
from tests.simulate_check import assert_mean_near, assert_near, assert_tally_near, engine_distribution

MID_ROUND = (12, 9, 10, 5)  # 36 unseen cards, 5 of them dragons


@pytest.mark.parametrize("deck", [None, MID_ROUND])
@pytest.mark.parametrize("k", [1, 3, 5, 10])
def test_dragons_among_the_next_k_cards_follow_the_exact_hypergeometric_odds(deck, k):
    got = sim.dragon_draws(k, 200_000, np.random.default_rng(k), deck)
    assert_tally_near(got, odds.dragons_in_next(deck or sim.start_deck(), k), f"k={k}")


def test_at_least_one_dragon_with_and_without_replacement():
    """The lesson's pair: 1 - C(50,k)/C(58,k) against 1 - (50/58)^k, by hand."""
    for k in (2, 6):
        without = sim.dragon_draws(k, 200_000, np.random.default_rng(10 + k))
        with_ = sim.dragon_draws(k, 200_000, np.random.default_rng(20 + k), replace=True)
        assert_near(without.at_least(1), 1 - Fraction(comb(50, k), comb(58, k)), f"without, k={k}")
        assert_near(with_.at_least(1), 1 - Fraction(50, 58) ** k, f"with, k={k}")
        for j in range(k + 1):  # the whole binomial law with replacement
            assert_near(with_[j], comb(k, j) * Fraction(8, 58) ** j * Fraction(50, 58) ** (k - j), f"with, k={k}, j={j}")


def test_draws_stop_with_the_deck():
    got = sim.dragon_draws(5, 1000, np.random.default_rng(0), deck=(1, 0, 0, 1))
    assert got.counts == ((1, 1000),) and odds.dragons_in_next((1, 0, 0, 1), 5) == {1: 1}


def test_burn_risk_next_to_dragobert_is_dragons_plus_eyes():
    """The review's case: card 4, Dragobert on 5, 54 cards left with 16 eyes and 5 dragons: 21/54."""
    got = sim.explore(4, 5, 1, 200_000, np.random.default_rng(5), deck=(18, 15, 16, 5))
    assert_near(got.burned, Fraction(21, 54), "burned")
    assert_near(got.ladder, 0, "ladder")


@pytest.mark.parametrize("position, dragon, deck, held", [
    (4, 5, (20, 13, 16, 5), 3), (6, 7, (5, 5, 4, 6), 0), (3, 8, None, 2), (1, 2, (2, 1, 1, 1), 4),
])
def test_one_draw_gives_the_panels_burn_risk_and_gold_change(position, dragon, deck, held):
    """The decision panel's exact figures (odds.py, from the rules' chance outcomes) for the lone miner."""
    deck = deck or sim.start_deck()
    state = sim._lone_miner(position, dragon, deck, held)
    got = sim.explore(position, dragon, 1, 200_000, np.random.default_rng(position + dragon), deck, held)
    assert_near(got.burned, odds.burn_risk(state, 0), "burned")
    assert_mean_near(got.gold, held + odds.gold_change(state, 0), "gold")


def engine_exploration(position, dragon, draws, deck, held=0):
    """The exact distribution of (end, gold, dragons) for the lone miner, by the rules engine."""
    def label(s, path):
        dragons = path.count("dragon")
        if s.round > 1:
            r = s.results[0]
            return ("ladder" if r.rungs[0] else "burned", r.gold[0], dragons)
        if s.phase == TURN and (path.count(EXPLORE_ACTION) == draws or EXPLORE_ACTION not in s.legal_actions()):
            return ("inside", s.gold(0), dragons)
        return None

    return engine_distribution(sim._lone_miner(position, dragon, deck, held), lambda s: EXPLORE_ACTION, label)


def marginal(dist, index):
    out: dict = {}
    for key, p in dist.items():
        out[key[index]] = out.get(key[index], Fraction(0)) + p
    return out


@pytest.mark.parametrize("position, dragon, draws, deck, held", [
    (4, 5, 1, (18, 15, 16, 5), 0),
    (2, 4, 3, None, 2),
    (1, 3, 4, (2, 3, 2, 2), 1),   # a small deck: lanterns take the miner out, the deck can run dry
    (6, 8, 3, (1, 0, 2, 1), 0),
])
def test_lone_miner_draws_the_engines_distribution(position, dragon, draws, deck, held):
    deck = deck or sim.start_deck()
    exact = engine_exploration(position, dragon, draws, deck, held)
    got = sim.explore(position, dragon, draws, 200_000, np.random.default_rng(position * 10 + draws), deck, held)
    ends = marginal(exact, 0)
    assert_near(got.burned, ends.get("burned", 0), "burned")
    assert_near(got.ladder, ends.get("ladder", 0), "ladder")
    assert_tally_near(got.gold, marginal(exact, 1), "gold")
    assert_tally_near(got.dragons, marginal(exact, 2), "dragons")


def test_the_engine_trials_match_the_exact_engine_odds():
    """The benchmark's reference trials (played by the rules) are a fair sample too."""
    rng = np.random.default_rng(8)
    ends = [sim.explore_by_engine(2, 4, 3, rng)[0] for _ in range(3000)]
    exact = marginal(engine_exploration(2, 4, 3, sim.start_deck()), 0)
    from mineedu.core.trials import Proportion

    assert_near(Proportion(ends.count("burned"), 3000), exact["burned"], "burned by the engine")
    draws = [sim.dragon_draws_by_engine(4, rng) for _ in range(3000)]
    assert_near(Proportion(sum(d >= 1 for d in draws), 3000), 1 - odds.dragons_in_next(sim.start_deck(), 4)[0], "drawn")


def test_bad_input_is_refused():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="left of Dragobert"):
        sim.explore(5, 5, 1, 10, rng)
    with pytest.raises(ValueError, match="trials"):
        sim.dragon_draws(3, 0, rng)
    with pytest.raises(ValueError, match="k must be"):
        sim.dragon_draws(-1, 10, rng)
