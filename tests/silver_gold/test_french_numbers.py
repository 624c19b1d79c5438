"""French odds text: decimal comma (core.i18n.format_number); English keeps the point; the JSON report keeps floats.

The check is shared by every game: ``tests/conformance.py``.
"""

from __future__ import annotations

import re

from mineedu.games.silver_gold.odds import format_odds, odds_report

from ..conformance import check_both_languages
from .helpers import find_cards, standard


def test_french_odds_text_writes_decimal_commas() -> None:
    s = standard(cards=[find_cards(lambda c: c.colour == "purple", 2), find_cards(lambda c: c.colour == "orange", 2)])
    report = odds_report(s.apply("O4"), 0)
    fr, en = check_both_languages(report, format_odds)  # type: ignore[no-untyped-call]
    assert "domino                   7/8 ≈ 0,875" in fr and "domino                   7/8 ≈ 0.875" in en
    assert "calcul exact)\xa0: " in fr and re.search(r"calcul exact\)\xa0: \d+,\d\d$", fr, re.MULTILINE)
    assert report["p_next_shape"]["I3"] == {"fraction": "2/7", "reduced": "2/7", "float": 2 / 7}
