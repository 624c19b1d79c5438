"""The review's rollouts (mineedu.core.rollout): on a game's kernel where it has one, the very games the engine plays.

From positions in the middle of a seeded game of each game (after a decision of the seat, at a
chance node, with a sampled world where the game hides something), a rollout of
:class:`~mineedu.core.rollout.Rollouts` reaches the final state :func:`mineedu.core.playout` reaches
with the same bots and the same generator, and leaves the generator in the same state. Which games
play on their kernel is read from the games (a game gaining a kernel joins without a change here);
the games known to have one must be found to, and the others play through ``playout`` itself.
"""

from __future__ import annotations

import numpy as np
import pytest

import mineedu
from mineedu.core import playout
from mineedu.core.rollout import Rollouts, kernel_functions
from mineedu.review import Review
from tests.review.helpers import PLAYERS, seeded_game

ON_KERNEL = ["dragon_cave", "gold_mine", "yukon"]
"""The games known to have a kernel (Silver & Gold and Mine join when theirs come)."""
KERNEL_GAMES = [n for n in sorted(PLAYERS) if kernel_functions(mineedu.make(n, PLAYERS[n])) is not None]


def test_the_games_with_a_kernel_are_played_on_it() -> None:
    assert set(ON_KERNEL) <= set(KERNEL_GAMES)
    for name in sorted(PLAYERS):
        review = Review(seeded_game(name), 0)
        assert Rollouts(review.game, review._bots).kernel == (name in KERNEL_GAMES), name


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_a_rollout_is_the_engines_playout(name: str) -> None:
    saved = seeded_game(name)
    review = Review(saved, 0)
    rollouts = Rollouts(review.game, review._bots)
    assert rollouts.kernel
    sample = getattr(review.parts, "sample", None)
    events = review.events
    picks = sorted({*range(0, len(events), max(1, len(events) // 8)), *review.moves[::4]})
    compared = 0
    for j, i in enumerate(picks):
        state = events[i].before
        if state.is_terminal():
            continue
        world = sample(state, 0, np.random.default_rng(j)) if sample is not None and state.current_player() >= 0 else state
        start = rollouts.start(world)
        for seed in range(3):
            a, b = np.random.default_rng([j, seed]), np.random.default_rng([j, seed])
            mine, engine = start(a), playout(world, review._bots, b)
            assert mine == engine, (name, i, seed)
            assert a.bit_generator.state == b.bit_generator.state, (name, i, seed)
            compared += 1
    assert compared >= 12
