"""The compiled playouts (``tools/compile_fast.py``, ``mineedu.core.compiled``).

* Where this machine has a C compiler, ``make install`` has compiled the playouts of
  ``COMPILED`` from their sources as they are now: a source edited since fails here
  (run ``make install`` again), never silently.
* A game plays its compiled playout only if it was built from ``fast.py`` as it is; a
  stale one warns and the source plays; ``MINEEDU_PURE_PYTHON=1`` plays the source.
* The playout a game does not use (the source, where the compiled one plays) plays the
  engine's games too: ``tests/*/test_fast.py`` hold the one in use to the engine, this
  holds the other, on each lesson's tournament and the benchmark's line-up.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys

import pytest

import mineedu
from mineedu.core import compiled
from mineedu.core.compiled import COMPILED, PURE, playout_module
from mineedu.core.lesson import lesson_spec
from tests.playout_check import assert_same_games

HAS_CC = shutil.which("cc") is not None or shutil.which("gcc") is not None


@pytest.mark.skipif(not HAS_CC, reason="no C compiler on this machine: the playouts are pure Python by design")
@pytest.mark.parametrize("name", COMPILED)
def test_the_compiled_playout_is_built_from_the_source_as_it_is(name):
    if os.environ.get(PURE, "") not in ("", "0"):
        pytest.skip(f"{PURE} is set: the sources play")
    module = compiled.compiled_module(f"mineedu.games.{name}")
    assert module is not None, f"{name}: no compiled playout built from fast.py as it is: run `make install`"
    assert module.__file__.endswith(".so")
    hook = mineedu.make(name, 4).hooks.fast_playout
    assert isinstance(hook, compiled.CompiledPlayout) and hook.compiled is module.fast_playout


def test_a_stale_compiled_playout_is_never_used(monkeypatch):
    name = COMPILED[0]
    package = f"mineedu.games.{name}"
    if compiled.compiled_module(package) is None:
        pytest.skip("nothing compiled here")
    monkeypatch.setattr(compiled, "source_hash", lambda package: "0" * 64)  # as if fast.py had changed since
    with pytest.warns(RuntimeWarning, match="built from another fast.py"):
        module = playout_module(package)
    assert module is importlib.import_module(f"{package}.fast")


def test_pure_python_on_demand():
    code = ("import mineedu; print(','.join(mineedu.make(g, 4).hooks.fast_playout.__module__ "
            f"for g in {COMPILED!r}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, PURE: "1"}).stdout.strip()
    assert out == ",".join(f"mineedu.games.{g}.fast" for g in COMPILED)


def _line_ups(name):
    """(players, config, bots): the lesson's tournament and the benchmark's 4-player line-up."""
    spec = lesson_spec(name)
    t = spec.tournament
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))
    try:
        from speed import TOURNAMENT_BOTS
    finally:
        sys.path.pop(0)
    return [(t.players, dict(t.config), list(t.bots)), (4, {}, list(TOURNAMENT_BOTS[name]))]


@pytest.mark.parametrize("name", COMPILED)
def test_the_playout_not_in_use_plays_the_engines_games_too(name):
    package = f"mineedu.games.{name}"
    source = importlib.import_module(f"{package}.fast")
    other = compiled.compiled_module(package) or source  # both are the source where nothing is compiled
    hook = mineedu.make(name, 4).hooks.fast_playout
    not_in_use = source if isinstance(hook, compiled.CompiledPlayout) else other
    for players, config, bots in _line_ups(name):
        game = mineedu.make(name, players, **config)
        for turn in range(len(bots)):
            turned = bots[turn:] + bots[:turn]
            assert assert_same_games(game, turned, range(100 * turn, 100 * turn + 12), recorded=1,
                                     hook=not_in_use.fast_playout) == 12


def test_where_the_compiled_playout_refuses_its_values_the_source_plays_the_same_game():
    """``CompiledPlayout``: a ``TypeError`` from the compiled playout, when it is built or in the middle of
    a game after some draws, hands that seating or that game to the source, from the generator as it was."""
    import numpy as np

    def source(game, seats):
        def run(rng):
            return [int(rng.integers(6)) for _ in range(5)]
        return run

    def refuses_to_build(game, seats):
        raise TypeError("tuple object expected; got list")

    def refuses_mid_game(game, seats):
        def run(rng):
            rng.integers(6, size=3)  # some draws, then the values it cannot take
            raise TypeError("tuple object expected; got list")
        return run

    def fails_like_the_source(game, seats):
        def run(rng):
            raise ValueError("a bug")
        return run

    want_rng = np.random.default_rng(5)
    want = source(None, ())(want_rng)
    for compiled_one in (refuses_to_build, refuses_mid_game):
        rng = np.random.default_rng(5)
        run = compiled.CompiledPlayout(compiled_one, source)(None, ())
        assert run(rng) == want
        assert rng.bit_generator.state == want_rng.bit_generator.state
    with pytest.raises(ValueError, match="a bug"):
        compiled.CompiledPlayout(fails_like_the_source, source)(None, ())(np.random.default_rng(5))
    assert compiled.CompiledPlayout(lambda game, seats: None, source)(None, ()) is None


def test_a_config_holding_lists_plays_through_the_games_hook():
    """A cave config built by hand with its families as lists (the rules take them; the compiled playout,
    which checks the declared tuples, refuses them): the tournament plays, as the engine plays it."""
    from mineedu.core import tournament
    from mineedu.games.dragon_cave import Config, DragonCave

    game = DragonCave(3, config=Config(families=[[1, 2, 2], [5, 6], [9]]))  # type: ignore[arg-type]
    hook = game.hooks.fast_playout
    if isinstance(hook, compiled.CompiledPlayout):
        with pytest.raises(TypeError):
            hook.compiled(game, ("odds:0.5", "random", "greedy"))
    bots = ["odds:0.5", "random", "greedy"]
    assert tournament(game, bots, 9, 2) == tournament(game, bots, 9, 2, fast=False)
