"""The rules core shared by every mineedu game (see ``docs/architecture.md``)."""

from .choices import Choices, ChoiceTree, Control
from .errors import ConfigError, IllegalActionError, MineeduError, SavedGameError
from .exact import exact_json, fraction_text, from_json
from .game import (
    BaseBot,
    Game,
    RandomBot,
    State,
    build,
    config_from_dict,
    config_to_dict,
    evolve,
)
from .hooks import Hooks, Variant
from .i18n import Texts
from .play import (
    Event,
    bot_step,
    first_decision,
    mean_interval,
    outcomes_after,
    play,
    playout,
    sample_outcome,
    tournament,
    wilson_interval,
)
from .protocol import CHANCE, SEE_ALL, SIMULTANEOUS, TERMINAL, Action, Bot
from .registry import game_class, game_names, make, register
from .saved import SavedGame

__all__ = [
    "CHANCE", "SEE_ALL", "SIMULTANEOUS", "TERMINAL", "Action", "BaseBot", "Bot", "ChoiceTree", "Choices",
    "ConfigError", "Control", "Event", "Game", "Hooks", "IllegalActionError", "MineeduError", "RandomBot",
    "SavedGame", "SavedGameError", "State", "Texts", "Variant", "bot_step", "build", "config_from_dict",
    "config_to_dict", "evolve",
    "exact_json", "first_decision", "fraction_text", "from_json", "game_class", "game_names", "make",
    "mean_interval", "outcomes_after", "play", "playout", "register", "sample_outcome", "tournament", "wilson_interval",
]
