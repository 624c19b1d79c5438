"""Playing games: sampling chance, letting bots move, whole playouts."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from .game import CHANCE, SIMULTANEOUS, TERMINAL, Action, Bot, RandomBot, State


def sample_outcome(outcomes: Sequence[tuple[Action, Fraction]], rng: np.random.Generator) -> Action:
    """Draw one chance outcome with exactly its probability.

    The probabilities are brought to a common denominator and one integer is
    drawn, so no floating-point rounding biases the draw.
    """
    if len(outcomes) == 1:
        return outcomes[0][0]
    den = math.lcm(*(p.denominator for _, p in outcomes))
    weights = [p.numerator * (den // p.denominator) for _, p in outcomes]
    r = int(rng.integers(sum(weights)))
    for (o, _), w in zip(outcomes, weights):
        if r < w:
            return o
        r -= w
    raise AssertionError("probabilities do not sum to 1")  # pragma: no cover


def bot_step(state: State, bots: Sequence[Bot | None], rng: np.random.Generator) -> tuple[State, list[tuple[int, Action]]]:
    """Advance ``state`` through chance and bot moves until a human (``None`` bot) must act.

    Returns the new state and the ``(player, action)`` moves made (player
    :data:`CHANCE` for chance), so a board can show and record them.
    """
    moves: list[tuple[int, Action]] = []
    while True:
        cp = state.current_player()
        if cp == TERMINAL:
            return state, moves
        if cp == CHANCE:
            a = sample_outcome(state.chance_outcomes(), rng)
            state = state.apply(a, check=False)
            moves.append((CHANCE, a))
            continue
        movers = state.players_to_move()
        bot_movers = [p for p in movers if bots[p] is not None]
        if not bot_movers:
            return state, moves
        p = bot_movers[0]
        legal = state.legal_actions(p)
        a = bots[p].act(state.observation(p), legal, rng)  # type: ignore[union-attr]
        state = state.apply(a, player=p if cp == SIMULTANEOUS else None)
        moves.append((p, a))


def playout(
    state: State,
    bots: Sequence[Bot],
    rng: np.random.Generator,
    *,
    record: list[tuple[int, Action]] | None = None,
    max_moves: int | None = None,
) -> State:
    """Play ``state`` to the end with one bot per seat; return the final state.

    Bots' actions are checked (an illegal bot move raises); chance is sampled
    with :func:`sample_outcome`.
    """
    limit = max_moves if max_moves is not None else state.game.max_moves()
    n = 0
    while True:
        cp = state.current_player()
        if cp == TERMINAL:
            return state
        n += 1
        if n > limit:
            raise RuntimeError(f"{state.game.name}: no end after {limit} moves")
        if cp == CHANCE:
            a = sample_outcome(state.chance_outcomes(), rng)
            state = state.apply(a, check=False)
            p = CHANCE
        else:
            p = state.players_to_move()[0]
            a = bots[p].act(state.observation(p), state.legal_actions(p), rng)
            state = state.apply(a, player=p)
        if record is not None:
            record.append((p, a))


def wilson_interval(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (good near 0 and 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def mean_interval(values: Sequence[float], z: float = 1.959963984540054) -> tuple[float, float, float]:
    """Mean and 95% normal-approximation interval ``(mean, low, high)``."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = math.fsum(values) / n
    if n == 1:
        return (m, m, m)
    var = math.fsum((v - m) ** 2 for v in values) / (n - 1)
    h = z * math.sqrt(var / n)
    return (m, m - h, m + h)


def tournament(
    game: Any,
    bot_specs: Sequence[str],
    games: int,
    seed: int,
    *,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` seeded games; seats rotate so each spec plays every seat equally.

    Returns per spec (in the order given) the mean of each metric of
    :meth:`Game.metrics` with a 95% interval (Wilson for 0/1 metrics such as
    ``win`` and ``escaped``). Identical arguments give an identical result.
    """
    auto = set(game.auto_seats())
    seats = [p for p in range(game.num_players) if p not in auto]  # seats a bot plays
    n = len(seats)
    if len(bot_specs) == 1:
        bot_specs = list(bot_specs) * n
    if len(bot_specs) != n:
        from .errors import ConfigError

        raise ConfigError(f"give one bot per player ({n}) or a single bot for all, not {len(bot_specs)}")
    bots = [game.make_bot(s) for s in bot_specs]
    idle = RandomBot()  # sits on the rules' own seats, where it is never asked to act
    children = np.random.SeedSequence(seed).spawn(games)
    per_spec: list[dict[str, list[float]]] = [{} for _ in bot_specs]
    for g in range(games):
        rng = np.random.default_rng(children[g])
        spec_at = {seat: (i + g) % n for i, seat in enumerate(seats)}  # rotate specs over the seats
        table = [bots[spec_at[p]] if p in spec_at else idle for p in range(game.num_players)]
        final = playout(game.initial_state(), table, rng)
        for seat, k in spec_at.items():
            for key, v in game.metrics(final, seat).items():
                per_spec[k].setdefault(key, []).append(float(v))
        if progress is not None:
            progress(g + 1)
    results = []
    for spec, metrics in zip(bot_specs, per_spec):
        row: dict[str, Any] = {"bot": spec}
        for key, vals in metrics.items():
            m, lo, hi = mean_interval(vals)
            if all(v in (0.0, 1.0) for v in vals) or key == "win":
                lo, hi = wilson_interval(math.fsum(vals), len(vals))
            row[key] = {"mean": round(m, 6), "ci95": [round(lo, 6), round(hi, 6)]}
        results.append(row)
    return {"game": game.name, "players": game.num_players, "games": games, "seed": seed, "bots": results}
