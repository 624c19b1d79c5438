"""French odds text: decimal comma (core.i18n.format_number); English keeps the point; the JSON report keeps floats.

The check is shared by every game: ``tests/conformance.py``.
"""

from __future__ import annotations

import re

from mineedu.games.yukon import YukonGame
from mineedu.games.yukon.board import NEIGHBOURS, RINGS

from ..conformance import check_both_languages
from .util import position


def test_french_odds_text_writes_decimal_commas():
    g = YukonGame(3)
    ring = RINGS[0]
    out = next(t for t in NEIGHBOURS[ring[0]] if t not in ring)
    report = g.odds_report(position(g, [(out,) + ring[:11], (102,), (211,)], pips=0, rolling=True))
    fr, en = check_both_languages(report, g.format_odds)
    assert "Moyenne 21/5 = 4,2000 points (dé simple : 7/2 = 3,50) ; variance 56/25 = 2,2400" in fr
    assert "Mean 21/5 = 4.2000 pips (plain die: 7/2 = 3.50); variance 56/25 = 2.2400" in en
    assert "plus de 12 : 311/362797056 (8,57e-07)" in fr and "more than 12: 311/362797056 (8.57e-07)" in en
    assert "probabilité 4,5e-24)" in fr and "probability 4.5e-24)" in en
    assert report["die"]["mean"] == {"exact": "21/5", "float": 4.2}


def test_french_odds_text_with_a_cap_that_counts():
    g = YukonGame(3, max_rolls=2)
    fr, _ = check_both_languages(g.odds_report(g.initial_state()), g.format_odds)
    assert re.search(r"il change un tour avec probabilité \d,\d{4}\)", fr)
