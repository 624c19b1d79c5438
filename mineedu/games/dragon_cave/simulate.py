"""The dragon's cave race, simulated many trials at once (numpy).

The lesson's question: a lone diver turns back carrying some cards; will they
reach the entrance before the dragon reaches them? :func:`escape` runs that
race in many trials at once, with the rules of D9/D11/D12: each turn the diver
moves all their movement points (4 − cards carried, or a die − cards with dice
movement, at least 0), then the dragon moves toward the entrance by the cards
carried (or by a die with the dice dragon) and eats the diver if it reaches or
passes them. :func:`.odds.escape_probability` computes the same race exactly;
:func:`escape_by_engine` plays one trial through the rules engine (slow: the
reference for the tests and the benchmark).

>>> import numpy as np
>>> from mineedu.games.dragon_cave import Config
>>> race = escape(steps=4, cards=1, dragon=4, trials=100_000, rng=np.random.default_rng(3), config=Config(dice_dragon=True))
>>> round(race.escaped.frequency, 2)          # exact 1/2
0.5
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np

from mineedu.core import make, sample_outcome
from mineedu.core.trials import CHUNK, Proportion, Tally

from .rules import IN, OUT, Config, DragonCaveState


@dataclass(frozen=True)
class Race:
    """How the trials of :func:`escape` ended."""

    escaped: Proportion
    turns: Tally
    """The diver's turns until out or eaten."""


def turn_back(depth: int, cards: int = 1, config: Config | None = None) -> tuple[int, int]:
    """``(steps, dragon)`` of a lone diver turning back on card ``depth`` (0 = next to the entrance)
    with ``cards`` captured: the path closed up once per capture, the dragon started behind the last card.

    >>> turn_back(5)                    # as in the lesson's table: 6 steps home, the dragon 23 cards away
    (6, 23)
    """
    cfg = config or Config()
    return depth + 1, cfg.cards - cards


def escape(steps: int, cards: int, dragon: int, trials: int, rng: np.random.Generator,
           config: Config | None = None) -> Race:
    """A lone returning diver ``steps`` steps from the entrance, carrying ``cards``, the dragon
    ``dragon`` cards from the entrance, races home (see the module docstring).

    The arguments are those of :func:`.odds.escape_probability`.
    """
    safe, turns = race_trials(steps, cards, dragon, trials, rng, config)
    return Race(Proportion(int(safe.sum()), trials), Tally.of(turns))


