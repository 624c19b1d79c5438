"""Building dragon_cave positions directly, for scripted scenarios."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

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
