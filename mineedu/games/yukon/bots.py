"""Bots for Gold am Yukon. They see the whole board (nothing is hidden).

* ``random``: any legal action.
* ``nearest-claim``: heads for the free claim whose ring it can close soonest.
* ``value-per-distance[:k]``: heads for the free claim with the most nuggets per
  pip; it leaves the centre (whose taker leaves play, D16) alone until its team
  is down to ``k`` pawns (default 2).

Both greedy bots take a claim as soon as one is legal (the most valuable) and
otherwise pick the pip that brings the team closest to its target ring, with
the estimate ``steps = pawns off the ring + steps from the nearer end to it``
(for a complete team a lower bound on the pips still needed; it does not count
the pawns still to place in setup; cheap enough for thousands of games).
Each bot reads a :class:`~mineedu.games.yukon.rules.YukonView` and says why it
moved (:meth:`GreedyBot.why`), with the numbers it used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from mineedu.core import BaseBot, Bot, RandomBot
from mineedu.core.i18n import format_number

from .board import CELLS_OF, CENTRE, NEIGHBOURS, RING_DISTANCE
from .rules import YukonView
from .words import nuggets, pips_words, texts

Key = Callable[[int, int], float]

WHY = texts({
    "claim": {"fr": "prend le gain le plus riche à sa portée : {v}", "en": "takes the richest claim within reach: {v}"},
    "aim": {"fr": "vise le gain n° {c} ({v}), estimé à {d}", "en": "aims at claim no. {c} ({v}), reckoned {d} away"},
    "rate": {"fr": "vise le gain n° {c} : {v} pour {d}, soit {r} par point",
             "en": "aims at claim no. {c}: {v} for {d}, {r} per pip"},
    "shun": {"fr": " ; il laisse le 6 tant que son équipe a plus de {k} pions",
             "en": "; it leaves the 6 alone while its team has more than {k} pawns"},
    "none": {"fr": "plus aucun gain libre à viser", "en": "no free claim left to aim at"},
})


def chain_after(chain: tuple[int, ...], action: Any) -> tuple[int, ...]:
    """The chain a ``start``/``place``/``step`` action leaves (as the rules do, D14/D15)."""
    kind = action[0]
    if kind == "start":
        return (action[1],)
    if kind == "place":
        t = action[1]
        return chain + (t,) if t in NEIGHBOURS[chain[-1]] else (t,) + chain
    tail, to = action[1], action[2]
    if len(chain) == 1:
        return (to,)
    return chain[1:] + (to,) if tail == chain[0] else (to,) + chain[:-1]


def estimates(chain: Sequence[int], free_claims: Sequence[int]) -> dict[int, int]:
    """Per free claim: pawns off its ring + steps from the nearer end of ``chain`` to the ring.

    >>> from .board import RINGS, CENTRE
    >>> estimates(RINGS[CENTRE][:5], [CENTRE])
    {18: 0}
    """
    on: dict[int, int] = {}
    for s in chain:
        for c in CELLS_OF[s]:
            on[c] = on.get(c, 0) + 1
    a, b = chain[0], chain[-1]
    n = len(chain)
    return {c: n - on.get(c, 0) + min(RING_DISTANCE[c][a], RING_DISTANCE[c][b]) for c in free_claims}


_MOST_STEPS = len(RING_DISTANCE[0]) + max(max(r) for r in RING_DISTANCE)  # more than any chain's estimate


class GreedyBot(BaseBot):
    """Takes the best legal claim, else the pip that scores best under ``key(value, steps)`` (lower is better)."""

    def __init__(self, name: str, key: Key, centre_team: int | None = None) -> None:
        self.name = name
        self.key = key
        self.centre_team = centre_team  # None: the centre is a claim like any other
        self._rows: dict[int, list[float]] = {}  # per claim value: key(value, steps) for every steps

    def _row(self, value: int) -> list[float]:
        """``key(value, steps)`` for steps 0 .. (every space + the longest ring distance), computed once
        per value (``key`` is a function of its two numbers: the bot may keep it from game to game)."""
        row = self._rows.get(value)
        if row is None:
            row = self._rows[value] = [self.key(value, d) for d in range(_MOST_STEPS + 1)]
        return row

    def _score(self, chain: tuple[int, ...], claims: Sequence[tuple[int, tuple[int, ...], list[float]]]) -> float:
        """``min(key(value, steps))`` over ``claims`` = (claim, its ring distances, its row of keys), the steps
        as :func:`estimates` reckons them for ``chain`` (the same numbers, without building its dictionary)."""
        on: dict[int, int] = {}
        for s in chain:
            for c in CELLS_OF[s]:
                on[c] = on.get(c, 0) + 1
        a, b, n = chain[0], chain[-1], len(chain)
        get = on.get
        score = 0.0  # no free claim
        for i, (c, ring, row) in enumerate(claims):
            ra, rb = ring[a], ring[b]
            k = row[n - get(c, 0) + (ra if ra < rb else rb)]
            if i == 0 or k < score:
                score = k
        return score

    def _shuns_centre(self, obs: YukonView) -> bool:
        return self.centre_team is not None and len(obs.chains[obs.turn]) > self.centre_team

    def _free(self, obs: YukonView) -> list[int]:
        shun = self._shuns_centre(obs)
        return [c for c, o in enumerate(obs.owners) if o < 0 and not (shun and c == CENTRE)]

    def act(self, obs: YukonView, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        values = obs.config.values
        chain = obs.chains[obs.turn]
        shun = self._shuns_centre(obs)
        claims = [a for a in legal if a[0] == "claim" and not (shun and a[1] == CENTRE)]
        if claims:
            return max(claims, key=lambda a: values[a[1]])
        free = self._free(obs)
        legal = [a for a in legal if a[0] != "claim"] or list(legal)
        best: list[Any] = []
        best_score = float("inf")
        rows = [(c, RING_DISTANCE[c], self._row(values[c])) for c in free]
        for a in legal:
            score = self._score(chain_after(chain, a), rows)
            if score < best_score:
                best, best_score = [a], score
            elif score == best_score:
                best.append(a)
        return best[int(rng.integers(len(best)))]

    def target(self, obs: YukonView, action: Any) -> tuple[int, int] | None:
        """The claim a move heads for and the estimated steps to it (``None``: no free claim)."""
        values = obs.config.values
        est = estimates(chain_after(obs.chains[obs.turn], action), self._free(obs))
        if not est:
            return None
        c = min(est, key=lambda k: self.key(values[k], est[k]))
        return c, est[c]

    def why(self, obs: YukonView, action: Any, lang: str) -> str | None:
        values = obs.config.values
        if action[0] == "claim":
            return WHY("claim", lang, v=nuggets(values[action[1]], lang))
        aim = self.target(obs, action)
        if aim is None:
            return WHY("none", lang)
        c, steps = aim
        need = steps + 1  # and one pip to stake the claim (D16)
        if self.centre_team is None:
            text = WHY("aim", lang, c=c, v=nuggets(values[c], lang), d=pips_words(need, lang))
        else:
            estimated = f"an estimated {pips_words(need, lang)}" if lang == "en" else (
                f"{pips_words(need, lang)} {'estimé' if need < 2 else 'estimés'}")
            text = WHY("rate", lang, c=c, v=nuggets(values[c], lang), d=estimated,
                       r=format_number(values[c] / need, lang, 2))
        if self._shuns_centre(obs) and obs.owners[CENTRE] < 0:
            text += WHY("shun", lang, k=self.centre_team)
        return text


def nearest_claim_bot(arg: str | None = None) -> GreedyBot:
    """Closest free ring first; among equals, the more valuable."""
    return GreedyBot("nearest-claim", lambda value, steps: steps - value / 100)


def value_per_distance_bot(arg: str | None = None) -> GreedyBot:
    """Most nuggets per pip still needed (steps + 1 pip for the claim); the centre only with <= ``arg`` pawns left."""
    k = int(arg) if arg else 2
    if k < 0:
        raise ValueError("the team size for the centre must be >= 0")
    return GreedyBot("value-per-distance", lambda value, steps: -value / (steps + 1), centre_team=k)


def random_bot(arg: str | None = None) -> Bot:
    return RandomBot()


BOTS: Mapping[str, Callable[[str | None], Bot]] = {
    "random": random_bot,
    "nearest-claim": nearest_claim_bot,
    "value-per-distance": value_per_distance_bot,
}
