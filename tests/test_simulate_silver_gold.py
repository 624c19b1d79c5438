"""Silver & Gold's expedition simulator reveals what the rules reveal.

Statistical checks: fixed seeds, tolerance 4 standard errors (``tests/simulate_check.py``),
against ``odds.p_shape_this_round``, values by hand (each card is the one left out
with probability 1/8) and the exact distribution of the rules engine on a small deck.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from mineedu.core.trials import Proportion
from mineedu.games.silver_gold import simulate as sim
from mineedu.games.silver_gold.odds import p_shape_this_round
from mineedu.games.silver_gold.rules import Config
from tests.simulate_check import assert_near, assert_tally_near, engine_distribution

COPIES = dict(Config().expedition)


def test_a_round_leaves_out_one_card_of_eight():
    got = sim.expedition_round(200_000, np.random.default_rng(3))
    for shape, k in COPIES.items():
        assert_near(got.comes_up[shape], p_shape_this_round(k, 8, 7), f"{shape} comes up")
        assert_tally_near(got.left_out[shape], {1: Fraction(k, 8), 0: 1 - Fraction(k, 8)}, f"{shape} left out")
    assert got.comes_up["I3"].hits == got.comes_up["L3"].hits == 200_000  # two copies: one always comes


@pytest.mark.parametrize("revealed", [("O4",), ("I3", "L4", "I2"), ("L3", "L3", "T4", "I3", "I2")])
def test_the_rest_of_a_round(revealed):
    """Mid-round: each shape left comes up in the reveals still to come with the hypergeometric odds."""
    got = sim.expedition_round(200_000, np.random.default_rng(len(revealed)), revealed=revealed)
    deck, to_come = 8 - len(revealed), 7 - len(revealed)
    for shape, k in COPIES.items():
        left = k - revealed.count(shape)
        assert_near(got.comes_up[shape], p_shape_this_round(left, deck, to_come), f"{shape} after {revealed}")
        # by hand: the cards left out are the deck's last `deck - to_come` cards
        out = {j: Fraction(comb(left, j) * comb(deck - left, deck - to_come - j), comb(deck, deck - to_come))
               for j in range(min(left, deck - to_come) + 1)}
        assert_tally_near(got.left_out[shape], out, f"{shape} left out after {revealed}")


SMALL = Config(expedition=(("I2", 1), ("I3", 2), ("O4", 1)), reveals_per_round=3, rounds=1)


def test_reveals_draw_the_engines_distribution():
    """A 4-card deck, 3 reveals: every chance branch of the real game (players placing in between)."""
    start = sim.first_reveal(SMALL)

    def label(s, path):
        if s.phase != "over":
            return None
        shown = [a for a in path if a in COPIES]
        return tuple(sorted(shape for shape, k in dict(SMALL.expedition).items() for _ in range(k - shown.count(shape))))

    exact = engine_distribution(start, sim.first_move, label)
    got = sim.expedition_round(200_000, np.random.default_rng(5), SMALL)
    for shape in ("I2", "I3", "O4"):
        out = {j: sum((p for left, p in exact.items() if left.count(shape) == j), Fraction(0)) for j in range(3)}
        assert_tally_near(got.left_out[shape], out, f"{shape} left out")


def test_the_engine_rounds_match_the_exact_odds():
    rng = np.random.default_rng(6)
    start = sim.first_reveal()
    rounds = [sim.expedition_round_by_engine(rng, start) for _ in range(200)]
    assert all(len(r) == 7 for r in rounds)
    assert_near(Proportion(sum("O4" in r for r in rounds), 200), Fraction(7, 8), "O4 comes up, by the engine")
    mid = dataclasses.replace(start, revealed=("O4", "T4"))
    assert all("O4" not in r and len(r) == 5 for r in (sim.expedition_round_by_engine(rng, mid) for _ in range(10)))


def test_bad_input_is_refused():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="cannot have been revealed"):
        sim.expedition_round(10, rng, revealed=("O4", "O4"))
    with pytest.raises(ValueError, match="trials"):
        sim.expedition_round(0, rng)
