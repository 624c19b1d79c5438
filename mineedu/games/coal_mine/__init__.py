"""Mine (coal): hidden card placement, raids, the round die, the dummy player.

>>> CoalMineGame(players=3).title["en"]
'Mine (coal)'
"""

from .rules import (
    EVENT_EFFECTS,
    SPACES,
    CoalMineConfig,
    CoalMineGame,
    CoalMineState,
    raid_loot,
    split_loot,
)

__all__ = ["EVENT_EFFECTS", "SPACES", "CoalMineConfig", "CoalMineGame", "CoalMineState", "raid_loot", "split_loot"]
