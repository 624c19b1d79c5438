"""Engine speed: full games per second (random bots, seeded), every game side by side.

    .venv/bin/python benchmarks/engine_speed.py [games] [seed] [game ...]

Plays a fixed number of complete games of each game through the generic
runner (``mineedu.core.playout``: every action checked, every chance event
drawn with exact integer weights) and prints games per second, by wall clock
and by this process's CPU time (the fairer figure on a shared machine), and
applies per second. My Gold Mine is played by 4 players; every other game by
4 players too (every game allows 4).
No asserts: it measures, it does not judge.
"""

from __future__ import annotations

import sys
import time

import numpy as np

import mineedu
from mineedu.core import RandomBot, playout


def measure(name: str, games: int, seed: int, players: int = 4) -> tuple[float, float, float]:
    """(games/s wall, games/s CPU, applies per game) for ``games`` seeded random games."""
    game = mineedu.make(name, players=players)
    bots = [RandomBot()] * game.num_players
    children = np.random.SeedSequence(seed).spawn(games)
    moves = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for g in range(games):
        record: list = []
        playout(game.initial_state(), bots, np.random.default_rng(children[g]), record=record)
        moves += len(record)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return games / wall, games / cpu, moves / games


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 500
    seed = int(argv[1]) if len(argv) > 1 else 1
    names = argv[2:] or mineedu.game_names()
    print(f"engine speed: {games} games each, 4 players, random bots, seed {seed}")
    print(f"  {'game':12} {'games/s wall':>13} {'games/s CPU':>12} {'applies/game':>13} {'applies/s CPU':>14}")
    for name in names:
        wall, cpu, per = measure(name, games, seed)
        print(f"  {name:12} {wall:13,.1f} {cpu:12,.1f} {per:13,.1f} {cpu * per:14,.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
