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
