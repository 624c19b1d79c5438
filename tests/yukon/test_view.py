"""The typed observation: one frozen ``YukonView`` for every viewer, holding the whole board."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from mineedu.core import SEE_ALL, playout
from mineedu.games.yukon import YukonGame, YukonState, YukonView
from mineedu.games.yukon.board import CENTRE, RINGS
from mineedu.games.yukon.odds import odds_report, view_report

from ..board_conformance import random_moves
from .util import position


def test_every_viewer_gets_the_same_frozen_view_not_a_dict_nor_the_state() -> None:
    g = YukonGame(4)
    for _moves, s in random_moves(g, 2, limit=300):
        views = [s.observation(v) for v in (None, SEE_ALL, *range(4))]
        assert all(type(v) is YukonView for v in views)
        assert all(v == views[0] for v in views)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(views[0], "pips", 99)  # noqa: B010 (a frozen dataclass refuses it)


def test_the_view_holds_what_the_state_shows_and_its_facts_agree() -> None:
    g = YukonGame(3, max_rounds=30)
    rec: list[tuple[int, object]] = []
    playout(g.initial_state(), [g.make_bot("value-per-distance")] * 3, np.random.default_rng(4), record=rec)
    s = g.initial_state()
    for p, a in rec:
        v = s.observation(p if p >= 0 else None)
        for name in ("chains", "owners", "out", "turn", "rolling", "pips", "head", "turned", "round", "done"):
            assert getattr(v, name) == getattr(s, name), name
        assert v.config == g.config and v.players == 3
        assert v.scores() == s.scores() and v.winners() == s.winners() and v.occupied() == s.occupied()
        assert all(v.in_setup(q) == s.in_setup(q) and v.in_play(q) == s.in_play(q) for q in range(3))
        s = s.apply(a, player=None if p < 0 else p)


def test_the_view_lists_this_turns_throws_and_a_new_turn_clears_them() -> None:
    g = YukonGame(3)
    s = position(g, [RINGS[0], (102,), (211,)], rolling=True)
    assert s.observation(None).throws == ()
    s = s.apply(1)
    assert s.observation(None).throws == (1,) and s.observation(None).rolling
    s = s.apply(1).apply(4)
    v = s.observation(0)
    assert v.throws == (1, 1, 4) and v.pips == 6 and not v.rolling
    s = s.apply(s.legal_actions()[0])
    assert s.observation(0).throws == (1, 1, 4) and s.observation(0).pips == 5, "spent pips leave the throws shown"
    while s.turn == 0:
        s = s.apply(s.legal_actions()[0])
    assert s.observation(None).throws == () and s.observation(None).turn == 1


def test_a_capped_rethrow_still_lists_the_faces_thrown() -> None:
    g = YukonGame(3, max_rolls=2)
    s = position(g, [RINGS[0], (102,), (211,)], rolling=True).apply(1).apply(1)
    assert s.observation(None).throws == (1, 1) and s.pips == 2  # the capped 1 does not throw again


def test_odds_for_a_player_come_from_the_view() -> None:
    g = YukonGame(3)
    s: YukonState = position(g, [RINGS[CENTRE][1:], (102,), (211,)], pips=3)
    assert odds_report(s, 0) == view_report(s.observation(0), 0) == view_report(s.observation(None), 0)
