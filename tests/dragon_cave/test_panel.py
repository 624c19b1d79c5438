"""The board's decision panel and status line, from a view: the numbers checked by hand and by a
brute-force walk of the dice on the states the panel shows, the words in both languages."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import numpy as np

from mineedu.core import CHANCE, sample_outcome
from mineedu.core.i18n import format_number
from mineedu.games.dragon_cave import Config, DragonCave, DragonCaveState, escape_probability, odds_report
from mineedu.games.dragon_cave.panel import figures, panel, status

from .helpers import position, random_game
from .test_odds import brute_escape

NBSP = "\u00a0"


def plain(markup: str) -> str:
    return re.sub(r"[ \n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def exact(markup: str, cls: str) -> Fraction | None:
    m = re.search(rf"class='{cls}' data-exact='([^']+)'", markup)
    return Fraction(m.group(1)) if m else None


# alone on card 6 with a Medium 5 (the known path: card 6 is an Easy 3, cards 7 and 8 Medium 4s),
# the dragon 8 cards from the entrance, dice dragon
HAND = {"pos": (5, -1), "status": ("in", "out"), "carried": (((1, 5),), ()), "dragon": 8, "config": {"dice_dragon": True}}


def test_turning_back_now_by_hand() -> None:
    """6 steps home at 3 a turn: only a 6 on the dragon's first die catches the miner, P = 5/6.
    Taking the Easy 3 too (2 steps a turn, the path closes: the dragon 7 away): P = 1/4 (see test_odds)."""
    s = position(2, **HAND)
    markup, en = panel(s.observation(0), "fr"), panel(s.observation(0), "en")
    f = figures(s.observation(0))
    assert (f["p_escape"], f["expected_final"]) == (Fraction(5, 6), Fraction(5, 6) * 5)
    assert (f["p_escape_with_this_card"], f["expected_final_with_this_card"]) == (Fraction(1, 4), Fraction(1, 4) * 8)
    assert exact(markup, "odds-escape") == Fraction(5, 6)
    fr = plain(markup)
    assert f"J1 (bleu){NBSP}: sur la carte 6, avance vers le dragon avec 1 carte (Moyen 5)" in fr
    assert f"Si J1 fait demi-tour maintenant{NBSP}: P(sortir) = 5/6 ≈ 83,3{NBSP}%" in fr
    assert "Trésor rapporté espéré ≈ 4,17" in fr and f"Facile{NBSP}: vaut 3" in fr
    assert f"P(sortir) = 1/4 ≈ 25,0{NBSP}%{NBSP}; trésor rapporté ≈ 2" in fr
    assert "If P1 turns back now: P(escape) = 5/6 ≈ 83.3%" in plain(en) and "Expected treasure brought home ≈ 4.17" in plain(en)


def test_one_card_deeper_by_hand() -> None:
    """One step deeper first (card 7), then home: 7 steps at 3 a turn, out on the 3rd move; the dragon
    (8 away) must roll k1 <= 4, then k1 + k2 <= 7: (6 + 5 + 4 + 3) / 36 = 1/2.
    Taking the Medium 4 there too: 2 steps a turn from 7, the dragon 7 away, its totals must stay
    <= 2, <= 4, <= 6 after its 1st, 2nd, 3rd die: 14 sequences of 216 = 7/108."""
    f = figures(position(2, **HAND).observation(0))
    assert f["deeper_card"] == 6
    assert f["deeper"]["p_escape"] == Fraction(1, 2) and f["deeper"]["expected_final"] == Fraction(5, 2)
    assert f["deeper"]["p_escape_with_this_card"] == Fraction(7, 108)
    assert f["deeper"]["expected_final_with_this_card"] == Fraction(7, 108) * 9
    text = plain(panel(position(2, **HAND).observation(0), "fr"))
    assert "… une carte plus loin, et en la prenant P(sortir) = 7/108 ≈ 6,5" in text


def test_the_cards_ahead_and_the_first_card() -> None:
    fresh = DragonCave(2).initial_state()
    text = plain(panel(fresh.observation(0), "en"))
    assert "P1 goes in: the first card is worth on average 2" in text
    assert "Cards ahead (before the dragon) Easy ×6: 2 · Medium ×6: 5 · Difficult ×6: 8 · Heroic ×6: 11" in text
    assert exact(panel(fresh.observation(0), "en"), "odds-first") == 2
    # a value seen changes the mean of the family's face-down cards: the Easy values left 1, 1, 2, 2, 3
    path = fresh.path
    s = position(2, pos=(2, -1), status=("in", "out"), carried=(((0, 3),), ()), path=path[1:])
    assert f"Facile{NBSP}: valeur espérée 1,80 (9/5)" in plain(panel(s.observation(0), "fr"))
    assert f"Facile ×2{NBSP}: 1,80 · Moyen ×6{NBSP}: 5" in plain(panel(s.observation(0), "fr"))


def test_the_plain_game_says_why_a_lone_miner_is_safe_and_what_others_do() -> None:
    """No dice. J1 on card 10 with 2 cards (2 steps a turn, the dragon 2 a turn, 12 away): alone, always
    home. With J2 coming back with 2 cards too, the dragon moves 4 a round: after J1's second move
    (6 steps to go) it is 12 - 8 = 4 away: caught."""
    s = position(2, pos=(9, 5), returning=(False, True), carried=(((1, 4), (1, 5)), ((2, 7), (2, 8))), dragon=12)
    f = figures(s.observation(0))
    assert f["p_escape"] == 1 and f["others"] == (1,) and f["p_escape_others"] == 0
    assert f["p_escape_others"] == escape_probability(10, 2, 12, Config(), (2,))
    fr, en = plain(panel(s.observation(0), "fr")), plain(panel(s.observation(0), "en"))
    assert "Sans dé, la course d'un plongeur seul est jouée d'avance" in fr and "4 − c pas par tour" in fr
    assert "With P2 (2 cards) coming back too (the dragon also moves by their cards) P(escape) = 0 ≈ 0%" in en
    assert "Avec J2 (2 cartes), qui revient aussi" in fr


def test_a_full_load_a_die_and_a_fraction_too_long_to_read() -> None:
    s = position(pos=(5, 9), carried=(((0, 1), (1, 4), (2, 7)), ()))
    assert "1 pas maintenant (3 cartes portées\u00a0: pas une de plus)" in plain(panel(s.observation(0), "fr"))
    assert "en prenant aussi" not in plain(panel(s.observation(0), "fr"))
    d = position(pos=(5, 9), carried=(((0, 1),), ()), config={"dice_movement": True}, roll=5)
    assert "4 steps (die 5 − 1 card) now; 3 steps with one more card" in plain(panel(d.observation(0), "en"))
    long = position(2, pos=(12, -1), status=("in", "out"), carried=(((1, 4), (2, 7)), ()), dragon=17,
                    config={"dice_movement": True, "dice_dragon": True}, roll=3)
    p = escape_probability(13, 2, 17, long.game.config, points=3 - 2)  # the die shows 3: 1 step for this move
    assert p.denominator > 1000 and p != escape_probability(13, 2, 17, long.game.config)
    markup = panel(long.observation(0), "fr")
    assert exact(markup, "odds-escape") == p  # exact in the page, for a test or a curious reader
    shown = plain(markup)
    assert f"P(sortir) ≈ {format_number(float(p), 'fr', percent=True)}" in shown and str(p.denominator) not in shown


def states_of_a_small_game(seed: int) -> list[DragonCaveState]:
    """A short cave (6 cards, a d3 dragon): small enough for the brute-force walk of every die."""
    return random_game(DragonCave(3, families=((1, 2), (4, 5), (8, 9)), dice_dragon=True, die_sides=3), seed)


def test_the_panel_agrees_with_a_brute_force_walk_of_the_dice() -> None:
    compared = 0
    for seed in range(12):
        for s in states_of_a_small_game(seed):
            p = s.current_player()
            if s.pos[p] < 0:
                continue
            markup = panel(s.observation(None), "en")
            cfg = s.game.config
            c = len(s.carried[p])
            by_hand = brute_escape(s.pos[p], s.dragon, c, cfg)  # alone in the cave: from card pos + 1
            assert exact(markup, "odds-escape") == by_hand, (s, by_hand)
            if c < cfg.max_carry:
                assert exact(markup, "odds-with") == brute_escape(s.pos[p], s.dragon - 1, c + 1, cfg)
            compared += 1
    assert compared > 20


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
            assert exact(panel(s.observation(None), "en"), "odds-escape") == Fraction(mine["p_escape"]["reduced"])
            compared += 1
        legal = s.legal_actions()
        s = s.apply(legal[int(rng.integers(len(legal)))])
    assert compared > 5
    assert plain(panel(s.observation(None), "fr")) == "Personne n'a de choix à faire."


def test_status_during_the_game_and_the_results_in_words() -> None:
    s = position(3, pos=(3, -1, 5), status=("in", "out", "eaten"), dragon=8)
    assert plain(status(s.observation(0), "fr")) == (
        f"Dragon{NBSP}: à 8 cartes de l'entrée · dans la grotte{NBSP}: J1 · sortis{NBSP}: J2 · dévorés{NBSP}: J3")
    door = position(3, pos=(3, -1, -1), status=("in", "in", "in"), dragon=24)  # J2 and J3 not in yet: not "inside"
    assert plain(status(door.observation(1), "fr")).endswith(f"à l'entrée{NBSP}: J2 et J3 · dans la grotte{NBSP}: J1")
    assert plain(status(door.observation(1), "en")).endswith("at the entrance: P2 and P3 · inside: P1")
    end = position(3, status=("out", "eaten", "out"), returning=(True, True, True), carried=((), ((3, 12),), ((2, 7), (0, 1))))
    fr, en = plain(status(end.observation(None), "fr")), plain(status(end.observation(None), "en"))
    assert fr == (f"Résultats J3{NBSP}: sorti avec 8 points (Difficile 7, Facile 1) J1{NBSP}: sorti avec 0 point (0 carte) "
                  f"J2{NBSP}: dévoré, 0 point (perd Héroïque 12)")
    assert "P1: got out with 0 points (0 cards)" in en and "P2: eaten, 0 points (loses Heroic 12)" in en
