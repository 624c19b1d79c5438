"""Exact odds against brute-force enumeration and against Monte Carlo through the rules."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from fractions import Fraction
from itertools import permutations, product
from typing import Any

import numpy as np
import pytest

from mineedu.core import BaseBot, from_json, playout
from mineedu.games.dragon_cave import (
    Config,
    DragonCave,
    DragonCaveState,
    GreedyDepthBot,
    card_distribution,
    card_expectation,
    escape_probability,
    format_odds,
    odds_report,
    turn_back_curve,
)
from mineedu.games.dragon_cave.simulate import home_run

from .helpers import position

VARIANTS: list[dict[str, Any]] = [
    dict(),
    dict(dice_movement=True),
    dict(dice_dragon=True),
    dict(dice_movement=True, dice_dragon=True),
]


# --- cards --------------------------------------------------------------------------------


@pytest.mark.parametrize("family,seen", [(0, ()), (1, (4,)), (2, (9, 9)), (3, (10, 11, 12))])
def test_card_distribution_matches_every_order_of_the_family(family: int, seen: tuple[int, ...]) -> None:
    """Shuffle the family every way; among orders starting with the seen values, count the next."""
    fam = Config().families[family]
    counts: dict[int, int] = {}
    total = 0
    for order in permutations(range(len(fam))):
        values = [fam[i] for i in order]
        if sorted(values[: len(seen)]) == sorted(seen):
            counts[values[len(seen)]] = counts.get(values[len(seen)], 0) + 1
            total += 1
    assert card_distribution(Config(), family, seen) == {v: Fraction(k, total) for v, k in sorted(counts.items())}


def test_family_expectations() -> None:
    assert [card_expectation(Config(), f) for f in range(4)] == [2, 5, 8, 11]


# --- the race home ---------------------------------------------------------------------------------


def brute_escape(index: int, dragon: int, cards: int, cfg: Config, others: tuple[int, ...] = ()) -> Fraction:
    """Walk every sequence of dice (move die, dragon dice) turn by turn until caught or out.

    The miner stands on card ``index`` (0 = next to the entrance); no memo, no formula.
    ``others``: the loads of other returning miners, each moving the dragon in the same
    round (one more dragon die each with the dice dragon, else their cards).
    """
    faces = range(1, cfg.die_sides + 1)
    dragon_dice = [faces] * (1 + len(others)) if cfg.dice_dragon else [[cards + sum(others)]]
    rolls = list(product(faces if cfg.dice_movement else [None], *dragon_dice))
    w = Fraction(1, len(rolls))

    def go(i: int, d: int, depth: int = 0) -> Fraction:
        assert depth < 60, "the walk does not end"
        out = Fraction(0)
        for r, *ks in rolls:
            pts = max(0, r - cards) if r is not None else cfg.movement - cards
            j = i - pts
            if j < 0:
                out += w
                continue
            nd = d - sum(ks)
            if nd > 0 and j < nd:
                out += w * go(j, nd, depth + 1)
        return out

    return go(index, dragon)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("sides", [3, 6])
def test_escape_dp_matches_brute_force_on_small_cases(variant: dict[str, Any], sides: int) -> None:
    cfg = Config(die_sides=sides, **variant)
    limit = 5 if sides == 3 else 3
    checked = 0
    for cards in range(1, 4):
        for index in range(0, limit):
            for dragon in range(index, limit + 1):  # dragon == index: the card underfoot was just taken
                assert escape_probability(index + 1, cards, dragon, cfg) == brute_escape(index, dragon, cards, cfg), (
                    cards, index, dragon)
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("others", [(1,), (2, 1)])
def test_escape_dp_with_other_returning_miners_matches_brute_force(variant: dict[str, Any], others: tuple[int, ...]) -> None:
    """The odds bot's estimate: other returning miners move the dragon in the same round."""
    cfg = Config(die_sides=3, **variant)
    checked = 0
    for cards in range(1, 4):
        for index in range(0, 4):
            for dragon in range(index, 6):
                exact = escape_probability(index + 1, cards, dragon, cfg, others)
                assert exact == brute_escape(index, dragon, cards, cfg, others), (cards, index, dragon)
                checked += 1
    assert checked > 20


def test_no_dice_race_is_certain_and_agrees_with_the_rules() -> None:
    """Without dice, P is 0 or 1, and playing the position through the rules gives the same."""
    rng = np.random.default_rng(0)
    for cards in (1, 2, 3):
        for index in range(0, 12, 3):
            for dragon in range(index + 1, 20, 4):
                p = escape_probability(index + 1, cards, dragon)
                s = lone_returner(Config(), index, dragon, cards)
                final = playout(s, [RunHome(), RunHome()], rng)
                assert p == (1 if final.scores()[0] > 0 else 0), (cards, index, dragon)  # out with Heroic 12s, or eaten


