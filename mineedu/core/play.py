"""Playing games: one loop that yields every event once.

:func:`play` is the only loop that moves a game forward. It samples chance,
asks bots, and yields one :class:`Event` per move (who moved, what, the state
before and after, and a bot's reason). Everything else is derived from it:
:func:`playout` (a whole game with bots), :func:`bot_step` (chance and bots until
a human must choose), :func:`tournament`, a board's session and the start
page's pictures. A seat without a bot (``None``) is a player who moves from
elsewhere (a human at this board, or later a player in another browser): the
loop stops when such a seat must choose, and goes on from the state after
their move.

>>> from tests.core.toy import ToyGame
>>> import numpy as np
>>> events = list(play(ToyGame(2).initial_state(), [RandomBot(), RandomBot()], np.random.default_rng(1)))
>>> events[-1].after.is_terminal(), events[0].player
(True, 0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from .errors import ConfigError
from .game import Game, RandomBot, State, build
from .i18n import LANGS
from .protocol import CHANCE, TERMINAL, Action, Bot
from .protocol import Words as Words

_WEIGHTS: dict[int, tuple[Sequence[tuple[Action, Fraction]], list[int], int]] = {}
"""Whole-number weights of outcome tuples seen lately, by ``id`` (the tuple is kept, so its id stays its own)."""


def _weights(outcomes: Sequence[tuple[Action, Fraction]]) -> tuple[list[int], int]:
    """The probabilities over their common denominator, and that denominator (the total)."""
    hit = _WEIGHTS.get(id(outcomes))
    if hit is not None and hit[0] is outcomes:
        return hit[1], hit[2]
    den = math.lcm(*(p.denominator for _, p in outcomes))
    weights = [p.numerator * (den // p.denominator) for _, p in outcomes]
    total = sum(weights)
    if type(outcomes) is tuple:  # immutable: rules that cache their outcome tuples draw quicker
        if len(_WEIGHTS) >= 1 << 15:
            _WEIGHTS.clear()
        _WEIGHTS[id(outcomes)] = (outcomes, weights, total)
    return weights, total


def sample_outcome(outcomes: Sequence[tuple[Action, Fraction]], rng: np.random.Generator) -> Action:
    """Draw one chance outcome with exactly its probability.

    The probabilities are brought to a common denominator and one integer is
    drawn, so no floating-point rounding biases the draw.
    """
    if len(outcomes) == 1:
        return outcomes[0][0]
    weights, total = _weights(outcomes)
    r = int(rng.integers(total))
    for (o, _), w in zip(outcomes, weights, strict=True):
        if r < w:
            return o
        r -= w
    raise AssertionError("probabilities do not sum to 1")  # pragma: no cover


@dataclass(frozen=True)
class Event:
    """One move: who made it (a seat, or :data:`CHANCE`), what, the states around it,
    and the bot's reason (``{"fr": ..., "en": ...}``) when a bot made it and said why."""

    player: int
    action: Action
    before: State
    after: State
    reason: Words | None = None


def bot_reason(bot: Bot, obs: Any, action: Action) -> Words | None:
    """The bot's reason for ``action`` in every language, or ``None`` if it gives none."""
    texts = {lang: bot.why(obs, action, lang) for lang in LANGS}
    if not all(texts.values()):
        return None
    return {lang: str(t) for lang, t in texts.items()}


def play(
    state: State,
    seats: Sequence[Bot | None],
    rng: np.random.Generator,
    *,
    explain: bool = False,
    max_moves: int | None = None,
) -> Iterator[Event]:
    """Yield each move from ``state`` on, once, until the game ends or a seat
    without a bot (``None``) must choose.

    Chance is sampled with :func:`sample_outcome`; each bot acts on its own
    observation and its action is checked by the rules (an illegal bot move
    raises). At a simultaneous node the bots still owing a choice commit in seat
    order. With ``explain`` each bot event carries the bot's reason.
    ``max_moves`` bounds the number of events (default: the game's
    ``max_moves()``); past it a ``RuntimeError`` says the game did not end.
    """
    limit = max_moves if max_moves is not None else state.game.max_moves()
    n = 0
    while True:
        cp = state.current_player()
        if cp == TERMINAL:
            return
        if cp == CHANCE:
            action = sample_outcome(state.chance_outcomes(), rng)
            player, after, reason = CHANCE, state.apply(action, check=False), None
        else:
            for player in state.players_to_move():  # the first seat with a bot that owes a choice
                bot = seats[player]
                if bot is not None:
                    break
            else:
                return
            obs = state.observation(player)
            legal = state.legal_actions(player)
            action = bot.act(obs, legal, rng)
            for a in legal:
                if a is action:  # one of the rules' own legal actions: nothing to check
                    after = state.apply(action, player=player, check=False)
                    break
            else:
                after = state.apply(action, player=player)
            reason = bot_reason(bot, obs, action) if explain else None
        n += 1
        if n > limit:
            raise RuntimeError(f"{state.game.name}: no end after {limit} moves")
        yield build(Event, player=player, action=action, before=state, after=after, reason=reason)
        state = after


