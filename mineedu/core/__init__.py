"""The rules core shared by every mineedu game (see ``docs/architecture.md``)."""

from .errors import ConfigError, IllegalActionError, MineeduError, SavedGameError
from .game import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Bot,
    Game,
    RandomBot,
    State,
    config_from_dict,
    config_to_dict,
)
from .i18n import Texts
from .play import bot_step, mean_interval, playout, sample_outcome, tournament, wilson_interval
from .registry import game_class, game_names, make, register
from .saved import SavedGame

__all__ = [
    "CHANCE", "SIMULTANEOUS", "TERMINAL", "Action", "Bot", "ConfigError", "Game",
    "IllegalActionError", "MineeduError", "RandomBot", "SavedGame", "SavedGameError",
    "State", "Texts", "bot_step", "config_from_dict", "config_to_dict", "game_class",
    "game_names", "make", "mean_interval", "playout", "register", "sample_outcome",
    "tournament", "wilson_interval",
]
