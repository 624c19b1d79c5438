"""Tournaments on a game's kernel: the rules' own mutable step function, driven with the bots' own code.

A game whose rules apply every move through a kernel (a mutable, integer-coded
copy of the position: ``games/<game>/kernel.py``) registers :func:`playout_hook`
as ``Hooks.fast_playout``. The hook plays whole games on one kernel, without
building a ``State`` per move: chance through the kernel's ``chance(draw)``
(the numbers :func:`mineedu.core.play.sample_outcome` would draw), each seat's
bot through its ``choose(view, seat, legal, draw)``, the very method its
``act`` calls in a lesson, or through its ``decide(view, seat, draw)`` where it
has one (:func:`decider`): the code of the move itself, which ``choose`` finds
in ``legal``, so the legal moves need not be listed. So the final state and the
generator's state are those of :func:`mineedu.core.playout` with the same bots
(``tests/playout_check.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

from .draws import Draw, Finish, draws_and_uniforms, integer_draws
from .play import seated_bots


class Kernel(Protocol):
    """What :func:`playout_hook` asks of a game's kernel."""

    def mover(self) -> int:
        """The seat that decides now, :data:`~mineedu.core.CHANCE` or :data:`~mineedu.core.TERMINAL`."""

    def chance(self, draw: Draw) -> None:
        """Draw the chance outcome as ``sample_outcome`` does (``draw(n)`` = ``int(rng.integers(n))``), apply it."""

    def legal(self) -> list[int]:
        """The legal actions' codes, in the order of ``State.legal_actions``."""

    def apply(self, action: int) -> None:
        """Apply one legal action's code (a decision, or a chance outcome's code)."""


class KernelBot(Protocol):
    """A bot that plays on a kernel: ``choose`` returns the index in ``legal`` of its move. It may also have
    ``decide(view, seat, draw)``, the code of that move (``legal[choose(...)]``, drawing the same numbers)."""

    def choose(self, view: Any, seat: int, legal: list[int], draw: Draw) -> int: ...


Decide = Callable[[Any, int, Draw], int]
"""A bot's ``decide(view, seat, draw)``: the code of its move."""


def decider(bot: Any) -> Decide | None:
    """``bot.decide`` if the bot has one that goes with its ``choose``, else ``None`` (``choose`` is asked).

    A class that overrides ``choose`` below the class defining ``decide`` (a bot of a notebook, say)
    chooses otherwise than ``decide``: its ``choose`` is asked."""
    if bot is None:
        return None
    mro = type(bot).__mro__
    by_decide = next((c for c in mro if "decide" in vars(c)), None)
    by_choose = next((c for c in mro if "choose" in vars(c)), None)
    if by_decide is None or (by_choose is not None and not issubclass(by_decide, by_choose)):
        return None
    return bot.decide  # type: ignore[no-any-return]


def playout_hook(
    start: Callable[[Any], Any], freeze: Callable[[Any, Any], Any]
) -> Callable[[Any, tuple[str | None, ...]], Callable[[np.random.Generator], Any] | None]:
    """``Hooks.fast_playout`` for a game with a kernel: ``start(game)`` is a fresh kernel at
    ``game.initial_state()``, ``freeze(game, kernel)`` the state it holds. Seats whose bot has no
    ``choose`` (a bot written for the engine alone) leave the seating to the engine (``None``)."""

    def hook(game: Any, seats: tuple[str | None, ...]) -> Callable[[np.random.Generator], Any] | None:
        seated = seated_bots(game, seats)
        if seated is None or not all(b is None or hasattr(b, "choose") for b in seated):
            return None
        bots: Sequence[Any] = seated
        decide = [decider(b) for b in bots]
        limit = game.max_moves()

        def run(rng: np.random.Generator) -> Any:
            k = start(game)
            draw, finish = draws_for(k, rng)
            try:
                play(k, bots, draw, limit, game.name, decide)
                return freeze(game, k)
            finally:
                finish()

        return run

    return hook


def draws_for(k: Any, rng: np.random.Generator) -> tuple[Draw, Finish]:
    """The draws a playout on kernel ``k`` takes from ``rng``: its integers
    (:func:`~mineedu.core.draws.integer_draws`), and, for a kernel with a ``uniform`` slot (a bot
    that draws ``rng.random()``, as Mine's mix bot does), the generator's doubles beside them, set there."""
    if hasattr(k, "uniform"):
        draw, uniform, finish = draws_and_uniforms(rng)
        k.uniform = uniform
        return draw, finish
    return integer_draws(rng)


def play(k: Kernel, bots: Sequence[Any], draw: Draw, limit: int, name: str = "game",
         decide: Sequence[Decide | None] | None = None) -> None:
    """Play kernel ``k`` to its end: chance by ``draw``, each seat by its bot's ``decide`` (``decide``:
    :func:`decider` of each bot, worked out here if not given) or else its ``choose``."""
    if decide is None:
        decide = [decider(b) for b in bots]
    mover, chance, apply, legal = k.mover, k.chance, k.apply, k.legal
    moves = 0
    while True:
        p = mover()
        if p < 0:
            if p != -1:  # TERMINAL (CHANCE is -1)
                return
            chance(draw)
        else:
            d = decide[p]
            if d is not None:
                apply(d(k, p, draw))
            else:
                options = legal()
                apply(options[bots[p].choose(k, p, options, draw)])
        moves += 1
        if moves > limit:
            raise RuntimeError(f"{name}: no end after {limit} moves")
