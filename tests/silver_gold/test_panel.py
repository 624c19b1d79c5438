"""The decision panel against independent counts: brute-force placements and coverage, draws
enumerated order by order, and the points read from the rules engine after the move."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import permutations
from typing import Any

import numpy as np

import mineedu
from mineedu.core import RandomBot, playout
from mineedu.core.i18n import count
from mineedu.games.silver_gold import CARDS, SHAPES
from mineedu.games.silver_gold.odds import points_now
from mineedu.games.silver_gold.panel import panel
from tests.board_conformance import random_moves

from .helpers import brute_coverage, brute_placements, card_boxes, everyone, find_cards, set_board, standard

DECK = ["I2", "I3", "I3", "L3", "L3", "T4", "L4", "O4"]


def figures(html: str, cls: str) -> dict[int, Fraction]:
    return {int(k): Fraction(v) for k, v in re.findall(rf"class='{cls}' data-slot='(\d)' data-exact='([^']+)'", html)}


def heat(html: str) -> dict[tuple[int, int, int], int]:
    return {(int(s), int(r), int(c)): int(k)
            for s, r, c, k in re.findall(r"data-box='(\d):(\d):(\d)' data-exact='(\d+)'", html)}


def round_fits_by_enumeration(card: Any, crossed: int, left: list[str], reveals: int) -> Fraction:
    """Every order of the cards left, the next ``reveals`` of them: does a shape that fits come up?"""
    fits = {s for s in set(left) if brute_placements(card_boxes(card, crossed), SHAPES[s])}
    orders = list(permutations(range(len(left)), reveals))
    return Fraction(sum(1 for o in orders if any(left[i] in fits for i in o)), len(orders))


def position(shape: str, revealed: tuple[str, ...] = ()) -> Any:
    cards = [find_cards(lambda c: c.colour == "purple" and not c.crosses, 2), find_cards(lambda c: c.colour == "green", 2)]
    s = standard(cards=cards)
    for sh in revealed:  # earlier reveals of the round: everyone crosses one box
        s = s.apply(sh)
        s = everyone(s, [("cross", 0, *sorted(card_boxes(CARDS[b.cards[0]], b.crossed[0]))[0]) for b in s.boards])
        while s.phase not in ("reveal", "place"):
            s = s.apply(s.legal_actions(s.current_player())[0], player=s.current_player())
    return s.apply(shape)


def test_every_figure_of_the_panel_against_brute_force() -> None:
    for shape, revealed in (("L3", ()), ("T4", ("I2", "O4")), ("I3", ("I3", "L4", "L3"))):
        s = position(shape, revealed)
        html = panel(s.observation(0), "fr")
        left = list(DECK)
        for sh in (*revealed, shape):
            left.remove(sh)
        reveals = 7 - len(revealed) - 1
        b = s.boards[0]
        cover = heat(html)
        for slot, cid in enumerate(b.cards):
            card, crossed = CARDS[cid], b.crossed[slot]
            boxes = card_boxes(card, crossed)
            assert figures(html, "odds-placements")[slot] == brute_placements(boxes, SHAPES[shape])
            assert {(r, c): k for (sl, r, c), k in cover.items() if sl == slot} == brute_coverage(boxes, SHAPES[shape])
            good = sum(1 for sh in left if brute_placements(boxes, SHAPES[sh]))
            assert figures(html, "odds-next-fits")[slot] == Fraction(good, len(left))
            assert figures(html, "odds-round-fits")[slot] == round_fits_by_enumeration(card, crossed, left, reveals)


def engine_points(s: Any, action: Any) -> int:
    """Player 1's score change when they make ``action`` and player 2 crosses a plain box (no cup, no symbol)."""
    before = s.score_sheet(0)["score"]
    card2 = CARDS[s.boards[1].cards[0]]
    plain = next(x for x in sorted(card_boxes(card2, s.boards[1].crossed[0])) if card2.symbol(*x) is None)
    after = everyone(s, [action, ("cross", 0, *plain)])
    assert after.phase in ("reveal", "replace")  # resolved: no red cross pending
    return int(after.score_sheet(0)["score"] - before)


