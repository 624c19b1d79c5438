"""The games' modules compiled to C (``tools/compile_native.py``, ``mineedu.core.native``).

* Where this machine has a C compiler, ``make install`` has compiled every module a game names in
  ``Hooks.native`` from its source as it is now: a source edited since fails here (run ``make
  install`` again), never silently.
* A build that is not current (a source changed since), or ``MINEEDU_PURE_PYTHON=1``, imports the
  sources; the compiled modules and the sources play the very same games.
* The doctests of a compiled module run here, on its source (``conftest.py``: pytest cannot read
  them in the extension).
"""

from __future__ import annotations

import doctest
import importlib.util
import json
import os
import shutil
import subprocess
import sys

import pytest

import mineedu
from mineedu.core import native

HAS_CC = shutil.which("cc") is not None or shutil.which("gcc") is not None
NATIVE = [(g, m) for g in mineedu.game_names() for m in mineedu.core.game_class(g).hooks.native]


def test_every_game_names_its_kernel_and_bots():
    assert {g for g, _ in NATIVE} == set(mineedu.game_names())
    assert all(m in ("kernel", "bots") for _, m in NATIVE)


@pytest.mark.skipif(not HAS_CC, reason="no C compiler on this machine: the games are pure Python by design")
@pytest.mark.parametrize(("game", "module"), NATIVE)
def test_each_native_module_runs_compiled_from_its_source_as_it_is(game, module):
    if native.pure():
        pytest.skip(f"{native.PURE} is set: the sources run")
    name = f"mineedu.games.{game}.{module}"
    __import__(name)
    assert native.compiled(name), f"{name}: not compiled from its source as it is: run `make install`"


def _imported_from(code_before: str, env: dict[str, str]) -> dict[str, str]:
    """Where each native module is imported from, in a fresh process (after ``code_before``)."""
    code = (f"{code_before}\nimport json, sys, mineedu\nfor g in mineedu.game_names(): mineedu.make(g, 3)\n"
            f"print(json.dumps({{n: str(sys.modules[n].__file__) for n in {[f'mineedu.games.{g}.{m}' for g, m in NATIVE]!r}}}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env={**os.environ, **env})
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_pure_python_on_demand():
    files = _imported_from("", {native.PURE: "1"})
    assert all(f.endswith(".py") for f in files.values()), files


def test_a_build_that_is_not_current_is_never_imported():
    """As if every source had been edited since the build: each module comes from its source."""
    files = _imported_from("from mineedu.core import native; native.current = lambda folder: False", {native.PURE: "0"})
    assert all(f.endswith(".py") for f in files.values()), files


def test_a_build_is_current_only_while_every_source_of_its_group_is(tmp_path):
    folder = tmp_path / "game"
    folder.mkdir()
    for m in ("kernel", "bots"):
        (folder / f"{m}.py").write_text(f"X = '{m}'\n")
    lines = "".join(f"{m} {native.file_hash(folder / f'{m}.py')}\n" for m in ("kernel", "bots"))
    (folder / native.MANIFEST).write_text(lines)
    assert native.current.__wrapped__(folder)
    (folder / "bots.py").write_text("X = 'edited'\n")
    assert not native.current.__wrapped__(folder)  # the kernel alone would not do: they call each other
    (folder / native.MANIFEST).write_text("garbage")
    assert not native.current.__wrapped__(folder)
    (folder / native.MANIFEST).unlink()
    assert not native.current.__wrapped__(folder)


def _results(env: dict[str, str]) -> str:
    """A hash of each game's lesson tournament and 4-player benchmark results, in a fresh process."""
    code = """
import hashlib, json, sys
import mineedu
from mineedu.core import tournament
from mineedu.core.lesson import lesson_spec
sys.path.insert(0, "benchmarks")
from speed import TOURNAMENT_BOTS
out = []
for g in mineedu.game_names():
    t = lesson_spec(g).tournament
    out.append(repr(tournament(mineedu.make(g, t.players, **t.config), list(t.bots), 6, 3)))
    out.append(repr(tournament(mineedu.make(g, 4), TOURNAMENT_BOTS[g], 6, 4)))
print(hashlib.sha256("|".join(out).encode()).hexdigest())
"""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root,
                         env={**os.environ, **env})
    return out.stdout.strip().splitlines()[-1]


def test_compiled_and_pure_play_the_same_games():
    assert _results({native.PURE: "1"}) == _results({native.PURE: "0"})


def _source_doctests() -> list[doctest.DocTest]:
    """The doctests of every native module that runs compiled, read from its source (the package's other
    modules as they are)."""
    found = []
    for game, module in NATIVE:
        folder = native.GAMES / game
        if not native.extensions(folder, module):
            continue  # not built: --doctest-modules collects the source itself
        name = f"mineedu.games.{game}.{module}"
        spec = importlib.util.spec_from_file_location(name, folder / f"{module}.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)  # a module object of its own: sys.modules keeps the compiled one
        kept = sys.modules.get(name)
        sys.modules[name] = mod  # while the finder asks which module each function belongs to
        try:
            found += [t for t in doctest.DocTestFinder().find(mod, name, module=mod) if t.examples]
        finally:
            if kept is not None:
                sys.modules[name] = kept
    return found


DOCTESTS = _source_doctests()


@pytest.mark.parametrize("test", DOCTESTS, ids=[t.name for t in DOCTESTS])
def test_doctests_of_compiled_modules_on_their_source(test):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=lambda s: None)
    if result.failed:
        again = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        lines: list[str] = []
        again.run(test, out=lines.append)
        pytest.fail("".join(lines))


def test_the_compiled_modules_doctests_are_found():
    """Where anything is built, its doctests are here (a finder that found none would pass vacuously)."""
    if any(native.extensions(native.GAMES / g, m) for g, m in NATIVE):
        assert len(DOCTESTS) >= 5
