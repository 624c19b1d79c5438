"""Random play at scale: seeded chunks of games through the core's one play loop, checked at every step.

:func:`fuzz` plays ``steps`` moves of one game (whole games, random players
and variants, each seat a random player or one of the game's bots) from
``seed`` and checks :mod:`.games`' invariants after every move; it returns
what it did. :func:`fuzz_parallel` splits a game's steps into seeded chunks
over worker processes. A broken invariant raises :class:`FuzzFailure` naming
the game, the chunk's seed, the game in the chunk and the move, which replay it:
``fuzz(name, seed, steps)`` is deterministic.
"""

from __future__ import annotations

import concurrent.futures
import os
import time
from dataclasses import dataclass

import numpy as np

from mineedu.core import RandomBot, play

from .games import protocol, spec_of

BOT_SHARE = 0.3  # of the seats, played by one of the game's bots rather than at random


class FuzzFailure(AssertionError):
    pass


@dataclass
class Done:
    game: str
    steps: int
    games: int
    seconds: float
    ends: tuple[tuple[int, tuple[float, ...]], ...] = ()  # each game's length and final scores

    def __add__(self, other: Done) -> Done:
        return Done(self.game, self.steps + other.steps, self.games + other.games, self.seconds + other.seconds,
                    self.ends + other.ends)


def fuzz(name: str, seed: int, steps: int) -> Done:
    """``steps`` checked moves of ``name`` (the last game is played to its end), from ``seed``."""
    spec = spec_of(name)
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    done = games = 0
    ends: list[tuple[int, tuple[float, ...]]] = []
    while done < steps:
        game = spec.make(rng)
        seats = [game.make_bot(spec.bots[int(rng.integers(len(spec.bots)))]) if rng.random() < BOT_SHARE else RandomBot()
                 for _ in range(game.num_players)]
        state = game.initial_state()
        move = 0
        try:
            protocol(game, state)
            spec.state(game, state)
            for event in play(state, seats, rng):
                move += 1
                state = event.after
                protocol(game, state)
                state.observation(move % game.num_players)  # every seat's view in turn (the mover's is drawn by play)
                spec.state(game, state)
                if spec.step is not None:
                    spec.step(game, event)
            assert state.is_terminal(), "the play loop stopped before the end"
            if spec.final is not None:
                spec.final(game, state)
        except Exception as exc:
            raise FuzzFailure(f"{name}: seed {seed}, game {games + 1} of the chunk ({game.num_players} players, "
                              f"{game.config}), move {move}: {type(exc).__name__}: {exc}") from exc
        done += move
        games += 1
        ends.append((move, tuple(state.scores())))
    return Done(name, done, games, time.perf_counter() - start, tuple(ends))


def fuzz_parallel(name: str, steps: int, chunks: int, seed: int = 0, workers: int | None = None) -> Done:
    """``steps`` moves of ``name`` in ``chunks`` seeded pieces over ``workers`` processes (default: every core)."""
    per = -(-steps // chunks)
    workers = workers or os.cpu_count() or 1
    total = Done(name, 0, 0, 0.0)
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        for part in pool.map(fuzz, [name] * chunks, [seed * 10_000 + i for i in range(chunks)], [per] * chunks):
            total = total + part
    return total
