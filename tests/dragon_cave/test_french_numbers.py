"""French odds text: decimal comma (core.i18n.format_number); English keeps the point; the JSON report keeps floats.

The check is shared by every game: ``tests/conformance.py``.
"""

from __future__ import annotations

from mineedu.games.dragon_cave import DragonCave
from mineedu.games.dragon_cave.odds import format_odds, odds_report

from ..conformance import check_both_languages
from .helpers import position


def test_french_odds_text_writes_decimal_commas():
    s = position(2, pos=(5, -1), status=("in", "out"), carried=(((1, 5),), ()), dragon=8, config={"dice_dragon": True})
    report = odds_report(s, 0)
    fr, en = check_both_languages(report, format_odds)
    assert "P(sortir) = 5/6 ≈ 0,833" in fr and "P(escape) = 5/6 ≈ 0.833" in en
    assert "en prenant la carte sous soi : P(sortir) ≈ 0,250" in fr and "taking the card underfoot: P(escape) ≈ 0.250" in en
    assert "trésor final espéré ≈ 4,17" in fr and "expected final treasure ≈ 4.17" in en
    assert isinstance(report["player"]["p_escape"]["float"], float) and report["player"]["p_escape"]["exact"] == "5/6"


def test_french_odds_text_of_a_fresh_game():
    fr, en = check_both_languages(odds_report(DragonCave(3).initial_state()), format_odds)
    assert "valeur espérée 2 ≈ 2,00" in fr and "expected value 2 ≈ 2.00" in en
    assert "P(sortir)=1,000  trésor espéré=2,00" in fr and "P(escape)=1.000  expected treasure=2.00" in en
