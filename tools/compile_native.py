"""Compile each game's hot modules (``Hooks.native``: its kernel and its bots) to C with mypyc.

    .venv/bin/python tools/compile_native.py [--jobs N] [--clean] [--games a,b]

``make install`` runs it. For each registered game whose ``Hooks.native`` names modules, those
modules are compiled together, as one library (``mineedu.games.<game>.native__mypyc``: calls between
them are native), into extension modules beside their sources (``kernel.cpython-311-….so``; ignored
by git), put in place by renaming (a running server's kernels keep the ones they loaded); then
``native.sha256`` records the hash of each source they were built from. :mod:`mineedu.core.native`
imports them only while those hashes are the sources' (else the sources: the same code). No C
compiler, or mypyc missing: it says so, and everything runs as Python.
"""

from __future__ import annotations

import argparse
import importlib
import os
import shutil
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "mineedu" / "games"
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def _groups(only: set[str] | None) -> dict[str, tuple[str, ...]]:
    """game -> the modules its hooks name (the registered games that name some)."""
    import mineedu
    from mineedu.core.native import PURE

    os.environ[PURE] = "1"  # read the hooks from the sources, whatever is built
    out = {}
    for name in mineedu.game_names():
        if only is not None and name not in only:
            continue
        hooks = mineedu.core.game_class(name).hooks
        if hooks.native:
            out[name] = tuple(hooks.native)
    return out


def _built(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.endswith(SUFFIX) or p.name.endswith(".so"))


def clean(games: set[str] | None = None) -> None:
    """Remove the compiled modules and their hash files (of every game folder, or of ``games``)."""
    from mineedu.core.native import MANIFEST

    for folder in sorted(GAMES.iterdir()):
        if folder.is_dir() and (games is None or folder.name in games):
            (folder / MANIFEST).unlink(missing_ok=True)
            for path in _built(folder):
                path.unlink()


def compile_all(jobs: int, only: set[str] | None) -> int:
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
    except ImportError as exc:  # pragma: no cover - mypy is a test dependency
        print(f"compile_native: {exc}; the games stay pure Python", file=sys.stderr)
        return 0
    from mineedu.core.native import MANIFEST, file_hash

    groups = _groups(only)
    clean(set(groups) if only is not None else None)
    if not groups:
        return 0
    hashes = {g: {m: file_hash(GAMES / g / f"{m}.py") for m in mods} for g, mods in groups.items()}
    separate = [([f"mineedu/games/{g}/{m}.py" for m in mods], f"mineedu.games.{g}.native") for g, mods in groups.items()]
    built = ROOT / "build" / "mypyc-lib"
    shutil.rmtree(built, ignore_errors=True)  # only this build's libraries go into place (none of a deleted module)
    try:
        exts = mypycify([p for paths, _ in separate for p in paths], opt_level="3", separate=separate,
                        target_dir=str(ROOT / "build" / "mypyc"))
        dist = Distribution({"name": "mineedu-native", "ext_modules": exts})
        dist.script_name = "compile_native"
        dist.script_args = ["build_ext", f"--parallel={jobs}", f"--build-lib={built}",
                            f"--build-temp={ROOT / 'build' / 'mypyc-temp'}"]
        dist.parse_command_line()
        dist.run_commands()
    except (Exception, SystemExit) as exc:  # no compiler, or a mypyc that cannot: pure Python it is
        print(f"compile_native: not compiled ({exc}); the games stay pure Python", file=sys.stderr)
        clean(set(groups))
        return 0
    for game in sorted(groups):  # into place by renaming, then the hashes they were built from
        for lib in sorted((built / "mineedu" / "games" / game).glob("*" + SUFFIX)):
            dest = GAMES / game / lib.name
            tmp = dest.with_name(dest.name + ".new")
            shutil.copy2(lib, tmp)
            os.replace(tmp, dest)
        lines = "".join(f"{m} {h}\n" for m, h in hashes[game].items())
        (GAMES / game / MANIFEST).write_text(lines, encoding="ascii")
        print(f"compile_native: {game}: " + ", ".join(p.name.split(".")[0] for p in _built(GAMES / game)))
    importlib.invalidate_caches()
    return 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=2, help="C files compiled at once")
    ap.add_argument("--clean", action="store_true", help="remove the compiled modules, then stop")
    ap.add_argument("--games", default="", help="only these games (comma-separated; default every game)")
    args = ap.parse_args(argv)
    only = set(args.games.split(",")) if args.games else None
    if args.clean:
        clean(only)
        return 0
    cc = sysconfig.get_config_var("CC")
    if shutil.which(cc.split()[0] if cc else "cc") is None:
        print("compile_native: no C compiler; the games stay pure Python", file=sys.stderr)
        return 0
    return compile_all(args.jobs, only)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
