"""Widgets shared by every game's board: the session model, the board, texts.

Importing this package needs ``ipywidgets`` (the ``app`` extra); the rules do not.
"""

from mineedu.core import Event

from .board import Board
from .board_view import seat_name
from .iopub import keep_every_output
from .session import GameSession, MoveRefused
from .texts import T

keep_every_output()  # in a kernel: no output dropped (a lesson's first cell sends a thousand at once)

__all__ = ["Board", "Event", "GameSession", "MoveRefused", "T", "seat_name"]
