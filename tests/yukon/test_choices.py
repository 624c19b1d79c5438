"""Picking an action on the picture, step by step (the paths of ``choices.py``)."""

from __future__ import annotations

from mineedu.core import ChoiceTree
from mineedu.core.choices import reachable
from mineedu.core.i18n import NBSP
from mineedu.games.yukon import YukonGame, YukonState
from mineedu.games.yukon.board import CELLS, CENTRE, NEIGHBOURS, RINGS, STARTS
from mineedu.games.yukon.choices import CHOICES

from ..board_conformance import random_moves
from .util import outside, position

G = YukonGame(3, pawns=3)
R18 = RINGS[CENTRE]
C19 = CELLS.index((1, 0))


def tree(s: YukonState) -> ChoiceTree:
    return ChoiceTree(CHOICES, s, s.turn)


def free_next_to(s: YukonState, space: int) -> set[str]:
    """Worked out from the board, not from the rules: the empty neighbours of a space."""
    taken = {x for ch in s.chains for x in ch}
    return {f"space:{t}" for t in NEIGHBOURS[space] if t not in taken}


def test_the_first_pawn_goes_on_a_clicked_start_space() -> None:
    s = YukonGame(3).initial_state()
    t = tree(s)
    assert set(t.options(())) == {f"space:{x}" for x in STARTS}
    assert t.action(("space:0",)) == ("start", 0)
    assert CHOICES.prompt(s, 0, (), "en").startswith("Click a start space")


def test_setup_is_one_click_per_pawn_next_to_an_end() -> None:
    g = YukonGame(3)
    s = position(g, [R18[2:5], (102,), (211,)], pips=4)
    t = tree(s)
    assert set(t.options(())) == free_next_to(s, R18[2]) | free_next_to(s, R18[4])
    assert all(len(p) == 1 for p in t.paths)
    assert CHOICES.prompt(s, 0, (), "fr") == (f"Mise en place{NBSP}: cliquez une case libre à côté d'un bout de votre chaîne "
                                             "(4 à poser).")
    last = position(g, [RINGS[0][:10], (102,), (211,)], pips=5)
    assert "(2 to place)" in CHOICES.prompt(last, 0, (), "en"), "no more than the pawns left"


def test_a_turn_begins_by_clicking_the_end_that_leads_then_a_free_space_next_to_it() -> None:
    chain = R18[:3]
    s = position(G, [chain, (102,), (211,)], owners={CENTRE: 2, C19: 2}, pips=2)
    t = tree(s)
    assert set(t.options(())) == {f"space:{chain[0]}", f"space:{chain[2]}"}
    for end, tail in ((chain[0], chain[2]), (chain[2], chain[0])):
        ahead = t.options((f"space:{end}",))
        assert set(ahead) == free_next_to(s, end)
        for key in ahead:
            assert t.action((f"space:{end}", key)) == ("step", tail, int(key[6:]))
    en = CHOICES.prompt(s, 0, (), "en")
    assert en == "2 pips to play: click the end of your chain that leads this turn."
    assert CHOICES.prompt(s, 0, (f"space:{chain[0]}",), "fr") == f"Cliquez une case libre à côté du bout de la case {chain[0]}."
    assert CHOICES.label(s, 0, (), f"space:{chain[0]}", None, "en") == f"The end on space {chain[0]} leads this turn"
    # once the head is chosen every pip is one click ahead of it
    s2 = s.apply(("step", chain[0], R18[3]))
    t2 = tree(s2)
    assert set(t2.options(())) == free_next_to(s2, R18[3]) and all(len(p) == 1 for p in t2.paths)
    assert CHOICES.prompt(s2, 0, (), "en") == "1 pip to play: click a free space ahead of the head."


