"""Mine (coal)'s chance and its secret choices, simulated many rounds at once (numpy).

* :func:`recruit_draws`: how many cards of one kind (the pipe-miners, say)
  come among a recruitment's draws, one card at a time without replacement,
  the discard pile replacing an empty deck (D21; exact:
  :func:`.odds.draw_distribution`, hypergeometric);
* :func:`raid_rounds`: the raid as a hidden simultaneous choice: in each round
  the raider attacks or mines and the target defends or mines, each by their
  own mix, and the raider's gain over the target's is read from the rules'
  raid table (:func:`.odds.raid_game`; exact value: the mixes times the table).

The ``*_by_engine`` functions play one trial through the rules (slow: the
reference for the tests and the benchmark).

>>> import numpy as np
>>> t = recruit_draws(good=24, deck=60, draws=3, trials=100_000, rng=np.random.default_rng(1))
>>> round(t.at_least(1).frequency, 2)       # 1 - C(36,3)/C(60,3) = 0.79
0.79
>>> r = raid_rounds(2, 2, 2, 100_000, np.random.default_rng(2))   # both play the equilibrium: value 1
>>> round(r.payoff.mean()[0], 1)
1.0
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from mineedu.core import make, sample_outcome
from mineedu.core.trials import Proportion, Tally, chunks

from .odds import raid_game, raid_mix, recruit_piles
from .rules import CoalMineConfig, raid_loot

Mix = Sequence[Fraction | float | int]
"""Probabilities of a player's choices, in the order of the raid game's rows or columns."""


def recruit_draws(good: int, deck: int, draws: int, trials: int, rng: np.random.Generator, *,
                  good_discard: int = 0, discard: int = 0) -> Tally:
    """Cards of one kind among ``draws`` recruitment draws, in each of ``trials`` trials.

    The deck holds ``deck`` cards, ``good`` of them of the kind; once it is
    empty the discard pile (``discard`` cards, ``good_discard`` of the kind) is
    shuffled into a new deck; the draws stop when both are empty (the
    arguments of :func:`.odds.draw_distribution`).
    """
    if not (0 <= good <= deck and 0 <= good_discard <= discard and draws >= 0):
        raise ValueError("the piles hold 0 or more cards, at most as many of the kind as in all")
    out = []
    for m in chunks(trials):
        found = np.zeros(m, dtype=np.int64)
        to_draw = draws
        for size, kind in ((deck, good), (discard, good_discard)):  # the deck, then the reshuffled discards
            left = np.full(m, kind, dtype=np.int64)
            for t in range(min(to_draw, size)):
                hit = rng.integers(0, size - t, size=m) < left
                found += hit
                left -= hit
            to_draw -= min(to_draw, size)
        out.append(found)
    return Tally.of(np.concatenate(out))


@dataclass(frozen=True)
class RaidRounds:
    """The rounds of :func:`raid_rounds`: who chose what, and the raider's gain over the target's."""

    rows: tuple[str, ...]
    cols: tuple[str, ...]
    plays: Tally
    """Each round's pair of choices, as ``row * len(cols) + col``."""
    payoff: Tally
    """The raider's coal gain minus the target's, each round."""


def exact_mix(mix: Mix, n: int, who: str) -> list[Fraction]:
    """A mix as exact fractions (a float is read as the decimal it prints as: 0.3 is 3/10)."""
    fr = [Fraction(repr(p)) if isinstance(p, float) else Fraction(p) for p in mix]
    if len(fr) != n or any(p < 0 for p in fr) or sum(fr) != 1:
        raise ValueError(f"the {who}'s mix needs {n} probabilities >= 0 that add up to 1, not {list(mix)}")
    return fr


