"""Bots for Mine (coal). Each reads only its observation (its own hand and the
public facts) and picks from the legal actions.

* ``steady``: protects its mine with a pipe-miner, recruits once, mines the rest;
* ``raider``: raids the richest rival with its two strongest cards;
* ``mix``: plays the exact equilibrium mix of the raid game (:func:`raid_mix`):
  its strongest card raids with probability P(attack), its next one guards the
  watchtower with probability P(defend).

A bot is stateless: where it is in its round is read from its own board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from mineedu.core import BaseBot

from .odds import raid_mix


def _jobs(obs: dict[str, Any]) -> list[str]:
    """Job cards in hand, weakest first."""
    h = obs["helmets"]
    return sorted((k for k, c in obs["hand"].items() if h[k] > 0 for _ in range(c)), key=lambda k: (h[k], k))


def richest_rival(obs: dict[str, Any]) -> int | None:
    """The other player with the most coal (lowest seat on ties), if anyone has coal."""
    me, coal = obs["player"], obs["coal"]
    rivals = [p for p in range(len(coal)) if p != me and coal[p] > 0]
    return max(rivals, key=lambda p: (coal[p], -p)) if rivals else None


class PlanBot(BaseBot):
    """Shared skeleton: hand-limit discards, and a placement rule per subclass."""

    name = "plan"
    keep_events = ("wagon", "reinforcement")

    def act(self, obs: dict[str, Any], legal: Sequence[Any], rng: np.random.Generator) -> Any:
        if legal[0][0] == "discard":
            h = obs["helmets"]
            # least useful first: events it never plays, then the fewest helmets
            return min(legal, key=lambda a: (a[1] in self.keep_events or h[a[1]] > 0, h[a[1]], a[1]))
        choice = self.place(obs, _jobs(obs), rng)
        return choice if choice in legal else ("pass",)

    def place(self, obs: dict[str, Any], jobs: list[str], rng: np.random.Generator) -> Any:
        raise NotImplementedError

    @staticmethod
    def laid(obs: dict[str, Any], space: str) -> int:
        return sum(1 for s, _, _ in obs["my_board"] if s == space)


class SteadyBot(PlanBot):
    """Mines every round: a pipe-miner against grisou, one recruit, the rest to the mine."""

    name = "steady"

    def place(self, obs: dict[str, Any], jobs: list[str], rng: np.random.Generator) -> Any:
        if not jobs:
            return ("pass",)
        if "wagon" in obs["hand"] and not self.laid(obs, "event") and obs["coal"][obs["player"]] >= obs["caps"][1]:
            return ("place", "event", "wagon")
        if not self.laid(obs, "mine") and "pipe" in jobs:
            return ("place", "mine", "pipe")
        if not self.laid(obs, "recruit"):
            return ("place", "recruit", jobs[0])
        return ("place", "mine", jobs[-1])


class RaiderBot(PlanBot):
    """Raids the richest rival with up to ``cards`` strongest cards, recruits, then mines."""

    name = "raider"

    def __init__(self, cards: int = 2) -> None:
        self.cards = cards

    def place(self, obs: dict[str, Any], jobs: list[str], rng: np.random.Generator) -> Any:
        if not jobs:
            return ("pass",)
        target = richest_rival(obs)
        if target is not None and self.laid(obs, "raid") < self.cards:
            return ("raid", jobs[-1], target)
        if not self.laid(obs, "recruit"):
            return ("place", "recruit", jobs[0])
        return ("place", "mine", jobs[-1])


class MixBot(PlanBot):
    """Plays the raid game's equilibrium mix.

    1st card (strongest): raid the richest rival with P(attack) of
    ``raid_mix(h, h, rival's coal)`` (the rival assumed as strong), else mine.
    2nd card: watchtower with P(defend) of ``raid_mix(h1, h2, own coal)``, else
    mine. 3rd: recruit the weakest. 4th: mine.
    """

    name = "mix"

    def place(self, obs: dict[str, Any], jobs: list[str], rng: np.random.Generator) -> Any:
        if not jobs:
            return ("pass",)
        h = obs["helmets"]
        step = sum(1 for s, _, _ in obs["my_board"] if s != "event")
        if step == 0:
            target = richest_rival(obs)
            if target is not None:
                a = h[jobs[-1]]
                p_attack, _, _ = raid_mix(a, a, obs["coal"][target])
                if rng.random() < float(p_attack):
                    return ("raid", jobs[-1], target)
            return ("place", "mine", jobs[-1])
        if step == 1:
            mine = obs["coal"][obs["player"]]
            if mine > 0:
                strongest = max(h[k] for k in obs["helmets"] if h[k] > 0)
                _, p_defend, _ = raid_mix(strongest, h[jobs[-1]], mine)
                if rng.random() < float(p_defend):
                    return ("place", "tower", jobs[-1])
            return ("place", "mine", jobs[-1])
        if step == 2:
            return ("place", "recruit", jobs[0])
        return ("place", "mine", jobs[-1])


def make(name: str, arg: str | None) -> PlanBot:
    """Build a bot by name (``raider:3`` raids with 3 cards)."""
    if name == "steady":
        return SteadyBot()
    if name == "raider":
        return RaiderBot(int(arg or 2))
    if name == "mix":
        return MixBot()
    raise ValueError(f"no coal_mine bot {name!r}")
