"""A game's own playout, compiled to C where it was built from the source as it is now.

``tools/compile_native.py`` (run by ``make install``) compiles a copy of the ``fast.py``
of the games in :data:`COMPILED` with mypyc, as ``fastc`` beside it, with the hash of
the source it was made from (``SOURCE_SHA256``). A game registers
:func:`fast_playout` of its folder: the compiled playout while that hash is the
hash of ``fast.py`` now (:class:`CompiledPlayout`, the source standing in where the
compiled code refuses a value's type), and ``fast.fast_playout`` itself otherwise
(nothing compiled, a source changed since, or ``MINEEDU_PURE_PYTHON=1`` in the
environment). Both play the very same games: ``tests/*/test_fast.py`` hold the one
in use to the engine, ``tests/core/test_compiled.py`` the other too. Only the games not yet
played on their kernel (:mod:`mineedu.core.kernel`) have a ``fast.py``.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

GAMES = Path(__file__).resolve().parent.parent / "games"
COMPILED = tuple(sorted(p.parent.name for p in GAMES.glob("*/fast.py")))
"""The games with a playout of their own (``fast.py``), which ``tools/compile_native.py`` compiles: the
games not yet played on their rules' kernel (:mod:`mineedu.core.kernel`). Figures: ``docs/performance.md``."""
PURE = "MINEEDU_PURE_PYTHON"
"""Set to ``1`` in the environment: every game plays its ``fast.py`` source, compiled or not."""


def file_hash(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex: what a compiled copy keeps of its source."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def source_hash(package: str) -> str | None:
    """:func:`file_hash` of ``<package>/fast.py`` as it is on disk (``None``: no such file)."""
    spec = importlib.util.find_spec(f"{package}.fast")
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None
    return file_hash(Path(spec.origin))


def compiled_module(package: str) -> ModuleType | None:
    """``<package>.fastc`` if it is built and was built from ``fast.py`` as it is now, else ``None``
    (with a warning if it is built from another version of the source)."""
    if os.environ.get(PURE, "") not in ("", "0"):
        return None
    if importlib.util.find_spec(f"{package}.fastc") is None:
        return None
    module = importlib.import_module(f"{package}.fastc")
    if getattr(module, "SOURCE_SHA256", None) != source_hash(package):
        warnings.warn(f"{package}: the compiled playout was built from another fast.py; playing the source "
                      "(make install compiles it again)", RuntimeWarning, stacklevel=2)
        return None
    return module


def playout_module(package: str) -> ModuleType:
    """The module of the playout a game plays: the compiled copy if it is current, else the source."""
    return compiled_module(package) or importlib.import_module(f"{package}.fast")


class CompiledPlayout:
    """A game's ``Hooks.fast_playout`` when its compiled copy is current: the compiled playout, and the
    source's where the compiled one refuses the values it is given. Compiled code checks the types the
    source declares (a config that holds lists where it declares tuples, as a config built by hand in a
    notebook may): where it raises ``TypeError`` the source plays that seating, or that game, from the
    generator as it was (the same game: the source plays what the engine plays). An error the source
    makes too is raised as it is."""

    def __init__(self, compiled: Callable[..., Any], source: Callable[..., Any]) -> None:
        self.compiled = compiled
        self.source = source
        self.__module__ = compiled.__module__  # where the playout comes from, for whoever asks

    def __call__(self, game: Any, seats: tuple[str | None, ...]) -> Callable[[Any], Any] | None:
        try:
            run = self.compiled(game, seats)
        except TypeError:
            return self.source(game, seats)  # type: ignore[no-any-return]
        if run is None:
            return None
        source = self.source

        def guarded(rng: Any) -> Any:
            before = rng.bit_generator.state
            try:
                return run(rng)
            except TypeError:
                rng.bit_generator.state = before
                again = source(game, seats)
                if again is None:  # pragma: no cover - the source takes what the compiled copy takes
                    raise
                return again(rng)

        return guarded


def fast_playout(package: str) -> Callable[..., Any]:
    """What a game registers as ``Hooks.fast_playout``: :class:`CompiledPlayout` if its compiled copy is
    current (:func:`compiled_module`), else ``fast.fast_playout`` itself."""
    source = importlib.import_module(f"{package}.fast")
    module = compiled_module(package)
    if module is None:
        return source.fast_playout  # type: ignore[no-any-return]
    return CompiledPlayout(module.fast_playout, source.fast_playout)
