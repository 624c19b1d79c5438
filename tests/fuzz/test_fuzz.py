"""Rules fuzzing at scale (marker ``fuzz``): random play of every game, each game's invariants after every move.

The step counts are sized by measurement so that the five games together take
about two minutes of ``make test`` on this kind of machine (2 cores, both used).
Measured on 2026-12-01 with the engines of ``integ`` (load average about 3), in
checked steps per second over both cores: gold_mine 24,000, yukon 12,700,
coal_mine 6,800, silver_gold 6,600, dragon_cave 5,000 (a step: one move through
the core's play loop, checked by the rules, then the protocol's and the game's
invariants and one seat's observation). At those speeds 10^6 steps of each
game take about 10 minutes; ``MINEEDU_FUZZ_STEPS=1000000`` runs exactly that
many per game (any count works).
"""

from __future__ import annotations

import os
import time

import pytest

from .games import SPECS
from .runner import fuzz_parallel

pytestmark = pytest.mark.fuzz

STEPS = {"gold_mine": 600_000, "dragon_cave": 125_000, "yukon": 300_000, "silver_gold": 160_000, "coal_mine": 170_000}
CHUNKS = 8  # seeded pieces per game, shared among the worker processes
FIGURES: list[str] = []  # printed at the end of the run (conftest.py)


def steps_for(name: str) -> int:
    forced = os.environ.get("MINEEDU_FUZZ_STEPS")
    return int(forced) if forced else STEPS[name]


@pytest.mark.parametrize("name", sorted(SPECS))
def test_random_play_keeps_every_invariant(name):
    steps = steps_for(name)
    start = time.perf_counter()
    done = fuzz_parallel(name, steps, CHUNKS, seed=2026)
    wall = time.perf_counter() - start
    assert done.steps >= steps and done.games > 0
    FIGURES.append(f"{name}: {done.steps:,} checked steps ({done.games:,} games) in {wall:.0f} s, "
                   f"{done.steps / wall:,.0f} steps/s over the cores")
