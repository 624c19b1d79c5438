"""Speed of the decision review (``mineedu.review``): a typical game of each game, reviewed whole.

    .venv/bin/python benchmarks/review_speed.py [--games gold_mine,dragon_cave] [--jobs 1,2] [--limit N] [--seed 1]

For each game, one game played by the lesson's bots (:func:`mineedu.review.bot_game`, the
players of the lesson's board), its first seat reviewed with the adaptive rollouts (until each 95 %
interval is within ±5 points). Prints, per game: the seat's decisions (and how many are real choices),
the options, the rollouts played; the time to *show* a decision (its picture and its exact figures,
what the board draws at once: median and worst); the time of one decision's rollouts (median and
worst); the whole review's wall time with each ``--jobs`` (processes), and rollouts per second.
``--limit N`` reviews the first N decisions only (the figures say so). It measures, it does not judge
(no asserts); the machine's load is printed first: on a shared machine figures drop when others run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import mineedu
from mineedu.review import Review, bot_game

PLAYERS = {"gold_mine": 4, "dragon_cave": 3, "yukon": 3, "silver_gold": 2, "coal_mine": 3}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(PLAYERS))
    ap.add_argument("--jobs", default="1,2")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    head = ("game", "decisions", "choices", "options", "rollouts", "show med/max s", "rollouts med/max s",
            *(f"whole, jobs={j} s" for j in args.jobs.split(",")), "rollouts/s")
    print(" | ".join(head))
    for name in args.games.split(","):
        saved = bot_game(mineedu.make(name, PLAYERS[name]), args.seed)
        probe = Review(saved, 0)
        n = len(probe) if args.limit is None else min(args.limit, len(probe))
        shows, runs, options, choices = [], [], 0, 0
        for k in range(n):
            t = time.perf_counter()
            opts = probe.options(k)
            probe.game.render_svg(probe.events[probe.moves[k]].before, 0, "fr")
            shows.append(time.perf_counter() - t)
            options += len(opts)
            choices += len(opts) > 1
        rollouts = 0
        whole = []
        for j in (int(x) for x in args.jobs.split(",")):
            r = Review(saved, 0)
            r.moves = r.moves[:n]
            t = time.perf_counter()
            if j == 1:
                for k in range(n):
                    t1 = time.perf_counter()
                    r.decision(k)
                    runs.append(time.perf_counter() - t1)
            else:
                r.decisions(jobs=j)
            whole.append(time.perf_counter() - t)
            rollouts = sum(o.win.n for d in r.decisions() for o in d.options if o.win is not None)
        print(" | ".join(str(c) for c in (
            name, f"{n}{'' if n == len(probe) else f' of {len(probe)}'}", choices, options, rollouts,
            f"{statistics.median(shows):.3f}/{max(shows):.3f}",
            f"{statistics.median(runs):.2f}/{max(runs):.2f}" if runs else "-",
            *(f"{w:.1f}" for w in whole), f"{rollouts / whole[0]:.0f}")))


if __name__ == "__main__":
    main()
