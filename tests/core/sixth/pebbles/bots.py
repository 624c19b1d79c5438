"""Pebbles' bots: each decides in ``choose`` on the kernel, ``act`` asks it on the observation's."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mineedu.core import BaseBot, RandomBot

from .kernel import View
from .rules import kernel_of


class GreedyBot(BaseBot):
    """Takes as many pebbles as it may."""

    name = "greedy"

    def act(self, obs: Any, legal: Sequence[Any], rng: Any) -> Any:
        return legal[self.choose(kernel_of(obs), obs.turn, list(legal), lambda n: int(rng.integers(n)))]

    def choose(self, view: View, seat: int, legal: list[int], draw: Callable[[int], int]) -> int:
        return len(legal) - 1


BOTS = {"random": lambda arg: RandomBot(), "greedy": lambda arg: GreedyBot()}
