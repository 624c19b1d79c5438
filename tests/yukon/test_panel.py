"""The panel beside the board (the decision the player to move faces) and the game's status.

Each probability shown is checked against an enumeration of die throws written
here, independently of ``odds.py``; the claims within reach this turn against
every sequence of moves the rules allow, tried one by one.
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape

import numpy as np

from mineedu.core import CHANCE, play
from mineedu.core.i18n import NBSP
from mineedu.games.yukon import YukonGame, YukonState
from mineedu.games.yukon.board import CELLS, CENTRE, NEIGHBOURS, RINGS
from mineedu.games.yukon.odds import stakeable
from mineedu.games.yukon.panel import chapter, figures, panel, status

from .util import position, turn_law

G3 = YukonGame(3)
C19 = CELLS.index((1, 0))


LAW, STILL_ROLLING = turn_law()


def p_at_least(k: int) -> Fraction:
    """P(one turn's pips >= k): a turn still rolling after 7 ones will give at least 9."""
    assert k <= 9
    return sum((q for t, q in LAW.items() if t >= k), Fraction(0)) + STILL_ROLLING


def text(markup: str) -> str:
    """What a reader sees: tags dropped, entities read (no-break spaces kept)."""
    return unescape(re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", " ", markup))).replace(" .", ".").strip()


def exact_of(markup: str, cls: str) -> Fraction:
    m = re.search(rf"class='{cls}' data-exact='([\d/]+)'", markup)
    assert m, cls
    return Fraction(m.group(1))


def thrown(s: YukonState, *faces: int) -> YukonState:
    for v in faces:
        s = s.apply(v)
    return s


def test_this_turns_throws_and_how_likely_their_sum_was() -> None:
    s = thrown(position(G3, [RINGS[C19], (102,), (211,)], owners={C19: 1}, rolling=True), 1, 4)
    html = panel(s.observation(None), "fr")
    assert f"J1 (bleu){NBSP}: ce tour 1 + 4 = 5 points (P = 259/1296 ≈ 20,0{NBSP}%)" in text(html)
    assert exact_of(html, "odds-thrown") == LAW[5] == Fraction(259, 1296)
    # the table's row of this sum is marked; every row's exact value is the enumerated law
    rows = dict(re.findall(r"data-pips='([^']+)' data-exact='([\d/]+)'", html))
    assert {int(k): Fraction(v) for k, v in rows.items() if k.isdigit()} == {t: LAW[t] for t in range(2, 9)}
    assert sum(Fraction(v) for v in rows.values()) == 1
    assert re.search(r"odds-pips odds-this' data-pips='5'", html)


def test_not_enough_pips_this_turn_gives_the_exact_chance_of_the_next() -> None:
    s = thrown(position(G3, [RINGS[C19], (102,), (211,)], owners={C19: 1}, rolling=True), 2)
    f = figures(s.observation(None))
    need = f["need"]
    assert need == f["steps"] + 1 and need > 2 + 1 and not f["within"]
    html = panel(s.observation(None), "en")
    assert exact_of(html, "odds-next") == p_at_least(need - 2) == Fraction(f["next"])
    assert "class='odds-key'" in html and "P(enough pips next turn) =" in text(html)
    assert f"{need - 2} pips will be missing after this turn" in text(html)


def test_a_claim_within_reach_is_the_headline() -> None:
    out = next(t for t in NEIGHBOURS[RINGS[0][0]] if t not in RINGS[0])
    s = thrown(position(G3, [(out,) + RINGS[0][:11], (102,), (211,)], rolling=True), 3)
    f = figures(s.observation(None))
    assert f["within"] == {0: 1}
    en = text(panel(s.observation(None), "en"))
    assert "Can be staked this turn: claim no. 0 (2 nuggets), after 1 step." in en
    assert "Within reach this turn (played by the rules, the board as it is): claim no. 0 (2 nuggets) after 1 step." in en


def test_while_the_die_rolls_again_the_chance_counts_what_is_thrown() -> None:
    s = thrown(position(G3, [RINGS[C19], (102,), (211,)], owners={C19: 1}, rolling=True), 1)
    f = figures(s.observation(None))
    assert Fraction(f["this"]) == p_at_least(f["need"] - 1)
    html = panel(s.observation(None), "fr")
    assert exact_of(html, "odds-this-turn") == p_at_least(f["need"] - 1)
    assert "J1 (bleu) a déjà 1 point et relance." in text(html)


def test_in_setup_the_panel_counts_the_pawns_still_to_place() -> None:
    s = thrown(position(G3, [RINGS[0][:6], (102,), (211,)], rolling=True), 3)
    html = panel(s.observation(None), "fr")
    assert f"Mise en place{NBSP}: encore 6 pions à poser." in text(html)
    assert exact_of(html, "odds-next") == p_at_least(3) == Fraction(5, 6)  # 3 pawns left after this turn
    done = thrown(position(G3, [RINGS[0][:9], (102,), (211,)], rolling=True), 5)
    assert "L'équipe de J1 sera complète ce tour." in text(panel(done.observation(None), "fr"))


def brute_stakeable(s: YukonState) -> dict[int, int]:
    """Every sequence of the player's moves, tried one by one (no merging of positions)."""
    p = s.turn
    found: dict[int, int] = {}

    def walk(t: YukonState, steps: int) -> None:
        for a in t.legal_actions(p):
            if a[0] == "claim":
                found[a[1]] = min(found.get(a[1], steps), steps)
            else:
                u = t.apply(a)
                if u.turn == p and not u.rolling and not u.done:
                    walk(u, steps + 1)

    walk(s, 0)
    return dict(sorted(found.items()))


def test_claims_within_reach_are_what_every_sequence_of_moves_allows() -> None:
    g = YukonGame(3)
    bots = [g.make_bot(b) for b in ("value-per-distance", "nearest-claim", "value-per-distance")]
    checked = with_claims = 0
    for e in play(g.initial_state(), bots, np.random.default_rng(21)):
        s = e.after
        assert isinstance(s, YukonState)
        if s.is_terminal() or s.is_chance() or s.in_setup(s.turn) or s.pips > 7 or not s.chains[s.turn]:
            continue
        got = stakeable(s.observation(None))
        assert got == brute_stakeable(s), (s.chains[s.turn], s.pips)
        checked += 1
        with_claims += bool(got)
    assert checked > 150 and with_claims > 5


def test_an_opponent_in_the_way_takes_a_claim_out_of_reach() -> None:
    out = next(t for t in NEIGHBOURS[RINGS[0][0]] if t not in RINGS[0])
    free = position(G3, [(out,) + RINGS[0][:11], (102,), (211,)], pips=3)
    blocked = position(G3, [(out,) + RINGS[0][:11], (RINGS[0][11],), (211,)], pips=3)
    assert stakeable(free.observation(None)) == {0: 1}
    assert 0 not in stakeable(blocked.observation(None))


def test_status_gives_nuggets_leavers_rounds_and_why_the_game_ended() -> None:
    s = position(G3, [RINGS[0], (), (211,)], owners={C19: 1, CENTRE: 1}, out=(False, True, False), pips=2, round=6)
    fr = text(status(s.observation(None), "fr"))
    assert f"Pépites{NBSP}: J1 0 pépite · J2 8 pépites · J3 0 pépite" in fr
    assert "J2 a pris le 6 et a quitté la partie." in fr and "Manche 7 (sur 100 au plus)." in fr
    over = position(G3, [RINGS[0], (), ()], owners={C19: 1}, out=(False, True, False), done=True)
    assert "Game over: at most one player is left in play." in text(status(over.observation(None), "en"))
    limit = position(G3, [RINGS[0], (102,), (211,)], done=True, round=99)
    assert "Game over: the limit of 100 rounds is reached." in text(status(limit.observation(None), "en"))
    every = position(G3, [(), (102,), ()], owners={c: c % 3 for c in range(len(CELLS))}, done=True)
    assert "every claim is taken" in text(status(every.observation(None), "en"))


def test_the_panel_in_both_languages_along_a_game_with_french_typography() -> None:
    g = YukonGame(3, max_rounds=10)
    bots = [g.make_bot("value-per-distance")] * 3
    seen = 0
    for e in play(g.initial_state(), bots, np.random.default_rng(2)):
        if e.player == CHANCE:
            continue
        v = e.after.observation(None)
        fr, en = text(panel(v, "fr")), text(panel(v, "en"))
        assert fr and en and not re.search(r" [:;]", fr) and not re.search(r"\d\.\d", fr) and not re.search(r"\d,\d", en)
        seen += 1
    assert seen > 50


def test_the_log_is_headed_by_rounds() -> None:
    s = position(G3, [RINGS[0], (102,), (211,)], rolling=True, round=2)
    assert chapter(s, "fr") == "Manche 3" and chapter(s, "en") == "Round 3"


def test_enough_pips_but_the_chosen_end_leads_away_says_no_claim_is_within_reach() -> None:
    # the 12 pawns stand on claim 0's ring but one: the free end could close it in one step,
    # but the other end was chosen to lead this turn
    out = next(t for t in NEIGHBOURS[RINGS[0][0]] if t not in RINGS[0])
    s = position(G3, [(out,) + RINGS[0][:11], (102,), (211,)], pips=3, head=0)
    f = figures(s.observation(None))
    assert f["steps"] == 1 and f["need"] == 2 <= s.pips and f["within"] == {} and "next" not in f
    en = text(panel(s.observation(None), "en"))
    assert "No claim within reach this turn, with the leading end and the board as they are." in en
