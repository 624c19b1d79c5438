"""Seeded games for the review tests: the lesson's bots in every seat, the reviewed one included."""

from __future__ import annotations

import numpy as np

import mineedu
from mineedu.core import RandomBot, SavedGame, playout
from mineedu.core.review import play_on_seating

PLAYERS = {"gold_mine": 4, "dragon_cave": 3, "yukon": 3, "silver_gold": 2, "coal_mine": 3}


def seeded_game(name: str, seed: int = 5) -> SavedGame:
    """One game of ``name`` played to its end by the bots the review plays on with."""
    game = mineedu.make(name, PLAYERS[name])
    bots = [game.make_bot(s) if s is not None else RandomBot() for s in play_on_seating(game)]
    moves: list = []
    playout(game.initial_state(), bots, np.random.default_rng(seed), record=moves)
    return SavedGame(game, seed, moves)
