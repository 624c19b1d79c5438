"""The board's odds panel and status line, from a view: numbers checked by hand, words in both languages."""

from __future__ import annotations

import html
import re

import numpy as np

from mineedu.core import CHANCE, from_json, sample_outcome
from mineedu.core.i18n import format_number
from mineedu.games.dragon_cave import DragonCave, escape_probability, odds_report
from mineedu.games.dragon_cave.panel import panel, status

from .helpers import position

NBSP = "\u00a0"


def plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def test_the_odds_of_turning_back_now_by_hand() -> None:
    """Alone on card 6 with a Medium 5, the dragon 8 cards from the entrance, dice dragon (see test_odds):
    turning back now P = 5/6; taking the Easy 3 underfoot too, P = 1/4."""
    s = position(2, pos=(5, -1), status=("in", "out"), carried=(((1, 5),), ()), dragon=8, config={"dice_dragon": True})
    fr, en = plain(panel(s.observation(0), "fr")), plain(panel(s.observation(0), "en"))
    assert f"J1 (bleu){NBSP}: avance vers le dragon avec 1 carte (Moyen 5), à 6 pas de l'entrée" in fr
    assert "P1 (blue): going deeper with 1 card (Medium 5), 6 steps from the entrance" in en
    assert f"P(sortir) = 5/6 ≈ 83,3{NBSP}%{NBSP}; trésor rapporté espéré ≈ 4,17" in fr  # 5/6 × 5
    assert "P(escape) = 5/6 ≈ 83.3%; expected treasure brought home ≈ 4.17" in en
    assert f"P(sortir) = 1/4 ≈ 25,0{NBSP}%{NBSP}; trésor rapporté espéré ≈ 2,00" in fr  # 1/4 × (5 + 3)
    assert f"Facile{NBSP}: vaut 3" in fr and "3 pas maintenant" in fr and "2 pas avec une carte de plus" in fr
    assert "3 steps now; 2 steps with one more card" in en


def test_a_face_down_card_is_worth_its_family_s_mean_given_what_has_been_seen() -> None:
    path = DragonCave(2).initial_state().path
    s = position(2, pos=(2, -1), status=("in", "out"), carried=(((0, 3),), ()), path=path[1:])
    # the Easy values left: 1, 1, 2, 2, 3 (one 3 is carried): 9/5
    assert f"Facile{NBSP}: valeur espérée 1,80 (9/5)" in plain(panel(s.observation(0), "fr"))
    fresh = DragonCave(2).initial_state()
    text = plain(panel(fresh.observation(0), "en"))
    assert "First card" in text and "Easy: expected value 2 (12/6)" in text and "P(escape)" not in text


def test_a_fraction_too_long_to_read_is_shown_by_its_decimal() -> None:
    s = position(2, pos=(12, -1), status=("in", "out"), carried=(((1, 4), (2, 7)), ()), dragon=17,
                 config={"dice_movement": True, "dice_dragon": True}, roll=3)
    p = escape_probability(13, 2, 17, s.game.config)
    assert p.denominator > 1000
    text = plain(panel(s.observation(0), "fr"))
    assert f"P(sortir) ≈ {format_number(float(p), 'fr', percent=True)}{NBSP};" in text and str(p.denominator) not in text


def test_a_full_load_and_a_die() -> None:
    s = position(pos=(5, 9), carried=(((0, 1), (1, 4), (2, 7)), ()))
    fr = plain(panel(s.observation(0), "fr"))
    assert "1 pas maintenant (vous ne pouvez pas porter plus)" in fr and "en prenant aussi" not in fr
    d = position(pos=(5, 9), carried=(((0, 1),), ()), config={"dice_movement": True}, roll=5)
    assert "4 steps (die 5 − 1 card) now; 3 steps with one more card" in plain(panel(d.observation(0), "en"))


def test_the_panel_agrees_with_the_odds_report_along_a_game() -> None:
    game = DragonCave(3, dice_dragon=True)
    rng = np.random.default_rng(4)
    s = game.initial_state()
    compared = 0
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            s = s.apply(sample_outcome(s.chance_outcomes(), rng))
            continue
        mine = odds_report(s, s.current_player()).get("player")
        if mine:
            exact = from_json(mine["p_escape"])
            decimal = format_number(mine["p_escape"]["float"], "en", percent=True)
            shown = f"= {mine['p_escape']['reduced']} ≈" if exact.denominator <= 1000 else f"≈ {decimal}"
            assert f"P(escape) {shown}" in plain(panel(s.observation(None), "en"))
            compared += 1
        legal = s.legal_actions()
        s = s.apply(legal[int(rng.integers(len(legal)))])
    assert compared > 5
    assert plain(panel(s.observation(None), "fr")).strip() == "Personne n'a de choix à faire."


def test_status_during_the_game_and_the_results_in_words() -> None:
    s = position(3, pos=(3, -1, 5), status=("in", "out", "eaten"), dragon=8)
    assert plain(status(s.observation(0), "fr")).strip() == (
        f"Dragon{NBSP}: à 8 cartes de l'entrée · dans la grotte{NBSP}: J1 · sortis{NBSP}: J2 · dévorés{NBSP}: J3")
    end = position(3, status=("out", "eaten", "out"), returning=(True, True, True), carried=((), ((3, 12),), ((2, 7), (0, 1))))
    fr, en = plain(status(end.observation(None), "fr")), plain(status(end.observation(None), "en"))
    assert re.sub(r"[ \n]+", " ", fr).strip() == (
        f"Résultats J3{NBSP}: sorti avec 8 points (Difficile 7, Facile 1) J1{NBSP}: sorti avec 0 point (0 carte) "
        f"J2{NBSP}: dévoré, 0 point (perd Héroïque 12)")
    assert "P1: got out with 0 points (0 cards)" in en and "P2: eaten, 0 points (loses Heroic 12)" in en
