"""Log lines: every throw, pawn, turn back, lost pip, claim and the end, in French and English."""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from mineedu.core import CHANCE, Event, play
from mineedu.core.i18n import NBSP
from mineedu.games.yukon import YukonGame, YukonState
from mineedu.games.yukon.board import CELLS, CENTRE, RINGS
from mineedu.games.yukon.words import action_label, describe_event

from .util import position

G3 = YukonGame(3)
R18 = RINGS[CENTRE]
C19 = CELLS.index((1, 0))


def line(s: YukonState, action: Any, lang: str, viewer: int | None = None) -> str:
    player = CHANCE if s.is_chance() else s.turn
    return describe_event(Event(player, action, s, s.apply(action)), viewer, lang)


def test_throws_are_told_with_their_sum() -> None:
    s = position(G3, [RINGS[0], (102,), (211,)], rolling=True)
    assert line(s, 1, "fr") == f"J1 lance le dé{NBSP}: 1, et relance"
    s = s.apply(1)
    assert line(s, 5, "en") == "P1 throws the die: 1 + 5 = 6 pips"
    plain = position(G3, [RINGS[0], (102,), (211,)], rolling=True)
    assert line(plain, 2, "fr") == f"J1 lance le dé{NBSP}: 2 points"


def test_a_throw_that_cannot_be_played_says_the_pips_are_lost() -> None:
    g = YukonGame(3, pawns=3)
    chain = R18[1:4]
    s = position(g, [chain, (R18[4],), (R18[0],)], owners={CENTRE: 2}, rolling=True)
    assert line(s, 4, "fr") == f"J1 lance le dé{NBSP}: 4 points{NBSP}; bloqué des deux côtés{NBSP}: 4 points perdus"
    assert line(s, 4, "en") == "P1 throws the die: 4 pips; blocked at both ends: 4 pips lost"


def test_pawns_placed_and_a_complete_team() -> None:
    s = position(G3, [RINGS[C19][:11], (102,), (211,)], pips=3)
    assert line(s, ("place", RINGS[C19][11]), "fr") == (
        f"J1 pose un pion sur la case {RINGS[C19][11]} (12 sur 12){NBSP}: l'équipe est complète{NBSP}; 2 points restants perdus")
    s = position(G3, [RINGS[C19][:5], (102,), (211,)], pips=2)
    assert line(s, ("place", RINGS[C19][5]), "en") == f"P1 puts a pawn on space {RINGS[C19][5]} (6 of 12)"
    start = G3.initial_state()
    assert line(start, ("start", 16), "en") == "P1 puts a first pawn on start space 16"


def test_a_step_a_turn_back_and_pips_lost_at_a_dead_end() -> None:
    g = YukonGame(3, pawns=3)
    chain = R18[:3]
    s = position(g, [chain, (R18[4],), (211,)], owners={CENTRE: 2, C19: 2}, pips=3)
    assert line(s, ("step", chain[0], R18[3]), "en") == (
        f"P1 moves: the pawn on space {chain[0]} goes to space {R18[3]}; "
        "the head is blocked: the other end leads for the rest of the turn")
    dead = position(g, [(R18[2], R18[1], R18[0]), (R18[4],), (211,)], owners={CENTRE: 2}, pips=3, head=0, turned=True)
    assert line(dead, ("step", R18[0], R18[3]), "fr").endswith(f"{NBSP}; bloqué des deux côtés{NBSP}: 2 points perdus")
    ok = position(g, [chain, (102,), (211,)], owners={CENTRE: 2, C19: 2}, pips=2)
    assert line(ok, ("step", chain[0], R18[3]), "fr") == f"J1 avance{NBSP}: le pion de la case {chain[0]} passe en case {R18[3]}"


def test_claims_the_centre_leaver_and_the_end() -> None:
    s = position(G3, [R18, (102,), (211,)], owners={C19: 1}, out=(False, True, False), pips=3)
    assert line(s, ("claim", CENTRE, R18[0]), "fr") == (
        f"J1 revendique le gain n°{NBSP}{CENTRE} (6 pépites){NBSP}; le pion de la case {R18[0]} y reste"
        f"{NBSP}; avec le 6, J1 quitte la partie{NBSP}; 2 points restants perdus. Partie finie.")
    s = position(G3, [RINGS[C19], (102,), (211,)], pips=2)
    assert line(s, ("claim", C19, RINGS[C19][0]), "en") == (
        f"P1 claims no. {C19} (2 nuggets); the pawn on space {RINGS[C19][0]} stays on it; 1 leftover pip lost")


def test_action_labels_words_without_state() -> None:
    assert action_label(("claim", 3, 7), "fr") == f"Prendre le gain n°{NBSP}3 avec le pion de la case 7"
    worded = action_label(("claim", 3, 7), "fr", values=(0,) * 37)
    assert worded == f"Prendre le gain n°{NBSP}3 (0 pépite) avec le pion de la case 7"
    assert action_label(4, "en") == "The die shows 4"


def test_every_event_of_a_game_is_a_line_in_both_languages_the_same_for_every_viewer() -> None:
    g = YukonGame(3, max_rounds=12)
    bots = [g.make_bot(b) for b in ("random", "nearest-claim", "value-per-distance")]
    kinds: set[str] = set()
    for e in play(g.initial_state(), bots, np.random.default_rng(9)):
        fr = describe_event(e, None, "fr")
        en = describe_event(e, None, "en")
        assert fr and en and fr != en
        assert fr == describe_event(e, 0, "fr") == describe_event(e, 2, "fr"), "nothing is hidden"
        assert not re.search(r" [:;]", fr), fr
        kinds.add("throw" if e.player == CHANCE else e.action[0])
    assert kinds == {"throw", "start", "place", "step", "claim"}
