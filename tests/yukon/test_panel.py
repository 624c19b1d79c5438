"""The panel beside the board (the odds the player to move faces) and the game's status.

Each probability shown is checked against an enumeration of die throws written
here, independently of ``odds.py``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape
from itertools import product

from mineedu.core.i18n import NBSP, format_number
from mineedu.games.yukon import YukonGame
from mineedu.games.yukon.board import CELLS, CENTRE, NEIGHBOURS, RINGS
from mineedu.games.yukon.odds import view_report
from mineedu.games.yukon.panel import chapter, panel, status

from .util import position

G3 = YukonGame(3)
C19 = CELLS.index((1, 0))


def p_turn_at_least(k: int, throws: int = 7) -> Fraction:
    """P(one turn's pips >= k), by every sequence of ``throws`` throws of the die (a 1 throws again).

    A sequence of ones only is a turn still rolling: its total will be at least
    ``throws + 2`` (one more throw of 1 throws again), so this is exact for k <= throws + 2.
    """
    assert k <= throws + 2
    hit = Fraction(0)
    w = Fraction(1, 6**throws)
    for seq in product(range(1, 7), repeat=throws):
        total = 0
        for v in seq:
            total += v
            if v != 1:
                break
        else:
            total = throws + 2  # still rolling: at least this much
        if total >= k:
            hit += w
    return hit


def text(markup: str) -> str:
    """What a reader sees: tags dropped, entities read (no-break spaces kept)."""
    return unescape(re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", " ", markup))).replace(" .", ".").strip()


def percent(q: Fraction, lang: str) -> str:
    return format_number(float(q), lang, percent=True)


def test_while_the_die_rolls_again_the_chance_of_enough_pips_counts_what_is_thrown() -> None:
    # the team stands on claim 19's ring, which is taken: the nearest free ring is a few steps away
    s = position(G3, [RINGS[C19], (102,), (211,)], owners={C19: 1}, rolling=True).apply(1)
    rep = view_report(s.observation(None))
    need = rep["now"]["need"]
    assert need == rep["ring"]["steps"] + 1 and need > 3
    want = p_turn_at_least(need - 1)  # 1 is thrown already and the die is thrown again
    assert Fraction(rep["now"]["this_turn"]["reduced"]) == want
    fr = text(panel(s.observation(None), "fr"))
    assert f"P(assez ce tour) = {want.numerator}/{want.denominator} ({percent(want, 'fr')})" in fr
    assert "J1 (bleu) a déjà 1 point et relance." in fr


def test_with_the_pips_known_the_panel_says_whether_they_are_enough_and_what_comes_next() -> None:
    s = position(G3, [RINGS[C19], (102,), (211,)], owners={C19: 1}, pips=2)
    rep = view_report(s.observation(None))
    need = rep["now"]["need"]
    assert need > 2
    en = text(panel(s.observation(None), "en"))
    assert "P1 (blue) has 2 pips to play." in en and "Your 2 pips are not enough this turn. (If the way stays free.)" in en
    nxt = p_turn_at_least(need - 2)
    assert f"After this turn {need - 2} pips will be missing: P(next turn) = {nxt.numerator}/{nxt.denominator}" in en
    out = next(t for t in NEIGHBOURS[RINGS[0][0]] if t not in RINGS[0])
    close = position(G3, [(out,) + RINGS[0][:11], (102,), (211,)], pips=2)
    assert "Your 2 pips are enough this turn." in text(panel(close.observation(None), "en"))
    fr = text(panel(close.observation(None), "fr"))
    assert f"Anneau libre le plus proche{NBSP}: 1 pas (gain n°{NBSP}0, 2 pépites)" in fr
    assert "Vos 2 points suffisent ce tour." in fr


def test_in_setup_the_panel_counts_the_pawns_still_to_place() -> None:
    s = position(G3, [RINGS[0][:6], (102,), (211,)], pips=3)
    fr = text(panel(s.observation(None), "fr"))
    assert f"Mise en place{NBSP}: encore 6 pions à poser." in fr and "Vos 3 points ne suffisent pas ce tour." in fr
    q = p_turn_at_least(3)  # 3 pawns left after this turn
    assert q == Fraction(5, 6)
    assert f"Après ce tour il restera 3 pions{NBSP}: P(au tour suivant) = 5/6 ({percent(q, 'fr')})" in fr


def test_the_die_table_is_exact_and_sums_to_one() -> None:
    html = panel(G3.initial_state().observation(None), "en")
    cells = re.findall(r"<td[^>]*>([\d/]+)</td>", html)
    probs = [Fraction(c) for c in cells]
    assert probs[0] == Fraction(1, 6) and sum(probs) == 1 and len(probs) == 8  # 2..8 and over 8
    assert probs[-1] == p_turn_at_least(9)
    assert "mean 21/5 = 4.20" in text(html)
    assert "moyenne 21/5 = 4,20" in text(panel(G3.initial_state().observation(None), "fr"))


def test_status_gives_nuggets_leavers_rounds_and_why_the_game_ended() -> None:
    s = position(G3, [RINGS[0], (), (211,)], owners={C19: 1, CENTRE: 1}, out=(False, True, False), pips=2, round=6)
    fr = text(status(s.observation(None), "fr"))
    assert f"Pépites{NBSP}: J1 0 pépite · J2 8 pépites · J3 0 pépite" in fr
    assert "J2 a pris le 6 et a quitté la partie." in fr and "Manche 7 (la partie s'arrête après 100)." in fr
    over = position(G3, [RINGS[0], (), ()], owners={C19: 1}, out=(False, True, False), done=True)
    assert "Game over: at most one player is left in play." in text(status(over.observation(None), "en"))
    limit = position(G3, [RINGS[0], (102,), (211,)], done=True, round=99)
    assert "Game over: the limit of 100 rounds is reached." in text(status(limit.observation(None), "en"))
    every = position(G3, [(), (102,), ()], owners={c: c % 3 for c in range(len(CELLS))}, done=True)
    assert "Partie finie" in text(status(every.observation(None), "fr")) and "every claim is taken" in text(
        status(every.observation(None), "en"))


def test_the_log_is_headed_by_rounds() -> None:
    s = position(G3, [RINGS[0], (102,), (211,)], rolling=True, round=2)
    assert chapter(s, "fr") == "Manche 3" and chapter(s, "en") == "Round 3"
