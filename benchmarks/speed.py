"""Speed of the engines, the simulators and ``mineedu simulate``, side by side in one run.

    .venv/bin/python benchmarks/speed.py [--quick] [--only engines,simulators,simulate]

Prints three tables; it measures, it does not judge (no asserts):

1. **Full games per second**, 4 players, each lesson's tournament bots, one
   core: with the *checked runner* (every move, chance included, applied
   through ``State.apply`` with every check, each bot handed its observation:
   how the engines were driven before), through the engine's play loop
   (:func:`mineedu.core.tournament` with ``fast=False``), and *now*, through
   :func:`mineedu.core.tournament` (what ``mineedu simulate`` and a lesson's
   tournament run: whole games on the game's kernel, ``Hooks.fast_playout``).
   Figures are per CPU second of this
   process (the fairer figure on a shared machine) and, for *now*, per wall
   second. *Now* is timed as the median of five blocks, one after the other,
   and the range of the five is printed: this machine's speed drifts by 10 to
   20 % from one minute to the next.
2. **Each vectorized simulator** (``mineedu/games/<game>/simulate.py``):
   trials per second against the rules engine playing the same trials one
   at a time (its ``*_by_engine`` function), and the ratio.
3. **``mineedu simulate``** wall times with ``--jobs 1`` and ``--jobs 2``
   (a fresh process each, as a teacher runs it).
5. **Against another tree** (``--against DIR --games gold_mine,...``): each game's
   benchmark line-up (table 1's bots) and its lesson's tournament, games per CPU
   second through :func:`mineedu.core.tournament` in this tree and in ``DIR`` (a
   checkout of another commit, built there with its own ``make install``), five
   blocks each, the two trees' blocks interleaved (a fresh process per block, so
   a drift of the machine hits both alike); the median of each and their ratio.
4. **Each lesson's heavy buttons** at their default size, kernel-side: the
   lesson built as its notebook builds it (``mineedu.ui.lesson.Lesson``), then
   its tournament's run button and each predict section's simulate button
   pressed (wall seconds of the Python behind the button; no browser).

The goals (issue 17): ≥ 300 games/s for Yukon and Silver & Gold, ≥ 1,500 for
the others; simulators ≥ 10^6 trials/s and ≥ 100× the engine;
``simulate gold_mine --games 10000 --jobs 2`` ≤ 5 s; every lesson button ≤ 2 s. ``--quick`` plays fewer
games and trials (a smoke run, noisier figures). The machine's load is
printed first: on a shared machine figures drop when others run.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from typing import Any

import numpy as np

import mineedu
from mineedu.core import CHANCE, TERMINAL, sample_outcome, tournament

TOURNAMENT_BOTS = {  # the lessons' tournament bots, 4 players
    "gold_mine": ["threshold:0.15", "threshold:0.3", "burn:0.2", "burn:0.4"],  # the lesson's (lesson.py)
    "dragon_cave": ["odds:0.5", "turnback:1", "turnback:2", "turnback:3"],
    "yukon": ["value-per-distance", "nearest-claim", "value-per-distance", "nearest-claim"],
    "silver_gold": ["greedy", "open", "greedy", "open"],
    "coal_mine": ["steady", "raider", "mix", "mix"],
}
GOALS = {"yukon": 300, "silver_gold": 300}
GOAL = 1500


def checked_game(game: Any, bots: Sequence[Any], rng: np.random.Generator) -> Any:
    """One game the way the engines were driven before: every move applied with every check."""
    state = game.initial_state()
    for _ in range(game.max_moves() + 1):
        cp = state.current_player()
        if cp == TERMINAL:
            return state
        if cp == CHANCE:
            state = state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            p = state.players_to_move()[0]
            state = state.apply(bots[p].act(state.observation(p), state.legal_actions(p), rng), player=p)
    raise RuntimeError(f"{game.name}: no end")


def _bots(game: Any, specs: Sequence[str]) -> list[Any]:
    todo = iter(specs)
    auto = set(game.auto_seats())
    return [mineedu.core.RandomBot() if p in auto else game.make_bot(next(todo)) for p in range(game.num_players)]


def _timed(run: Callable[..., Any], *args: Any) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) of ``run(*args)``."""
    wall, cpu = time.perf_counter(), time.process_time()
    run(*args)
    return time.perf_counter() - wall, time.process_time() - cpu


def _checked_games(game: Any, bots: Sequence[Any], n: int) -> None:
    children = np.random.SeedSequence(1).spawn(n)
    for g in range(n):
        checked_game(game, bots, np.random.default_rng(children[g]))


