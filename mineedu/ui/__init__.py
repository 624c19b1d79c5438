"""Widgets shared by every game's board: the session model, the board, texts.

Importing this package needs ``ipywidgets`` (the ``app`` extra); the rules do not.
"""

from mineedu.core import Event

from .board import Board
from .board_view import seat_name
from .iopub import keep_iopub_moving
from .session import GameSession, MoveRefused
from .texts import T

keep_iopub_moving()  # in a kernel: no output waits for a lost wakeup (a lesson's first cell sends a thousand)

__all__ = ["Board", "Event", "GameSession", "MoveRefused", "T", "seat_name"]
