"""The compiled kernels and playouts (``tools/compile_fast.py``, ``mineedu.core.compiled``).

* Where this machine has a C compiler, ``make install`` has compiled the modules of
  ``COMPILED`` (Mine's kernel, Silver & Gold's playout) from their sources as they are
  now: a source edited since fails here (run ``make install`` again), never silently.
* A game plays its compiled copy only if it was built from the source as it is; a
  stale one warns and the source plays; ``MINEEDU_PURE_PYTHON=1`` plays the source.
* The copy a game does not use (the source, where the compiled one plays) plays the
  engine's games too: ``tests/*/test_kernel.py`` hold the one in use to the engine, this
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
from mineedu.core import compiled, tournament
from mineedu.core.compiled import COMPILED, PURE, kernel_module, playout_module
from mineedu.ui.lesson import lesson_spec
from tests.playout_check import assert_same_games

HAS_CC = shutil.which("cc") is not None or shutil.which("gcc") is not None
KERNELS = [g for g, module in COMPILED.items() if module == "kernel"]
PLAYOUTS = [g for g, module in COMPILED.items() if module == "fast"]


@pytest.mark.skipif(not HAS_CC, reason="no C compiler on this machine: the kernels are pure Python by design")
@pytest.mark.parametrize("name", sorted(COMPILED))
def test_the_compiled_copy_is_built_from_the_source_as_it_is(name):
    if os.environ.get(PURE, "") not in ("", "0"):
        pytest.skip(f"{PURE} is set: the sources play")
    package = f"mineedu.games.{name}"
    module = compiled.compiled_module(package, COMPILED[name])
    assert module is not None, f"{name}: no compiled {COMPILED[name]} built from its source as it is: run `make install`"
    assert module.__file__.endswith(".so")
    if COMPILED[name] == "kernel":
        assert importlib.import_module(f"{package}.rules").K is module
    else:
        hook = mineedu.make(name, 4).hooks.fast_playout
        assert isinstance(hook, compiled.CompiledPlayout) and hook.compiled is module.fast_playout


@pytest.mark.parametrize("name", sorted(COMPILED))
def test_a_stale_compiled_copy_is_never_used(monkeypatch, name):
    package = f"mineedu.games.{name}"
    which = COMPILED[name]
    if compiled.compiled_module(package, which) is None:
        pytest.skip("nothing compiled here")
    monkeypatch.setattr(compiled, "source_hash", lambda package, name="kernel": "0" * 64)  # as if it had changed
    with pytest.warns(RuntimeWarning, match=f"built from another {which}.py"):
        module = kernel_module(package) if which == "kernel" else playout_module(package)
    assert module is importlib.import_module(f"{package}.{which}")


def test_pure_python_on_demand():
    code = ("import mineedu, importlib; "
            f"print(','.join(importlib.import_module(f'mineedu.games.{{g}}.rules').K.__name__ for g in {KERNELS!r})); "
            f"print(','.join(mineedu.make(g, 4).hooks.fast_playout.__module__ for g in {PLAYOUTS!r}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, PURE: "1"}).stdout.split("\n")
    assert out[0] == ",".join(f"mineedu.games.{g}.kernel" for g in KERNELS)
    assert out[1] == ",".join(f"mineedu.games.{g}.fast" for g in PLAYOUTS)


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


@pytest.mark.parametrize("name", PLAYOUTS)
def test_the_playout_not_in_use_plays_the_engines_games_too(name):
    package = f"mineedu.games.{name}"
    source = importlib.import_module(f"{package}.fast")
    other = compiled.compiled_module(package, "fast") or source  # both are the source where nothing is compiled
    hook = mineedu.make(name, 4).hooks.fast_playout
    not_in_use = source if isinstance(hook, compiled.CompiledPlayout) else other
    for players, config, bots in _line_ups(name):
        game = mineedu.make(name, players, **config)
        for turn in range(len(bots)):
            turned = bots[turn:] + bots[:turn]
            assert assert_same_games(game, turned, range(100 * turn, 100 * turn + 12), recorded=1,
                                     hook=not_in_use.fast_playout) == 12


_TOURNAMENTS = """
import json, sys
import mineedu
from mineedu.core import tournament
for players, config, bots in json.loads(sys.argv[1]):
    game = mineedu.make(sys.argv[2], players, **config)
    for turn in range(len(bots)):
        print(repr(tournament(game, bots[turn:] + bots[:turn], 12, 100 + turn)))
"""


@pytest.mark.parametrize("name", KERNELS)
def test_the_kernel_not_in_use_plays_the_same_tournaments(name):
    """The source kernel (``MINEEDU_PURE_PYTHON=1``, in another process) and the one in use here give the
    same tournaments, each the engine's."""
    import json

    line_ups = _line_ups(name)
    out = subprocess.run([sys.executable, "-c", _TOURNAMENTS, json.dumps(line_ups), name], capture_output=True,
                         text=True, check=True, env={**os.environ, PURE: "1"}).stdout.splitlines()
    here = []
    for players, config, bots in line_ups:
        game = mineedu.make(name, players, **config)
        for turn in range(len(bots)):
            got = tournament(game, bots[turn:] + bots[:turn], 12, 100 + turn)
            assert got == tournament(game, bots[turn:] + bots[:turn], 12, 100 + turn, fast=False)
            here.append(repr(got))
    assert out == here


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
