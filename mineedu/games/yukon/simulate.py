"""Gold am Yukon's die, simulated many turns at once (numpy): a 1 rolls again, added.

:func:`pips` throws one turn's die in every trial (D14/D15: a throw of the
re-roll face adds its pips and throws again, up to the safety cap of
``max_rolls`` throws); :func:`turns_to_collect` counts the turns until the pips
add up to what a team needs (the setup's pawns, the steps to a ring).
:mod:`.odds` computes both exactly; :func:`pips_by_engine` throws one turn
through the rules engine (slow: the reference for the tests and the benchmark).

>>> import numpy as np
>>> t = pips(200_000, np.random.default_rng(1))
>>> round(t.mean()[0], 1), t.count(1)          # E = 21/5 = 4.2; a turn never gives 1 pip
(4.2, 0)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from mineedu.core import make, sample_outcome
from mineedu.core.trials import CHUNK, Tally

from .odds import the_die
from .rules import YukonConfig


def _turn_pips(m: int, rng: np.random.Generator, cfg: YukonConfig) -> np.ndarray:
    """One turn's pips in each of ``m`` trials."""
    throw = rng.integers(1, cfg.sides + 1, size=m)
    total = throw.copy()
    again = np.flatnonzero(throw == cfg.reroll) if cfg.reroll else np.empty(0, dtype=np.int64)
    rolls = 1
    while again.size and rolls < cfg.max_rolls:  # the last throw allowed never throws again
        throw = rng.integers(1, cfg.sides + 1, size=again.size)
        total[again] += throw
        again = again[throw == cfg.reroll]
        rolls += 1
    return total


def _config(config: YukonConfig | None) -> YukonConfig:
    cfg = config or YukonConfig()
    cfg.validate(3)
    return cfg


def turn_pips(trials: int, rng: np.random.Generator, config: YukonConfig | None = None) -> np.ndarray:
    """One turn's pips in each of ``trials`` trials, trial by trial, in order (a lesson's
    running mean needs them so); :func:`pips` tallies the same throws."""
    cfg = _config(config)
    if trials < 1:
        raise ValueError(f"trials must be at least 1, not {trials}")
    return np.concatenate([_turn_pips(min(CHUNK, trials - s), rng, cfg) for s in range(0, trials, CHUNK)])


def pips(trials: int, rng: np.random.Generator, config: YukonConfig | None = None) -> Tally:
    """One turn's pips in each of ``trials`` trials (``config``: the die, its re-roll face, the cap)."""
    return Tally.of(turn_pips(trials, rng, config))


def turns_to_collect(need: int, trials: int, rng: np.random.Generator, config: YukonConfig | None = None) -> Tally:
    """How many turns until the pips add up to ``need`` or more (as :func:`.odds.turns_to_collect`)."""
    cfg = _config(config)
    if trials < 1:
        raise ValueError(f"trials must be at least 1, not {trials}")
    out = []
    for start in range(0, trials, CHUNK):
        m = min(CHUNK, trials - start)
        have = np.zeros(m, dtype=np.int64)
        turns = np.zeros(m, dtype=np.int64)
        live = np.arange(m) if need > 0 else np.arange(0)
        while live.size:
            have[live] += _turn_pips(live.size, rng, cfg)
            turns[live] += 1
            live = live[have[live] < need]
        out.append(turns)
    return Tally.of(np.concatenate(out))


def pips_by_engine(rng: np.random.Generator, config: YukonConfig | None = None) -> int:
    """One turn's pips thrown by the rules: the first throw of a fresh 3-player game."""
    s: Any = make("yukon", 3, config=_config(config)).initial_state()
    while not s.is_chance():  # each player puts a first pawn on a start space
        s = s.apply(s.legal_actions()[0])
    while s.is_chance():
        s = s.apply(sample_outcome(s.chance_outcomes(), rng))
    return int(s.pips)


def _die_config(die: Any, sides: int, reroll: int) -> YukonConfig:
    """The config whose die is simulated: ``die``'s (a game, a state, a view or a config), or the numbers'."""
    if die is None:
        the_die(None, sides, reroll)  # a clear error for a die that cannot be
        return _config(YukonConfig(sides=sides, reroll=reroll))
    the_die(die)
    return _config(getattr(getattr(die, "game", die), "config", die))


def simulate_pips(trials: int = 100_000, seed: int = 0, *, die: Any = None, sides: int = 6, reroll: int = 1) -> Tally:
    """One turn's pips thrown in each of ``trials`` trials seeded by ``seed``: every value's
    frequency with its 95 % interval (``t[7]`` is a :class:`~mineedu.core.trials.Proportion`,
    ``t.at_least(5)`` too) and the mean with its interval (``t.mean()``). The die: ``die``
    (a game, a state, a view or a config) or ``sides`` and ``reroll``; :func:`.odds.pip_distribution`
    is exact.

    >>> t = simulate_pips(100_000, seed=1)
    >>> round(t.mean()[0], 1), round(t[2].frequency, 2), t.count(1)     # 21/5; 1/6; never 1 pip
    (4.2, 0.17, 0)
    """
    return pips(trials, np.random.default_rng(seed), _die_config(die, sides, reroll))


def simulate_turns(need: int, trials: int = 100_000, seed: int = 0, *, die: Any = None, sides: int = 6,
                   reroll: int = 1) -> Tally:
    """How many turns until the pips add up to ``need`` (the 12 pawns of the setup), in each of
    ``trials`` trials seeded by ``seed``, tallied as :func:`simulate_pips` (:func:`.odds.turns_to_collect`
    is exact).

    >>> t = simulate_turns(2, 1000, seed=1)
    >>> t.frequency(1)                 # a turn gives 2 pips or more
    1.0
    """
    if not isinstance(need, int) or need < 0:
        raise ValueError(f"need is a whole number of pips >= 0, not {need!r}")
    return turns_to_collect(need, trials, np.random.default_rng(seed), _die_config(die, sides, reroll))
