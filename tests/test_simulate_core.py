"""What every simulator shares: the vectorized draw, and counts with 95 % intervals that agree with the core's own."""

from __future__ import annotations

import numpy as np

from mineedu.core import mean_interval, wilson_interval
from mineedu.core.trials import Proportion, Tally, draw


def test_tally_counts_what_it_is_given():
    values = np.random.default_rng(3).integers(0, 5, size=1000)
    t = Tally.of(values)
    assert t.trials == 1000
    for v in range(5):
        assert t.count(v) == int((values == v).sum())
        assert t.at_least(v).hits == int((values >= v).sum())
    assert sum(c for _, c in t.counts) == 1000
    assert np.allclose(t.mean(), mean_interval([float(v) for v in values]), rtol=1e-12)


def test_intervals_are_the_wilson_intervals_of_the_core():
    p = Proportion(37, 120)
    assert p.ci95 == wilson_interval(37, 120)
    assert p.frequency == 37 / 120
    assert Tally.from_counts({0: 83, 1: 37})[1].ci95 == p.ci95


def test_samples_pool():
    a, b = Tally.from_counts({1: 2, 3: 1}), Tally.from_counts([(3, 4), (5, 1)])
    assert (a + b) == Tally.from_counts({1: 2, 3: 5, 5: 1})
    assert Proportion(1, 4) + Proportion(2, 6) == Proportion(3, 10)


def test_draw_takes_each_card_left_with_equal_chance():
    """3 kinds with 5, 1, 2 cards: each kind comes with count / 8 (4 standard errors), and leaves the pile."""
    trials = 200_000
    counts = np.tile([[5], [1], [2]], (1, trials))
    kinds = draw(counts, np.random.default_rng(11))
    for i, c in enumerate((5, 1, 2)):
        p = c / 8
        assert abs((kinds == i).mean() - p) < 4 * (p * (1 - p) / trials) ** 0.5
    assert (counts.sum(axis=0) == 7).all()
    assert (counts[kinds, np.arange(trials)] == np.array([4, 0, 1])[kinds]).all()


def test_draw_with_the_same_number_left_in_every_trial():
    counts = np.tile([[5], [1], [2]], (1, 100_000))
    kinds = draw(counts, np.random.default_rng(12), left=8)
    assert abs((kinds == 1).mean() - 1 / 8) < 4 * (7 / 64 / 100_000) ** 0.5
    assert (counts.sum(axis=0) == 7).all()


def test_tally_of_negative_and_empty_values():
    assert Tally.of(np.array([-2, 3, -2])).counts == ((-2, 2), (3, 1))
    assert Tally.of(np.array([], dtype=np.int64)) == Tally((), 0)


def test_draw_never_takes_a_kind_that_is_gone():
    counts = np.array([[0, 2, 0], [3, 0, 0], [0, 0, 1]] * 1000).T.copy()
    assert (draw(counts, np.random.default_rng(0)) == np.array([1, 0, 2] * 1000)).all()
    assert counts.sum() == 3 * 1000
