"""Hypothesis invariants over whole seeded playouts with every bot."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mineedu.core import CHANCE, sample_outcome
from mineedu.games.silver_gold import CARDS, SilverGold
from mineedu.games.silver_gold.shapes import SHAPES


def crossed_total(b: Any) -> int:
    """Boxes crossed so far by one player: on the cards in front of them and the completed ones."""
    return int(sum(x.bit_count() for x in b.crossed) + sum(CARDS[c].points for c in b.completed))


def play(players: int, seed: int, bot_names: list[str]) -> tuple[SilverGold, list[tuple[Any, Any, Any, Any]], Any]:
    game = SilverGold(players)
    bots = [game.make_bot(n) for n in bot_names]
    rng = np.random.default_rng(seed)
    s = game.initial_state()
    steps = []
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            p, a = None, sample_outcome(s.chance_outcomes(), rng)
        else:
            p = s.players_to_move()[0]
            a = bots[p].act(s.observation(p), s.legal_actions(p), rng)
        t = s.apply(a, player=p)
        steps.append((s, p, a, t))
        s = t
    return game, steps, s


@settings(max_examples=12, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10**6), st.lists(st.sampled_from(["random", "greedy", "open"]), min_size=4, max_size=4))
def test_invariants_along_a_game(players: int, seed: int, bots: list[str]) -> None:
    game, steps, final = play(players, seed, bots[:players])
    cfg = game.config
    pending_place: dict[int, int] = {}
    for s, p, a, t in steps:
        # cups are taken in order 6, 5, ..., 1: what is left is always the tail
        left = t.cups_left
        assert left == tuple(cfg.cups[len(cfg.cups) - len(left):])
        taken = sorted((c for b in t.boards for c in b.cups), reverse=True)
        assert taken == list(cfg.cups[: len(cfg.cups) - len(left)])
        for b in t.boards:
            assert list(b.cups) == sorted(b.cups, reverse=True)
            assert len(b.palms) <= cfg.palm_limit  # at most 4 palm scorings
            assert all(x & ~CARDS[c].boxes == 0 for c, x in zip(b.cards, b.crossed) if c is not None)
        # a box is crossed at most once: every mark adds exactly its own boxes
        if s.phase == "place":
            pending_place[p] = 0 if a[0] == "pass" else (len(SHAPES[s.shape]) if a[0] == "place" else 1)
            if t.phase != "place":
                for q, k in pending_place.items():
                    assert crossed_total(t.boards[q]) - crossed_total(s.boards[q]) == k
                pending_place = {}
        elif s.phase == "chain":
            assert crossed_total(t.boards[p]) - crossed_total(s.boards[p]) == 1
        else:
            assert [crossed_total(b) for b in t.boards] == [crossed_total(b) for b in s.boards]
        # points never go down
        assert all(y >= x for x, y in zip(s.scores(), t.scores()))
    # every card ever held is a different card: none is dealt twice
    held = [c for b in final.boards for c in b.completed + tuple(x for x in b.cards if x is not None)]
    assert len(held) == len(set(held))
    assert set(final.winners()) <= set(range(players))
