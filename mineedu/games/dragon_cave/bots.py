"""Bots for the dragon's cave. Each picks one of the legal actions from the (public) state.

* ``random``: uniformly among the legal actions;
* ``turnback:n``: captures every card it leaves until it carries ``n`` (default 2), then turns back;
* ``greedy:k``: dives at full speed taking nothing until depth ``k`` (default: as deep as it can),
  turns back there with that card and runs home;
* ``odds:p``: weighs every action by (P(escape) from :mod:`.odds`) × (expected treasure),
  never taking an action whose escape chance is below ``p`` (default 0.5) when it has another.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from mineedu.core import BaseBot, RandomBot

from .rules import EATEN, IN, OUT

if TYPE_CHECKING:
    from .rules import DragonCaveState

Move = tuple[str, int, bool, int, bool]


def pick(legal: Sequence[Any], *, back: bool | None = None, capture: bool | None = None, drop: int = -1) -> Any:
    """The fastest legal move with the wished ``back``/``capture``/``drop``; wishes the rules
    refuse are dropped one by one (capture first, then the direction).

    >>> pick([("move", -1, False, 1, False), ("move", -1, False, 2, False)], capture=True)
    ('move', -1, False, 2, False)
    """
    for wish in ((back, capture), (back, None), (None, None)):
        ok = [a for a in legal if a[1] == drop and (wish[0] is None or a[2] == wish[0])
              and (wish[1] is None or a[4] == wish[1])]
        if ok:
            return max(ok, key=lambda a: a[3])
    return max(legal, key=lambda a: (a[1] == -1, a[3]))


class TurnBackBot(BaseBot):
    """Turn back after ``n`` cards: capture each card it leaves until it holds ``n``."""

    def __init__(self, n: int = 2) -> None:
        if n < 1:
            raise ValueError("turnback needs n >= 1")
        self.n = n
        self.name = f"turnback:{n}"

    def act(self, obs: DragonCaveState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        p = obs.turn
        held = len(obs.carried[p])
        if obs.returning[p]:
            return pick(legal, capture=False)
        if held >= self.n:
            return pick(legal, back=True, capture=False)
        return pick(legal, back=False, capture=True)


class GreedyDepthBot(BaseBot):
    """Dive as deep as ``depth`` (or as deep as possible), turn back with that card, run home."""

    def __init__(self, depth: int | None = None) -> None:
        self.depth = depth
        self.name = "greedy" if depth is None else f"greedy:{depth}"

    def act(self, obs: DragonCaveState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        p = obs.turn
        if obs.returning[p]:
            return pick(legal, capture=False)
        deep_enough = self.depth is not None and obs.pos[p] >= self.depth
        if deep_enough or not any(not a[2] for a in legal):
            return pick(legal, back=True, capture=True)
        return pick(legal, back=False, capture=False)


class OddsBot(BaseBot):
    """Chooses the move with the best P(escape) × expected treasure (see the module doc)."""

    def __init__(self, p_min: float = 0.5) -> None:
        self.p_min = p_min
        self.name = f"odds:{p_min}"

    def value(self, state: DragonCaveState, after: DragonCaveState, p: int) -> tuple[Fraction, Fraction]:
        """(P(escape), expected final treasure) for ``p`` in ``after``, the state just after p's move.

        A miner still going forward is valued as if turning back at their next turn with the card
        they stand on.
        """
        from .odds import escape_probability, expected_treasure

        cfg = state.game.config
        if after.status[p] == EATEN:
            return Fraction(0), Fraction(0)
        if after.status[p] == OUT:
            return Fraction(1), expected_treasure(after, p)
        # everyone else still inside will be coming home too, with at least one card
        others = tuple(max(1, len(after.carried[q])) for q in range(len(after.status))
                       if q != p and after.status[q] == IN)
        steps = after.steps_to_entrance(p)
        cards = after.carried[p]
        pending = any(ev[0] == "dragon" and ev[1] == p for ev in after.pending)
        d = after.dragon
        if not after.returning[p] and after.pos[p] >= 0 and len(cards) < cfg.max_carry:
            cards = cards + (after.path[after.pos[p]],)
            d -= 1
        pe = escape_probability(steps, len(cards), d, cfg, others, dragon_first=pending)
        return pe, pe * expected_treasure(after, p, cards)

    def act(self, obs: DragonCaveState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        p = obs.turn
        fastest: dict[tuple[Any, ...], Any] = {}
        for a in legal:
            key = (a[1], a[2], a[4])
            if key not in fastest or a[3] > fastest[key][3]:
                fastest[key] = a
        scored = []
        for a in fastest.values():
            pe, ev = self.value(obs, obs.apply(a), p)
            scored.append((pe >= self.p_min, ev, a[3], pe, a))
        scored.sort(key=lambda t: t[:4])
        return scored[-1][-1]


BOTS = {
    "random": lambda arg: RandomBot(),
    "turnback": lambda arg: TurnBackBot(int(arg or 2)),
    "greedy": lambda arg: GreedyDepthBot(None if arg is None else int(arg)),
    "odds": lambda arg: OddsBot(float(arg or 0.5)),
}