def test_when_only_one_end_can_move_no_end_is_asked_for() -> None:
    chain = R18[:3]
    # both free neighbours of the end on R18[0] are taken by others: only the end on R18[2] can lead
    blockers = [t for t in NEIGHBOURS[chain[0]] if t != chain[1]]
    s = position(G, [chain, tuple(blockers[:1]), tuple(blockers[1:])], owners={CENTRE: 2, C19: 2}, pips=3)
    t = tree(s)
    assert set(t.options(())) == free_next_to(s, chain[2]) and all(len(p) == 1 for p in t.paths)
    assert CHOICES.prompt(s, 0, (), "en") == (
        f"3 pips to play: only the end on space {chain[2]} can move; click a free space next to it.")


def test_a_blocked_head_turns_back_and_the_prompt_says_so() -> None:
    chain = R18[:3]
    s = position(G, [chain, (R18[4],), (211,)], owners={CENTRE: 2, C19: 2}, pips=3)
    s = s.apply(("step", chain[0], R18[3]))  # R18[3]'s other neighbour holds player 2's pawn
    assert s.turned
    assert set(tree(s).options(())) == free_next_to(s, s.chains[0][0])
    assert CHOICES.prompt(s, 0, (), "fr").startswith(
        f"La tête était bloquée{NBSP}: l'autre bout mène jusqu'à la fin du tour. 2 points")
    assert CHOICES.prompt(s, 0, (), "en").startswith("The head was blocked: the other end leads for the rest of the turn. 2 pips")


def test_a_claim_is_clicked_then_the_end_pawn_that_stays() -> None:
    g = YukonGame(3)
    c17 = CELLS.index((-1, 0))
    arc = RINGS[c17][:11]
    s = position(g, [arc, (102,), (211,)], owners={C19: 0}, pips=2)
    t = tree(s)
    assert f"claim:{c17}" in t.options(())
    assert set(t.options((f"claim:{c17}",))) == {f"space:{arc[0]}", f"space:{arc[-1]}"}
    assert t.action((f"claim:{c17}", f"space:{arc[-1]}")) == ("claim", c17, arc[-1])
    v = g.config.values[c17]
    assert CHOICES.label(s, 0, (), f"claim:{c17}", None, "en") == f"Claim no. {c17} ({v} nuggets)"
    assert CHOICES.label(s, 0, (f"claim:{c17}",), f"space:{arc[0]}", ("claim", c17, arc[0]), "fr") == (
        f"Le pion de la case {arc[0]} reste sur le gain n°{NBSP}{c17} ({v} pépites)")
    assert CHOICES.prompt(s, 0, (f"claim:{c17}",), "en") == f"Which end of the chain stays on claim no. {c17}? Click that pawn."
    assert CHOICES.prompt(s, 0, (), "en").endswith(", or a claim to stake (1 pip).")
    lone = position(YukonGame(3, pawns=2), [(RINGS[c17][0],), (102,), (211,)], owners={C19: 0}, pips=2)
    assert tree(lone).action((f"claim:{c17}",)) is not None, "a lone pawn: the claim is one click"


def test_previews_show_where_a_pawn_goes_and_which_one_leaves() -> None:
    chain = R18[:3]
    s = position(G, [chain, (102,), (211,)], owners={CENTRE: 2, C19: 2}, pips=2)
    assert CHOICES.preview(s, 0, (), f"space:{chain[0]}") is None  # picking the end moves nothing yet
    to = outside(chain[0], chain[1])
    shown = CHOICES.preview(s, 0, (f"space:{chain[0]}",), f"space:{to}")
    assert shown is not None and "stroke-dasharray" in shown and "<path" in shown


def test_every_option_has_words_and_every_step_a_prompt_in_both_languages() -> None:
    g = YukonGame(3)
    seen = 0
    for i, (_moves, s) in enumerate(random_moves(g, 5, limit=500)):
        if i % 5:
            continue
        t = tree(s)
        prefixes = {p[:k] for p in reachable(t) for k in range(len(p))}
        for prefix in prefixes:
            for lang in ("fr", "en"):
                assert CHOICES.prompt(s, s.turn, prefix, lang)
                for key in t.options(prefix):
                    label = t.label(prefix, key, lang)
                    assert label and ":" not in label.replace(NBSP + ":", ""), label
            seen += 1
    assert seen > 40