def _weights(mix: Mix, n: int, who: str) -> np.ndarray:
    """Whole-number weights of a mix (a common denominator: exact draws, as the rules' chance)."""
    fr = exact_mix(mix, n, who)
    den = math.lcm(*(p.denominator for p in fr))
    return np.cumsum([p.numerator * (den // p.denominator) for p in fr])


def raid_rounds(attack: int, defence: int, stock: int, trials: int, rng: np.random.Generator, *,
                raider: Mix | None = None, target: Mix | None = None, split: bool = False) -> RaidRounds:
    """``trials`` rounds of the raid game (:func:`.odds.raid_game`) with these mixes.

    ``raider`` / ``target``: probabilities of the rows / columns (all-or-nothing:
    ``(P(mine), P(attack))`` and ``(P(mine), P(defend))``; default: the exact
    equilibrium of :func:`.odds.raid_mix`). With ``split`` a choice is the
    number of helmets sent (then give both mixes).
    """
    rows, cols, matrix = raid_game(attack, defence, stock, split)
    if raider is None or target is None:
        if split:
            raise ValueError("give both mixes of the split raid game")
        p_attack, p_defend, _ = raid_mix(attack, defence, stock)
        raider = raider if raider is not None else (1 - p_attack, p_attack)
        target = target if target is not None else (1 - p_defend, p_defend)
    wr, wc = _weights(raider, len(rows), "raider"), _weights(target, len(cols), "target")
    table = np.array(matrix, dtype=np.int64)
    plays = []
    for m in chunks(trials):
        i = np.searchsorted(wr, rng.integers(0, wr[-1], size=m), side="right")
        j = np.searchsorted(wc, rng.integers(0, wc[-1], size=m), side="right")
        plays.append(i * len(cols) + j)
    played = np.concatenate(plays)
    return RaidRounds(rows, cols, Tally.of(played), Tally.of(table.ravel()[played]))


# --- the same trials, played by the rules (the reference) ---------------------------------


def recruit_by_engine(kind: str, draws: int, rng: np.random.Generator, deck: Mapping[str, int],
                      discard: Mapping[str, int] | None = None, config: CoalMineConfig | None = None) -> int:
    """One trial of :func:`recruit_draws` by the rules' recruitment: player 1 draws ``draws``
    cards from ``deck`` (then from ``discard``); how many were ``kind``."""
    game: Any = make("coal_mine", 2, config=config or CoalMineConfig())
    pile = tuple(deck.get(k, 0) for k in game.kinds)
    rest = tuple((discard or {}).get(k, 0) for k in game.kinds)
    s: Any = dataclasses.replace(game.initial_state(), phase="draw", deck=pile, discard=rest, turn=0, start=0,
                                 hands=((0,) * len(pile),) * 2, to_draw=(draws, 0))
    got = 0
    while s.phase == "draw" and s.turn == 0:
        outcome = sample_outcome(s.chance_outcomes(), rng)
        got += outcome[1] == kind
        s = s.apply(outcome)
    return got


def raid_by_engine(attack: int, defence: int, stock: int, rng: np.random.Generator,
                   raider: Mix, target: Mix) -> int:
    """One round of :func:`raid_rounds` (all-or-nothing): the choices drawn as the rules draw
    chance, the gain from the rules' raid (``raid_loot``)."""
    ks, js = (0, attack), (0, defence)
    k = sample_outcome([(x, p) for x, p in zip(ks, exact_mix(raider, 2, "raider")) if p], rng)
    j = sample_outcome([(x, p) for x, p in zip(js, exact_mix(target, 2, "target")) if p], rng)
    loot = raid_loot(k, j, stock)
    return int((attack - k + loot) - (defence - j - loot))


def simulate_recruit(draws: int, trials: int = 100_000, seed: int = 0, kind: str = "pipe", position: Any = None, *,
                     good: int | None = None, total: int | None = None) -> Proportion:
    """How often at least one ``kind`` card (a pipe-miner, by default) comes among ``draws`` cards
    recruited, over ``trials`` trials seeded by ``seed``: a frequency with its 95 % interval
    (``.ci95``). The piles as :func:`.odds.recruit_piles` reads them (a state, a view, or
    ``good=`` of ``total=``); :func:`.odds.p_at_least_one` is exact.

    >>> f = simulate_recruit(3, 100_000, seed=1, good=24, total=60)
    >>> round(f.frequency, 2)                       # exact 1 - C(36,3)/C(60,3) = 0.79
    0.79
    """
    good, deck, good_discard, discard = recruit_piles(kind, position, good, total)
    return recruit_draws(good, deck, draws, trials, np.random.default_rng(seed), good_discard=good_discard,
                         discard=discard).at_least(1)


def simulate_raid(attack: int, defence: int, stock: int, trials: int = 100_000, seed: int = 0, *,
                  raider: Mix | None = None, target: Mix | None = None) -> Tally:
    """The raider's coal gain over the target's in each of ``trials`` raids seeded by ``seed``,
    each side playing its mix (default: the equilibrium of :func:`.odds.raid_equilibrium`):
    ``.mean()`` is the mean gain with its 95 % interval, ``.frequency(v)`` how often a gain came.

    >>> round(simulate_raid(2, 2, 2, 100_000, seed=1).mean()[0], 1)      # the value: 1
    1.0
    """
    return raid_rounds(attack, defence, stock, trials, np.random.default_rng(seed), raider=raider,
                       target=target).payoff
