"""Collection rules for the whole tree: a module compiled to C (``mineedu.core.native``) is imported as
its extension, so ``--doctest-modules`` cannot read it; its doctests run on its Python source in
``tests/core/test_native.py`` instead."""

from __future__ import annotations

from pathlib import Path

from mineedu.core import native


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    path = Path(collection_path)
    if path.suffix == ".py" and path.parent.parent == native.GAMES and native.extensions(path.parent, path.stem):
        return True
    return None
