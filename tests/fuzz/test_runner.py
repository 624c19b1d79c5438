"""The fuzzer itself (fast, unmarked): it replays exactly, and it does fail when an invariant breaks."""

from __future__ import annotations

import dataclasses

import pytest

from . import games
from .runner import FuzzFailure, fuzz


def test_a_chunk_replays_exactly_from_its_seed():
    a, b = fuzz("gold_mine", 7, 400), fuzz("gold_mine", 7, 400)
    assert a.ends == b.ends and a.steps == b.steps  # the same games, move for move, to the same scores
    assert fuzz("gold_mine", 8, 400).ends != a.ends


def test_a_broken_invariant_is_reported_with_what_replays_it(monkeypatch):
    def no_ladder(game, s):
        games.gold_mine_state(game, s)
        assert all(r == 0 for r in s.rungs), "somebody reached the ladder"

    broken = dataclasses.replace(games.SPECS["gold_mine"], state=no_ladder)
    monkeypatch.setitem(games.SPECS, "gold_mine", broken)
    reported = r"gold_mine: seed 3, game 1 of the chunk .* move \d+: AssertionError: somebody reached"
    with pytest.raises(FuzzFailure, match=reported):
        fuzz("gold_mine", 3, 2000)


def test_every_game_is_fuzzed_and_each_check_passes_on_a_few_games():
    from mineedu.core import game_names

    assert sorted(games.SPECS) == sorted(game_names())  # each of the five with its own invariants
    for name in game_names():
        assert fuzz(name, 1, 50).steps >= 50
