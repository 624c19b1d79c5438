"""Gold am Yukon (Amigo 1991, R. Wittig): chains of prospectors ring gold claims.

>>> import mineedu
>>> mineedu.make("yukon", players=4).num_players
4
"""

from . import board, odds
from .bots import GreedyBot, nearest_claim_bot, value_per_distance_bot
from .rules import YukonConfig, YukonGame, YukonState

__all__ = [
    "GreedyBot", "YukonConfig", "YukonGame", "YukonState", "board", "nearest_claim_bot",
    "odds", "value_per_distance_bot",
]
