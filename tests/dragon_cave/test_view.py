"""What a viewer sees: a typed, frozen view, the same for every viewer (nothing is hidden),
from which bots, the picture and the panel work; and seeded games as they were before the view."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import cast

import numpy as np
import pytest

import mineedu
from mineedu.core import SEE_ALL, IllegalActionError, State, playout
from mineedu.games.dragon_cave import DragonCave, DragonCaveState, DragonCaveView

from .helpers import move, position


def test_the_view_is_typed_frozen_and_not_the_state() -> None:
    s = position(3, pos=(4, 7, -1), carried=(((1, 5),), (), ()), roll=None)
    for viewer in (0, 1, 2, None, SEE_ALL):
        v = s.observation(viewer)
        assert type(v) is DragonCaveView and not isinstance(v, State)
        assert v != cast(object, s)  # a view never compares equal to the state it shows
        with pytest.raises(dataclasses.FrozenInstanceError):
            v.dragon = 3  # type: ignore[misc]
    # every field of the position, for every viewer: nothing in the cave is hidden
    assert {f.name for f in dataclasses.fields(DragonCaveView)} == {f.name for f in dataclasses.fields(DragonCaveState)}
    assert all(getattr(s.observation(0), f.name) == getattr(s, f.name) for f in dataclasses.fields(DragonCaveState))
    assert s.observation(0) == s.observation(2) == s.observation(None) == s.observation(SEE_ALL)


@pytest.mark.parametrize("viewer", [3, -1, "J1", 0.5])
def test_no_view_for_someone_who_is_not_at_the_table(viewer: object) -> None:
    with pytest.raises(ValueError, match="no viewer"):
        position(3).observation(viewer)  # type: ignore[arg-type]


def test_the_view_foresees_a_move_as_the_rules_make_it() -> None:
    s = position(3, pos=(4, 7, 2), returning=(False, True, False), carried=(((1, 5),), ((2, 8),), ()), turn=1)
    v = s.observation(1)
    assert v.legal_actions() == s.legal_actions()
    assert v.to_move() == s.current_player() == 1
    for a in s.legal_actions():
        assert v.after(a) == s.apply(a).observation(None)
    with pytest.raises(IllegalActionError):
        v.after(move(back=True, steps=1))  # player 2 turned back already


def test_every_viewer_sees_the_same_along_random_games() -> None:
    for variant in ({}, {"blind": True, "dice_movement": True, "dice_dragon": True}):
        game = DragonCave(4, **variant)
        rng = np.random.default_rng(5)
        s = game.initial_state()
        while not s.is_terminal():
            views = [s.observation(v) for v in (None, SEE_ALL, 0, 1, 2, 3)]
            assert all(x == views[0] for x in views)
            outcomes = s.chance_outcomes()
            if outcomes:
                s = s.apply(outcomes[int(rng.integers(len(outcomes)))][0])
            else:
                legal = s.legal_actions()
                s = s.apply(legal[int(rng.integers(len(legal)))])


# the moves of seeded games, hashed, as computed on commit e6bace1 (before the view and the
# hooks): the same seed and the same bots must still play the same games
KNOWN = "85163d684b961b4555c762f9914f140002757d32ec9dd89b5d510b12b3358297"
VARIANTS: list[dict[str, bool]] = [{}, {"blind": True}, {"dice_movement": True}, {"dice_dragon": True},
                                   {"blind": True, "dice_movement": True, "dice_dragon": True}]
SPECS = ["random", "turnback:2", "turnback:1", "greedy", "greedy:10", "odds", "odds:0.8"]


def test_seeded_games_are_the_games_they_were() -> None:
    h = hashlib.sha256()
    for v in VARIANTS:
        for n in (2, 4, 6):
            game = mineedu.make("dragon_cave", n, **v)
            for seed in range(3):
                bots = [game.make_bot(SPECS[(seed + i) % len(SPECS)]) for i in range(n)]
                moves: list[tuple[int, object]] = []
                final = playout(game.initial_state(), bots, np.random.default_rng(seed), record=moves)
                h.update(json.dumps([moves, final.scores()]).encode())
    assert h.hexdigest() == KNOWN
