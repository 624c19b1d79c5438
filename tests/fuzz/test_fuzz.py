"""Rules fuzzing at scale (marker ``fuzz``): random play of every game, each game's invariants after every move.

10^6 checked steps of each game in ``make test`` (a step: one move through the
core's play loop, checked by the rules, then the protocol's and the game's
invariants and one seat's observation), spread over the cores in seeded
chunks (``MINEEDU_FUZZ_STEPS``: any other count; ``make fuzz`` runs this file
alone). Measured on 2026-12-01 on this kind of machine (2 cores, quiet), the
five games' 10^6 steps each took 4 min 47 s with 8 chunks a game; steps per
second over both cores: gold_mine 39,600, yukon 20,500, coal_mine 20,200,
dragon_cave 17,700, silver_gold 9,500 (CI's whole run must stay under 30
minutes).
"""

from __future__ import annotations

import os
import time

import pytest

import mineedu

from .runner import fuzz_parallel

pytestmark = pytest.mark.fuzz

STEPS = 1_000_000
CHUNKS = 16  # seeded pieces per game, shared among the worker processes (more pieces: less idle tail)
FIGURES: list[str] = []  # printed at the end of the run (conftest.py)


def steps_for(name: str) -> int:
    forced = os.environ.get("MINEEDU_FUZZ_STEPS")
    return int(forced) if forced else STEPS


@pytest.mark.parametrize("name", mineedu.game_names())
def test_random_play_keeps_every_invariant(name):
    steps = steps_for(name)
    start = time.perf_counter()
    done = fuzz_parallel(name, steps, CHUNKS, seed=2026)
    wall = time.perf_counter() - start
    assert done.steps >= steps and done.games > 0
    FIGURES.append(f"{name}: {done.steps:,} checked steps ({done.games:,} games) in {wall:.0f} s, "
                   f"{done.steps / wall:,.0f} steps/s over the cores")