class RunHome(BaseBot):
    name = "run-home"

    def act(self, obs: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        return home_run(obs)


def lone_returner(cfg: Config, index: int, dragon: int, cards: int) -> DragonCaveState:
    """Player 0 coming back from card ``index`` with ``cards`` cards; player 1 already out."""
    held = tuple((3, 12) for _ in range(cards))
    return position(2, config={k: getattr(cfg, k) for k in ("dice_movement", "dice_dragon")},
                    pos=(index, -1), status=("in", "out"), returning=(True, True),
                    carried=(held, ()), dragon=dragon)


@pytest.mark.parametrize("variant,index,dragon,cards", [
    (dict(dice_movement=True, dice_dragon=True), 7, 10, 2),
    (dict(dice_movement=True), 3, 10, 3),
    (dict(dice_dragon=True), 10, 14, 1),
])
def test_escape_dp_matches_monte_carlo_through_the_rules(variant: dict[str, Any], index: int, dragon: int, cards: int) -> None:
    cfg = Config(**variant)
    p = float(escape_probability(index + 1, cards, dragon, cfg))
    assert 0.05 < p < 0.95  # an informative case
    rng = np.random.default_rng(2024)
    n = 3000
    start = lone_returner(cfg, index, dragon, cards)
    hits = sum(playout(start, [RunHome(), RunHome()], rng).scores()[0] > 0 for _ in range(n))  # out, with 12s
    se = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) < 4 * se, (hits / n, p)


def test_dragon_first_is_the_dragon_move_then_the_race() -> None:
    cfg = Config(dice_dragon=True)
    by_hand = sum(Fraction(1, 6) * (0 if 9 - k < 5 else escape_probability(5, 2, 9 - k, cfg)) for k in range(1, 7))
    assert escape_probability(5, 2, 9, cfg, dragon_first=True) == by_hand


# --- when to turn back ------------------------------------------------------------------------------


def test_turn_back_curve_rows() -> None:
    rows = turn_back_curve(Config())
    assert [r["family"] for r in rows] == [0] * 6 + [1] * 6 + [2] * 6 + [3] * 6
    assert all(r["p_escape"] == 1 for r in rows)  # 3 steps a turn against 1: always home
    dice = turn_back_curve(Config(dice_dragon=True))
    ps = [r["p_escape"] for r in dice]
    assert ps == sorted(ps, reverse=True) and ps[0] == 1 and ps[-1] < Fraction(1, 10)
    best = max(range(24), key=lambda k: dice[k]["expected"])
    assert 0 < best < 23  # the curve peaks inside the cave


def test_turn_back_curve_matches_monte_carlo_of_a_lone_diver() -> None:
    cfg = Config(dice_dragon=True)
    k = 14  # a Difficile card
    row = turn_back_curve(cfg)[k]
    game = DragonCave(2, dice_dragon=True)
    start = position(2, config={"dice_dragon": True}, path=game.initial_state().path,
                     pos=(k, -1), status=("in", "out"), returning=(False, True))
    rng = np.random.default_rng(77)
    n = 3000
    scores = [playout(start, [GreedyDepthBot(k), GreedyDepthBot(k)], rng).scores()[0] for _ in range(n)]
    mean = sum(scores) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in scores) / (n - 1))
    assert abs(mean - float(row["expected"])) < 4 * sd / math.sqrt(n), (mean, float(row["expected"]))
    escaped = sum(x > 0 for x in scores) / n  # every Difficile card is worth 7 or more
    p = float(row["p_escape"])
    assert abs(escaped - p) < 4 * math.sqrt(p * (1 - p) / n)


# --- the report ------------------------------------------------------------------------------------


def test_odds_report_is_json_and_speaks_both_languages() -> None:
    s = position(3, pos=(10, 3, -1), carried=(((1, 5),), (), ()), config={"dice_dragon": True},
                 path=DragonCave(3).initial_state().path)
    report = odds_report(s, 0)
    again = json.loads(json.dumps(report))
    # alone in the cave (player 2 on card 4 is not counted): 11 steps home
    assert again["player"]["steps_to_entrance"] == 11 and again["player"]["cards"] == 1
    pe = from_json(again["player"]["p_escape"])
    assert pe == escape_probability(11, 1, 24, Config(dice_dragon=True))
    assert math.isclose(again["player"]["expected_final"]["float"], float(pe * 5), abs_tol=1e-6)
    assert from_json(again["families"][3]["expected"]) == 11 and again["families"][3]["expected"]["fraction"] == "66/6"
    assert again["families"][0]["distribution"]["1"] == {"fraction": "2/6", "reduced": "1/3", "float": 1 / 3}
    en, fr = format_odds(report, "en"), format_odds(report, "fr")
    assert "P(escape)" in en and "P(sortir)" in fr and "Heroic" in en and "Héroïque" in fr


def test_odds_report_for_taking_the_card_underfoot_by_hand() -> None:
    """Dice dragon; player 0 on card 5 going deeper with one card, the dragon 8 cards from the entrance.

    Without the card (3 steps a turn): 6 steps home, 2 turns; only a 6 on the dragon's first die
    (8 - 6 = 2 < 3 steps left) catches the miner: 5/6.
    With the card (2 steps a turn, the path closes: dragon 7): 3 turns; after the first move 4 steps
    are left and the dragon must roll k1 <= 3; after the second, 2 steps, k2 <= 5 - k1:
    (1/6) * (4/6 + 3/6 + 2/6) = 1/4.
    """
    s = position(2, pos=(5, -1), status=("in", "out"), carried=(((1, 5),), ()), dragon=8,
                 config={"dice_dragon": True})
    mine = odds_report(s, 0)["player"]
    assert (mine["steps_to_entrance"], mine["cards"]) == (6, 1)
    assert from_json(mine["p_escape"]) == Fraction(5, 6)
    assert from_json(mine["p_escape_with_this_card"]) == Fraction(1, 4)
    value = s.path[5][1]
    assert value is not None and from_json(mine["expected_final_with_this_card"]) == Fraction(1, 4) * (5 + value)
