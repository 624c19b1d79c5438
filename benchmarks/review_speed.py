"""Speed of the decision review (``mineedu.review``): a typical game of each game, reviewed whole.

    .venv/bin/python benchmarks/review_speed.py [--base DIR] [--games gold_mine,dragon_cave] [--jobs 2]
                                               [--seed 1] [--limit N]

For each game, one seeded game played by the lesson's bots (:func:`mineedu.review.bot_game`, the
players of the lesson's board), its first seat reviewed whole with the adaptive rollouts (until each
95 % interval is within ±5 points), ``decisions(jobs=J)``. Each review runs in a fresh process with
``PYTHONPATH`` set to a tree: this one, and with ``--base DIR`` also ``DIR`` (a copy of another
commit, e.g. ``git archive main | tar -x -C DIR``), the two side by side, interleaved game by game.
Prints per game and tree: the decisions (and how many are real choices), the rollouts played, the
review's wall seconds and CPU seconds (the process and its workers), the time to show one decision's
picture and exact figures (median and worst), and whether both trees played the same game. ``--limit
N`` reviews the first N decisions only (the line says so). It measures, it does not judge (no asserts);
the machine's load is printed first: on a shared machine figures drop when others run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

PLAYERS = {"gold_mine": 4, "dragon_cave": 3, "yukon": 3, "silver_gold": 2, "coal_mine": 3}
HERE = Path(__file__).resolve().parent.parent


def child(name: str, seed: int, jobs: int, limit: int | None) -> None:
    """One review, in this process (the tree is whatever ``PYTHONPATH`` imports): a JSON line."""
    import mineedu
    from mineedu.review import Review, bot_game

    saved = bot_game(mineedu.make(name, PLAYERS[name]), seed)
    review = Review(saved, 0)
    total = len(review)
    n = total if limit is None else min(limit, len(review))
    review.moves = review.moves[:n]
    shows, choices, options = [], 0, 0
    for k in range(n):
        t = time.perf_counter()
        opts = review.options(k)
        review.game.render_svg(review.events[review.moves[k]].before, 0, "fr")
        shows.append(time.perf_counter() - t)
        choices += len(opts) > 1
        options += len(opts)
    review = Review(saved, 0)
    review.moves = review.moves[:n]
    t0, c0 = time.perf_counter(), _cpu()
    decisions = review.decisions(jobs=jobs)
    wall, cpu = time.perf_counter() - t0, _cpu() - c0
    wins = [o.win.to_json() for d in decisions for o in d.options if o.win is not None]
    print(json.dumps({
        "tree": str(Path(mineedu.__file__).resolve().parent.parent), "decisions": n, "of": total,
        "choices": choices, "options": options, "rollouts": sum(w["rollouts"] for w in wins),
        "wall": wall, "cpu": cpu, "show_med": statistics.median(shows) if shows else 0.0,
        "show_max": max(shows, default=0.0), "game": hashlib.sha256(saved.dumps().encode()).hexdigest()[:10],
        "figures": hashlib.sha256(json.dumps(wins).encode()).hexdigest()[:10],
    }))


def _cpu() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def run(tree: Path, name: str, seed: int, jobs: int, limit: int | None) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    args = [sys.executable, str(Path(__file__).resolve()), "--child", name, "--seed", str(seed), "--jobs", str(jobs)]
    if limit is not None:
        args += ["--limit", str(limit)]
    out = subprocess.run(args, env=env, cwd=tree, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else f"exit {out.returncode}"}
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(PLAYERS))
    ap.add_argument("--base", type=Path, default=None, help="another tree, reviewed side by side")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.seed, args.jobs, args.limit)
        return
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; jobs={args.jobs}, seed {args.seed}")
    trees = [("here", HERE)] + ([("base", args.base.resolve())] if args.base is not None else [])
    head = ("game", "tree", "decisions", "choices", "rollouts", "wall s", "CPU s", "show med/max s", "game sha", "figures sha")
    print(" | ".join(head))
    for name in args.games.split(","):
        rows = []
        for label, tree in trees:
            r = run(tree, name, args.seed, args.jobs, args.limit)
            rows.append(r)
            if "error" in r:
                print(" | ".join((name, label, f"error: {r['error']}")), flush=True)
                continue
            n = f"{r['decisions']}" + ("" if r["decisions"] == r["of"] else f" of {r['of']}")
            print(" | ".join(str(c) for c in (
                name, label, n, r["choices"], r["rollouts"], f"{r['wall']:.1f}", f"{r['cpu']:.1f}",
                f"{r['show_med']:.3f}/{r['show_max']:.3f}", r["game"], r["figures"])), flush=True)
        if len(rows) == 2 and all("error" not in r for r in rows):
            a, b = rows
            print(f"{name}: base/here wall {float(b['wall']) / float(a['wall']):.1f}x, "
                  f"CPU {float(b['cpu']) / float(a['cpu']):.1f}x; same game: {a['game'] == b['game']}", flush=True)


if __name__ == "__main__":
    main()
