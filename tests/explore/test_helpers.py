"""mineedu.explore: what the exploration notebooks call to draw a state and check a student's answer."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import mineedu
from mineedu.core import first_decision, wilson_interval
from mineedu.explore import check, frequency, show

NBSP = "\u00a0"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_show_draws_the_state_in_the_readers_language(lang):
    state = mineedu.make("gold_mine", 4).initial_state()
    pic = show(state, lang)
    assert pic._repr_svg_() == state.game.render_svg(state, None, lang, show_all=True)
    other = "en" if lang == "fr" else "fr"
    assert pic._repr_svg_() != state.game.render_svg(state, None, other, show_all=True)
    assert repr(pic) == {"fr": f"<My Gold Mine{NBSP}: toute la table>", "en": "<My Gold Mine: the whole table>"}[lang]


def test_show_with_a_player_draws_only_what_that_seat_sees():
    game = mineedu.make("silver_gold", 2)
    state = first_decision(game.initial_state(), np.random.default_rng(3))
    seat = show(state, "en", player=1)
    assert seat._repr_svg_() == game.render_svg(state, 1, "en", show_all=False)
    assert repr(seat) == "<Silver & Gold: what P2 sees>"


def test_show_passes_a_chart_through():
    assert show("<svg/>")._repr_svg_() == "<svg/>"


@pytest.mark.parametrize("answer", ["21/54", "7/18", Fraction(7, 18), "0,389", "0.3885", "38.9 %", 0.389])
def test_a_right_answer_in_any_form(answer):
    v = check(answer, Fraction(21, 54), "en")
    assert v.right and bool(v)
    assert v.text == "Right! The exact value is 7/18 ≈ 0.3889."  # the words of a lesson page


def test_the_exact_value_only_when_no_tolerance():
    assert not check("0.389", Fraction(21, 54), "en", tolerance=None)
    assert check("21/54", Fraction(21, 54), "en", tolerance=None)
    assert "(an exact answer is expected)" in check("0.389", Fraction(21, 54), "en", tolerance=None).text


@pytest.mark.parametrize("answer", ["5/54", "0.38", 0.1, Fraction(1, 3)])
def test_a_wrong_answer_gets_the_rule_and_the_hint_but_not_the_value(answer):
    v = check(answer, Fraction(21, 54), "fr", hint="les yeux aussi.")
    assert not v.right
    assert v.text.startswith(f"Pas encore{NBSP}: ")
    assert f"(réponse acceptée à 0,001{NBSP}près). Indice{NBSP}: les yeux aussi." in v.text
    assert "7/18" not in v.text and "21/54" not in v.text and "0,389" not in v.text


def test_within_the_stated_tolerance_only():
    exact = Fraction(1, 3)
    assert check(Fraction(1, 3) + Fraction(1, 1000), exact, "en")
    assert not check(Fraction(1, 3) + Fraction(1001, 1000000), exact, "en")
    assert check("0.3", exact, "en", tolerance=Fraction(1, 20))
    assert "within 0.01 are accepted" in check("0.2", exact, "en", tolerance=Fraction(1, 100)).text
    assert "within 0.005 are accepted" in check("0.2", exact, "en", tolerance=Fraction(1, 200)).text  # not "0.01"
    assert "(an exact answer is expected)" in check("0.2", exact, "en", tolerance=Fraction(0)).text  # not "0.000"


def test_no_answer_yet_unreadable_and_impossible_answers():
    assert check(None, Fraction(1, 2), "en").text == "Write your answer in place of None, then run the cell again."
    assert check("beaucoup", Fraction(1, 2), "fr").text.startswith(f"Je ne lis pas «{NBSP}beaucoup{NBSP}»{NBSP}:")
    assert check(True, Fraction(1, 2), "en").text.startswith("I cannot read")
    assert check("1.2", Fraction(1, 2), "en").text == "A probability lies between 0 and 1 (or 0% and 100%): 1.2 cannot be one."
    assert check("-1/4", Fraction(1, 2), "en").text == "A probability lies between 0 and 1 (or 0% and 100%): -1/4 cannot be one."
    assert check("33/29", Fraction(33, 29), "en", probability=False).right  # an expectation may pass 1


def test_the_verdict_shows_itself_coloured():
    assert "#1a7f37" in check("1/2", Fraction(1, 2), "en")._repr_html_()
    html = check("<b>", Fraction(1, 2), "en")._repr_html_()
    assert "#9a3412" in html and "<b>" not in html.replace("<b>✘</b>", "")


def test_frequency_writes_the_wilson_interval_the_readers_way():
    lo, hi = wilson_interval(368, 1000)
    assert frequency(368, 1000, "en") == f"368 of 1,000 = 36.8% (95% interval: {100 * lo:.1f}% to {100 * hi:.1f}%)"
    fr = frequency(368, 1000, "fr")
    assert fr == (f"368 sur 1\u202f000 = 36,8{NBSP}% (intervalle à 95{NBSP}%{NBSP}: "
                  f"{100 * lo:.1f}{NBSP}% à {100 * hi:.1f}{NBSP}%)").replace(".", ",")


def test_frequency_of_every_trial_or_none_reaches_the_bound():
    assert frequency(50, 50, "en").endswith("(95% interval: 92.9% to 100%)")
    assert frequency(0, 50, "en").startswith("0 of 50 = 0% (95% interval: 0% to ")