def _in_use(game: Any) -> str:
    hook = game.hooks.fast_playout
    if hook is None:
        return "engine"
    module = hook.__module__
    return "kernel" if module == "mineedu.core.kernel" or module.endswith(".kernel") else module


def _blocks(game: Any, specs: Sequence[str], k: int, blocks: int = 5) -> tuple[float, float, float, float]:
    """Games per CPU second of ``k`` games a block, ``blocks`` blocks: (median, lowest, highest, per wall second)."""
    rates, walls = [], []
    for b in range(blocks):
        wall, cpu = _timed(tournament, game, specs, k, 1 + b)
        rates.append(k / cpu)
        walls.append(k / wall)
    return statistics.median(rates), min(rates), max(rates), statistics.median(walls)


def _engine_trials(slow: Callable[[np.random.Generator], Any], rng: np.random.Generator, n: int) -> None:
    for _ in range(n):
        slow(rng)


def engines(quick: bool) -> None:
    print("1. Full games per second, 4 players, the lessons' tournament bots, one core")
    print("   now CPU: the median of 5 blocks (lowest-highest); playout: what plays the tournament now")
    print(f"   {'game':12} {'checked CPU':>12} {'engine CPU':>11} {'now CPU':>9} {'(range)':>13}"
          f" {'now wall':>9} {'ratio':>6} {'goal':>6}  {'playout':9} bots")
    for name, specs in TOURNAMENT_BOTS.items():
        game = mineedu.make(name, 4)
        n = 10 if name in GOALS else 100
        n = n // 5 if quick else n
        _, cpu_checked = _timed(_checked_games, game, _bots(game, specs), n)
        m = n * 4
        _, cpu_engine = _timed(partial(tournament, fast=False), game, specs, m, 1)
        k = m * 2 if game.hooks.fast_playout is not None else m // 5
        now, low, high, wall = _blocks(game, specs, k)
        span = f"({low:,.0f}-{high:,.0f})"
        print(f"   {name:12} {n / cpu_checked:12,.0f} {m / cpu_engine:11,.0f} {now:9,.0f}"
              f" {span:>13} {wall:9,.0f} {now / (m / cpu_engine):5.1f}× {GOALS.get(name, GOAL):6,}  {_in_use(game):9}"
              f" {','.join(specs)}")
    lesson_tournaments(quick)


def lesson_tournaments(quick: bool) -> None:
    """The same, for the tournament each lesson runs: its players, its variant and its bots."""
    from mineedu.core.lesson import lesson_spec

    print("   Each lesson's own tournament (its players, variant and bots), games per CPU second")
    print(f"   {'game':12} {'engine CPU':>11} {'now CPU':>9} {'(range)':>13} {'ratio':>6} {'goal':>6}"
          "  players, variant, bots")
    for name in mineedu.core.game_names():
        spec = lesson_spec(name)
        if spec is None or spec.tournament is None:
            continue
        t = spec.tournament
        game = mineedu.make(name, t.players, **t.config)
        m = (8 if name in GOALS else 80) // (5 if quick else 1)
        _, cpu_engine = _timed(partial(tournament, fast=False), game, list(t.bots), m, 1)
        k = m * 10
        now, low, high, _ = _blocks(game, list(t.bots), k)
        variant = ",".join(f"{key}={v}" for key, v in t.config.items()) or "default"
        span = f"({low:,.0f}-{high:,.0f})"
        print(f"   {name:12} {m / cpu_engine:11,.0f} {now:9,.0f} {span:>13}"
              f" {now / (m / cpu_engine):5.1f}× {GOALS.get(name, GOAL):6,}  {t.players}, {variant}, {','.join(t.bots)}")


