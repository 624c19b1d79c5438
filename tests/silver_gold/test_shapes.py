"""Orientations and placements, checked against hand counts and brute force."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mineedu.games.silver_gold import CARDS, SHAPES, TreasureCard, orientations, placement_count, placements
from mineedu.games.silver_gold.shapes import cells_mask

from .helpers import brute_placements, card_boxes, images

EXPEDITION = ("I2", "I3", "L3", "T4", "L4", "O4")


def test_orientation_counts_of_the_issue() -> None:
    # the issue's textbook numbers: domino, straight tromino, L-tromino, T, L, square
    assert [len(orientations(s)) for s in EXPEDITION] == [2, 2, 4, 4, 8, 1]


def test_orientations_match_the_eight_symmetries_brute_force() -> None:
    for s, base in SHAPES.items():
        assert {frozenset(o) for o in orientations(s)} == images(base), s


def test_placements_on_empty_frames_counted_by_hand() -> None:
    full34, full44 = (1 << 12) - 1, (1 << 16) - 1
    # domino on 3x4: 3 rows x 3 horizontal + 2 x 4 vertical
    assert placement_count(full34, "I2", 3, 4) == 9 + 8
    # straight tromino on 4x4: 4 rows x 2 + 4 columns x 2
    assert placement_count(full44, "I3", 4, 4) == 16
    # square on 4x4: 3 x 3 corners
    assert placement_count(full44, "O4", 4, 4) == 9
    # L-tetromino: 8 orientations, each a 3x2 or 2x3 box with 2 x 3 positions
    assert placement_count(full44, "L4", 4, 4) == 8 * 6
    # T on 3x4: 4 orientations; two are 2x3 (2 x 2 positions), two are 3x2 (1 x 3 positions)
    assert placement_count(full34, "T4", 3, 4) == 2 * 4 + 2 * 3


def test_placements_on_every_treasure_card_match_brute_force() -> None:
    for card in CARDS:
        boxes = card_boxes(card)
        for s in EXPEDITION:
            assert placement_count(card.boxes, s, card.rows, card.cols) == brute_placements(boxes, SHAPES[s]), (card.id, s)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(CARDS), st.integers(0, (1 << 16) - 1), st.sampled_from(EXPEDITION))
def test_placements_on_partly_crossed_cards_match_brute_force(card: TreasureCard, crossed: int, shape: str) -> None:
    crossed &= card.boxes
    free = card.boxes & ~crossed
    found = placements(free, shape, card.rows, card.cols)
    assert len(found) == brute_placements(card_boxes(card, crossed), SHAPES[shape])
    # each placement covers free boxes only, and distinct placements cover distinct sets
    assert all(m & ~free == 0 for *_, m in found)
    assert len({m for *_, m in found}) == len(found)


def test_mask_numbering_is_reading_order() -> None:
    assert cells_mask([(0, 0), (1, 2)], cols=4) == 1 | 1 << 6
