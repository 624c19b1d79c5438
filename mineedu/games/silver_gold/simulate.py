"""Silver & Gold's expedition rounds, simulated many at once (numpy).

A round reveals 7 of the 8 expedition cards, one at a time, each card left
equally likely (D19): :func:`expedition_round` plays the reveals still to come
in every trial and tallies which shapes are left out and whether each shape
comes up. :mod:`.odds` has the exact answers (:func:`.odds.p_shape_this_round`);
:func:`expedition_round_by_engine` plays one round through the rules engine
(slow: the reference for the tests and the benchmark).

>>> import numpy as np
>>> r = expedition_round(100_000, np.random.default_rng(1))
>>> round(r.comes_up["O4"].frequency, 2), r.comes_up["I3"].frequency   # 7/8; two copies: always
(0.88, 1.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mineedu.core import make, sample_outcome
from mineedu.core.trials import CHUNK, Proportion, Tally, draw

from .rules import Config


@dataclass(frozen=True)
class ExpeditionRound:
    """Per shape of the expedition deck, over the trials of :func:`expedition_round`."""

    left_out: dict[str, Tally]
    """Copies of the shape not revealed by the end of the round."""
    comes_up: dict[str, Proportion]
    """At least one copy revealed among the reveals still to come."""


def round_end(trials: int, rng: np.random.Generator, config: Config | None = None,
              revealed: Sequence[str] = ()) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """The rest of an expedition round in each of ``trials`` trials, trial by trial:
    ``(shapes, start, end)`` where ``start[i]`` copies of ``shapes[i]`` are in the deck now
    and ``end[i, t]`` are still there when trial ``t``'s round is over.

    ``revealed``: this round's cards already out (default: a round about to
    start); the reveals still to come are ``reveals_per_round - len(revealed)``.
    """
    cfg = config or Config()
    full = cfg.expedition_counts()
    shapes = tuple(sorted(full))  # the order of the rules' chance outcomes
    left = dict(full)
    for s in revealed:
        if left.get(s, 0) < 1:
            raise ValueError(f"{s!r} cannot have been revealed: the round's deck holds {full}")
        left[s] -= 1
    to_come = cfg.reveals_per_round - len(revealed)
    if to_come < 0:
        raise ValueError(f"a round reveals {cfg.reveals_per_round} cards, not {len(revealed)}")
    if trials < 1:
        raise ValueError(f"trials must be at least 1, not {trials}")
    start = np.array([left[s] for s in shapes], dtype=np.int64)
    out_counts: list[np.ndarray] = []
    for first in range(0, trials, CHUNK):
        m = min(CHUNK, trials - first)
        counts = np.repeat(start[:, None], m, axis=1)
        for t in range(to_come):
            draw(counts, rng, left=int(start.sum()) - t)
        out_counts.append(counts)
    return shapes, start, np.concatenate(out_counts, axis=1)


def expedition_round(trials: int, rng: np.random.Generator, config: Config | None = None,
                     revealed: Sequence[str] = ()) -> ExpeditionRound:
    """The rest of an expedition round in each of ``trials`` trials, tallied by shape
    (see :func:`round_end`)."""
    shapes, start, end = round_end(trials, rng, config, revealed)
    return ExpeditionRound(
        left_out={s: Tally.of(end[i]) for i, s in enumerate(shapes)},
        comes_up={s: Proportion(int((end[i] < start[i]).sum()), trials) for i, s in enumerate(shapes)},
    )


# --- the same trial, played by the rules engine (the reference) ---------------------------


def first_reveal(config: Config | None = None, players: int = 2, seed: int = 0) -> Any:
    """The state of a game about to reveal its first expedition card (the deal drawn with ``seed``)."""
    s: Any = make("silver_gold", players, config=config or Config()).initial_state()
    rng = np.random.default_rng(seed)
    while s.phase != "reveal":
        s = s.apply(sample_outcome(s.chance_outcomes(), rng)) if s.is_chance() else _first_move(s)
    return s


def first_move(s: Any) -> Any:
    """The first legal action of the first player to move (the shapes revealed do not depend on it)."""
    return s.legal_actions(s.players_to_move()[0])[0]


def _first_move(s: Any) -> Any:
    return s.apply(first_move(s), player=s.players_to_move()[0])


def expedition_round_by_engine(rng: np.random.Generator, start: Any) -> tuple[str, ...]:
    """The shapes the rules reveal in the rest of ``start``'s round, in order (in between, the
    players move as :func:`first_move` says)."""
    s, r, shapes = start, start.round, []
    while s.round == r and s.phase != "over":
        if s.is_chance():
            outcome = sample_outcome(s.chance_outcomes(), rng)
            if s.phase == "reveal":
                shapes.append(outcome)
            s = s.apply(outcome)
        else:
            s = _first_move(s)
    return tuple(shapes)


def simulate_shape(shape: str, trials: int = 100_000, seed: int = 0, position: Any = None, *,
                   config: Config | None = None) -> Proportion:
    """How often ``shape`` comes up in the rest of an expedition round, over ``trials`` rounds
    seeded by ``seed``: a frequency with its 95 % interval (``.ci95``). The round is a fresh
    one of ``config`` (default: the game's), or the rest of the round of ``position`` (a state
    or a view); :func:`.odds.p_shape_this_round` is exact.

    >>> f = simulate_shape("O4", 100_000, seed=1)
    >>> round(f.frequency, 2)                     # exact 7/8
    0.88
    """
    if position is not None:
        if config is not None:
            raise ValueError("give a state (or a view) or a config, not both")
        config = position.config if hasattr(position, "config") else position.game.config
        revealed: Sequence[str] = () if position.phase == "over" else position.revealed
    else:
        revealed = ()
    comes_up = expedition_round(trials, np.random.default_rng(seed), config, revealed).comes_up
    if shape not in comes_up:
        raise ValueError(f"no expedition card {shape!r} this round: the cards are {', '.join(sorted(comes_up))}")
    return comes_up[shape]
