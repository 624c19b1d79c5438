"""The picture: bilingual labels, hidden gold, burned miners, the winner."""

from __future__ import annotations

import numpy as np

from mineedu.core import RandomBot, playout
from mineedu.games.gold_mine import BURNED, LADDER
from mineedu.games.gold_mine.svg import render

from .helpers import at, new


def test_picture_shows_the_track_in_both_languages_and_hides_others_gold():
    s = at(new(4), positions=(2, LADDER, BURNED, 5), rungs=(0, 1, 0, 0), dragon=7,
           kept=(("eyes", "eyes"), ("nugget",), (), ("lantern",)))
    fr, en = render(s, player=0, lang="fr"), render(s, player=0, lang="en")
    assert "Sortie" in fr and "grillé" in fr and "échelon 1" in fr and "feu" in fr
    assert "Exit" in en and "burned" in en and "rung 1" in en and "fire" in en
    assert "gold 4" in en and en.count("gold ?") == 3  # only player 0's own gold
    assert render(s, lang="en", show_all=True).count("gold ?") == 0
    assert s._repr_svg_().startswith("<svg")


def test_picture_of_a_finished_game_names_the_winner():
    final = playout(new(3), [RandomBot()] * 3, np.random.default_rng(2))
    en = render(final, lang="en")
    names = ", ".join(f"P{p + 1}" for p in final.winners())
    assert f"winner: {names}" in en and "Game over" in en


def test_exit_card_and_deck_counts_are_in_words_in_both_languages():
    from .helpers import play

    s = play(at(new(4), positions=(6, 2, 4, 5)), ("exit",), "L1|SWAP")
    fr, en = render(s, lang="fr"), render(s, lang="en")
    assert "L1|SWAP" not in fr and "L1|SWAP" not in en
    assert "1 case vers la sortie ou échange" in fr and "1 card toward the exit or swap" in en
    assert "20 pépites, 14 lanternes, 16 yeux, 8 dragons" in fr
    assert "20 nuggets, 14 lanterns, 16 eyes, 8 dragons" in en


def test_the_number_on_dragoberts_card_is_readable_on_red():
    import re

    s = at(new(4), dragon=6)
    svg = render(s, lang="en")
    # the card number 6 sits at the foot of Dragobert's dark red card: it must not be grey
    number = re.search(r'<text[^>]*fill="([^"]+)"[^>]*>6</text>', svg)
    assert number and number.group(1) == "#fff"


def test_miners_are_large_enough_to_read_from_the_back_of_a_classroom():
    import re

    svg = render(new(6), lang="fr")
    radii = [float(r) for r in re.findall(r'<circle cx="[^"]+" cy="[^"]+" r="([^"]+)" fill="#', svg)]
    assert sum(r >= 10 for r in radii) == 6  # the six miners on the cart
