"""Exact odds against brute-force enumeration, the engine's own chance tree, and Monte Carlo."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import mineedu
from mineedu.games.gold_mine.odds import (
    dragons_in_next,
    expected_gold_next,
    format_odds,
    p_dragon_next,
    p_dragon_reaches,
)

from .helpers import at, new, play

GOLD = {"N": 1, "L": 1, "E": 2, "D": 0}


def small_state(nugget, lantern, eyes, dragon, **fields):
    cfg = {"nugget": nugget, "lantern": lantern, "eyes": eyes, "dragon": dragon}
    return at(mineedu.make("gold_mine", 3, exploration=cfg).initial_state(), **fields)


def all_orders(nugget, lantern, eyes, dragon):
    """Every order of a deck of labelled (distinguishable) cards: each equally likely."""
    cards = ["N"] * nugget + ["L"] * lantern + ["E"] * eyes + ["D"] * dragon
    return list(itertools.permutations(cards))


@pytest.mark.parametrize("deck", [(2, 1, 1, 2), (1, 1, 2, 3), (3, 0, 1, 1)])
def test_odds_match_brute_force_over_all_orders_of_a_small_deck(deck):
    s = small_state(*deck)
    orders = all_orders(*deck)
    total = len(orders)
    assert p_dragon_next(s) == Fraction(sum(o[0] == "D" for o in orders), total)
    assert expected_gold_next(s) == Fraction(sum(GOLD[o[0]] for o in orders), total)
    n = sum(deck)
    for k in range(0, n + 2):
        counts = Counter(sum(c == "D" for c in o[:k]) for o in orders)
        brute = {j: Fraction(c, total) for j, c in counts.items()}
        assert dragons_in_next(s, k) == brute
        for position in range(1, 8):
            need = 8 - position
            hits = sum(1 for o in orders if sum(c == "D" for c in o[:k]) >= need)
            assert p_dragon_reaches(s, position, k) == Fraction(hits, total)


def engine_tree(state, k, acc=Fraction(1), out=None):
    """Walk the engine's own chance tree: the active player explores k times (face down)."""
    out = {} if out is None else out
    if k == 0 or not any(state.explore):
        out[state.dragon] = out.get(state.dragon, Fraction(0)) + acc
        return out
    s = state.apply(("explore",))
    for card, p in s.chance_outcomes():
        engine_tree(s.apply(card), k - 1, acc * p, out)
    return out


def test_dragon_reaches_matches_the_engines_chance_tree():
    # miners at the ladder's doorstep stay inside on nuggets; dragons never reach card 1 here
    s = small_state(4, 0, 0, 3, positions=(1, 1, 1))
    for k in range(1, 6):
        dist = engine_tree(s, k)
        assert sum(dist.values()) == 1
        for position in (5, 6, 7):
            engine = sum((p for d, p in dist.items() if d <= position), Fraction(0))
            assert p_dragon_reaches(s, position, k) == engine


def test_odds_after_cards_are_seen_use_the_public_counts():
    s = play(new(), ("explore",), "dragon", ("explore",), "eyes")
    assert p_dragon_next(s) == Fraction(7, 56)
    assert p_dragon_next(s.observation(2)) == Fraction(7, 56)
    assert p_dragon_reaches(s, 7, 3) == 1  # the dragon is already on card 7
    assert expected_gold_next(s) == Fraction(20 + 14 + 2 * 15, 56)


def test_face_up_expected_gold_is_the_visible_card():
    s = play(new(deck_mode="face_up"), "eyes")
    assert expected_gold_next(s) == 2
    assert p_dragon_next(s) == Fraction(8, 57)  # the next revealed card, under the visible one


def test_monte_carlo_agrees_with_the_exact_distribution_within_4_standard_errors():
    s = new()
    rng = np.random.default_rng(2026)
    deck = np.array([0] * 20 + [1] * 14 + [2] * 16 + [3] * 8)
    runs, k = 20_000, 10
    dragons = np.array([(rng.permutation(deck)[:k] == 3).sum() for _ in range(runs)])
    exact = {j: float(p) for j, p in dragons_in_next(s, k).items()}
    for j, p in exact.items():
        se = math.sqrt(p * (1 - p) / runs)
        assert abs((dragons == j).mean() - p) <= 4 * se + 1e-12, (j, p)
    reach = float(p_dragon_reaches(s, 6, k))  # 2 dragons needed
    se = math.sqrt(reach * (1 - reach) / runs)
    assert abs((dragons >= 2).mean() - reach) <= 4 * se


def test_monte_carlo_through_the_engine_first_draw_is_a_dragon_8_in_58():
    from mineedu.core import sample_outcome

    s = new().apply(("explore",))
    rng = np.random.default_rng(7)
    runs = 20_000
    hits = sum(sample_outcome(s.chance_outcomes(), rng) == "dragon" for _ in range(runs))
    p = 8 / 58
    assert abs(hits / runs - p) <= 4 * math.sqrt(p * (1 - p) / runs)


def test_odds_report_and_its_text_in_both_languages():
    game = mineedu.make("gold_mine", 4)
    s = game.initial_state()
    r = game.odds_report(s, 1)
    assert r["p_dragon_next"] == {"fraction": "8/58", "reduced": "4/29", "float": 8 / 58}
    assert set(r["dragons_in_next_k"]) == {str(k) for k in range(1, 11)}
    assert r["dragons_in_next_k"]["1"]["1"]["fraction"] == "4/29"
    assert r["dragon_reaches_me"]["10"]["reduced"] == str(p_dragon_reaches(s, 4, 10))
    assert r["expected_gold_next"]["reduced"] == "33/29"
    en, fr = format_odds(r, "en"), format_odds(r, "fr")
    assert "P(next card is a dragon) = 8/58" in en and "13.8%" in en
    assert "P(prochaine carte = dragon) = 8/58" in fr and "13,8\u00a0%" in fr and "pépite" in fr
    off = game.odds_report(at(s, positions=(0, 4, 4, 4), rungs=(1, 0, 0, 0)), 0)
    assert off["dragon_reaches_me"] is None and "no longer inside" in format_odds(off, "en")


def test_odds_text_counts_the_deck_in_plural_words():
    game = mineedu.make("gold_mine", 4)
    r = game.odds_report(game.initial_state())
    assert "58 (20 pépites, 14 lanternes, 16 yeux, 8 dragons)" in format_odds(r, "fr")
    assert "58 (20 nuggets, 14 lanterns, 16 eyes, 8 dragons)" in format_odds(r, "en")
