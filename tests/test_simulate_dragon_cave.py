"""The cave's race simulator runs the race the rules run.

Statistical checks: fixed seeds, tolerance 4 standard errors (``tests/simulate_check.py``),
against the exact dynamic programme of ``odds.py`` and the exact distribution of
the rules engine itself (every chance branch walked) on small cases.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from mineedu.core.trials import Proportion
from mineedu.games.dragon_cave import Config
from mineedu.games.dragon_cave import simulate as sim
from mineedu.games.dragon_cave.odds import escape_probability, turn_back_curve
from mineedu.games.dragon_cave.rules import IN, OUT
from tests.simulate_check import assert_near, assert_tally_near, engine_distribution

VARIANTS = {
    "dice dragon": Config(dice_dragon=True),
    "dice movement": Config(dice_movement=True),
    "both dice": Config(dice_dragon=True, dice_movement=True),
    "no dice": Config(),
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("steps, cards, dragon", [(6, 1, 8), (9, 2, 12), (12, 3, 20), (4, 1, 4), (15, 1, 22)])
def test_escape_follows_the_exact_dynamic_programme(variant, steps, cards, dragon):
    cfg = VARIANTS[variant]
    got = sim.escape(steps, cards, dragon, 200_000, np.random.default_rng(steps * 100 + cards * 10 + dragon), cfg)
    assert_near(got.escaped, escape_probability(steps, cards, dragon, cfg), f"{variant} {steps}/{cards}/{dragon}")


def test_the_lessons_turn_back_table():
    """A lone diver turning back at depth d with the card of d, dice dragon: each row of the exact table."""
    cfg = VARIANTS["dice dragon"]
    for row in turn_back_curve(cfg)[::4]:
        steps, dragon = sim.turn_back(row["depth"], 1, cfg)
        got = sim.escape(steps, 1, dragon, 100_000, np.random.default_rng(row["depth"]), cfg)
        assert_near(got.escaped, row["p_escape"], f"depth {row['depth']}")


def engine_race(steps, cards, dragon, cfg):
    """The exact distribution of (escaped, turns) for the lone diver, by the rules engine."""
    def label(s, path):
        if s.status[0] == IN:
            return None
        return (s.status[0] == OUT, sum(1 for a in path if a[0] == "move"))

    return engine_distribution(sim.lone_diver(steps, cards, dragon, cfg), sim.home_run, label)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("steps, cards, dragon", [(3, 1, 4), (4, 2, 5), (2, 3, 2)])
def test_escape_draws_the_engines_distribution(variant, steps, cards, dragon):
    cfg = VARIANTS[variant]
    exact = engine_race(steps, cards, dragon, cfg)
    got = sim.escape(steps, cards, dragon, 200_000, np.random.default_rng(steps + cards + dragon), cfg)
    escaped = sum((p for (ok, _), p in exact.items() if ok), Fraction(0))
    assert escaped == escape_probability(steps, cards, dragon, cfg)  # the engine and the odds agree exactly
    assert_near(got.escaped, escaped, f"{variant}: escaped")
    turns: dict[int, Fraction] = {}
    for (_, t), p in exact.items():
        turns[t] = turns.get(t, Fraction(0)) + p
    assert_tally_near(got.turns, turns, f"{variant}: turns")


def test_the_engine_trials_match_the_exact_odds():
    cfg = VARIANTS["both dice"]
    rng = np.random.default_rng(4)
    runs = [sim.escape_by_engine(6, 2, 7, rng, cfg)[0] for _ in range(2000)]
    assert_near(Proportion(sum(runs), 2000), escape_probability(6, 2, 7, cfg), "engine trials")


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match=r"cards 0\.\.3"):
        sim.escape(3, 4, 5, 10, np.random.default_rng(0))
    with pytest.raises(ValueError, match="trials"):
        sim.escape(3, 1, 5, 0, np.random.default_rng(0))
