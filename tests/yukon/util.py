"""Helpers for the yukon tests: build positions directly."""

from __future__ import annotations

from mineedu.games.yukon import YukonGame, YukonState
from mineedu.games.yukon.board import CELLS, NEIGHBOURS
from mineedu.games.yukon.rules import NO_OWNER


def position(game: YukonGame, chains, owners=None, **fields) -> YukonState:
    """A state with the given chains (tuples of spaces) and claim owners ({claim: player})."""
    own = [NO_OWNER] * len(CELLS)
    for c, p in (owners or {}).items():
        own[c] = p
    n = game.num_players
    chains = tuple(tuple(ch) for ch in chains) + ((),) * (n - len(chains))
    fields.setdefault("out", (False,) * n)
    return YukonState(game, chains, tuple(own), **fields)


def connected(chain) -> bool:
    return all(b in NEIGHBOURS[a] for a, b in zip(chain, chain[1:]))


def outside(space, *avoid) -> int:
    """A neighbour of ``space`` not in ``avoid`` (the first one)."""
    return next(t for t in NEIGHBOURS[space] if t not in avoid)
