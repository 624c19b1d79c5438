"""Au fin fond de la grotte du dragon (``dragon_cave``): dive for treasure, then race the dragon home.

>>> import mineedu
>>> mineedu.make("dragon_cave", players=3).initial_state().dragon
24
"""

from .bots import BOTS, GreedyDepthBot, OddsBot, TurnBackBot
from .odds import (
    break_even_depth,
    card_distribution,
    card_expectation,
    dragon_distribution,
    escape_probability,
    format_odds,
    movement_distribution,
    odds_report,
    turn_back_curve,
)
from .rules import ENTRANCE, Config, DragonCave, DragonCaveState, family_name
from .svg import describe, render

DragonCave.bots = BOTS

__all__ = [
    "BOTS", "Config", "DragonCave", "DragonCaveState", "ENTRANCE", "GreedyDepthBot", "OddsBot",
    "TurnBackBot", "break_even_depth", "card_distribution", "card_expectation", "describe", "dragon_distribution",
    "escape_probability", "family_name", "format_odds", "movement_distribution", "odds_report",
    "render", "turn_back_curve",
]
