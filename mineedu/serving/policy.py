"""How many pages a class server lets in: pure bookkeeping, no server in sight.

A *client* is one browser (the signed identity cookie Jupyter's server gives
each browser). Three limits keep a class server from running out of memory or
being swamped by one browser:

* ``max_kernels``: kernels in the whole server, students' and preheated ones
  together; a page that would need one more gets "the class is full, wait a
  moment" (and tries again by itself);
* ``kernels_per_client``: a browser that opens one page too many loses its
  oldest one (its own tab, most likely reloaded or closed without telling);
* ``render_burst`` pages at once per browser, then one every ``render_every``
  seconds (a token bucket); beyond that, "too many pages, wait a moment".

>>> rates = RenderRates(burst=2, every=10.0, clock=lambda: 0.0)
>>> [rates.take("a") for _ in range(3)], rates.take("b")
([True, True, False], True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

KERNEL_BUDGET_MB = 150  # what one student's kernel may come to hold (a lesson kernel idles at ~75 MB, ~78 MB after a few moves)
MEMORY_SHARE = 0.75  # of the memory available when the server starts
MAX_KERNELS_CAP = 400


def default_max_kernels(available_bytes: int | None = None) -> int:
    """Kernels that fit in three quarters of the memory available now, at 150 MB each.

    >>> default_max_kernels(8 * 2**30), default_max_kernels(10**15), default_max_kernels(0)
    (40, 400, 4)
    """
    if available_bytes is None:
        import psutil

        available_bytes = int(psutil.virtual_memory().available)
    n = int(available_bytes * MEMORY_SHARE // (KERNEL_BUDGET_MB * 2**20))
    return max(4, min(MAX_KERNELS_CAP, n))


@dataclass
class _Bucket:
    tokens: float
    stamp: float


@dataclass
class RenderRates:
    """A token bucket per client: ``burst`` renders at once, then one per ``every`` seconds."""

    burst: int
    every: float
    clock: Callable[[], float] = time.monotonic
    buckets: dict[str, _Bucket] = field(default_factory=dict)
    max_clients: int = 10_000  # forget the quietest clients beyond this many

    def take(self, client: str) -> bool:
        """Whether ``client`` may render a page now (and count it)."""
        now = self.clock()
        b = self.buckets.get(client)
        if b is None:
            if len(self.buckets) >= self.max_clients:
                self._forget_full(now)
            b = self.buckets[client] = _Bucket(float(self.burst), now)
        b.tokens = min(float(self.burst), b.tokens + (now - b.stamp) / self.every)
        b.stamp = now
        if b.tokens < 1:
            return False
        b.tokens -= 1
        return True

    def _forget_full(self, now: float) -> None:
        """Drop clients whose bucket has refilled (they would start afresh anyway)."""
        for k in [k for k, b in self.buckets.items() if b.tokens + (now - b.stamp) / self.every >= self.burst]:
            del self.buckets[k]
        if len(self.buckets) >= self.max_clients:  # all busy: forget the oldest
            oldest = sorted(self.buckets, key=lambda k: self.buckets[k].stamp)[: len(self.buckets) // 2]
            for k in oldest:
                del self.buckets[k]


@dataclass
class Owners:
    """Which client each kernel was rendered for, in the order they were given out.

    >>> o = Owners()
    >>> o.give("k1", "ann"); o.give("k2", "ann"); o.give("k3", "bob")
    >>> o.owner("k2"), o.of("ann"), len(o)
    ('ann', ['k1', 'k2'], 3)
    >>> o.forget("k1"); o.of("ann")
    ['k2']
    """

    kernels: dict[str, str] = field(default_factory=dict)

    def give(self, kernel_id: str, client: str) -> None:
        self.kernels[kernel_id] = client

    def owner(self, kernel_id: str) -> str | None:
        return self.kernels.get(kernel_id)

    def of(self, client: str) -> list[str]:
        """The client's kernels, oldest first."""
        return [k for k, c in self.kernels.items() if c == client]

    def forget(self, kernel_id: str) -> None:
        self.kernels.pop(kernel_id, None)

    def __len__(self) -> int:
        return len(self.kernels)
