"""The Silver & Gold lesson in-process: every exact value against brute force or enumeration,
the simulations against them (fixed seeds, 4 standard errors), the pictures, the exercises."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import combinations, permutations
from typing import Any

import numpy as np

from mineedu.core import fraction_text
from mineedu.games.silver_gold import SHAPES
from mineedu.games.silver_gold import lesson as L
from mineedu.ui.lesson import Lesson, lesson

from .helpers import brute_placements, images, normal

CARD = {(r, c) for r in range(3) for c in range(4)}
DECK = ["I2", "I3", "I3", "L3", "L3", "T4", "L4", "O4"]  # the rules' 8 expedition cards, written out here


def test_the_l_tromino_has_24_placements_by_brute_force() -> None:
    assert L.exact_placements(None) == brute_placements(CARD, SHAPES["L3"]) == 24


def test_random_throws_estimate_the_placements() -> None:
    values = L.simulate_throws(None, 40_000, np.random.default_rng(3))
    assert set(np.unique(values)) == {0, 48}  # 4 orientations x 12 boxes = 48 possible throws
    se = values.std(ddof=1) / np.sqrt(len(values))
    assert abs(values.mean() - 24) < 4 * se


def test_copies_that_come_up_by_enumerating_every_round() -> None:
    orders = list(permutations(range(8)))
    for k in (1, 2):
        counts: dict[int, int] = {}
        for order in orders:  # the first 7 of a shuffled deck come up; the shape is on cards 0..k-1
            x = sum(1 for i in order[:7] if i < k)
            counts[x] = counts.get(x, 0) + 1
        law = {x: Fraction(n, len(orders)) for x, n in counts.items()}
        assert L.copies_law(k) == law
        assert L.exact_copies(k) == sum(x * p for x, p in law.items()) == Fraction(7 * k, 8)
    assert L.copies_law(1)[0] == Fraction(1, 8) and 0 not in L.copies_law(2)  # two copies: always one up


def test_simulated_rounds_follow_the_exact_law() -> None:
    rng = np.random.default_rng(11)
    for k in (1, 2):
        values = L.simulate_rounds(k, 40_000, rng)
        for x, p in L.copies_law(k).items():
            freq = float((values == x).mean())
            assert abs(freq - float(p)) < 4 * (float(p) * (1 - float(p)) / 40_000) ** 0.5, (k, x, freq)
        assert set(np.unique(values)) <= set(L.copies_law(k))


def test_the_pictures_draw_every_placement_and_every_orientation() -> None:
    svg = L.placements_picture("fr")
    assert "data-count='24'" in svg
    # read back the 24 mini cards: each a distinct set of 3 blue boxes congruent to the L-tromino
    rects = re.findall(r"<rect x='(\d+)' y='(\d+)' width='13' height='13' fill='(#[0-9A-Fa-f]+)'", svg)
    assert len(rects) == 24 * 12
    cards = [rects[i * 12:(i + 1) * 12] for i in range(24)]
    shapes = set()
    for card in cards:
        cells = frozenset(divmod(j, 4) for j, (_x, _y, fill) in enumerate(card) if fill == "#0072B2")
        assert normal(cells) in images(SHAPES["L3"])
        shapes.add(cells)
    assert len(shapes) == 24
    table = L.shapes_picture("en")
    found = re.findall(r"<th scope='row' data-orientations='(\d)'>([^<]+)</th>", table)
    names = {"I2": "domino", "I3": "straight tromino", "L3": "L-tromino", "T4": "T-tetromino", "L4": "L-tetromino",
             "O4": "square tetromino"}
    rows = {v.split(":")[0]: (int(k), v) for k, v in found}
    for code, name in names.items():
        k = len(images(SHAPES[code]))  # the distinct images under the 8 turns and flips, by brute force
        assert rows[name][0] == k and rows[name][1].endswith(f"8 / {8 // k} = {k} orientation{'s' if k > 1 else ''}")


def test_the_exercises_by_brute_force() -> None:
    spec = L.SPEC
    domino, l4, real, later = (e.answer for e in spec.exercises)
    assert domino == brute_placements(CARD, SHAPES["I2"]) == 17
    assert l4 == len(images(SHAPES["L4"])) == 8
    orders = list(permutations(range(8), 7))
    assert Fraction(sum(1 for o in orders if 7 in o), len(orders)) == Fraction(7, 8) == L.SPEC.predict[1].exact(1)
    # grey card no. 0 of the rules' deck: its boxes, by brute force over every pair of boxes
    card = L.REAL
    boxes = [(r, c) for r in range(card.rows) for c in range(card.cols) if card.is_box(r, c)]
    assert (card.colour, card.points) == ("grey", 8)
    assert real == sum(1 for a, b in combinations(boxes, 2) if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1) == 7
    # three cards out, none the square: 5 left (the square among them), 4 more revealed
    rest = list(combinations(range(5), 4))
    assert later == Fraction(sum(1 for r in rest if 0 in r), len(rest)) == Fraction(4, 5)
    for e in spec.exercises:  # each worked solution reaches the checked answer, in both languages
        for lang in ("fr", "en"):
            assert e.question[lang] and e.hint[lang] and re.search(rf"= {fraction_text(e.answer)}\b", e.solution[lang]), \
                e.solution[lang]


def test_the_page_builds_and_says_the_same_before_any_deal() -> None:
    a, b = lesson("silver_gold", seed=1), lesson("silver_gold", seed=2)
    assert isinstance(a, Lesson) and a.board_summary() == b.board_summary()  # a saved notebook keeps it
    state: Any = a.game_board.session.state
    assert state.phase == "keep"
    s = a.predict_sections[0]
    s.receive("commit", "20")
    s.run()
    s.receive("reveal", None)
    assert "24" in s.exact_box.value and "8 / 2 = 4" in s.exact_box.value and "sg-placements" in s.exact_box.value
    h = a.predict_sections[1]
    h.receive("commit", "0,9")
    h.run()
    h.receive("reveal", None)
    assert "chart-bar" in h.chart.value and "7/8" in h.exact_box.value
    a.language.set("en")
    assert "in how many ways" in s.question.value and "the L-tromino" in s.exact_box.value


def test_the_tournament_runs_and_reads_its_result() -> None:
    page = lesson("silver_gold", seed=3)
    t = page.tournament_section
    assert t is not None
    result = t.run(10)
    assert result is not None and [r["bot"] for r in result["bots"]] == ["random", "greedy", "open"]
    assert "Le meilleur ici" in t.result.value and "chart-bar" in t.chart.value
