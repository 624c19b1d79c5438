"""Helpers for the yukon tests: build positions directly."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import pairwise, product
from typing import Any

from mineedu.games.yukon import YukonGame, YukonState
from mineedu.games.yukon.board import CELLS, NEIGHBOURS
from mineedu.games.yukon.rules import NO_OWNER


def position(game: YukonGame, chains: Iterable[Sequence[int]], owners: Mapping[int, int] | None = None,
             **fields: Any) -> YukonState:
    """A state with the given chains (tuples of spaces) and claim owners ({claim: player})."""
    own = [NO_OWNER] * len(CELLS)
    for c, p in (owners or {}).items():
        own[c] = p
    n = game.num_players
    chain_list = tuple(tuple(ch) for ch in chains)
    full = chain_list + ((),) * (n - len(chain_list))
    fields.setdefault("out", (False,) * n)
    return YukonState(game, full, tuple(own), **fields)


def connected(chain: Sequence[int]) -> bool:
    return all(b in NEIGHBOURS[a] for a, b in pairwise(chain))


def outside(space: int, *avoid: int) -> int:
    """A neighbour of ``space`` not in ``avoid`` (the first one)."""
    return next(t for t in NEIGHBOURS[space] if t not in avoid)


def turn_law(throws: int = 7) -> tuple[dict[int, Fraction], Fraction]:
    """By enumeration of every sequence of ``throws`` throws: {pips: P} of one turn for the totals
    reached within them, and P(still rolling after ``throws`` ones)."""
    law: dict[int, Fraction] = {}
    w = Fraction(1, 6**throws)
    for seq in product(range(1, 7), repeat=throws):
        total = 0
        for v in seq:
            total += v
            if v != 1:
                law[total] = law.get(total, Fraction(0)) + w
                break
    return law, Fraction(1, 6**throws)
