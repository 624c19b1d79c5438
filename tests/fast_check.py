"""The check every game's own playout (``mineedu/games/<game>/fast.py``) must pass.

A game's ``Hooks.fast_playout`` plays tournaments without the rules engine. It
is only right if it plays *the same games*: :func:`assert_same_games` plays each
seed once through :func:`mineedu.core.playout` with the real bots and once
through the fast playout, from two generators made alike, and requires

* the same final state (``==`` on the state, every field of it), and
* the same generator state afterwards: the fast playout drew exactly the
  numbers the engine drew, no more, no fewer, so every later game of a seeded
  tournament stays the same too.

:func:`assert_same_tournament` checks that :func:`mineedu.core.tournament`
gives the same result with and without the fast playout. Each game's
``tests/<game>/test_fast.py`` runs both over its bots, player counts and
variants; the known-answer tournaments (``tests/test_known_answers.py``) run
through the fast playout as well.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from mineedu.core import Game, RandomBot, playout, tournament


def seating(game: Game, specs: Sequence[str]) -> tuple[str | None, ...]:
    """One spec per seat, ``None`` on the rules' own seats (Mine's dummy), ``specs`` in the other seats' order."""
    auto = set(game.auto_seats())
    todo = iter(specs)
    return tuple(None if p in auto else next(todo) for p in range(game.num_players))


def assert_same_games(game: Game, specs: Sequence[str], seeds: Iterable[int]) -> int:
    """Every seed gives the same final state and the same draws both ways; returns how many games were compared."""
    seats = seating(game, specs)
    hook = game.hooks.fast_playout
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
        n += 1
    return n


def assert_same_tournament(game: Game, specs: Sequence[str], games: int, seed: int) -> None:
    """A seeded tournament gives the same result through the fast playout and through the engine
    (and the fast playout plays every seating of it: the specs turn round the bots' seats)."""
    hook = game.hooks.fast_playout
    assert hook is not None
    for turn in range(len(specs)):
        turned = list(specs[-turn:]) + list(specs[:-turn]) if turn else list(specs)
        assert hook(game, seating(game, turned)) is not None, f"{game.name}: the fast playout refuses {turned}"
    assert tournament(game, specs, games, seed) == tournament(game, specs, games, seed, fast=False)
