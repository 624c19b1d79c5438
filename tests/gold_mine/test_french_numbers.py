"""French odds text: decimal comma (core.i18n.format_number); English keeps the point; the JSON report keeps floats."""

from __future__ import annotations

import mineedu
from mineedu.core.i18n import NBSP
from mineedu.games.gold_mine.bots import ThresholdBot
from mineedu.games.gold_mine.odds import format_odds

from ..conformance import check_both_languages
from .helpers import at, new


def test_french_odds_text_writes_decimal_commas():
    game = mineedu.make("gold_mine", 4)
    report = game.odds_report(game.initial_state(), 1)
    fr, en = check_both_languages(report, format_odds)
    assert f"8/58 ≈ 13,8{NBSP}%" in fr and "33/29 ≈ 1,138" in fr and "k= 1  0: 0,862  1: 0,138" in fr
    assert "8/58 ≈ 13.8%" in en and "33/29 ≈ 1.138" in en and "k= 1  0: 0.862  1: 0.138" in en
    assert isinstance(report["p_dragon_next"]["float"], float) and report["p_dragon_next"]["fraction"] == "8/58"


def test_bot_reasons_write_percentages_the_readers_way():
    s = at(new(), explore=(5, 0, 0, 1))  # 1/6
    obs, exit_ = s.observation(0), ("exit",)
    fr = f"P(dragon) = 1/6 ≈ 16,7{NBSP}% ≥ 15,5{NBSP}%{NBSP}: je prends une carte Sortie"
    assert ThresholdBot(0.155).why(obs, exit_, "fr") == fr
    assert ThresholdBot(0.155).why(obs, exit_, "en") == "P(dragon) = 1/6 ≈ 16.7% ≥ 15.5%: I take an exit card"
    s = at(new(), explore=(5, 0, 0, 0))  # no dragon left: 0 %, not "0,0 %"
    fr = f"P(dragon) = 0/5 ≈ 0{NBSP}% < 15{NBSP}%{NBSP}: j'explore"
    assert ThresholdBot(0.15).why(s.observation(0), ("explore",), "fr") == fr


def test_counts_agree_the_readers_way_english_zero_is_plural():
    from mineedu.games.gold_mine.cards import token_words

    assert [token_words(n, "fr") for n in (0, 1, 2)] == ["0 pépite", "1 pépite", "2 pépites"]
    assert [token_words(n, "en") for n in (0, 1, 2)] == ["0 tokens", "1 token", "2 tokens"]
