"""Yukon's die simulator throws what the rules throw (a 1 rolls again, added).

Statistical checks: fixed seeds, tolerance 4 standard errors (``tests/simulate_check.py``),
against the exact odds of ``odds.py``, the textbook values (E = 21/5, variance 56/25,
P(7) = 1555/46656) and the exact distribution of the rules engine on small dice.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import mineedu
from mineedu.core.trials import Tally
from mineedu.games.yukon import odds
from mineedu.games.yukon import simulate as sim
from mineedu.games.yukon.rules import YukonConfig
from tests.simulate_check import assert_mean_near, assert_near, assert_tally_near, engine_distribution


def test_pips_follow_the_exact_distribution():
    got = sim.pips(400_000, np.random.default_rng(7))
    dist, tail = odds.pip_distribution(14)
    for t, p in dist.items():
        assert_near(got[t], p, f"{t} pips")
    assert_near(got.at_least(15), tail, "more than 14 pips")
    assert_near(got[7], Fraction(1, 36) + Fraction(1, 216) + Fraction(1, 1296) + Fraction(1, 7776) + Fraction(1, 46656),
                "7 pips, the geometric sum by hand")


def test_mean_and_variance_are_the_textbook_values():
    got = sim.pips(400_000, np.random.default_rng(8))
    assert odds.pip_mean() == Fraction(21, 5) and odds.pip_variance() == Fraction(56, 25)
    assert_mean_near(got, Fraction(21, 5), "mean pips")
    # the sample variance, with its standard error sqrt((m4 - var^2) / n) from the sample's 4th moment
    n, mean = got.trials, got.mean()[0]
    var = sum(c * (v - mean) ** 2 for v, c in got.counts) / (n - 1)
    m4 = sum(c * (v - mean) ** 4 for v, c in got.counts) / n
    assert abs(var - 56 / 25) <= 4 * ((m4 - var * var) / n) ** 0.5, var


@pytest.mark.parametrize("config", [YukonConfig(max_rolls=3), YukonConfig(sides=4, reroll=4, max_rolls=4),
                                    YukonConfig(reroll=0), YukonConfig(sides=3, reroll=2, max_rolls=5)])
def test_pips_draw_the_engines_distribution(config):
    start = mineedu.make("yukon", 3, config=config).initial_state()
    while not start.is_chance():
        start = start.apply(start.legal_actions()[0])
    exact = engine_distribution(start, lambda s: None, lambda s, path: None if s.is_chance() else s.pips)
    assert exact == {t: odds.pip_probability(t, config.sides, config.reroll, config.max_rolls) for t in exact}
    assert_tally_near(sim.pips(200_000, np.random.default_rng(config.sides), config), exact, repr(config))


@pytest.mark.parametrize("need", [1, 5, 12, 30])
def test_turns_to_collect_follow_the_exact_odds(need):
    dist, tail, mean = odds.turns_to_collect(need, max_turns=20)
    got = sim.turns_to_collect(need, 200_000, np.random.default_rng(need))
    for t, p in dist.items():
        assert_near(got[t], p, f"need {need}, {t} turns")
    assert_near(got.at_least(21), tail, f"need {need}, more than 20 turns")
    assert_mean_near(got, mean, f"need {need}, mean turns")


def test_the_engine_throws_match_the_exact_odds():
    rng = np.random.default_rng(2)
    got = Tally.of([sim.pips_by_engine(rng) for _ in range(3000)])
    assert_near(got[2], Fraction(1, 6), "2 pips by the engine")
    assert_mean_near(got, Fraction(21, 5), "mean by the engine")


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="trials"):
        sim.pips(0, np.random.default_rng(0))
    with pytest.raises(mineedu.ConfigError, match="sides"):
        sim.pips(10, np.random.default_rng(0), YukonConfig(sides=1))
