"""My Gold Mine (``gold_mine``): push your luck against Dragobert the dragon.

The rules are in :mod:`.rules`, exact odds in :mod:`.odds`, bots in :mod:`.bots`
and the picture in :mod:`.svg`.
"""

from .rules import (
    BURNED,
    EXIT_OPTIONS,
    EXPLORE_KINDS,
    LADDER,
    GoldMine,
    GoldMineConfig,
    GoldMineState,
    RoundResult,
)

__all__ = [
    "BURNED", "EXIT_OPTIONS", "EXPLORE_KINDS", "LADDER", "GoldMine", "GoldMineConfig",
    "GoldMineState", "RoundResult",
]
