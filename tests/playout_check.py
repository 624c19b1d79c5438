"""The check every game's tournament playout (``Hooks.fast_playout``: whole games on its kernel) must pass.

A game's ``Hooks.fast_playout`` plays tournaments without building a state per
move (:func:`mineedu.core.kernel.playout_hook`: the bots' ``choose`` on the
kernel). It is only right if it plays *the same games*: :func:`assert_same_games`
plays each seed once through :func:`mineedu.core.playout` with the real bots
(their ``act`` on each observation) and once through the game's playout, from two
generators made alike, and requires

* the same final state (``==`` on the state, every field of it), and
* the same generator state afterwards: the fast playout drew exactly the
  numbers the engine drew, no more, no fewer, so every later game of a seeded
  tournament stays the same too;
* on the first few seeds, the same calls on the generator, each with the same
  arguments (a :class:`Recorder` stands for it on both sides): the state alone
  would not tell ``integers(54)`` from ``integers(27)`` scaled by 2 (the same
  32 bits drawn, the same card once scaled, except on a rare rejection).

:func:`assert_same_tournament` checks that :func:`mineedu.core.tournament`
gives the same result with and without the game's playout. Each game's
``tests/<game>/test_kernel.py`` runs both over its bots, player counts and
variants; the known-answer tournaments (``tests/test_known_answers.py``) run
through the game's playout as well.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from mineedu.core import Game, RandomBot, playout, tournament


def seating(game: Game, specs: Sequence[str]) -> tuple[str | None, ...]:
    """One spec per seat, ``None`` on the rules' own seats (Mine's dummy), ``specs`` in the other seats' order."""
    auto = set(game.auto_seats())
    todo = iter(specs)
    return tuple(None if p in auto else next(todo) for p in range(game.num_players))


class Recorder:
    """Stands for a generator: writes down every call made on it, with its arguments, and makes it on a real one."""

    def __init__(self, seed: int) -> None:
        self._rng = np.random.default_rng(seed)
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def __getattr__(self, name: str) -> Any:
        real = getattr(self._rng, name)
        if not callable(real):
            return real

        def call(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, tuple(map(_plain, args)), {k: _plain(v) for k, v in kwargs.items()}))
            return real(*args, **kwargs)

        return call


def _plain(x: Any) -> Any:
    return int(x) if isinstance(x, np.integer) else x


def assert_same_games(game: Game, specs: Sequence[str], seeds: Iterable[int], recorded: int = 3,
                      hook: Callable[..., Any] | None = None) -> int:
    """Every seed gives the same final state and the same draws both ways, and the first ``recorded``
    seeds the same calls on the generator; returns how many games were compared. ``hook``: the fast
    playout to hold to the engine (the game's own, ``game.hooks.fast_playout``, unless given)."""
    seats = seating(game, specs)
    hook = hook or game.hooks.fast_playout
    assert hook is not None, f"{game.name} has no fast playout"
    run = hook(game, seats)
    assert run is not None, f"{game.name}: the fast playout refuses {seats} ({game.config})"
    bots = [RandomBot() if s is None else game.make_bot(s) for s in seats]
    n = 0
    for seed in seeds:
        engine_rng, fast_rng = np.random.default_rng(seed), np.random.default_rng(seed)
        want = playout(game.initial_state(), bots, engine_rng)
        got = run(fast_rng)
        where = f"{game.name}, {game.num_players} players, {game.config}, bots {seats}, seed {seed}"
        assert type(got) is type(want), where
        assert got == want, f"{where}: another final state\nengine: {want}\nfast:   {got}"
        assert fast_rng.bit_generator.state == engine_rng.bit_generator.state, f"{where}: other draws"
        if n < recorded:
            _assert_same_calls(game, bots, run, seed, where)
        n += 1
    return n


def _assert_same_calls(game: Game, bots: list[Any], run: Callable[[Any], Any], seed: int, where: str) -> None:
    engine, fast = Recorder(seed), Recorder(seed)
    want = playout(game.initial_state(), bots, engine)  # type: ignore[arg-type]
    assert run(fast) == want, f"{where}: another final state with a recorded generator"
    for k, (a, b) in enumerate(zip(engine.calls, fast.calls)):
        assert a == b, f"{where}: call {k} on the generator: the engine made {a}, the fast playout {b}"
    assert len(engine.calls) == len(fast.calls), f"{where}: {len(engine.calls)} calls by the engine, {len(fast.calls)} fast"



def assert_same_tournament(game: Game, specs: Sequence[str], games: int, seed: int) -> None:
    """A seeded tournament gives the same result through the fast playout and through the engine
    (and the fast playout plays every seating of it: the specs turn round the bots' seats)."""
    hook = game.hooks.fast_playout
    assert hook is not None
    for turn in range(len(specs)):
        turned = list(specs[-turn:]) + list(specs[:-turn]) if turn else list(specs)
        assert hook(game, seating(game, turned)) is not None, f"{game.name}: the fast playout refuses {turned}"
    assert tournament(game, specs, games, seed) == tournament(game, specs, games, seed, fast=False)
