"""French odds text: decimal comma (core.i18n.format_number); English keeps the point; the JSON report keeps floats.

The check is shared by every game: ``tests/conformance.py``.
"""

from __future__ import annotations

from mineedu.games.coal_mine import CoalMineGame
from mineedu.games.coal_mine.odds import format_odds, odds_report

from ..conformance import check_both_languages


def test_french_odds_text_writes_decimal_commas():
    report = odds_report(CoalMineGame(4).initial_state())
    fr, en = check_both_languages(report, format_odds)
    assert "268/703 ≈ 0,381" in fr and "268/703 ≈ 0.381" in en
    cell = report["recruit"]["p_at_least"]["2"]["miner"]["1"]
    assert cell == {"fraction": "268/703", "float": round(268 / 703, 6)}