def _simulators() -> list[tuple[str, Callable[[int, np.random.Generator], Any], Callable[[np.random.Generator], Any]]]:
    """(what, vectorized(trials, rng), one trial by the engine(rng)) for each simulator."""
    out: list[tuple[str, Callable[[int, np.random.Generator], Any], Callable[[np.random.Generator], Any]]] = []
    try:
        gm = importlib.import_module("mineedu.games.gold_mine.simulate")
        dc = importlib.import_module("mineedu.games.dragon_cave.simulate")
        yk = importlib.import_module("mineedu.games.yukon.simulate")
        sg = importlib.import_module("mineedu.games.silver_gold.simulate")
        cm = importlib.import_module("mineedu.games.coal_mine.simulate")
    except ImportError:
        return out
    cave = importlib.import_module("mineedu.games.dragon_cave").Config(dice_dragon=True, dice_movement=True)
    steps, dragon = dc.turn_back(12, 1, cave)
    start = sg.first_reveal()
    even = (Fraction(1, 2), Fraction(1, 2))

    def engine_turns(rng: np.random.Generator) -> int:
        have, turns = 0, 0
        while have < 12:
            have, turns = have + yk.pips_by_engine(rng), turns + 1
        return turns

    out += [
        ("gold_mine: dragons among the next 5 cards", lambda t, r: gm.dragon_draws(5, t, r),
         lambda r: gm.dragon_draws_by_engine(5, r)),
        ("gold_mine: burn risk next to Dragobert (1 draw)", lambda t, r: gm.explore(4, 5, 1, t, r),
         lambda r: gm.explore_by_engine(4, 5, 1, r)),
        ("gold_mine: a lone miner explores 4 times", lambda t, r: gm.explore(3, 6, 4, t, r),
         lambda r: gm.explore_by_engine(3, 6, 4, r)),
        ("dragon_cave: turn back at depth 12, both dice", lambda t, r: dc.escape(steps, 1, dragon, t, r, cave),
         lambda r: dc.escape_by_engine(steps, 1, dragon, r, cave)),
        ("yukon: one turn's pips", lambda t, r: yk.pips(t, r), yk.pips_by_engine),
        ("yukon: turns to collect 12 pips", lambda t, r: yk.turns_to_collect(12, t, r), engine_turns),
        ("silver_gold: an expedition round (7 of 8)", lambda t, r: sg.expedition_round(t, r),
         lambda r: sg.expedition_round_by_engine(r, start)),
        ("coal_mine: pipe-miners among 3 recruits", lambda t, r: cm.recruit_draws(24, 60, 3, t, r),
         lambda r: cm.recruit_by_engine("pipe", 3, r, {"miner": 20, "pipe": 24, "foreman": 8, "chief": 4})),
        ("coal_mine: raid rounds, 2 v 2 helmets", lambda t, r: cm.raid_rounds(2, 2, 2, t, r, raider=even, target=even),
         lambda r: cm.raid_by_engine(2, 2, 2, r, even, even)),
    ]
    return out


def simulators(quick: bool) -> None:
    print("2. Vectorized simulators against the engine playing the same trials (trials per CPU second)")
    sims = _simulators()
    if not sims:
        print("   (no simulators in this version)")
        return
    print(f"   {'trial':50} {'simulator':>12} {'engine':>9} {'ratio':>8}")
    trials = 200_000 if quick else 2_000_000
    for what, fast, slow in sims:
        rng = np.random.default_rng(1)
        fast(1000, rng)  # warm up
        _, cpu_fast = _timed(fast, trials, rng)
        k, cpu_slow = 0, 0.0
        while cpu_slow < (0.3 if quick else 1.0):  # at least a second of engine trials
            cpu_slow += _timed(_engine_trials, slow, rng, 20)[1]
            k += 20
        a, b = trials / cpu_fast, k / cpu_slow
        print(f"   {what:50} {a:12,.0f} {b:9,.0f} {a / b:7,.0f}×")


def simulate_cli(quick: bool) -> None:
    games = 2000 if quick else 10_000
    print(f"3. mineedu simulate gold_mine --players 4 --games {games} (wall seconds, a fresh process each)")
    for jobs in (1, 2):
        cmd = [sys.executable, "-m", "mineedu", "simulate", "gold_mine", "--players", "4", "--games", str(games),
               "--seed", "1", "--no-progress", "--json"]
        if jobs > 1:
            cmd += ["--jobs", str(jobs)]
        t = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        wall = time.perf_counter() - t
        note = "" if proc.returncode == 0 else f"  (failed: {proc.stderr.strip().splitlines()[-1]})"
        print(f"   --jobs {jobs}: {wall:6.1f} s{note}")


def lesson_buttons(quick: bool) -> None:
    from mineedu.ui.lesson import Lesson, lesson_spec

    print("4. Each lesson's heavy buttons at their default size (seconds, kernel-side; goal ≤ 2 s wall)")
    print(f"   {'lesson':12} {'button':36} {'size':>7} {'wall':>6} {'CPU':>6}")
    for name in mineedu.core.game_names():
        spec = lesson_spec(name)
        if spec is None:
            continue
        lesson = Lesson(spec, lang="en", seed=123_456)
        rows: list[tuple[str, int, Callable[[], Any]]] = []
        t = lesson.tournament_section
        if t is not None:
            rows.append((f"tournament ({t.spec.players} players)", t.games.value, t.button.click))
        for i, sec in enumerate(lesson.predict_sections):
            rows.append((f"simulate, question {i + 1}", sec.trials.value, sec.simulate_button.click))
        for what, size, press in rows:
            wall, cpu = min(_timed(press) for _ in range(1 if quick else 2))  # the quicker press
            print(f"   {name:12} {what:36} {size:7,} {wall:6.2f} {cpu:6.2f}")


