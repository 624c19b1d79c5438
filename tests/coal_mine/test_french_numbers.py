# mypy: allow-untyped-calls
"""French odds text: decimal comma (core.i18n.format_number); English keeps the point; the JSON report keeps floats.

The check is shared by every game: ``tests/conformance.py``.
"""

from __future__ import annotations

from fractions import Fraction

from mineedu.core import from_json
from mineedu.games.coal_mine import CoalMineGame
from mineedu.games.coal_mine.odds import format_odds, odds_report

from ..conformance import check_both_languages


def test_french_odds_text_writes_decimal_commas() -> None:
    report = odds_report(CoalMineGame(4).initial_state())
    fr, en = check_both_languages(report, format_odds)
    assert "268/703 ≈ 0,381" in fr and "268/703 ≈ 0.381" in en
    # 8 miners among the 38 cards of the deck, 2 drawn: (C(38,2) - C(30,2)) / C(38,2) = (703 - 435) / 703
    cell = report["recruit"]["p_at_least"]["2"]["miner"]["1"]
    assert cell == {"fraction": "268/703", "reduced": "268/703", "float": 268 / 703}
    assert from_json(cell) == Fraction(268, 703)
