"""The picture, drawn from a view: bilingual labels, every miner's gold (E5), regions, sizes."""

from __future__ import annotations

import re

import numpy as np

from mineedu.core import RandomBot, playout
from mineedu.games.gold_mine import BURNED, LADDER
from mineedu.games.gold_mine.svg import render, render_narrow

from .helpers import at, new

LAYOUTS = (render, render_narrow)


def test_picture_shows_the_track_in_both_languages_and_everyones_gold():
    s = at(new(4), positions=(2, LADDER, BURNED, 5), rungs=(0, 1, 0, 0), dragon=7,
           kept=(("eyes", "eyes"), ("nugget",), (), ("lantern",)))
    for draw in LAYOUTS:
        fr, en = draw(s.observation(0), "fr"), draw(s.observation(0), "en")
        assert "Sortie" in fr and "grillé" in fr and "échelon 1" in fr and "feu" in fr
        assert "Exit" in en and "burned" in en and "rung 1" in en and "fire" in en
        assert "gold 4" in en and "gold 1" in en and "?" not in en  # E5: every miner's gold is public
    assert s._repr_svg_().startswith("<svg")


def test_the_decks_and_the_miners_inside_are_regions_a_board_can_offer():
    s = at(new(4), positions=(2, LADDER, BURNED, 5), rungs=(0, 1, 0, 0), dragon=7)
    for draw in LAYOUTS:
        svg = draw(s.observation(0), "fr")
        regions = set(re.findall(r'data-region="([^"]+)"', svg))
        assert regions == {"deck:explore", "deck:exit", "miner:0", "miner:3"}  # not the miner on the ladder, nor the burned one


def test_picture_of_a_finished_game_names_the_winner():
    final = playout(new(3), [RandomBot()] * 3, np.random.default_rng(2))
    en = render(final.observation(None), "en")
    names = ", ".join(f"P{p + 1}" for p in final.winners())
    assert (f"winner: {names}" in en or f"winners: {names}" in en) and "Game over" in en


def test_exit_card_and_deck_counts_are_in_words_in_both_languages():
    from .helpers import play

    s = play(at(new(4), positions=(6, 2, 4, 5)), ("exit",), "L1|SWAP")
    fr, en = render(s.observation(0), "fr"), render(s.observation(0), "en")
    assert "L1|SWAP" not in fr and "L1|SWAP" not in en
    assert "1 case vers la sortie ou échange" in fr and "1 card toward the exit or swap" in en
    assert "20 pépites, 14 lanternes, 16 yeux, 8 dragons" in fr
    assert "20 nuggets, 14 lanterns, 16 eyes, 8 dragons" in en


def test_the_number_on_dragoberts_card_is_readable_on_red():
    s = at(new(4), dragon=6)
    svg = render(s.observation(0), "en")
    number = re.search(r'<text[^>]*fill="([^"]+)"[^>]*>6</text>', svg)
    assert number and number.group(1) == "#fff"


def _sizes(svg: str) -> tuple[float, list[float]]:
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
    return width, [float(x) for x in re.findall(r'font-size="([\d.]+)"', svg)]


def test_text_is_readable_at_the_width_each_layout_is_shown():
    """Wide: shown at least 740 px wide (a tablet); narrow: at least 350 px (a phone): ≥ 12 px on screen."""
    s = at(new(6), positions=(1, 2, LADDER, 4, BURNED, 6), rungs=(0, 0, 1, 0, 0, 0), dragon=8)
    for draw, shown in ((render, 740), (render_narrow, 350)):  # a tablet held upright; a phone
        width, sizes = _sizes(draw(s.observation(0), "fr"))
        assert min(sizes) * shown / width >= 12, (draw.__name__, min(sizes), width)


def test_miners_are_large_enough_to_read_from_the_back_of_a_classroom():
    svg = render(new(6).observation(0), "fr")
    radii = [float(r) for r in re.findall(r'<circle cx="[^"]+" cy="[^"]+" r="([^"]+)" fill="#', svg)]
    assert sum(r >= 14 for r in radii) == 6  # the six miners on the cart (the player rows' dots are smaller)
