"""The benchmark scripts (benchmarks/*.py) import: each is a script that prints figures, never run by
the tests, so an import broken by a change elsewhere (a helper renamed in a sibling script) would
otherwise show only when someone next measures."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.mark.parametrize("name", sorted(p.stem for p in BENCHMARKS.glob("*.py")))
def test_a_benchmark_script_imports_without_running(name, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    module = importlib.import_module(name)
    assert callable(getattr(module, "main", None)), f"benchmarks/{name}.py has no main()"
    sys.modules.pop(name, None)
