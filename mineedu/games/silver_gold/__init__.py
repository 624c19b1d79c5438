"""Silver & Gold (``silver_gold``): polyomino placement, exact counting of placements and odds."""

from .rules import CARDS, COLOURS, Board, Config, SilverGold, SilverGoldState, TreasureCard, score_sheet
from .shapes import SHAPES, orientations, placement_count, placements

__all__ = [
    "CARDS", "COLOURS", "Board", "Config", "SHAPES", "SilverGold", "SilverGoldState", "TreasureCard",
    "orientations", "placement_count", "placements", "score_sheet",
]
