"""Widgets shared by every game's board: the session model, the board, texts.

Importing this package needs ``ipywidgets`` (the ``app`` extra); the rules do not.
"""

from mineedu.core import Event

from .board import Board
from .board_view import seat_name
from .session import GameSession, MoveRefused
from .texts import T

__all__ = ["Board", "Event", "GameSession", "MoveRefused", "T", "seat_name"]
