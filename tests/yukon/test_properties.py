"""Invariants of every reachable position (hypothesis over seeded playouts)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mineedu.core import CHANCE, sample_outcome
from mineedu.games.yukon import YukonGame, YukonState
from mineedu.games.yukon.board import CENTRE, RINGS

from .util import connected

BOTS = ["random", "nearest-claim", "value-per-distance"]


def play(players: int, bot_names: list[str], seed: int, max_rounds: int) -> Iterator[tuple[YukonState, int | None, Any]]:
    """Every (state, player, action) of one seeded game."""
    g = YukonGame(players, max_rounds=max_rounds)
    bots = [g.make_bot(bot_names[i % len(bot_names)]) for i in range(players)]
    rng = np.random.default_rng(seed)
    s = g.initial_state()
    while not s.is_terminal():
        p = s.current_player()
        a = sample_outcome(s.chance_outcomes(), rng) if p == CHANCE else bots[p].act(s.observation(p), s.legal_actions(), rng)
        yield s, p, a
        s = s.apply(a, player=None if p == CHANCE else p)
    yield s, None, None


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 6), bots=st.lists(st.sampled_from(BOTS), min_size=1, max_size=3),
       seed=st.integers(0, 2**32 - 1))
def test_chains_stay_whole_and_teams_shrink_by_one_per_claim(players: int, bots: list[str], seed: int) -> None:
    pawns = 12
    prev: YukonState | None = None
    for s, _p, _a in play(players, bots, seed, max_rounds=25):
        spaces = [x for ch in s.chains for x in ch]
        assert len(spaces) == len(set(spaces)), "two pawns on one space"
        for q in range(players):
            chain = s.chains[q]
            assert connected(chain), "a chain has a gap"
            claims = len(s.claims_of(q))
            if s.out[q]:
                assert chain == () and CENTRE in s.claims_of(q)
            elif not s.in_setup(q) and chain:
                assert len(chain) + claims == pawns
        for c, owner in enumerate(s.owners):
            if owner >= 0 and prev is not None and prev.owners[c] < 0:
                # the claim just made: the team stood on the ring, one pawn fewer now
                assert set(prev.chains[owner]) <= set(RINGS[c])
                assert len(prev.claims_of(owner)) + 1 == len(s.claims_of(owner))
                if not s.out[owner]:
                    assert len(s.chains[owner]) == len(prev.chains[owner]) - 1
        if prev is not None:
            assert all(o == n or o < 0 for o, n in zip(prev.owners, s.owners)), "a claim changed hands"
        if s.is_terminal():
            assert s.winners() and max(s.scores()) == s.scores()[s.winners()[0]]
        prev = s
