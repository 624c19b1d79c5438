"""Mine (coal)'s simulators draw what the rules draw and score raids as the rules do.

Statistical checks: fixed seeds, tolerance 4 standard errors (``tests/simulate_check.py``),
against ``odds.py`` (hypergeometric draws, the raid game's equilibrium), values by hand
and the exact distribution of the rules engine's recruitment on small piles.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from math import comb

import numpy as np
import pytest

import mineedu
from mineedu.core.trials import Tally
from mineedu.games.coal_mine import odds
from mineedu.games.coal_mine import simulate as sim
from tests.simulate_check import assert_mean_near, assert_near, assert_tally_near, engine_distribution


@pytest.mark.parametrize("good, deck, draws, good_discard, discard", [
    (24, 60, 2, 0, 0), (24, 60, 5, 0, 0), (4, 30, 3, 0, 0), (1, 3, 5, 2, 4), (0, 2, 4, 3, 3), (5, 5, 2, 0, 0),
])
def test_recruitment_follows_the_exact_draw_distribution(good, deck, draws, good_discard, discard):
    got = sim.recruit_draws(good, deck, draws, 200_000, np.random.default_rng(good + deck + draws),
                            good_discard=good_discard, discard=discard)
    assert_tally_near(got, odds.draw_distribution(good, deck, good_discard, discard, draws), "recruitment")


def test_at_least_one_pipe_miner_by_hand():
    """24 pipe-miners among 60 cards, 3 drawn: 1 - C(36,3)/C(60,3)."""
    got = sim.recruit_draws(24, 60, 3, 200_000, np.random.default_rng(9))
    assert_near(got.at_least(1), 1 - Fraction(comb(36, 3), comb(60, 3)), "at least one")


def engine_recruitment(kind, draws, deck, discard):
    game = mineedu.make("coal_mine", 2)
    s = dataclasses.replace(game.initial_state(), phase="draw", turn=0, start=0,
                            deck=tuple(deck.get(k, 0) for k in game.kinds), discard=tuple(discard.get(k, 0) for k in game.kinds),
                            hands=((0,) * len(game.kinds),) * 2, to_draw=(draws, 0))
    return engine_distribution(
        s, lambda s: None,
        lambda s, path: None if (s.phase == "draw" and s.turn == 0) else sum(1 for a in path if a[1] == kind),
    )


@pytest.mark.parametrize("draws, deck, discard", [
    (3, {"pipe": 2, "miner": 3, "chief": 1}, {}),
    (4, {"pipe": 1, "miner": 1}, {"pipe": 2, "foreman": 2}),  # the discards replace the empty deck
    (2, {"pipe": 3}, {}),
])
def test_recruitment_draws_the_engines_distribution(draws, deck, discard):
    exact = engine_recruitment("pipe", draws, deck, discard)
    d, r = sum(deck.values()), sum(discard.values())
    assert exact == odds.draw_distribution(deck.get("pipe", 0), d, discard.get("pipe", 0), r, draws)
    got = sim.recruit_draws(deck.get("pipe", 0), d, draws, 200_000, np.random.default_rng(draws),
                            good_discard=discard.get("pipe", 0), discard=r)
    assert_tally_near(got, exact, "pipe-miners drawn")


def test_the_engine_recruitments_match_the_exact_odds():
    deck, discard = {"pipe": 1, "miner": 1}, {"pipe": 2, "foreman": 2}
    rng = np.random.default_rng(1)
    by_engine = Tally.of([sim.recruit_by_engine("pipe", 4, rng, deck, discard) for _ in range(800)])
    assert_tally_near(by_engine, odds.draw_distribution(1, 2, 2, 4, 4), "pipe-miners drawn by the engine")


@pytest.mark.parametrize("attack, defence, stock", [(2, 2, 2), (3, 1, 5), (3, 2, 1), (1, 1, 0), (3, 3, 4)])
def test_the_equilibrium_earns_the_games_value(attack, defence, stock):
    p_attack, p_defend, value = odds.raid_mix(attack, defence, stock)
    got = sim.raid_rounds(attack, defence, stock, 200_000, np.random.default_rng(attack * 10 + stock))
    rows, cols, m = odds.raid_game(attack, defence, stock)
    x, y = (1 - p_attack, p_attack), (1 - p_defend, p_defend)
    exact: dict[int, Fraction] = {}
    for i in range(2):
        for j in range(2):
            assert_near(got.plays[2 * i + j], x[i] * y[j], f"plays {rows[i]}/{cols[j]}")
            exact[m[i][j]] = exact.get(m[i][j], Fraction(0)) + x[i] * y[j]
    assert_tally_near(got.payoff, exact, "payoff")
    assert_mean_near(got.payoff, value, "value")


def test_a_predictable_target_is_exploited():
    """Against a target that always mines, always attacking earns the table's attack/mine cell (by hand: 5)."""
    got = sim.raid_rounds(3, 1, 5, 10_000, np.random.default_rng(0), raider=(0, 1), target=(1, 0))
    assert got.payoff.counts == ((5, 10_000),)  # (3 - 3 + 3) - (1 - 0 - 3): the loot counts twice
    mixed = sim.raid_rounds(3, 1, 5, 200_000, np.random.default_rng(1), raider=(Fraction(1, 4), Fraction(3, 4)),
                            target=(0.5, 0.5))
    assert_mean_near(mixed.payoff, Fraction(1, 4) * Fraction(2 + 3, 2) + Fraction(3, 4) * Fraction(5 + 4, 2), "a mix")


def test_the_split_raid_game():
    _, _, m = odds.raid_game(2, 1, 3, split=True)
    x, y = (Fraction(1, 3),) * 3, (Fraction(1, 2),) * 2
    got = sim.raid_rounds(2, 1, 3, 200_000, np.random.default_rng(3), raider=x, target=y, split=True)
    assert_mean_near(got.payoff, sum(x[i] * y[j] * m[i][j] for i in range(3) for j in range(2)), "split")


def test_the_engine_rounds_match_the_exact_value():
    rng = np.random.default_rng(5)
    p_attack, p_defend, value = odds.raid_mix(2, 2, 2)
    got = Tally.of([sim.raid_by_engine(2, 2, 2, rng, (1 - p_attack, p_attack), (1 - p_defend, p_defend)) for _ in range(4000)])
    assert_mean_near(got, value, "value by the engine")


def test_bad_input_is_refused():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="add up to 1"):
        sim.raid_rounds(2, 2, 2, 10, rng, raider=(0.5, 0.6))
    with pytest.raises(ValueError, match="both mixes"):
        sim.raid_rounds(2, 2, 2, 10, rng, split=True)
    with pytest.raises(ValueError, match="piles"):
        sim.recruit_draws(5, 3, 2, 10, rng)
    with pytest.raises(ValueError, match="trials"):
        sim.recruit_draws(1, 3, 2, 0, rng)
