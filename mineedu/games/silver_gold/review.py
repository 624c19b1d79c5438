"""Silver & Gold's parts for the decision review (:mod:`mineedu.review`).

The options are the board's first step: a card of the hand to keep, or the treasure card a
shape goes on (or a single box). Per option, the figures of :mod:`.odds` from what the seat sees:
keeping, P(the next expedition card fits one of the kept cards) and the fewest expected reveals
until one of them is complete (greedy); placing, the points it brings now and the expected reveals
until that card is complete.

Hidden: the hands the others were dealt, the deck, and the others' choices until all have chosen.
:func:`sample` deals the cards the seat cannot see (the deck and the others' hands, sorted: a
function of the seat's view only) at random into the same places, and takes back the others'
hidden choices (their bots choose again in the rollout, from the world drawn).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from mineedu.core import State, Texts, exact_json
from mineedu.core.choices import Path
from mineedu.core.game import evolve

from .odds import expected_reveals, p_next_fits, points_now
from .rules import CARDS, SilverGoldState, _action_mask

FIGURES = Texts({
    "p_next_fits": {"fr": "P(la prochaine carte Expédition va sur une carte gardée)",
                    "en": "P(the next expedition card fits a kept card)"},
    "expected_reveals": {"fr": "cartes Expédition espérées avant de compléter la carte",
                         "en": "expected expedition cards until the card is complete"},
    "points_now": {"fr": "points gagnés tout de suite", "en": "points scored at once"},
})


def figures(state: State, seat: int, action: Any) -> dict[str, dict[str, Any]]:
    view = state.observation(seat)
    cfg = view.config
    if action[0] == "keep":
        kept = [(CARDS[c], 0) for c in action[1:]]
        return {"p_next_fits": exact_json(p_next_fits(kept, view.expedition_left())),
                "expected_reveals": exact_json(min(expected_reveals(card, 0, cfg, view.revealed) for card, _ in kept))}
    if action[0] in ("place", "cross"):
        me = view.me
        slot = action[1]
        card = CARDS[me.cards[slot]]
        crossed = me.crossed[slot] | _action_mask(action, card, view.shape)
        out = {"points_now": exact_json(points_now(view, action))}
        if crossed != card.boxes:
            out["expected_reveals"] = exact_json(expected_reveals(card, crossed, cfg, view.revealed))
        return out
    return {}


def sample(state: State, seat: int, rng: np.random.Generator) -> State:
    """A world the seat cannot tell from ``state``: the unseen cards dealt anew, the others' choices taken back."""
    assert isinstance(state, SilverGoldState)
    boards = list(state.boards)
    others = [p for p in range(len(boards)) if p != seat]
    pool = sorted([*state.deck, *(c for p in others for c in boards[p].hand)])
    order = [pool[i] for i in rng.permutation(len(pool))]
    for p in others:
        k = len(boards[p].hand)
        if k:
            boards[p] = evolve(boards[p], hand=tuple(order[:k]))
            order = order[k:]
    changes: dict[str, Any] = {"boards": tuple(boards), "deck": tuple(sorted(order))}
    if state.phase in ("keep", "place"):
        changes["choices"] = tuple(c if p == seat else None for p, c in enumerate(state.choices))
    return evolve(state, **changes)


def group(state: State, seat: int, path: Path) -> str:
    """Keeping: each pair of cards its own option; placing: the card the shape goes on (or a single box)."""
    return "keep:" + ":".join(sorted(path)) if path[0].startswith("hand:") else path[0]
