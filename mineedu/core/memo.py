"""Bounded memo tables, for the bots' and kernels' hot paths: a full table is emptied and starts again.

A bot looks a key up in its table itself (``table.get(key)``, on its hot path) and, when it
is missing, works the value out and keeps it with :func:`remember`, which holds every table to
its size.
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def remember(memo: dict[K, V], key: K, value: V, limit: int) -> V:
    """``memo[key] = value``, ``memo`` emptied first if it holds ``limit`` entries already; returns ``value``.

    >>> table: dict[int, str] = {1: "a", 2: "b"}
    >>> remember(table, 3, "c", 2), table
    ('c', {3: 'c'})
    """
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
    return value
