"""Pebbles' kernel: the one code applying a rule. A die (1 to 3) says how many pebbles the player to move
may take at most; they take 1 up to that many; whoever takes the last pebble wins."""

from __future__ import annotations

from collections.abc import Callable

CHANCE = -1
TERMINAL = -3


class View:
    """What a bot reads of a kernel: all of it (nothing is hidden)."""

    __slots__ = ("pile", "roll", "turn", "winner")

    pile: int
    roll: int
    turn: int
    winner: int


class Kernel(View):
    __slots__ = ()

    def __init__(self, pile: int, roll: int, turn: int, winner: int) -> None:
        self.pile, self.roll, self.turn, self.winner = pile, roll, turn, winner

    def copy(self) -> Kernel:
        return Kernel(self.pile, self.roll, self.turn, self.winner)

    def mover(self) -> int:
        if self.winner >= 0:
            return TERMINAL
        return CHANCE if self.roll == 0 else self.turn

    def legal(self) -> list[int]:
        return list(range(1, min(self.roll, self.pile) + 1))

    def chance(self, draw: Callable[[int], int]) -> None:
        self.apply(draw(3) + 1)  # three faces of 1/3: sample_outcome's one draw

    def apply(self, a: int) -> None:
        if self.roll == 0:
            self.roll = a
            return
        self.pile -= a
        self.roll = 0
        if self.pile == 0:
            self.winner = self.turn
        else:
            self.turn = 1 - self.turn
