"""Trials run many at once: what each game's ``simulate.py`` shares.

:func:`draw` takes one card in each of many trials at once, exactly as the
rules draw without replacement (each card left equally likely).

A :class:`Proportion` is how many of ``trials`` trials had some property (a
burned miner, an escape); a :class:`Tally` counts how many trials gave each
whole-number value (dragons drawn, pips thrown), so every value's frequency and
the mean come with an interval. Samples pool with ``+``, as a class pools its
students' runs.

>>> import numpy as np
>>> t = Tally.of(np.array([0, 1, 1, 2, 1]))
>>> t.trials, t.count(1), t.frequency(1), t.count(7)
(5, 3, 0.6, 0)
>>> t.at_least(1)
Proportion(hits=4, trials=5)
>>> [round(x, 3) for x in t[1].ci95]
[0.231, 0.882]
>>> (t + t).count(1), t.mean()[0]
(6, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from .play import wilson_interval

CHUNK = 1 << 18
"""Trials per numpy step of the games' simulators (bounds the memory: a few arrays of this length)."""


def chunks(trials: int, size: int = CHUNK) -> list[int]:
    """``trials`` cut into numpy steps of at most ``size`` trials; fewer than one trial is a clear error.

    >>> chunks(5, 2), chunks(4, 2)
    ([2, 2, 1], [2, 2])
    """
    if trials < 1:
        raise ValueError(f"trials must be at least 1, not {trials}")
    return [size] * (trials // size) + ([trials % size] if trials % size else [])


def draw(counts: np.ndarray, rng: np.random.Generator, left: int | None = None) -> np.ndarray:
    """One card drawn in every trial: ``counts[i, t]`` cards of kind ``i`` are left in trial ``t``.

    Kind ``i`` comes with probability ``counts[i, t] / counts[:, t].sum()`` (one
    whole number drawn below the cards left, as :func:`mineedu.core.sample_outcome`
    does); the drawn card leaves ``counts`` (changed in place). Returns the
    kind drawn in each trial. Every trial needs a card left. (Kinds are rows,
    trials columns: each step then works on whole contiguous rows.) ``left``:
    the number of cards left when it is the same in every trial (quicker).

    >>> c = np.array([[1, 0], [1, 3]])
    >>> int(draw(c, np.random.default_rng(0))[1]), c[:, 1].tolist()
    (1, [0, 2])
    """
    u = rng.integers(0, counts.sum(axis=0)) if left is None else rng.integers(0, left, size=counts.shape[1])
    acc = counts[0].copy()
    kind: np.ndarray = (u >= acc).astype(np.int64)
    for row in counts[1:-1]:
        acc += row
        kind += u >= acc
    for i, row in enumerate(counts):
        row -= kind == i
    return kind


@dataclass(frozen=True)
class Proportion:
    """``hits`` of ``trials`` trials; ``frequency`` and its 95 % Wilson interval ``ci95``."""

    hits: int
    trials: int

    @property
    def frequency(self) -> float:
        return self.hits / self.trials if self.trials else math.nan

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.hits, self.trials)

    def __add__(self, other: Proportion) -> Proportion:
        return Proportion(self.hits + other.hits, self.trials + other.trials)


@dataclass(frozen=True)
class Tally:
    """How many of ``trials`` trials gave each value: ``counts`` holds ``(value, count)``, by value."""

    counts: tuple[tuple[int, int], ...]
    trials: int

    @classmethod
    def of(cls, values: Any) -> Tally:
        """The tally of an array of whole-number outcomes, one per trial."""
        arr = np.asarray(values).ravel()
        if not arr.size:
            return cls((), 0)
        lo = int(arr.min())
        counts = np.bincount(arr - lo)
        return cls(tuple((lo + int(v), int(c)) for v, c in enumerate(counts) if c), int(arr.size))

    @classmethod
    def from_counts(cls, counts: Mapping[int, int] | Iterable[tuple[int, int]]) -> Tally:
        items = counts.items() if isinstance(counts, Mapping) else counts
        pairs = sorted((int(v), int(c)) for v, c in items if c)
        return cls(tuple(pairs), sum(c for _, c in pairs))

    def count(self, value: int) -> int:
        return dict(self.counts).get(value, 0)

    def frequency(self, value: int) -> float:
        return self[value].frequency

    def __getitem__(self, value: int) -> Proportion:
        """The trials that gave exactly ``value``."""
        return Proportion(self.count(value), self.trials)

    def at_least(self, value: int) -> Proportion:
        return Proportion(sum(c for v, c in self.counts if v >= value), self.trials)

    def frequencies(self) -> dict[int, float]:
        return {v: c / self.trials for v, c in self.counts}

    def mean(self) -> tuple[float, float, float]:
        """``(mean, low, high)``: the mean value with its 95 % normal-approximation interval."""
        n = self.trials
        if n == 0:
            return (math.nan, math.nan, math.nan)
        m = math.fsum(v * c for v, c in self.counts) / n
        if n == 1:
            return (m, m, m)
        var = math.fsum(c * (v - m) ** 2 for v, c in self.counts) / (n - 1)
        h = 1.959963984540054 * math.sqrt(var / n)
        return (m, m - h, m + h)

    def __add__(self, other: Tally) -> Tally:
        pooled = dict(self.counts)
        for v, c in other.counts:
            pooled[v] = pooled.get(v, 0) + c
        return Tally.from_counts(pooled)
