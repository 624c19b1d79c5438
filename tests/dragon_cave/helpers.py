"""Building dragon_cave positions directly, for scripted scenarios."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from mineedu.core import CHANCE, sample_outcome
from mineedu.games.dragon_cave import DragonCave, DragonCaveState

Move = tuple[str, int, bool, int, bool]


def known_path(game: DragonCave) -> tuple[tuple[int, int], ...]:
    """The start path with every value shown (each family in its listed order)."""
    return tuple((f, v) for f, fam in enumerate(game.config.families) for v in fam)


def position(players: int = 2, **fields: Any) -> DragonCaveState:
    """A position of a ``players``-player default game; ``config=`` dict and any state field override.

    Unless given, the path shows every value, so no reveal is pending.
    """
    game = DragonCave(players, **fields.pop("config", {}))
    s = game.initial_state()
    if "path" not in fields:
        fields["path"] = known_path(game)
    if "dragon" not in fields:
        fields["dragon"] = len(fields["path"])
    return replace(s, **fields)


def move(drop: int = -1, back: bool = False, steps: int = 1, capture: bool = False) -> Move:
    return ("move", drop, back, steps, capture)


def random_game(game: DragonCave, seed: int, *, decisions: bool = True) -> list[DragonCaveState]:
    """The states of one seeded game of uniformly random moves: those where a player decides
    (``decisions``), or every state, chance and the end included."""
    rng = np.random.default_rng(seed)
    s, out = game.initial_state(), []
    while not s.is_terminal():
        chance = s.current_player() == CHANCE
        if not (decisions and chance):
            out.append(s)
        if chance:
            s = s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.integers(len(legal)))])
    return out if decisions else [*out, s]