def race_trials(steps: int, cards: int, dragon: int, trials: int, rng: np.random.Generator,
                config: Config | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The trials of :func:`escape` one by one: whether each diver got out, and after how many turns
    (what a lesson draws as a running frequency)."""
    cfg = config or Config()
    if steps < 0 or dragon < 0 or not 0 <= cards <= cfg.max_carry:
        raise ValueError(f"steps and dragon are >= 0 and cards 0..{cfg.max_carry}, not {steps}, {dragon}, {cards}")
    if trials < 1:
        raise ValueError(f"trials must be at least 1, not {trials}")
    safe_out, turns_out = [], []
    for start in range(0, trials, CHUNK):
        m = min(CHUNK, trials - start)
        a = np.full(m, steps, dtype=np.int64)  # steps still to go
        d = np.full(m, dragon, dtype=np.int64)  # the dragon's distance to the entrance
        turns = np.zeros(m, dtype=np.int64)
        safe = np.zeros(m, dtype=bool)
        live = np.arange(m)
        if steps == 0:
            safe[:] = True
            live = live[:0]
        while live.size:
            n = live.size
            if cfg.dice_movement:
                points = np.maximum(rng.integers(1, cfg.die_sides + 1, size=n) - cards, 0)
            else:
                points = np.full(n, cfg.movement - cards)
            ai = a[live] - np.minimum(points, a[live])
            turns[live] += 1
            out = ai == 0
            k = rng.integers(1, cfg.die_sides + 1, size=n) if cfg.dice_dragon else np.full(n, cards)
            di = d[live] - k
            eaten = ~out & ((ai > di) | (di <= 0))  # reached or passed (D11), or at the entrance
            a[live], d[live] = ai, di
            safe[live[out]] = True
            live = live[~(out | eaten)]
        safe_out.append(safe)
        turns_out.append(turns)
    return np.concatenate(safe_out), np.concatenate(turns_out)


# --- the same trial, played by the rules engine (the reference) ---------------------------


def lone_diver(steps: int, cards: int, dragon: int, config: Config | None = None) -> DragonCaveState:
    """A 2-player cave where player 2 is already out and player 1 has turned back on card
    ``steps - 1`` carrying ``cards`` Easy cards worth 1, the dragon ``dragon`` cards from the entrance."""
    cfg = config or Config()
    s: DragonCaveState = make("dragon_cave", 2, config=cfg).initial_state()  # type: ignore[assignment]
    path = ((0, None),) * max(dragon, steps)
    return dataclasses.replace(s, path=path, pos=(steps - 1, -1), status=(IN, OUT), returning=(True, False),
                               carried=(((0, 1),) * cards, ()), dragon=dragon)


def home_run(s: DragonCaveState) -> Any:
    """The diver's move: every movement point toward the entrance, nothing captured or dropped."""
    return max((a for a in s.legal_actions() if a[1] == -1 and not a[4]), key=lambda a: a[3])


def escape_by_engine(steps: int, cards: int, dragon: int, rng: np.random.Generator,
                     config: Config | None = None) -> tuple[bool, int]:
    """One trial of :func:`escape` played by the rules: ``(escaped, turns)``."""
    s: Any = lone_diver(steps, cards, dragon, config)
    turns = 0
    while s.status[0] == IN:
        if s.is_chance():
            s = s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            s = s.apply(home_run(s))
            turns += 1
    return s.status[0] == OUT, turns


def race_start(position: Any = None, player: int | None = None, *, steps: int | None = None, cards: int | None = None,
               dragon: int | None = None, depth: int | None = None,
               config: Config | None = None) -> tuple[int, int, int, Config]:
    """The race home of a lone diver as ``(steps, cards, dragon, config)``, from one of three forms:

    * a state or a view: ``player`` (default: the one to move) races home from
      the card they stand on with what they carry (its config with it);
    * ``depth=`` (and ``cards=``, default 1): turning back on that card (:func:`turn_back`);
    * ``steps=``, ``cards=``, ``dragon=`` themselves.

    >>> race_start(depth=5)[:3], race_start(steps=4, cards=1, dragon=4)[:3]
    ((6, 1, 23), (4, 1, 4))
    """
    if position is not None:
        if any(x is not None for x in (steps, cards, dragon, depth)):
            raise ValueError("give a state (or a view) or the numbers of the race (steps, cards, dragon or depth), "
                             "not both")
        p = position.turn if player is None else player
        if not (0 <= p < len(position.status) and position.status[p] == IN and position.pos[p] >= 0):
            raise ValueError(f"player {p} is not on a card inside the cave: there is no race home to count")
        return position.pos[p] + 1, len(position.carried[p]), position.dragon, position.game.config
    cfg = config or Config()
    if depth is not None:
        if steps is not None or dragon is not None:
            raise ValueError("give depth= (where the diver turns back) or steps= and dragon=, not both")
        if not isinstance(depth, int) or not 0 <= depth < cfg.cards:
            raise ValueError(f"depth is a card of the path, 0 (next to the entrance) to {cfg.cards - 1}, not {depth}")
        cards = 1 if cards is None else cards
        steps, dragon = turn_back(depth, cards, cfg)
    if steps is None or cards is None or dragon is None:
        raise ValueError("describe the race: steps=, cards= and dragon= (or depth= and cards=), or give a state")
    bad = [f"{name}={n}" for name, n in (("steps", steps), ("cards", cards), ("dragon", dragon))
           if not isinstance(n, int) or n < 0]
    if bad:
        raise ValueError(f"the race is counted in whole numbers >= 0, not {', '.join(bad)}")
    if cards > cfg.max_carry:
        raise ValueError(f"a diver carries at most {cfg.max_carry} cards, not {cards}")
    return steps, cards, dragon, cfg


def simulate_escape(position: Any = None, trials: int = 100_000, seed: int = 0, *, player: int | None = None,
                    steps: int | None = None, cards: int | None = None, dragon: int | None = None,
                    depth: int | None = None, config: Config | None = None) -> Proportion:
    """How often a lone diver gets home, over ``trials`` races seeded by ``seed``: a frequency
    with its 95 % interval (``.ci95``). The race is given as :func:`race_start` reads it
    (a state, ``depth=``, or ``steps=, cards=, dragon=``); :func:`.odds.escape_probability`
    computes it exactly.

    >>> e = simulate_escape(steps=4, cards=1, dragon=4, config=Config(dice_dragon=True), seed=1)
    >>> round(e.frequency, 2), e.trials                # exact 1/2
    (0.5, 100000)
    """
    steps, cards, dragon, cfg = race_start(position, player, steps=steps, cards=cards, dragon=dragon, depth=depth,
                                           config=config)
    return escape(steps, cards, dragon, trials, np.random.default_rng(seed), cfg).escaped
