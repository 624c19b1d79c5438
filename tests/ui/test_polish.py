"""What a projected lesson must get right: numbers written the reader's way, a readable
odds table, words instead of card codes."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from fractions import Fraction

import pytest

from mineedu.core import CHANCE
from mineedu.core.i18n import NBSP, format_number
from mineedu.games.gold_mine import odds
from mineedu.games.gold_mine.board import GoldMineBoard, Lesson
from mineedu.ui.session import Event

DECIMAL_POINT = re.compile(r"\d\.\d")  # "0.3740": an English number in a French text


def visible(board):
    return [b for b in board.buttons if b.layout.display != "none"]


# --- one formatting helper ------------------------------------------------------


@pytest.mark.parametrize(
    "x, lang, kw, expected",
    [
        (Fraction(8, 58), "fr", {"percent": True}, f"13,8{NBSP}%"),
        (Fraction(8, 58), "en", {"percent": True}, "13.8%"),
        (Fraction(33, 29), "fr", {"digits": 3}, "1,138"),
        (Fraction(33, 29), "en", {"digits": 3}, "1.138"),
        (0, "fr", {"percent": True}, f"0{NBSP}%"),
        (0, "en", {"percent": True}, "0%"),
        (Fraction(8, 409955), "fr", {"percent": True}, f"<{NBSP}0,1{NBSP}%"),
        (Fraction(8, 409955), "en", {"percent": True}, f"<{NBSP}0.1%"),
        (Fraction(1), "fr", {"percent": True}, f"100{NBSP}%"),
        (1 - Fraction(1, 10**6), "en", {"percent": True}, f">{NBSP}99.9%"),
        (Fraction(1, 3), "fr", {"digits": 0, "percent": True}, f"33{NBSP}%"),
        (Fraction(3, 8000), "en", {"percent": True}, "< 0.1%".replace(" ", NBSP)),  # 0.0375 %
        (Fraction(6, 8000), "en", {"percent": True}, "0.1%"),  # 0.075 % rounds to 0.1 %
    ],
)
def test_format_number(x, lang, kw, expected):
    assert format_number(x, lang, **kw) == expected


# --- the board's odds panel -----------------------------------------------------------


@pytest.fixture
def board():
    return GoldMineBoard(players=4, seats=[None, "threshold:0.15", "random", "cautious"], seed=5)


def test_odds_panel_writes_numbers_the_readers_way(board):
    fr = board.odds.value
    assert f"13,8{NBSP}%" in fr and "1,138" in fr  # 8/58 and 33/29 at the start
    assert not DECIMAL_POINT.search(fr)
    board.lang_switch.value = "en"
    en = board.odds.value
    assert "13.8%" in en and "1.138" in en and "13,8" not in en


def reach_rows(value):
    table = re.search(r"<table class='odds-reach-table'>(.*?)</table>", value).group(1)
    rows = [[html.unescape(c) for c in re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", row)] for row in re.findall(r"<tr>(.*?)</tr>", table)]
    return rows[0], rows[1:]


def test_reach_table_has_headers_zero_and_small_probabilities(board):
    s = board.session
    s.state = replace(s.state, positions=(3, 4, 4, 4))  # five dragons needed to reach J1
    board.redraw()
    head, rows = reach_rows(board.odds.value)
    assert head == ["k", "exacte", "≈"]
    for k, exact, approx in rows:
        p = odds.p_dragon_reaches(s.state, 3, int(k))
        assert Fraction(exact) == p
        assert approx == format_number(p, "fr", percent=True)
        assert approx != f"0,0{NBSP}%"
    cells = {int(k): (exact, approx) for k, exact, approx in rows}
    assert cells[1] == ("0", f"0{NBSP}%")
    assert 0 < Fraction(cells[5][0]) < Fraction(1, 2000) and cells[5][1] == f"<{NBSP}0,1{NBSP}%"
    board.lang_switch.value = "en"
    head, rows = reach_rows(board.odds.value)
    assert head == ["k", "exact", "≈"] and rows[-1][2] == f"<{NBSP}0.1%"


# --- words instead of card codes ------------------------------------------------------


def test_log_names_an_exit_card_in_words(board):
    s = board.session
    before = replace(s.state, positions=(5, 4, 3, 2)).apply(("exit",))
    assert before.current_player() == CHANCE
    event = Event(CHANCE, "L1|SWAP", before, before.apply("L1|SWAP"))
    assert board.describe_event(event, "fr") == "J1 pioche : carte Sortie « 1 case vers la sortie ou échange »"
    assert board.describe_event(event, "en") == 'P1 draws: exit card "1 card toward the exit or swap"'
    s.state = event.after
    board.redraw()
    assert "1 case vers la sortie ou échange" in board.status.value


# --- the lesson ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def page():
    return Lesson(lang="fr", seed=0)


def test_lesson_numbers_in_french_and_english(page):
    sim = page.predict_section
    sim.run(3, 1000)
    assert "≈ 0,3648" in sim.result.value and not DECIMAL_POINT.search(sim.result.value)
    tour = page.tournament_section
    tour.run(10)
    text = tour.result.value
    assert re.search(rf"\(\d+{NBSP}% des parties", text) and not DECIMAL_POINT.search(text)
    chart = tour.chart.outputs[0]["data"]["text/html"]
    assert '"0,15"' in chart and '"0.15"' not in chart  # the bars' labels
    assert '"separators":",' in chart  # plotly writes axes and hover with a decimal comma
    ex = page.exercise_list[0]
    ex.check("4/29")
    assert "≈ 0,1379" in ex.feedback.value
    page.language.switch.value = "en"
    try:
        assert "≈ 0.3648" in sim.result.value and "≈ 0.1379" in ex.feedback.value
        assert re.search(r"\(\d+% of games", tour.result.value)
        chart = tour.chart.outputs[0]["data"]["text/html"]
        assert '"0.15"' in chart and '"separators":".,"' in chart
    finally:
        page.language.switch.value = "fr"


def test_lesson_says_which_picture_is_the_game(page):
    header = page.header.widget.children[2].value
    assert header.startswith("<p><i>Le plateau au début d'une manche")


def test_the_board_picture_scales_to_its_column_for_projection():
    from mineedu.games.gold_mine.board import GoldMineBoard
    from mineedu.ui.board import PICTURE_CSS

    board = GoldMineBoard(players=4, seed=1)
    assert board.view.value.startswith(PICTURE_CSS) and "<svg" in board.view.value
    assert ".mineedu-picture svg{width:100%;height:auto" in PICTURE_CSS
    assert "mineedu-picture" in board.view._dom_classes
