"""The cave's parts for the decision review (:mod:`mineedu.review`).

The options are the board's destinations (its last step: a card of the path, the way out, or
staying); per option, the figures of :mod:`.odds` from where the move leaves the diver: P(escape)
if they race home from there with what they then carry, and the treasure they can expect to bring
home. Nothing is hidden (a face-down value is not decided until captured), so the rollouts start
from the very position.
"""

from __future__ import annotations

from typing import Any

from mineedu.core import State, Texts, exact_json
from mineedu.core.choices import Path

from .odds import expected_treasure, player_odds
from .rules import OUT, DragonCaveState

FIGURES = Texts({
    "p_escape": {"fr": "P(sortir)", "en": "P(escape)"},
    "expected_treasure": {"fr": "trésor rapporté espéré", "en": "expected treasure brought home"},
})


def group(state: State, seat: int, path: Path) -> str:
    """The board's destination step (the last of a move's path)."""
    return path[-1]


def figures(state: State, seat: int, action: Any) -> dict[str, dict[str, Any]]:
    """P(escape) and the expected treasure from where ``action`` leaves ``seat``."""
    assert isinstance(state, DragonCaveState)
    after = state.apply(action, player=seat)
    if after.status[seat] == OUT:
        return {"p_escape": exact_json(1), "expected_treasure": exact_json(expected_treasure(after, seat))}
    mine = player_odds(after, seat)
    if mine is None:
        return {}
    return {"p_escape": exact_json(mine["p_escape"]), "expected_treasure": exact_json(mine["expected_final"])}
