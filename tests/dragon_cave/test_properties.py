"""Invariants over random playouts with random variants (hypothesis)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from itertools import product
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mineedu.core import CHANCE, IllegalActionError, sample_outcome
from mineedu.games.dragon_cave import DragonCave, DragonCaveState

GENERIC = "not among the legal actions"

games = st.builds(
    lambda n, blind, dm, dd, short, bot: (
        DragonCave(n, blind=blind, dice_movement=dm, dice_dragon=dd,
                   **({"families": ((1, 2, 3), (5, 6), (9,))} if short else {})),
        bot,
    ),
    st.integers(2, 6), st.booleans(), st.booleans(), st.booleans(), st.booleans(),
    st.sampled_from(["random", "turnback:1", "turnback:3", "greedy", "odds:0.3"]),
)


def states(game: DragonCave, bot_name: str, seed: int) -> Iterator[tuple[DragonCaveState, int | None, Any]]:
    """(state, player, action) along one seeded playout; bots mixed with random moves."""
    rng = np.random.default_rng(seed)
    bot, rand = game.make_bot(bot_name), game.make_bot("random")
    s = game.initial_state()
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            a, p = sample_outcome(s.chance_outcomes(), rng), None
        else:
            p = s.current_player()
            who = bot if rng.random() < 0.7 else rand
            a = who.act(s.observation(p), s.legal_actions(p), rng)
        yield s, p, a
        s = s.apply(a)
    yield s, None, None


@lru_cache(maxsize=64)
def _family_counts(families: tuple[tuple[int, ...], ...]) -> tuple[Counter[int], Counter[tuple[int, int]]]:
    """Cards per family, and copies of each (family, value) card."""
    return (Counter({f: len(v) for f, v in enumerate(families)}),
            Counter((f, v) for f, fam in enumerate(families) for v in fam))


def check_invariants(game: DragonCave, s: DragonCaveState) -> None:
    cfg = game.config
    everywhere = list(s.path) + [c for cards in s.carried for c in cards]
    # cards conserved: each family keeps its number of cards, and shown values come from it
    sizes, values = _family_counts(cfg.families)
    assert Counter(f for f, _ in everywhere) == sizes
    shown = Counter(c for c in everywhere if c[1] is not None)
    assert all(k <= values[c] for c, k in shown.items()), "a card's value is not one of its family's"
    assert all(len(cards) <= cfg.max_carry for cards in s.carried)
    inside = [q for q, st_ in zip(s.pos, s.status) if st_ == "in" and q >= 0]
    assert len(set(inside)) == len(inside), "two pawns on one card"
    assert all(q < s.dragon for q in inside), "a pawn inside at or past the dragon"
    assert 0 <= s.dragon <= len(s.path)
    if s.is_terminal():
        assert all(v is not None for st_, cards in zip(s.status, s.carried) if st_ == "out" for _, v in cards)


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 2**32 - 1))
def test_invariants_hold_along_random_games(gb: tuple[DragonCave, str], seed: int) -> None:
    game, bot = gb
    prev: tuple[DragonCaveState, Any] | None = None
    s = game.initial_state()
    for s, _p, a in states(game, bot, seed):
        check_invariants(game, s)
        if prev is not None:
            ps, pa = prev
            # the dragon never moves away from the entrance: only a card dropped in front
            # of it (without a capture) adds one card between it and the entrance
            dropped = pa is not None and ps.current_player() >= 0 and pa[1] >= 0 and not pa[4]
            assert s.dragon <= ps.dragon + (1 if dropped else 0)
            # nobody comes back into the cave, nobody turns around twice
            for q in range(game.num_players):
                assert ps.status[q] == "in" or s.status[q] == ps.status[q]
                assert s.returning[q] >= ps.returning[q]
        prev = (s, a)
    assert s.is_terminal() and s.turns <= game.config.max_turns


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 2**32 - 1), st.integers(0, 40))
def test_every_combination_is_legal_or_explained(gb: tuple[DragonCave, str], seed: int, k: int) -> None:
    """Every ("move", drop, back, steps, capture) either applies or names the rule it breaks."""
    game, bot = gb
    chosen = [st_ for i, (st_, p, _) in enumerate(states(game, bot, seed)) if p is not None and i >= k]
    if not chosen:
        return
    s = chosen[0]
    legal = set(s.legal_actions())
    for drop, back, steps, capture in product(range(-1, 4), (False, True), range(0, 6), (False, True)):
        a = ("move", drop, back, steps, capture)
        if a in legal:
            s.apply(a)
        else:
            try:
                s.apply(a)
            except IllegalActionError as exc:
                assert GENERIC not in str(exc), f"{a}: no precise reason in {s}"
            else:
                raise AssertionError(f"{a} applied but is not listed as legal")
