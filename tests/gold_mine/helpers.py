"""Shared helpers for the My Gold Mine tests: build positions directly."""

from __future__ import annotations

from dataclasses import replace

import mineedu
from mineedu.games.gold_mine import GoldMineState


def new(players: int = 4, **config) -> GoldMineState:
    return mineedu.make("gold_mine", players=players, **config).initial_state()


def at(state: GoldMineState, **fields) -> GoldMineState:
    """The same state with some fields changed (a hand-built position)."""
    return replace(state, **fields)


def play(state: GoldMineState, *moves) -> GoldMineState:
    """Apply moves in order (actions and chance outcomes alike), checked by the core."""
    for m in moves:
        state = state.apply(m)
    return state


def card_total(state: GoldMineState) -> tuple[int, int]:
    """Exploration and exit cards accounted for: deck (+ face-up top) + kept + discards."""
    from mineedu.games.gold_mine.rules import KIND_INDEX

    explore = sum(state.explore) + sum(state.explore_discard) + (state.top is not None)
    exits = sum(state.exits) + sum(state.exit_discard) + (state.card is not None)
    for kept in state.kept:
        for c in kept:
            if c in KIND_INDEX:
                explore += 1
            else:
                exits += 1
    return explore, exits
