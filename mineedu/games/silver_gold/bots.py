"""Bots for Silver & Gold. Each sees only its observation (see ``SilverGoldState.observation``).

* ``random``: a uniformly random legal action;
* ``greedy``: the action worth the most points right now, counting each crossed
  box as one point of its card (a completed card is worth one point per box);
* ``open``: places the revealed shape where it leaves the most placements open
  for the shapes still to come this round (completing a card first).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from mineedu.core import Action, BaseBot

from .rules import CARDS, TreasureCard, _action_mask, display_palms
from .shapes import placement_count


def card_appeal(card: TreasureCard) -> float:
    """Bonus symbols per box, then small cards first: how attractive a card is to keep."""
    bonus = card.coins.bit_count() + 2 * card.palms.bit_count() + card.crosses.bit_count()
    return bonus / card.points - card.points / 100


def gain(obs: dict[str, Any], action: Action) -> float:
    """Immediate points of ``action`` for the observing player (boxes count 1 each)."""
    kind = action[0]
    if kind in ("keep", "take"):
        return sum(card_appeal(CARDS[c]) for c in action[1:])
    if kind == "pass":
        return 0.0
    me = obs["boards"][obs["player"]]
    cfg = obs["config"]
    slot = action[1]
    card = CARDS[me["cards"][slot]]
    mask = _action_mask(action, card, obs["shape"])
    crossed = me["crossed"][slot] | mask
    coins = min((mask & card.coins).bit_count(), max(0, cfg.coin_boxes - me["coins"]))
    pts = float(mask.bit_count() + coins)
    palms = min((mask & card.palms).bit_count(), max(0, cfg.palm_limit - len(me["palms"])))
    pts += palms * (1 + display_palms(obs["display"]))
    pts += (mask & card.crosses).bit_count()  # a red cross crosses one more box
    rows_before = min(me["coins"], cfg.coin_boxes) // cfg.coin_row_size
    rows_after = min(me["coins"] + coins, cfg.coin_boxes) // cfg.coin_row_size
    pts += sum(obs["cups_left"][: rows_after - rows_before])
    if crossed == card.boxes:  # completing also brings a fresh card
        pts += 1.0
    # prefer the card closer to completion when nothing else differs
    return pts - (card.boxes & ~crossed).bit_count() / 100


class GreedyBot(BaseBot):
    """Takes the action with the most immediate points (first one on ties)."""

    name = "greedy"

    def act(self, obs: Any, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        return max(legal, key=lambda a: gain(obs, a))


def open_placements(obs: dict[str, Any], action: Action | None = None) -> int:
    """Placements of the shapes still to come this round on the player's cards (after ``action``)."""
    me = obs["boards"][obs["player"]]
    cfg = obs["config"]
    left = dict(cfg.expedition_counts())
    for s in obs["revealed"]:
        left[s] -= 1
    if sum(left.values()) == 0 or len(obs["revealed"]) >= cfg.reveals_per_round:
        left = dict(cfg.expedition_counts())  # a new round starts with the full deck
    total = 0
    for slot, cid in enumerate(me["cards"]):
        if cid is None:
            continue
        card = CARDS[cid]
        crossed = me["crossed"][slot]
        if action is not None and action[0] in ("place", "cross") and action[1] == slot:
            crossed |= _action_mask(action, card, obs["shape"])
        free = card.boxes & ~crossed
        total += sum(k * placement_count(free, s, card.rows, card.cols) for s, k in left.items() if k)
    return total


class OpenBot(BaseBot):
    """Keeps the most placements open: completes a card when it can, else leaves most room."""

    name = "open"

    def act(self, obs: Any, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        kind = legal[0][0]
        if kind in ("keep", "take"):
            shapes = obs["config"].expedition_counts()
            return max(legal, key=lambda a: sum(_card_room(CARDS[c], shapes) for c in a[1:]))
        places = [a for a in legal if a[0] == "place"] or list(legal)
        me = obs["boards"][obs["player"]]

        def key(a: Action) -> tuple[int, int, float]:
            if a[0] == "pass":
                return (0, 0, 0.0)
            card = CARDS[me["cards"][a[1]]]
            done = (me["crossed"][a[1]] | _action_mask(a, card, obs["shape"])) == card.boxes
            return (int(done), open_placements(obs, a), gain(obs, a))

        return max(places, key=key)


def _card_room(card: TreasureCard, shapes: dict[str, int]) -> int:
    """Placements of the expedition deck's shapes on a fresh card."""
    return sum(k * placement_count(card.boxes, s, card.rows, card.cols) for s, k in shapes.items())
