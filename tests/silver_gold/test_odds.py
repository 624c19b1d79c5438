"""Exact odds against brute-force enumeration and seeded Monte Carlo."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import permutations
from math import sqrt
from typing import Any

import numpy as np

from mineedu.core import sample_outcome
from mineedu.games.silver_gold import CARDS, SHAPES, SilverGold, TreasureCard
from mineedu.games.silver_gold.odds import (
    expected_reveals,
    greedy_step,
    odds_report,
    p_next_fits,
    p_shape_this_round,
    simulate_reveals,
)

from .helpers import brute_placements, card_boxes, find_cards, standard

DECK = ["I2", "I3", "I3", "L3", "L3", "T4", "L4", "O4"]  # the 8 expedition cards, labelled by position


def test_p_shape_this_round_by_enumerating_every_order() -> None:
    orders = list(permutations(range(8)))
    for shape in set(DECK):
        hit = sum(1 for o in orders if any(DECK[i] == shape for i in o[:7]))
        assert p_shape_this_round(DECK.count(shape), 8, 7) == Fraction(hit, len(orders))
    assert p_shape_this_round(1, 8, 7) == Fraction(7, 8)


def test_p_shape_rest_of_round_by_enumeration() -> None:
    # after I2, I3, L3 came out: 5 cards left, 4 more reveals
    rest = ["I3", "L3", "T4", "L4", "O4"]
    orders = list(permutations(range(5)))
    for shape in set(rest):
        hit = sum(1 for o in orders if any(rest[i] == shape for i in o[:4]))
        assert p_shape_this_round(rest.count(shape), 5, 4) == Fraction(hit, len(orders))


def test_p_shape_this_round_by_monte_carlo_with_the_games_own_chance() -> None:
    s = standard(cards=[find_cards(lambda c: c.colour == "purple", 2), find_cards(lambda c: c.colour == "orange", 2)])
    rng = np.random.default_rng(42)
    n, hits = 4000, 0
    for _ in range(n):
        t = s
        for _ in range(7):
            t = replace(t, revealed=t.revealed + (sample_outcome(t.chance_outcomes(), rng),))
        hits += "O4" in t.revealed
    p = 7 / 8
    assert abs(hits / n - p) < 4 * sqrt(p * (1 - p) / n)


def test_p_next_fits_against_brute_force() -> None:
    rng = np.random.default_rng(3)
    left = {"I2": 1, "I3": 2, "L3": 1, "T4": 1, "L4": 1, "O4": 1}
    for card in CARDS[::5]:
        crossed = int(rng.integers(1 << 16)) & card.boxes
        boxes = card_boxes(card, crossed)
        good = sum(k for s, k in left.items() if brute_placements(boxes, SHAPES[s]) > 0)
        assert p_next_fits([(card, crossed)], left) == Fraction(good, 7)


def tiny_card(grid: list[str]) -> TreasureCard:
    """A hand-made card for the enumeration tests ('#' box, 'x' red cross, '.' none)."""
    boxes = crosses = 0
    for r, line in enumerate(grid):
        for c, ch in enumerate(line):
            if ch != ".":
                boxes |= 1 << (r * 4 + c)
            if ch == "x":
                crosses |= 1 << (r * 4 + c)
    return TreasureCard(-1, "grey", len(grid), 4, boxes, 0, 0, crosses, None)


def brute_expected(card: TreasureCard) -> Fraction:
    """E[reveals to finish] by walking every ordered draw of the labelled deck (no memo, one round)."""

    def walk(free: int, remaining: frozenset[int], depth: int) -> Fraction:
        assert depth < 7, "this card must finish within one round"
        total = Fraction(0)
        for i in remaining:
            nxt = greedy_step(card, free, DECK[i])
            total += 1 if not nxt else 1 + walk(nxt, remaining - {i}, depth + 1)
        return total / len(remaining)

    return walk(card.boxes, frozenset(range(8)), 0)


def test_expected_reveals_equals_enumeration_on_small_cards() -> None:
    for grid in (["###.", "....", "...."], ["##..", "#x..", "...."], ["####", "#...", "...."]):
        card = tiny_card(grid)
        assert expected_reveals(card) == brute_expected(card)


def test_greedy_step_follows_red_crosses() -> None:
    card = tiny_card(["x#..", "x...", "#..."])
    # the domino covers (0,0)-(0,1): one red cross owes (1,0), itself a cross owing (2,0)
    assert greedy_step(card, card.boxes, "I2") == 0


def test_expected_reveals_across_rounds_by_monte_carlo() -> None:
    card = CARDS[find_cards(lambda c: c.colour == "purple")[0]]
    exact = float(expected_reveals(card))
    mean, se = simulate_reveals(card, 3000, np.random.default_rng(11))
    assert abs(mean - exact) < 4 * se


def test_report_for_a_players_cards() -> None:
    s = standard(cards=[find_cards(lambda c: c.colour == "purple", 2), find_cards(lambda c: c.colour == "orange", 2)])
    s = s.apply("O4")
    r = odds_report(s, 0)
    assert r["revealed_this_round"] == ["O4"]
    assert r["p_next_shape"]["I3"]["fraction"] == "2/7" and "O4" not in r["p_next_shape"]
    assert r["p_shape_rest_of_round"]["I2"]["reduced"] == "6/7"  # 1 - C(6,6)/C(7,6)
    assert [c["card"] for c in r["cards"]] == list(s.boards[0].cards)
    assert SilverGold(2).format_odds(r, "fr").startswith("Silver & Gold — manche 1")


def test_expected_reveals_across_short_rounds_equals_enumeration() -> None:
    """Rounds of 2 reveals: the deck is reshuffled often; walk every draw, round by round."""
    from mineedu.games.silver_gold.rules import Config

    def walk(card: TreasureCard, free: int, remaining: frozenset[int], in_round: int) -> Fraction:
        if in_round == 2:  # the round is over: all 8 cards are shuffled again
            remaining, in_round = frozenset(range(8)), 0
        total = Fraction(0)
        for i in remaining:
            nxt = greedy_step(card, free, DECK[i])
            total += 1 if not nxt else 1 + walk(card, nxt, remaining - {i}, in_round + 1)
        return total / len(remaining)

    cfg = Config(reveals_per_round=2)
    for grid in (["####", "##..", "...."], ["#x#.", "###.", "...."]):
        card = tiny_card(grid)
        assert expected_reveals(card, config=cfg) == walk(card, card.boxes, frozenset(range(8)), 0)


# --- the report is the viewer's, in the one exact JSON form; the board's panel reads it ------------


def test_report_numbers_in_the_exact_json_form_checked_by_brute_force() -> None:
    from mineedu.core import from_json
    from mineedu.core.exact import exact_json

    cards = [find_cards(lambda c: c.colour == "purple", 2), find_cards(lambda c: c.colour == "green", 2)]
    s = standard(cards=cards).apply("L3")
    r = odds_report(s, 1)
    # 7 cards left after an L-tromino: P(next) counted by hand from DECK
    left = list(DECK)
    left.remove("L3")
    for shape, d in r["p_next_shape"].items():
        assert d == exact_json(Fraction(left.count(shape), 7), counts=(left.count(shape), 7))
    # P(the next shape fits a card), by brute force over the boxes of each of player 2's cards
    for block, cid in zip(r["cards"], s.boards[1].cards):
        boxes = card_boxes(CARDS[cid])
        good = sum(1 for sh in left if brute_placements(boxes, SHAPES[sh]))
        assert block["p_next_fits"]["fraction"] == f"{good}/7" and from_json(block["p_next_fits"]) == Fraction(good, 7)
        assert from_json(block["expected_reveals_greedy"]) == expected_reveals(CARDS[cid], 0, revealed=("L3",))
    assert r["player"] == 1 and [b["card"] for b in r["cards"]] == list(s.boards[1].cards)


def test_the_report_is_the_viewers_own() -> None:
    from mineedu.core import CHANCE, SavedGame

    from .twins import twin

    g = SilverGold(2)
    s, moves = g.initial_state(), []
    while s.phase != "keep":
        c = s.chance_outcomes()[0][0]
        moves.append((CHANCE, c))
        s = s.apply(c)
    r0, r1 = odds_report(s, 0), odds_report(s, 1)
    assert [b["card"] for b in r0["hand"]] == list(s.boards[0].hand)
    assert [b["card"] for b in r1["hand"]] == list(s.boards[1].hand)
    # what player 2 is told does not depend on player 1's hand
    other = twin(g, moves, 1, np.random.default_rng(0))
    assert other is not None and other != moves
    changed: Any = SavedGame(g, None, other).replay()
    assert changed.boards[0].hand != s.boards[0].hand and odds_report(changed, 1) == r1


def test_the_panel_writes_exact_numbers_the_readers_way() -> None:
    from mineedu.games.silver_gold.panel import panel, status

    cards = [find_cards(lambda c: c.colour == "purple", 2), find_cards(lambda c: c.colour == "green", 2)]
    s = standard(cards=cards).apply("L3")
    fr, en = panel(s.observation(0), "fr"), panel(s.observation(0), "en")
    assert "<td>triomino droit</td><td>2/7 ≈ 28,6\xa0%</td>" in fr and "<td>straight tromino</td><td>2/7 ≈ 28.6%</td>" in en
    card = CARDS[s.boards[0].cards[0]]
    n = brute_placements(card_boxes(card), SHAPES["L3"])
    headline = f"<p class='odds-key'>Le triomino en L\xa0: <b class='odds-placements' data-slot='0' data-exact='{n}'>{n}</b>"
    assert headline + " placements" in fr
    assert "(4 orientations)" in fr and f"<b>Card 1, no. {card.id} (purple, 14)</b>" in en
    assert "What P1 sees" in en and "What everyone sees" in panel(s.observation(None), "en")
    assert status(s.observation(0), "fr") == "<p class='sg-points'>Points\xa0: J1 0 · J2 0</p>"


def test_the_final_status_says_who_won_and_the_tie_break() -> None:
    from mineedu.games.silver_gold.panel import status

    from .helpers import set_board

    s = standard(cards=[find_cards(lambda c: c.colour == "purple", 2), find_cards(lambda c: c.colour == "green", 2)])
    grey = find_cards(lambda c: c.colour == "grey", 2)
    green = find_cards(lambda c: c.colour == "green", 5)[2:]
    # 16 points each: two grey cards against one green card and 6 coins; the grey cards win the tie (D19)
    s = set_board(set_board(s, 0, completed=tuple(grey)), 1, completed=(green[0],), coins=6)
    s = replace(s, phase="over")
    assert s.scores() == (16.0, 16.0) and s.winners() == (0,)
    text = status(s.observation(None), "fr")
    assert "J1 gagne avec 16 points." in text and "Égalité de points" in text and "2 grises" in text
    assert "P1 wins with 16 points." in status(s.observation(1), "en")