_BLOCK = """
import dataclasses, importlib, json, sys, time
import mineedu
from mineedu.core import tournament
name, which, k, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
if which == "lesson":
    try:
        from mineedu.core.lesson import lesson_spec
    except ImportError:  # a tree from before the spec left the widgets (5cd1fe1, say)
        from mineedu.ui.lesson import lesson_spec
    t = lesson_spec(name).tournament
    game, bots = mineedu.make(name, t.players, **t.config), list(t.bots)
else:
    game, bots = mineedu.make(name, 4), json.loads(sys.argv[5])
tournament(game, bots, 2, 0)  # warm up: imports, compiled modules, caches
cpu = time.process_time()
tournament(game, bots, k, seed)
print(k / (time.process_time() - cpu))
"""


def _block(tree: str, name: str, which: str, k: int, seed: int) -> float:
    """Games per CPU second of one block of ``k`` games, in a fresh process importing mineedu from ``tree``."""
    env = dict(os.environ, PYTHONPATH=tree)
    out = subprocess.run([sys.executable, "-c", _BLOCK, name, which, str(k), str(seed),
                          json.dumps(TOURNAMENT_BOTS[name])], env=env,
                         capture_output=True, text=True, check=True,
                         cwd=tree)  # `python -c` puts its working folder before PYTHONPATH: run it in the tree
    return float(out.stdout.strip().splitlines()[-1])


def _check_tree(tree: str) -> str:
    """Where a block started in ``tree`` imports mineedu from (it must be ``tree`` itself)."""
    out = subprocess.run([sys.executable, "-c", "import mineedu; print(mineedu.__file__)"], cwd=tree,
                         env=dict(os.environ, PYTHONPATH=tree), capture_output=True, text=True, check=True)
    return out.stdout.strip()


def against(other: str, games: Sequence[str], quick: bool) -> None:
    """Table 5: this tree's tournaments beside another tree's (see the module docstring)."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(mineedu.__file__)))
    other = os.path.abspath(other)
    for tree in (here, other):
        got = _check_tree(tree)
        if not got.startswith(os.path.join(tree, "mineedu")):
            raise SystemExit(f"a block in {tree} imports mineedu from {got}")
    print(f"5. Games per CPU second, this tree ({here}) beside {other}: median of 5 interleaved blocks")
    print(f"   {'game':12} {'line-up':8} {'this':>9} {'(range)':>15} {'other':>9} {'(range)':>15} {'ratio':>6}")
    for name in games:
        for which in ("bench", "lesson"):
            k = (40 if name in GOALS else 400) // (4 if quick else 1)
            ours, theirs = [], []
            for b in range(5):
                ours.append(_block(here, name, which, k, 1 + b))
                theirs.append(_block(other, name, which, k, 1 + b))
            a, o = statistics.median(ours), statistics.median(theirs)
            print(f"   {name:12} {which:8} {a:9,.0f} {f'({min(ours):,.0f}-{max(ours):,.0f})':>15} {o:9,.0f}"
                  f" {f'({min(theirs):,.0f}-{max(theirs):,.0f})':>15} {a / o:5.2f}×", flush=True)


def main(argv: Sequence[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer games and trials: a smoke run")
    ap.add_argument("--only", default="engines,simulators,simulate,lessons", help="comma-separated parts to run")
    ap.add_argument("--against", metavar="DIR", help="only table 5: these tournaments beside another tree's")
    ap.add_argument("--games", default=",".join(TOURNAMENT_BOTS), help="the games of --against, comma-separated")
    args = ap.parse_args(argv)
    load = os.getloadavg()
    print(f"mineedu speed, {os.cpu_count()} cores, load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}"
          f", mineedu from {os.path.dirname(mineedu.__file__)}")
    if args.against:
        against(args.against, args.games.split(","), args.quick)
        return
    parts = {"engines": engines, "simulators": simulators, "simulate": simulate_cli, "lessons": lesson_buttons}
    for part in args.only.split(","):
        parts[part.strip()](args.quick)


if __name__ == "__main__":
    main(sys.argv[1:])
