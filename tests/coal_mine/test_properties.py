"""Invariants over random games (hypothesis): coal, cards, hand limit, hidden hands."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mineedu.core import CHANCE, sample_outcome
from mineedu.games.coal_mine import CoalMineGame, CoalMineState, split_loot

from .helpers import cards_total

BOTS = ("random", "steady", "raider", "mix")


def play(game: CoalMineGame, bot_names: list[str], seed: int) -> Iterator[CoalMineState]:
    """Every state of one seeded game."""
    rng = np.random.default_rng(seed)
    bots = [game.make_bot(b) for b in bot_names]
    s = game.initial_state()
    yield s
    while not s.is_terminal():
        cp = s.current_player()
        if cp == CHANCE:
            s = s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            s = s.apply(bots[cp].act(s.observation(cp), s.legal_actions(cp), rng), player=cp)
        yield s


games = st.builds(
    lambda n, variant, dummy, returns, plan: CoalMineGame(
        n, variant=variant, dummy=dummy, sold_coal_returns=returns, dummy_plan=plan),
    st.integers(2, 6), st.booleans(), st.booleans(), st.booleans(), st.sampled_from(["basic", "bold"]),
)


@settings(max_examples=40, deadline=None)
@given(game=games, bots=st.lists(st.sampled_from(BOTS), min_size=6, max_size=6), seed=st.integers(0, 2**32 - 1))
def test_coal_and_cards_are_conserved_and_hands_respect_the_limit(game: CoalMineGame, bots: list[str], seed: int) -> None:
    cfg, n = game.config, game.num_players
    start = (cfg.variant_start_coal if cfg.variant else cfg.start_coal) * n
    last_points = (0,) * n
    for s in play(game, bots[:n], seed):
        assert min(s.coal) >= 0
        # coal: players + central stock (+ sold coal when it leaves) = the 20 cubes
        if s.central is None:
            assert sum(s.coal) == start + s.mined - s.sold
        elif cfg.sold_coal_returns:
            assert s.central + sum(s.coal) == cfg.coal_total
        else:
            assert s.central + sum(s.coal) + s.sold == cfg.coal_total
        assert s.sold == sum(s.points)
        # cards: deck + discard + hands + boards = 70
        assert cards_total(s) == 70 and min(s.deck) >= 0 and min(s.discard) >= 0
        assert all(min(h) >= 0 for h in s.hands)
        if s.phase in ("place", "dummy", "over", "tiebreak") or s.phase == "die_card":
            assert all(sum(h) + len(b) <= cfg.hand_limit for h, b in zip(s.hands, s.boards))
        assert all(len(b) <= cfg.cards_per_round for b in s.boards)
        assert all(p >= q for p, q in zip(s.points, last_points))
        last_points = s.points
        assert 1 <= s.round <= cfg.rounds
    assert s.is_terminal() and len(s.winners()) == 1


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 5), seed=st.integers(0, 2**32 - 1), swap_seed=st.integers(0, 2**32 - 1))
def test_a_player_sees_nothing_of_others_hidden_cards(n: int, seed: int, swap_seed: int) -> None:
    """Changing another player's hand or face-down cards (same sizes) leaves
    what a player observes unchanged during the placement."""
    game = CoalMineGame(n)
    rng = np.random.default_rng(swap_seed)
    for s in play(game, ["random"] * n, seed):
        if s.phase != "place":
            continue
        me = int(rng.integers(n))
        other = (me + 1 + int(rng.integers(n - 1))) % n
        hand = list(s.hands[other])
        if sum(hand) < 1:
            continue
        # move one of the other's cards to another kind, and retarget their raids
        src = next(i for i, c in enumerate(hand) if c)
        hand[src] -= 1
        hand[(src + 1) % len(hand)] += 1
        board = tuple((sp, "chief" if sp != "event" else k, t if sp != "raid" else (other + 1) % n)
                      for sp, k, t in s.boards[other])
        from dataclasses import replace

        t = replace(s, hands=s.hands[:other] + (tuple(hand),) + s.hands[other + 1:],
                    boards=s.boards[:other] + (board,) + s.boards[other + 1:])
        assert t.observation(me) == s.observation(me)
        assert t.observation(None) == s.observation(None)
        assert t.observation(other) != s.observation(other)


@settings(max_examples=300, deadline=None)
@given(stock=st.integers(0, 12), defence=st.integers(0, 8), attacks=st.lists(st.integers(0, 10), min_size=1, max_size=5))
def test_split_loot_invariants(stock: int, defence: int, attacks: list[int]) -> None:
    loot = split_loot(stock, defence, attacks)
    assert sum(loot) <= stock
    for a, x in zip(attacks, loot):
        assert 0 <= x <= max(0, a - defence)
    for i, a in enumerate(attacks):
        for j, b in enumerate(attacks):
            if a == b:
                assert loot[i] == loot[j]  # equal raiders get equal shares
            if a > b:
                assert loot[i] >= loot[j]  # the stronger is served first
    # a lone strongest raider gets all it wants if the stock allows
    top = max(attacks)
    if attacks.count(top) == 1 and top > defence:
        assert loot[attacks.index(top)] == min(stock, top - defence)
