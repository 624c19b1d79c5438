"""Mine's parts for the decision review (:mod:`mineedu.review`).

The options are grouped by the space a card goes to (the tower, the mine, recruitment, a raid,
an event) or a pass. Per option, the figures of :mod:`.odds` from what the seat sees: on
Recruitment, P(at least one pipe-miner among the cards it recruits); a raid, the raid game's
exact equilibrium against that target (P(attack), P(the target defends), its value).

Hidden: the others' hands, their face-down cards this round (kinds and raid targets), the draw
pile. :func:`sample` pools the cards the seat cannot see (sorted counts: a function of its view
only) and deals them anew into the same places: a face-down card on the event space an event card,
one on a job space a job card, a raid aimed at a random other seat; then the hands, by size; the
rest is the pile.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from mineedu.core import State, Texts, exact_json
from mineedu.core.choices import Path
from mineedu.core.game import evolve

from .odds import at_least_one, raid_equilibrium
from .rules import CoalMineState

FIGURES = Texts({
    "p_pipe": {"fr": "P(au moins un Tuyauteur recruté)", "en": "P(at least one Pipe-miner recruited)"},
    "p_attack": {"fr": "équilibre : P(attaquer)", "en": "equilibrium: P(attack)"},
    "p_defend": {"fr": "équilibre : P(la cible défend)", "en": "equilibrium: P(the target defends)"},
    "raid_value": {"fr": "valeur du raid (charbon)", "en": "value of the raid (coal)"},
})


def group(state: State, seat: int, path: Path) -> str:
    """The space the card goes to (``space:raid`` for every raid), or the path itself (a pass)."""
    return path[1] if len(path) > 1 else path[0]


def figures(state: State, seat: int, action: Any) -> dict[str, dict[str, Any]]:
    view = state.observation(seat)
    if action[0] == "raid":
        eq = raid_equilibrium(view, action[2], seat, attack=view.helmets.get(action[1], 0))
        return {"p_attack": exact_json(eq.p_attack), "p_defend": exact_json(eq.p_defend),
                "raid_value": exact_json(eq.value)}
    if action[0] == "place" and action[1] == "recruit":  # the base 2 + the helmets on Recruitment, this card's too
        laid = sum(view.helmets[k] for sp, k, _ in view.my_board if sp == "recruit")
        counts = at_least_one(view, "pipe", int(view.game.config.recruit_base) + laid + view.helmets[action[2]])
        return {"p_pipe": exact_json(Fraction(*counts), counts)} if counts else {}
    return {}


def _deal(pool: list[int], allowed: list[bool], rng: np.random.Generator) -> int:
    """One card drawn from ``pool`` (counts) among the kinds ``allowed``, each card as likely."""
    weights = [c if ok else 0 for c, ok in zip(pool, allowed)]
    r = int(rng.integers(sum(weights)))
    for k, w in enumerate(weights):
        if r < w:
            pool[k] -= 1
            return k
        r -= w
    raise AssertionError("empty pool")  # pragma: no cover


def sample(state: State, seat: int, rng: np.random.Generator) -> State:
    """A world the seat cannot tell from ``state`` (see the module docstring)."""
    assert isinstance(state, CoalMineState)
    g = state.game
    kinds = g.kinds
    n = g.num_players
    others = [p for p in range(n) if p != seat]
    hidden_boards = not state.revealed()
    pool = list(state.deck)
    for p in others:
        pool = [a + b for a, b in zip(pool, state.hands[p])]
        if hidden_boards:
            for _, kind, _t in state.boards[p]:
                pool[kinds.index(kind)] += 1
    event = [k in g.event_kinds for k in kinds]
    job = [not e for e in event]
    boards = list(state.boards)
    if hidden_boards:
        for p in others:
            laid = []
            for space, _kind, target in state.boards[p]:
                k = _deal(pool, event if space == "event" else job, rng)
                if space == "raid":
                    aims = [t for t in range(n) if t != p]
                    target = aims[int(rng.integers(len(aims)))]
                laid.append((space, kinds[k], target))
            boards[p] = tuple(laid)
    hands = list(state.hands)
    for p in others:
        size = sum(state.hands[p])
        got = [0] * len(kinds)
        everything = [True] * len(kinds)
        for _ in range(size):
            got[_deal(pool, everything, rng)] += 1
        hands[p] = tuple(got)
    return evolve(state, deck=tuple(pool), hands=tuple(hands), boards=tuple(boards))
