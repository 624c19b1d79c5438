"""Rollouts from the middle of a game: a position played to its end by bots, on the game's kernel where it has one.

The decision review (:mod:`mineedu.review`) plays thousands of games on from positions of a saved
game. :class:`Rollouts` gives, for a game and its seated bots, ``start(state)``: a function of a
generator that plays ``state`` to its end and returns the final state. On the game's kernel when the
game has one and every bot plays on a kernel: the module of the game's rules (``type(game).__module__``)
defines ``kernel_of(state)`` (a kernel holding the state) and ``freeze(game, kernel)`` (the state it
holds), and each bot has ``choose``; the game is then played by :func:`mineedu.core.kernel.play`,
one kernel, no state built per move. Otherwise (a game without a kernel, a bot written for the
engine alone) through :func:`mineedu.core.playout`. The two draw the same numbers from the
generator, leave it in the same state and reach the same final state (``tests/review/test_rollout.py``),
so which one plays changes the time only.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .game import Bot, Game, State
from .kernel import decider, draws_for, play
from .play import playout

Play = Callable[[np.random.Generator], State]
"""A rollout from a fixed position: the generator in, the final state out."""


def kernel_functions(game: Game) -> tuple[Callable[[State], Any], Callable[[Game, Any], State]] | None:
    """``(kernel_of, freeze)`` of the game's rules module, or ``None`` for a game without a kernel."""
    rules = importlib.import_module(type(game).__module__)
    kernel_of = getattr(rules, "kernel_of", None)
    freeze = getattr(rules, "freeze", None)
    if not callable(kernel_of) or not callable(freeze):
        return None
    return kernel_of, freeze


class Rollouts:
    """Games played on from given positions by ``bots`` (one per seat; a seat the rules play itself,
    :meth:`Game.auto_seats`, may hold any bot: the engine's loop and the kernel both leave it to the rules)."""

    def __init__(self, game: Game, bots: Sequence[Bot]) -> None:
        self.game = game
        self.bots = list(bots)
        auto = set(game.auto_seats())
        seated = [None if p in auto else b for p, b in enumerate(self.bots)]
        functions = kernel_functions(game)
        self.kernel = functions is not None and all(b is None or hasattr(b, "choose") for b in seated)
        """Whether the games are played on the kernel."""
        self._seated: list[Any] = seated
        self._decide = [decider(b) for b in seated]
        self._functions = functions
        self._limit = game.max_moves()

    def start(self, state: State) -> Play:
        """A rollout from ``state`` (the position is read once: each call plays a fresh copy)."""
        if not self.kernel or self._functions is None:
            bots = self.bots
            return lambda rng: playout(state, bots, rng)
        kernel_of, freeze = self._functions
        k0 = kernel_of(state)
        game, seated, limit, decide = self.game, self._seated, self._limit, self._decide
        fresh: Callable[[], Any] = k0.copy if hasattr(k0, "copy") else lambda: kernel_of(state)

        def run(rng: np.random.Generator) -> State:
            k = fresh()
            draw, finish = draws_for(k, rng)
            try:
                play(k, seated, draw, limit, game.name, decide)
                return freeze(game, k)
            finally:
                finish()

        return run


__all__ = ["Play", "Rollouts", "kernel_functions"]
