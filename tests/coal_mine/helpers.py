"""Building Mine (coal) positions directly, for scripted scenarios."""

from __future__ import annotations

from dataclasses import replace

from mineedu.games.coal_mine import CoalMineGame, CoalMineState


def hand_of(game: CoalMineGame, **counts: int) -> tuple[int, ...]:
    return tuple(counts.get(k, 0) for k in game.kinds)


def resolve(game: CoalMineGame, boards, **fields) -> CoalMineState:
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
