"""A game's hot modules compiled to C where the build is current, their Python source otherwise.

``tools/compile_native.py`` (run by ``make install``) compiles the modules a game names in
``Hooks.native`` (its kernel and its bots) with mypyc into one library beside their sources, and
writes ``native.sha256`` there: the hash of each source it was built from. Python imports an
extension module before a source of the same name; :class:`Guard`, first on ``sys.meta_path`` once
``mineedu`` is imported, sends the import to the source whenever the folder's build is not current:
a source changed since (the whole group then: its modules call each other natively), no hash file,
or ``MINEEDU_PURE_PYTHON=1``. Both are the same code and play the same games.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

GAMES = Path(__file__).resolve().parent.parent / "games"
PURE = "MINEEDU_PURE_PYTHON"
"""Set to ``1`` in the environment: every module is imported from its source, built or not."""
MANIFEST = "native.sha256"
"""In a game's folder: one line per compiled module, ``<module> <sha256 of its source>``."""


def file_hash(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pure() -> bool:
    """Whether ``MINEEDU_PURE_PYTHON`` asks for the sources."""
    return os.environ.get(PURE, "") not in ("", "0")


def extensions(folder: Path, module: str) -> list[Path]:
    """The extension files built for ``module`` in ``folder`` (``kernel.cpython-311-x86_64-linux-gnu.so``)."""
    return [folder / f"{module}{s}" for s in importlib.machinery.EXTENSION_SUFFIXES if (folder / f"{module}{s}").exists()]


def manifest(folder: Path) -> dict[str, str]:
    """``native.sha256`` of ``folder``: module -> the hash of the source it was built from (empty: none)."""
    try:
        lines = (folder / MANIFEST).read_text(encoding="ascii").splitlines()
    except (OSError, UnicodeDecodeError):
        return {}
    out = {}
    for line in lines:
        name, _, digest = line.partition(" ")
        if name and digest:
            out[name] = digest
    return out


@cache
def current(folder: Path) -> bool:
    """Whether ``folder``'s compiled modules were built from their sources as they are now (checked once a
    process: a source edited later is picked up by the next process)."""
    built = manifest(folder)
    return bool(built) and all((folder / f"{m}.py").exists() and file_hash(folder / f"{m}.py") == h
                               for m, h in built.items())


def compiled(module: ModuleType | str) -> bool:
    """Whether ``module`` (or the module of that name) runs as compiled code."""
    mod = sys.modules[module] if isinstance(module, str) else module
    return not str(getattr(mod, "__file__", "") or "").endswith(".py")


class Guard(importlib.abc.MetaPathFinder):
    """Sends ``mineedu.games.<game>.<module>`` to its source when an extension of it is built but not
    current (see the module docstring); otherwise leaves the import to Python's own finders."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        parts = fullname.split(".")
        if len(parts) != 4 or parts[0] != "mineedu" or parts[1] != "games":
            return None
        folder = GAMES / parts[2]
        source = folder / f"{parts[3]}.py"
        if not source.exists() or not extensions(folder, parts[3]):
            return None
        if not pure() and current(folder):
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def install() -> None:
    """Put one :class:`Guard` first on ``sys.meta_path`` (again: nothing more)."""
    if not any(isinstance(f, Guard) for f in sys.meta_path):
        sys.meta_path.insert(0, Guard())


try:
    from mypy_extensions import mypyc_attr as mypyc_attr  # bots decorate with a call to it: mypyc reads only that
except ImportError:  # pragma: no cover - no mypy here, so nothing compiled either: the decorator does nothing

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls

