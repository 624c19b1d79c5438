"""Building Mine (coal) positions directly, for scripted scenarios."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from mineedu.games.coal_mine import CoalMineGame, CoalMineState
from mineedu.games.coal_mine.svg import render


def hand_of(game: CoalMineGame, **counts: int) -> tuple[int, ...]:
    return tuple(counts.get(k, 0) for k in game.kinds)


def resolve(game: CoalMineGame, boards: Sequence[Sequence[tuple[str, str, int]]], **fields: Any) -> CoalMineState:
    """The state right after the placement ends with ``boards`` laid.

    Every player but the last has passed; the last one passes too, which
    triggers the resolution through the public ``apply``.
    """
    n = game.num_players
    s = replace(game.initial_state(), **fields)
    s = replace(s, phase="place", boards=tuple(tuple(b) for b in boards),
                passed=(True,) * (n - 1) + (False,), turn=n - 1)
    return s.apply(("pass",))


def draw_all(state: CoalMineState, kind: str) -> CoalMineState:
    """Let every recruitment draw be a card of ``kind`` (a chosen chance outcome)."""
    while state.phase == "draw":
        state = state.apply(("draw", kind))
    return state


def cards_total(s: CoalMineState) -> int:
    return sum(s.deck) + sum(s.discard) + sum(map(sum, s.hands)) + sum(map(len, s.boards))


def picture(state: CoalMineState, viewer: int | None = None, lang: str = "fr") -> str:
    """The picture ``viewer`` gets (a seat, ``None`` a spectator, ``SEE_ALL`` the teacher)."""
    return render(state.observation(viewer), lang)
