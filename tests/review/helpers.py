"""Seeded games for the review tests: the lesson's bots in every seat, the reviewed one included."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mineedu
from mineedu.core import SavedGame, outcomes_after
from mineedu.review import bot_game

PLAYERS = {"gold_mine": 4, "dragon_cave": 3, "yukon": 3, "silver_gold": 2, "coal_mine": 3}


def seeded_game(name: str, seed: int = 5) -> SavedGame:
    """One game of ``name`` played to its end by the bots the review plays on with."""
    return bot_game(mineedu.make(name, PLAYERS[name]), seed)


def engine_burn_risk(state: Any, seat: int) -> Fraction:
    """My Gold Mine's P(burned if I explore), summed here over the engine's own enumeration of what the draw can do."""
    from mineedu.games.gold_mine.cards import BURNED

    total = Fraction(0)
    for s, p in outcomes_after(state, ("explore",), seat):
        ended = s.phase == "over" or s.round != state.round
        if (s.results[-1].rungs[seat] == 0) if ended else s.positions[seat] == BURNED:
            total += p
    return total
