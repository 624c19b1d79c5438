"""Compile the games' own playouts (``mineedu/games/<game>/fast.py``) to C with mypyc, where it pays.

    .venv/bin/python tools/compile_fast.py [--jobs N] [--clean]

``make install`` runs it. For each game of ``mineedu.core.compiled.COMPILED`` it copies ``fast.py`` to ``fastc.py``
beside it with one line added, ``SOURCE_SHA256 = "<the hash of fast.py>"``, compiles that copy
with mypyc (the same typed Python, as C: about 1.2 to 2 times the games a second, see
``benchmarks/speed.py``) and deletes the copy: what stays is ``fastc.*.so`` and
``fastc__mypyc.*.so`` beside ``fast.py`` (ignored by git), put in place by renaming (a
running server's kernels keep the ones they loaded). The game registers its playout with
:func:`mineedu.core.compiled.fast_playout`, which takes ``fastc`` only while its hash is that of
``fast.py`` as it is now, and ``fast`` itself otherwise: a compiled copy of an older source is
never used, and the source is the truth. No C compiler, or mypyc missing: it says so, and the
games play through ``fast.py``, the same games a little slower.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
from pathlib import Path

from mineedu.core.compiled import COMPILED, file_hash

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def _built(game: str) -> list[Path]:
    folder = ROOT / "mineedu" / "games" / game
    return sorted(folder.glob("fastc.*")) + sorted(folder.glob("fastc__mypyc.*"))


def clean() -> None:
    """Remove every compiled playout, also of a game that has no ``fast.py`` any more (it plays on its kernel)."""
    for folder in sorted((ROOT / "mineedu" / "games").iterdir()):
        if folder.is_dir():
            for path in _built(folder.name):
                path.unlink()


def compile_all(jobs: int) -> int:
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
    except ImportError as exc:  # pragma: no cover - mypy is a test dependency
        print(f"compile_fast: {exc}; the playouts stay pure Python", file=sys.stderr)
        return 0
    clean()  # none left of a game that plays on its kernel now (before the copies: they are fastc.py too)
    copies = []
    for game in COMPILED:
        folder = ROOT / "mineedu" / "games" / game
        src = folder / "fast.py"
        copy = folder / "fastc.py"
        text = src.read_text(encoding="utf-8")
        copy.write_text(f'{text}\nSOURCE_SHA256 = "{file_hash(src)}"\n', encoding="utf-8")
        copies.append(copy)
    try:
        paths = [str(p.relative_to(ROOT)) for p in copies]
        exts = mypycify(paths, opt_level="3", separate=True, target_dir=str(ROOT / "build" / "mypyc"))
        dist = Distribution({"name": "mineedu-fast", "ext_modules": exts})
        dist.script_name = "compile_fast"
        built = ROOT / "build" / "mypyc-lib"
        dist.script_args = ["build_ext", f"--parallel={jobs}", f"--build-lib={built}",
                            f"--build-temp={ROOT / 'build' / 'mypyc-temp'}"]
        dist.parse_command_line()
        dist.run_commands()
        for game in COMPILED:  # into place by renaming: a running kernel keeps the copy it has loaded
            for lib in sorted((built / "mineedu" / "games" / game).glob("fastc*" + SUFFIX)):
                dest = ROOT / "mineedu" / "games" / game / lib.name
                tmp = dest.with_name(dest.name + ".new")
                shutil.copy2(lib, tmp)
                os.replace(tmp, dest)
    except (Exception, SystemExit) as exc:  # no compiler, or a mypyc that cannot: pure Python it is
        print(f"compile_fast: not compiled ({exc}); the playouts stay pure Python", file=sys.stderr)
        clean()
        return 0
    finally:
        for copy in copies:
            copy.unlink(missing_ok=True)
    for game in COMPILED:
        print(f"compile_fast: {game}: " + ", ".join(p.name for p in _built(game)))
    return 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=2, help="C files compiled at once")
    ap.add_argument("--clean", action="store_true", help="remove the compiled playouts, then stop")
    args = ap.parse_args(argv)
    if args.clean:
        clean()
        return 0
    if shutil.which(sysconfig.get_config_var("CC").split()[0] if sysconfig.get_config_var("CC") else "cc") is None:
        print("compile_fast: no C compiler; the playouts stay pure Python", file=sys.stderr)
        return 0
    return compile_all(args.jobs)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
