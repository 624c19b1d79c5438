"""Helpers for the yukon tests: build positions directly."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise
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
