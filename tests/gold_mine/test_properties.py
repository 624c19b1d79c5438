"""Hypothesis properties: the invariants of My Gold Mine hold in every reachable state."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import mineedu
from mineedu.core import CHANCE, sample_outcome
from mineedu.games.gold_mine import BURNED, LADDER

from .helpers import card_total, new

GAMES = st.builds(
    lambda n, mode, seed: (mineedu.make("gold_mine", players=n, deck_mode=mode), seed),
    st.integers(3, 6), st.sampled_from(["face_down", "face_up"]), st.integers(0, 2**32 - 1),
)


def states(game, seed):
    """Every state of one seeded playout with uniformly random choices."""
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    yield s
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            a = sample_outcome(s.chance_outcomes(), rng)
        else:
            legal = s.legal_actions()
            a = legal[int(rng.integers(len(legal)))]
        s = s.apply(a)
        yield s


@settings(max_examples=40, deadline=None)
@given(GAMES)
def test_every_card_is_in_exactly_one_place(game_seed):
    game, seed = game_seed
    full = (sum(game.explore0), sum(game.exit0))
    for s in states(game, seed):
        assert card_total(s) == full
        assert all(c >= 0 for c in s.explore + s.explore_discard + s.exits + s.exit_discard)


@settings(max_examples=40, deadline=None)
@given(GAMES)
def test_ladder_rungs_are_unique_and_taken_from_the_top(game_seed):
    game, seed = game_seed
    for s in states(game, seed):
        rungs = [r for r in s.rungs if r]
        assert sorted(rungs) == list(range(1, len(rungs) + 1))
        for p, r in zip(s.positions, s.rungs):
            assert (p == LADDER) == (r > 0)


@settings(max_examples=40, deadline=None)
@given(GAMES)
def test_no_miner_on_or_beyond_the_dragon_and_dragon_stays_on_the_track(game_seed):
    game, seed = game_seed
    for s in states(game, seed):
        assert 1 <= s.dragon <= game.config.track_length
        for p in s.positions:
            assert p in (LADDER, BURNED) or 1 <= p < s.dragon
        if s.dragon == 1:
            assert not s.inside()


@settings(max_examples=40, deadline=None)
@given(GAMES)
def test_twelve_nugget_tokens_in_all_awarded_plus_pool(game_seed):
    game, seed = game_seed
    last = None
    for s in states(game, seed):
        assert sum(s.tokens) + s.pool == 12
        assert all(sum(r.awarded) <= 6 for r in s.results)
        last = s
    assert last.is_terminal() and len(last.results) == 3
    assert last.scores() == tuple(float(t + g) for t, g in zip(last.tokens, last.results[-1].gold))


@settings(max_examples=40, deadline=None)
@given(GAMES)
def test_chance_is_exact_and_face_up_setup_is_never_a_dragon(game_seed):
    game, seed = game_seed
    for s in states(game, seed):
        if s.current_player() == CHANCE:
            outs = s.chance_outcomes()
            assert sum(p for _, p in outs) == 1 and all(p > 0 for _, p in outs)
            if s.phase == "setup":
                assert "dragon" not in dict(outs)
            if s.phase == "explore":
                d, n = s.explore[3], sum(s.explore)
                assert dict(outs).get("dragon", Fraction(0)) == Fraction(d, n)
        if s.top is not None:
            assert s.top != "dragon"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 150))
def test_the_view_is_the_whole_public_position_E5(seed, steps):
    """Every card's effect shows its type (E5): a view holds the whole position, the same for
    every viewer but for who looks, and gives it back for exact odds."""
    from mineedu.core import RandomBot

    s, rng = new(4), np.random.default_rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        a = sample_outcome(s.chance_outcomes(), rng) if s.is_chance() else RandomBot().act(None, s.legal_actions(), rng)
        s = s.apply(a)
    views = [s.observation(v) for v in (None, 0, 1, 2, 3)]
    assert all(v.state() == s for v in views)
    assert {replace(v, viewer=None) for v in views} == {replace(views[0], viewer=None)}
    assert all(v.gold(p) == s.gold(p) for v in views for p in range(4))
