"""mineedu: five mining board games as playable, exact probability lessons.

>>> import mineedu
>>> game = mineedu.make("gold_mine", players=4)
>>> state = game.initial_state()
"""

from .core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    ConfigError,
    IllegalActionError,
    SavedGame,
    SavedGameError,
    game_names,
    make,
)

__version__ = "0.2.0"
__all__ = [
    "CHANCE", "SIMULTANEOUS", "TERMINAL", "ConfigError", "IllegalActionError",
    "SavedGame", "SavedGameError", "game_names", "make",
]
