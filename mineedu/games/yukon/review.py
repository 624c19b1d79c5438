"""Gold am Yukon's parts for the decision review (:mod:`mineedu.review`).

Each pip is a decision; per option, the figure of :mod:`.odds` the board shows: the pips the
chain still needs to stand on the ring of a free claim after this step (and stake it), from
:func:`.odds.odds_report` of the position the step leads to. Nothing is hidden (the die is thrown
when it is thrown), so the rollouts start from the very position.
"""

from __future__ import annotations

from typing import Any

from mineedu.core import State, Texts, exact_json

from .odds import odds_report

FIGURES = Texts({
    "pips_to_ring": {"fr": "points de dé jusqu'au cercle d'un gain libre", "en": "pips to the ring of a free claim"},
})


def figures(state: State, seat: int, action: Any) -> dict[str, dict[str, Any]]:
    """The pips to a free claim's ring once ``action`` is made (none while the chain is being laid)."""
    ring = odds_report(state.apply(action, player=seat), seat)["ring"]
    return {"pips_to_ring": exact_json(ring["steps"])} if ring is not None else {}
