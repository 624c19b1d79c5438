"""Positions reached by legal moves, for the lessons' exercises: a premise that cannot be impossible.

An exercise that describes a position takes it from a real game: seeded bots
play by the rules (chance drawn as the rules draw it) until the position the
exercise needs comes up; its text and answer are then read from that state
(:func:`reached_by` gives the moves too, to save the position as a game).

>>> from mineedu.core import make
>>> s = reached(make("gold_mine", 3), ("random",) * 3, lambda s: s.round == 2)
>>> s.round
2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from .game import CHANCE, SIMULTANEOUS, Game
from .play import sample_outcome


def reached(game: Game, bots: Sequence[str], found: Callable[[Any], bool], seeds: Iterable[int] = range(100),
            stop: Callable[[Any], bool] | None = None) -> Any:
    """The first state (in move order, trying each seed in turn) for which ``found`` is true, in a
    game of ``game`` played by the named ``bots``, one per seat; a game is given up when ``stop``
    says so (or at its end). Raises ``LookupError`` when no seed reaches such a state."""
    return reached_by(game, bots, found, seeds, stop)[0]


def reached_by(game: Game, bots: Sequence[str], found: Callable[[Any], bool], seeds: Iterable[int] = range(100),
               stop: Callable[[Any], bool] | None = None) -> tuple[Any, list[tuple[int, Any]]]:
    """:func:`reached`, with the moves that lead there (``(player, action)``, chance as ``CHANCE``:
    a :class:`~mineedu.core.SavedGame`'s moves)."""
    seats = [game.make_bot(b) for b in bots]
    for seed in seeds:
        rng = np.random.default_rng(seed)
        s: Any = game.initial_state()
        moves: list[tuple[int, Any]] = []
        while not s.is_terminal() and not (stop and stop(s)):
            if found(s):
                return s, moves
            p = s.current_player()
            if p == CHANCE:
                a = sample_outcome(s.chance_outcomes(), rng)
                s = s.apply(a)
            else:
                if p == SIMULTANEOUS:  # those who choose at once commit in seat order (as core.play)
                    p = s.players_to_move()[0]
                a = seats[p].act(s.observation(p), s.legal_actions(p), rng)
                s = s.apply(a, player=p)
            moves.append((p, a))
    raise LookupError(f"{game.name}: no seeded game of {', '.join(bots)} reaches the position asked for")
