"""French odds text: decimal comma (core.i18n.format_number); English keeps the point; the JSON report keeps floats.

The check is shared by every game: ``tests/conformance.py``.
"""

from __future__ import annotations

from mineedu.core import from_json
from mineedu.games.dragon_cave import DragonCave
from mineedu.games.dragon_cave.odds import format_odds, odds_report

from ..conformance import check_both_languages
from .helpers import position

NBSP = "\u00a0"


def test_french_odds_text_writes_decimal_commas() -> None:
    s = position(2, pos=(5, -1), status=("in", "out"), carried=(((1, 5),), ()), dragon=8, config={"dice_dragon": True})
    report = odds_report(s, 0)
    fr, en = check_both_languages(report, format_odds)  # type: ignore[no-untyped-call]  # the shared helper is untyped
    assert "P(sortir) = 5/6 ≈ 0,833" in fr and "P(escape) = 5/6 ≈ 0.833" in en
    assert f"en prenant la carte sous soi{NBSP}: P(sortir) ≈ 0,250" in fr and "taking the card underfoot: P(escape) ≈ 0.250" in en
    assert "trésor final espéré ≈ 4,17" in fr and "expected final treasure ≈ 4.17" in en
    assert f"J1, sur la carte 6 avec 1 carte{NBSP}; en rentrant maintenant, seul dans la grotte{NBSP}: P(sortir)" in fr
    assert "P1, on card 6 with 1 card; turning back now, alone in the cave: P(escape)" in en
    assert isinstance(report["player"]["p_escape"]["float"], float) and from_json(report["player"]["p_escape"]) * 6 == 5


def test_french_odds_text_of_a_fresh_game() -> None:
    fr, en = check_both_languages(  # type: ignore[no-untyped-call]  # the shared helper is untyped
        odds_report(DragonCave(3).initial_state()), format_odds)
    assert "valeur espérée 2 ≈ 2,00" in fr and "expected value 2 ≈ 2.00" in en
    assert "6 cartes cachées" in fr and "6 face-down cards" in en
    assert "Le dragon est à 24 cartes de l'entrée." in fr and "The dragon is 24 cards from the entrance." in en
    assert "P(sortir)=1,000  trésor espéré=2,00" in fr and "P(escape)=1.000  expected treasure=2.00" in en


def test_counts_are_plural_the_reader_s_way() -> None:
    """French: 0 and 1 take the singular; English: only 1."""
    s = position(2, pos=(0, -1), status=("in", "out"), carried=((), ()), dragon=1)
    fr, en = format_odds(odds_report(s, 0), "fr"), format_odds(odds_report(s, 0), "en")
    assert "à 1 carte de l'entrée" in fr and "1 card from the entrance" in en
    assert "J1, sur la carte 1 avec 0 carte" in fr and "P1, on card 1 with 0 cards" in en
    assert "(s)" not in fr + en
