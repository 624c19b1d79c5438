"""French odds text: decimal comma (core.i18n.format_number), no-break spaces before
``: ;`` (French typography); English keeps the point; the JSON report is untouched.

The decimal check is shared by every game: ``tests/conformance.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from mineedu.core import exact_json
from mineedu.core.i18n import NBSP
from mineedu.games.yukon import YukonGame
from mineedu.games.yukon.board import NEIGHBOURS, RINGS

from ..conformance import check_both_languages
from .util import position

both_languages: Callable[[dict[str, Any], Callable[[dict[str, Any], str], str]], tuple[str, str]] = check_both_languages


def test_french_odds_text_writes_decimal_commas() -> None:
    g = YukonGame(3)
    ring = RINGS[0]
    out = next(t for t in NEIGHBOURS[ring[0]] if t not in ring)
    report = g.odds_report(position(g, [(out,) + ring[:11], (102,), (211,)], pips=0, rolling=True))
    fr, en = both_languages(report, g.format_odds)
    assert (f"Moyenne 21/5 = 4,2000 points (dé simple{NBSP}: 7/2 = 3,50){NBSP}; variance 56/25 = 2,2400") in fr
    assert "Mean 21/5 = 4.2000 pips (plain die: 7/2 = 3.50); variance 56/25 = 2.2400" in en
    x = "\u202f×\u202f10"  # a power of ten as a reader writes it, not a calculator's 8.57e-07
    assert f"plus de 12{NBSP}: 311/362797056 (8,57{x}⁻⁷)" in fr and f"more than 12: 311/362797056 (8.57{x}⁻⁷)" in en
    assert f"probabilité 4,52{x}⁻²⁴)" in fr and f"probability 4.52{x}⁻²⁴)" in en
    # a row too small for four decimals is not shown as 0: 11 pips, 1555/60466176
    assert f"1555/60466176  (2,57{x}⁻⁵)" in fr and f"1555/60466176  (2.57{x}⁻⁵)" in en
    assert not re.search(r"[1-9]\d*/\d+ +\(0[,.]0000\)", fr + en)  # only an exact 0 is shown as 0,0000
    assert report["die"]["mean"] == exact_json(Fraction(21, 5)) == {"fraction": "21/5", "reduced": "21/5", "float": 4.2}


def test_french_odds_text_with_a_cap_that_counts() -> None:
    g = YukonGame(3, max_rolls=2)
    fr, _ = both_languages(g.odds_report(g.initial_state()), g.format_odds)
    assert re.search(r"il change un tour avec probabilité \d,\d{4}\)", fr)


def test_french_odds_text_never_breaks_before_a_colon_or_a_semicolon() -> None:
    g = YukonGame(3)
    s = position(g, [RINGS[0][:11], (102,), (211,)], pips=3)
    fr = g.format_odds(g.odds_report(s), "fr")
    assert not re.search(r" [:;]", fr), fr
    assert fr.count(NBSP + ":") > 10 and "1 tour" + NBSP + ":" in fr and "2 tours" + NBSP + ":" in fr