def playout(
    state: State,
    bots: Sequence[Bot],
    rng: np.random.Generator,
    *,
    record: list[tuple[int, Action]] | None = None,
    max_moves: int | None = None,
) -> State:
    """Play ``state`` to the end with one bot per seat; return the final state
    (``record`` collects the ``(player, action)`` moves, chance as :data:`CHANCE`)."""
    for event in play(state, bots, rng, max_moves=max_moves):
        state = event.after
        if record is not None:
            record.append((event.player, event.action))
    return state


def bot_step(state: State, bots: Sequence[Bot | None], rng: np.random.Generator) -> tuple[State, list[tuple[int, Action]]]:
    """Advance ``state`` through chance and bot moves until a seat without a bot must act.

    Returns the new state and the ``(player, action)`` moves made.
    """
    moves = []
    for event in play(state, bots, rng):
        state = event.after
        moves.append((event.player, event.action))
    return state, moves


def outcomes_after(state: State, action: Action, player: int | None = None) -> list[tuple[State, Fraction]]:
    """Every position ``action`` can lead to before the next decision, with its exact
    probability: the chance events that follow it, enumerated by the rules.

    What a player risks by a choice is then a sum over these positions (the
    board's "P(I am burned if I explore now)").

    >>> from tests.core.toy import ToyGame
    >>> [(s.points, p) for s, p in outcomes_after(ToyGame(2).initial_state(), "draw")]
    [((1, 0), Fraction(3, 5)), ((0, 0), Fraction(2, 5))]
    """
    out: list[tuple[State, Fraction]] = []
    first = state.apply(action, player=player)
    if not first.is_chance():
        return [(first, Fraction(1))]
    stack = [(first.apply(o, check=False), q) for o, q in reversed(first.chance_outcomes())]
    while stack:
        s, p = stack.pop()
        if s.is_chance():
            stack.extend((s.apply(o, check=False), p * q) for o, q in reversed(s.chance_outcomes()))
        else:
            out.append((s, p))
    return out


def first_decision(state: State, rng: np.random.Generator) -> State:
    """The first state from ``state`` where a player must choose (chance sampled on the way)."""
    for event in play(state, [None] * state.game.num_players, rng):
        state = event.after
    return state


