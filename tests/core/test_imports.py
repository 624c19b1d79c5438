"""The import rules of ``docs/architecture.md``, read from the sources (every import, ``TYPE_CHECKING`` ones too).

* ``mineedu.core`` imports nothing of the games (but the registry their package, to find the folders) or the
  apps; ``core/protocol.py`` nothing of mineedu;
* a game folder imports no other game folder and nothing of the apps' widget layer (``mineedu.ui``): its
  ``lesson.py`` declares the lesson with :mod:`mineedu.core.lesson`, which the page (``mineedu.ui.lesson``) reads;
* a game's ``kernel.py`` (the one code applying a rule) imports nothing of mineedu but the folder's pure
  data (``board``, ``shapes``), and its ``rules.py`` nothing of the folder but the kernel and that data:
  the pictures, odds, bots, words, panels and lessons import the rules, never the other way round;
* and at run time: importing a game's lesson, the exploration helpers, the decision review or the command
  line loads no widget library (``ipywidgets``, ``anywidget``): those are the ``app`` extra's, for the pages.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import mineedu

ROOT = Path(mineedu.__file__).resolve().parent
GAMES = sorted(p for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists())
DATA = {"board", "cards", "shapes"}
"""A folder's pure data: names and numbers, no rule."""


def imports(path: Path, package: str) -> set[str]:
    """Every module ``path`` imports, absolute (``from . import x`` is ``<package>.x``)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                up = parts[: len(parts) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            if node.module is None or (node.level and not node.module):
                out.update(f"{base}.{a.name}" for a in node.names)
            else:
                out.add(base)
    return {m for m in out if m.startswith("mineedu")}


def test_the_reader_sees_every_kind_of_import():
    got = imports(ROOT / "games" / "yukon" / "__init__.py", "mineedu.games.yukon")
    assert {"mineedu.core", "mineedu.games.yukon.bots", "mineedu.games.yukon.kernel"} <= got


def test_the_core_imports_no_game_and_no_app():
    for path in (ROOT / "core").glob("*.py"):
        got = imports(path, "mineedu.core") - ({"mineedu.games"} if path.stem == "registry" else set())
        bad = {m for m in got if m.startswith(("mineedu.games", "mineedu.ui", "mineedu.serving"))}
        assert not bad, f"{path.name} imports {bad}"
    assert imports(ROOT / "core" / "protocol.py", "mineedu.core") == set()


@pytest.mark.parametrize("folder", GAMES, ids=[g.name for g in GAMES])
def test_a_game_folder_keeps_its_layers(folder):
    package = f"mineedu.games.{folder.name}"
    own = package + "."
    for path in folder.glob("*.py"):
        got = imports(path, package)
        others = {m for m in got if m.startswith("mineedu.games.") and not (m + ".").startswith(own)}
        assert not others, f"{path.name} imports another game: {others}"
        assert not {m for m in got if m.startswith("mineedu.ui")}, f"{path.name} imports the apps' layer"
        inside = {m[len(own):].split(".")[0] for m in got if m.startswith(own)}
        if path.stem == "kernel":
            assert got - {own + d for d in DATA} == set(), f"kernel.py imports {got}"
        if path.stem == "rules":
            assert inside <= DATA | {"kernel"}, f"rules.py imports {inside - DATA - {'kernel'}} of its folder"


WIDGETS = ("ipywidgets", "anywidget")
WIDGET_FREE = [f"mineedu.games.{g.name}.lesson" for g in GAMES] + ["mineedu.explore", "mineedu.review", "mineedu.cli"]
PROBE = """
import importlib, json, sys
widgets, found = {widgets!r}, {{}}
for name in {modules!r}:
    importlib.import_module(name)
    found[name] = [w for w in widgets if w in sys.modules]
importlib.import_module("mineedu.ui.lesson")  # the page itself does load them: the probe can see them
found["mineedu.ui.lesson"] = [w for w in widgets if w in sys.modules]
print(json.dumps(found))
"""


def test_a_lesson_spec_and_the_explore_helpers_load_no_widgets():
    """Each module imported in turn in a fresh process; after each, no widget library is loaded."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT.parent), os.environ.get("PYTHONPATH", "")])}
    code = PROBE.format(widgets=WIDGETS, modules=WIDGET_FREE)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env, check=True)
    found = json.loads(out.stdout)
    assert found.pop("mineedu.ui.lesson") == list(WIDGETS)
    assert found == {name: [] for name in WIDGET_FREE}
