"""Checks shared by the simulator tests (``tests/test_simulate_*.py``).

* :func:`engine_distribution`: the exact distribution of some outcome, found by
  walking every chance branch of the real rules engine (brute force, exact
  fractions), for the small cases where the simulators must draw the same
  distribution as the engine;
* :func:`assert_near` / :func:`assert_tally_near`: a simulated frequency lies
  within ``SIGMAS`` standard errors of an exact probability (the stated
  tolerance of every statistical test here; each test uses a fixed seed).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from mineedu.core import State
from mineedu.core.trials import Proportion, Tally

SIGMAS = 4.0
"""Tolerance: 4 standard errors (a fair simulator misses it about once in 16,000 checks)."""


def engine_distribution(
    state: State,
    act: Callable[[State], Any],
    label: Callable[[State, tuple[Any, ...]], Any | None],
) -> dict[Any, Fraction]:
    """P(each label) over every chance branch from ``state``, exactly.

    ``act(state)`` is the move of the (first) player to choose, where one must; ``label(state,
    path)`` names the outcome where a branch stops (``None``: go on), ``path``
    being the moves from the start.
    """
    out: dict[Any, Fraction] = {}

    def walk(s: State, p: Fraction, path: tuple[Any, ...]) -> None:
        name = label(s, path)
        if name is not None:
            out[name] = out.get(name, Fraction(0)) + p
            return
        if s.is_chance():
            for o, q in s.chance_outcomes():
                walk(s.apply(o), p * q, path + (o,))
        else:
            a = act(s)
            walk(s.apply(a, player=s.players_to_move()[0]), p, path + (a,))

    walk(state, Fraction(1), ())
    assert sum(out.values()) == 1
    return out


def assert_near(got: Proportion, p: Fraction | float, what: str = "") -> None:
    """``got.frequency`` within ``SIGMAS`` standard errors of the exact ``p`` (exactly ``p`` if it is 0 or 1)."""
    p = float(p)
    se = math.sqrt(p * (1 - p) / got.trials)
    assert abs(got.frequency - p) <= SIGMAS * se, (
        f"{what}: simulated {got.hits}/{got.trials} = {got.frequency:.5f}, exact {p:.5f} (±{SIGMAS * se:.5f})"
    )


def assert_tally_near(got: Tally, dist: Mapping[Any, Fraction], what: str = "") -> None:
    """Every value's frequency near its exact probability; no value the exact distribution lacks."""
    extra = {v for v, _ in got.counts} - {v for v, p in dist.items() if p}
    assert not extra, f"{what}: simulated values {sorted(extra)} are impossible"
    for v, p in dist.items():
        assert_near(got[v], p, f"{what} value {v}")


def assert_mean_near(got: Tally, mean: Fraction | float, what: str = "") -> None:
    """The simulated mean within ``SIGMAS`` standard errors (from the sample's own variance) of the exact mean."""
    m, _, hi = got.mean()
    se = (hi - m) / 1.959963984540054
    assert abs(m - float(mean)) <= SIGMAS * se + 1e-12, (
        f"{what}: simulated mean {m:.5f}, exact {float(mean):.5f} (±{SIGMAS * se:.5f})"
    )
