"""A game's kernel (or its former playout, ``fast.py``) compiled to C where it pays, used only while it
was built from the source as it is now.

``tools/compile_fast.py`` (run by ``make install``) compiles a copy of the module named in
:data:`COMPILED` of each game with mypyc, as ``<module>c`` beside it (``kernelc``), with the
hash of the source it was made from (``SOURCE_SHA256``). The game takes its kernel from
:func:`kernel_module`: the compiled copy while that hash is the hash of the source now, and
the source itself otherwise (nothing compiled, a source changed since, or
``MINEEDU_PURE_PYTHON=1`` in the environment). Both are the same code: the same games
(``tests/core/test_compiled.py``). A game not yet played on its kernel registers
:func:`fast_playout` of its ``fast.py`` (:class:`CompiledPlayout`). Figures: ``docs/performance.md``.
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

COMPILED = {"coal_mine": "kernel", "silver_gold": "fast"}
"""The games whose code pays to compile, and which module of theirs (``docs/performance.md``); the others'
kernels stay pure Python."""
PURE = "MINEEDU_PURE_PYTHON"
"""Set to ``1`` in the environment: every game plays its source, compiled or not."""


def file_hash(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex: what a compiled copy keeps of its source."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def source_hash(package: str, name: str = "kernel") -> str | None:
    """:func:`file_hash` of ``<package>/<name>.py`` as it is on disk (``None``: no such file)."""
    spec = importlib.util.find_spec(f"{package}.{name}")
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None
    return file_hash(Path(spec.origin))


def compiled_module(package: str, name: str = "kernel") -> ModuleType | None:
    """``<package>.<name>c`` if it is built and was built from ``<name>.py`` as it is now, else ``None``
    (with a warning if it is built from another version of the source)."""
    if os.environ.get(PURE, "") not in ("", "0"):
        return None
    if importlib.util.find_spec(f"{package}.{name}c") is None:
        return None
    module = importlib.import_module(f"{package}.{name}c")
    if getattr(module, "SOURCE_SHA256", None) != source_hash(package, name):
        warnings.warn(f"{package}: the compiled {name} was built from another {name}.py; playing the source "
                      "(make install compiles it again)", RuntimeWarning, stacklevel=2)
        return None
    return module


def kernel_module(package: str) -> ModuleType:
    """The kernel a game plays on: the compiled copy if it is current, else the source."""
    return compiled_module(package) or importlib.import_module(f"{package}.kernel")


def playout_module(package: str) -> ModuleType:
    """The module of the playout a game plays (``fast.py``): the compiled copy if it is current, else the source."""
    return compiled_module(package, "fast") or importlib.import_module(f"{package}.fast")


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
    module = compiled_module(package, "fast")
    if module is None:
        return source.fast_playout  # type: ignore[no-any-return]
    return CompiledPlayout(module.fast_playout, source.fast_playout)
