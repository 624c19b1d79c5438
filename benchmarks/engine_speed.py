"""Engine speed of My Gold Mine: full games per second (4 players, random bots, seeded).

    .venv/bin/python benchmarks/engine_speed.py [games] [seed]

Plays a fixed number of complete games (3 rounds each) through the generic
runner (``mineedu.core.playout``: every action checked, every chance event
drawn with exact integer weights) and prints games per second, by wall clock
and by this process's CPU time (the fairer figure on a shared machine).
No asserts: it measures, it does not judge.
"""

from __future__ import annotations

import sys
import time

import numpy as np

import mineedu
from mineedu.core import RandomBot, playout


def main(games: int = 2000, seed: int = 1) -> None:
    game = mineedu.make("gold_mine", players=4)
    bots = [RandomBot()] * game.num_players
    children = np.random.SeedSequence(seed).spawn(games)
    moves = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for g in range(games):
        record: list = []
        playout(game.initial_state(), bots, np.random.default_rng(children[g]), record=record)
        moves += len(record)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"gold_mine engine: {games} games, 4 players, random bots, seed {seed}")
    print(f"  {games / wall:,.0f} games/s wall ({wall:.2f} s), {games / cpu:,.0f} games/s CPU ({cpu:.2f} s)")
    print(f"  {moves / games:.1f} applies per game, {moves / cpu:,.0f} applies/s CPU")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