def test_points_now_are_what_the_rules_score() -> None:
    coin_card = find_cards(lambda c: c.colour == "purple" and not c.crosses and c.palms and c.coins, 1)[0]
    other = find_cards(lambda c: c.colour == "green" and not c.crosses, 1)[0]
    s = standard(cards=[(min(coin_card, other), max(coin_card, other)), tuple(find_cards(lambda c: c.colour == "orange", 2))])
    s = s.apply("I2")
    view = s.observation(0)
    checked = 0
    for a in s.legal_actions(0):
        if a[0] in ("place", "cross"):
            assert points_now(view, a) == engine_points(s, a), a
            checked += 1
    assert checked > 20
    # a coin row completed takes the highest cup, a completed card its points and seals
    slot = s.boards[0].cards.index(coin_card)
    card = CARDS[coin_card]
    coin = next(x for x in sorted(card_boxes(card)) if card.symbol(*x) == "coin")
    keep_free = [coin, next(x for x in sorted(card_boxes(card)) if x != coin and abs(x[0] - coin[0]) + abs(x[1] - coin[1]) == 1)]
    crossed = sum(1 << (r * card.cols + c) for r, c in card_boxes(card) if (r, c) not in keep_free)
    other_crossed = s.boards[0].crossed[1 - slot]
    s = set_board(s, 0, coins=3, crossed=tuple(crossed if i == slot else other_crossed for i in range(2)))
    view = s.observation(0)
    finishing = [a for a in s.legal_actions(0) if a[0] == "place" and a[1] == slot]
    assert finishing
    for a in finishing:
        pts = points_now(view, a)
        assert pts == engine_points(s, a) and pts >= 1 + 6 + card.points  # a coin, the 6 cup, the card
    html = panel(view, "en")
    assert figures(html, "odds-place-points")[slot] == max(points_now(view, a) for a in finishing)


def test_at_the_end_the_panel_says_so_and_counts_nothing_left_to_do() -> None:
    """A finished game has no card to finish and no shape to come: the panel says the game is over
    (it went on with "1,00 expéditions pour la finir" under the final scores)."""
    end = playout(mineedu.make("silver_gold", 3).initial_state(), [RandomBot()] * 3, np.random.default_rng(4))
    assert end.is_terminal()
    for viewer, lang, over in ((0, "fr", "La partie est finie."), (None, "en", "The game is over.")):
        text = re.sub(r"<[^>]+>", " ", panel(end.observation(viewer), lang))
        assert over in text
        assert "finir" not in text and "finish" not in text and "P(" not in text


def test_a_card_is_finished_in_expeditions_counted_the_readers_way() -> None:
    """'1,50 expédition' (French singular below 2), '2,50 expéditions', '1.50 reveals'."""
    words = ("expédition", "expéditions", "reveal", "reveals")
    assert count(Fraction(3, 2), "fr", *words) == "1,50 expédition"
    assert count(Fraction(5, 2), "fr", *words) == "2,50 expéditions"
    assert count(Fraction(3, 2), "en", *words) == "1.50 reveals" and count(Fraction(1), "en", *words) == "1 reveal"
    lines = [re.sub(r"<[^>]+>", " ", line) for _moves, state in random_moves(mineedu.make("silver_gold", 2), 1)
             for line in re.findall(r"<p class='sg-card'>.*?</p>", panel(state.observation(0), "fr"))]
    assert len(lines) > 5  # between two shapes, each card's line says how long it takes to finish
    for line in lines:
        n, noun = re.search(r"(\d+(?:,\d\d)?) (expéditions?) pour la finir", line).groups()
        assert noun == ("expédition" if float(n.replace(",", ".")) < 2 else "expéditions"), line