def wilson_interval(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (good near 0 and 1).

    With no success its low end is exactly 0, with every trial a success its high end
    exactly 1 (the formula's value, which floating point would miss by 1e-16 and a page
    would show as "> 99 %" beside a frequency of 100 %).
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (0.0 if successes <= 0 else max(0.0, c - h), 1.0 if successes >= n else min(1.0, c + h))


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


GameMetrics = list[tuple[int, dict[str, float]]]
"""One game of a tournament: ``(spec index, metrics)`` for each seat a bot played, in seat order."""


def tournament(
    game: Game,
    bot_specs: Sequence[str],
    games: int,
    seed: int,
    *,
    progress: Callable[[int], None] | None = None,
    fast: bool = True,
) -> dict[str, Any]:
    """Play ``games`` seeded games; seats rotate so each spec plays every seat equally.

    Returns per spec (in the order given) the mean of each metric of
    :meth:`Game.metrics` with a 95% interval (Wilson for 0/1 metrics such as
    ``win`` and ``escaped``). Identical arguments give an identical result.
    Game ``g`` depends only on ``seed`` and ``g``, so the games may be played
    in separate processes (:func:`tournament_games`) and summed up with
    :func:`tournament_summary` to the same result. With ``fast`` (the default)
    a game with its own playout (``Hooks.fast_playout``) plays the games with
    it; ``fast=False`` plays every game through the rules engine, to the same result.
    """
    specs = tournament_specs(game, bot_specs)
    played = tournament_games(game, specs, seed, range(games), progress=progress, fast=fast)
    return tournament_summary(game, specs, games, seed, played)


def _bot_seats(game: Game) -> list[int]:
    auto = set(game.auto_seats())
    return [p for p in range(game.num_players) if p not in auto]  # seats a bot plays


def seated_bots(game: Game, seats: Sequence[str | None]) -> list[Bot | None] | None:
    """The bots a ``Hooks.fast_playout`` is handed ``seats`` for: one per seat, built as the game builds
    them (:meth:`Game.make_bot`), ``None`` on the rules' own seats (whatever spec sits there); or ``None``
    for a seating no playout can play (the wrong number of seats, a bot's seat without a spec, a bad spec)."""
    if len(seats) != game.num_players:
        return None
    auto = set(game.auto_seats())
    out: list[Bot | None] = []
    for p, spec in enumerate(seats):
        if p in auto:
            out.append(None)
            continue
        if spec is None:
            return None
        try:
            out.append(game.make_bot(spec))
        except ConfigError:
            return None
    return out


def tournament_specs(game: Game, bot_specs: Sequence[str]) -> list[str]:
    """One bot spec per seat a bot plays (a single spec plays every seat); a bad spec raises ``ConfigError``."""
    n = len(_bot_seats(game))
    if len(bot_specs) == 1:
        bot_specs = list(bot_specs) * n
    if len(bot_specs) != n:
        raise ConfigError(f"give one bot per player ({n}) or a single bot for all, not {len(bot_specs)}")
    for spec in bot_specs:
        game.make_bot(spec)
    return list(bot_specs)


def tournament_games(
    game: Game, bot_specs: Sequence[str], seed: int, which: range, *, progress: Callable[[int], None] | None = None,
    fast: bool = True,
) -> list[GameMetrics]:
    """The metrics of games ``which`` of the seeded tournament (``bot_specs`` from :func:`tournament_specs`).

    Game ``g`` is played with ``numpy.random.default_rng(SeedSequence(seed).spawn(g + 1)[g])``,
    the specs rotated ``g`` seats; ``progress`` is told how many games are done. With ``fast``
    the game's own playout plays the seatings it knows (see :func:`tournament`).
    """
    seats = _bot_seats(game)
    n = len(seats)
    bots = [game.make_bot(s) for s in bot_specs]
    idle = RandomBot()  # sits on the rules' own seats, where it is never asked to act
    own = game.hooks.fast_playout if fast else None
    runs: dict[tuple[str | None, ...], Callable[[np.random.Generator], State] | None] = {}
    out: list[GameMetrics] = []
    for done, g in enumerate(which, 1):
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(g,)))  # = SeedSequence(seed).spawn(...)[g]
        spec_at = {seat: (i + g) % n for i, seat in enumerate(seats)}  # rotate specs over the seats
        seating = tuple(bot_specs[spec_at[p]] if p in spec_at else None for p in range(game.num_players))
        if seating not in runs:
            runs[seating] = own(game, seating) if own is not None else None
        run = runs[seating]
        if run is not None:
            final = run(rng)
        else:
            table = [bots[spec_at[p]] if p in spec_at else idle for p in range(game.num_players)]
            final = playout(game.initial_state(), table, rng)
        out.append([(k, {key: float(v) for key, v in game.metrics(final, seat).items()}) for seat, k in spec_at.items()])
        if progress is not None:
            progress(done)
    return out


def tournament_summary(
    game: Game, bot_specs: Sequence[str], games: int, seed: int, played: Sequence[GameMetrics]
) -> dict[str, Any]:
    """The result of :func:`tournament` from the metrics of its games, in game order."""
    per_spec: list[dict[str, list[float]]] = [{} for _ in bot_specs]
    for record in played:
        for k, figures in record:
            for key, v in figures.items():
                per_spec[k].setdefault(key, []).append(v)
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
