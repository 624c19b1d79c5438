"""The class store's speed on SQLite and PostgreSQL: figures, not a timed test.

    .venv/bin/python benchmarks/store_speed.py [--moves 300] [--notes 60] [--rounds 200] [--json]

For each backend (a SQLite file in a temporary folder; a throwaway PostgreSQL 15
server on a Unix socket, as the tests start it):

1. **append**: ``--moves`` moves appended one by one to one table (each is a
   transaction: the count checked, the row inserted, the table's version raised,
   the change notified); then 4 processes appending to 4 tables at once.
2. **read**: ``moves(code)`` of the whole log, ``moves(code, after=n-5)`` (what
   a page that is behind reads), ``version(code)``, ``table(code)``, and
   ``replay`` of a whole My Gold Mine game.
3. **notification latency**: another process appends a move every 50-150 ms;
   this one's listener wakes: seconds from the writer's commit to ``wait``
   returning the code (SQLite polls ``PRAGMA data_version`` every 50 ms;
   PostgreSQL is told by NOTIFY).
4. **race**: 4 processes race for each of ``--rounds`` move numbers of one
   table (a barrier before each): moves stored once, doubled, lost.
5. **dashboard**: 30 students x 10 questions (a prediction, two samples and an
   exercise attempt each), then the four summaries as one redraw reads them.

Median and p95 in milliseconds. The machine is shared (2 cores): rerun for a
second reading.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mineedu.core import make, play  # noqa: E402
from mineedu.store import open_store, replay, table_rng  # noqa: E402
from tests.pg import PgCluster  # noqa: E402


def figures(samples: list[float]) -> dict[str, float]:
    s = sorted(samples)
    return {"median_ms": round(1000 * statistics.median(s), 3), "p95_ms": round(1000 * s[int(0.95 * (len(s) - 1))], 3),
            "n": len(s)}


def timed(fn: Callable[[], Any], n: int) -> dict[str, float]:
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return figures(out)


def _appender(url: str, code: str, moves: int, queue: Any) -> None:
    store = open_store(url)
    t = time.perf_counter()
    for n in range(moves):
        store.append(code, n, 0, ["explore"])
    queue.put(time.perf_counter() - t)


def _writer(url: str, code: str, notes: int, start: Any) -> None:
    store = open_store(url)
    rng = random.Random(1)
    start.wait()
    for n in range(notes):
        time.sleep(rng.uniform(0.05, 0.15))
        store.append(code, n, 0, {"sent": time.time()})


def _racer(url: str, code: str, rounds: int, start: Any, queue: Any) -> None:
    store = open_store(url)
    wins = []
    for n in range(rounds):
        start.wait()
        if store.append(code, n, 0, ["explore"]):
            wins.append(n)
    queue.put(wins)


def race(url: str, rounds: int) -> dict[str, Any]:
    ctx = multiprocessing.get_context("spawn")
    code = open_store(url).create_table("gold_mine", 3).code
    start, queue = ctx.Barrier(4), ctx.Queue()
    procs = [ctx.Process(target=_racer, args=(url, code, rounds, start, queue)) for _ in range(4)]
    for p in procs:
        p.start()
    wins = [n for _ in procs for n in queue.get(timeout=600)]
    for p in procs:
        p.join()
    stored = [m.number for m in open_store(url).moves(code)]
    return {"rounds": rounds, "processes": 4, "won": len(wins), "doubled": len(wins) - len(set(wins)),
            "lost": len(set(range(rounds)) - set(wins)), "log_is_0_to_n": stored == list(range(rounds))}


def one_backend(url: str, moves: int, notes: int, rounds: int) -> dict[str, Any]:
    store = open_store(url)
    out: dict[str, Any] = {}
    code = store.create_table("gold_mine", 3).code
    n = iter(range(moves))
    out["append"] = timed(lambda: store.append(code, next(n), 0, ["explore"]), moves)

    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    codes = [store.create_table("gold_mine", 3).code for _ in range(4)]
    procs = [ctx.Process(target=_appender, args=(url, c, moves // 2, queue)) for c in codes]
    for p in procs:
        p.start()
    took = [queue.get(timeout=300) for _ in procs]
    for p in procs:
        p.join()
    out["append_4_processes"] = {"moves_each": moves // 2, "per_move_ms": round(1000 * max(took) / (moves // 2), 3)}

    out["moves_all"] = timed(lambda: store.moves(code), 50) | {"log": moves}
    out["moves_after"] = timed(lambda: store.moves(code, after=moves - 5), 200)
    out["version"] = timed(lambda: store.version(code), 200)
    out["table"] = timed(lambda: store.table(code), 200)

    game = make("gold_mine", 4)
    whole = store.create_table("gold_mine", 4, bots=["greedy"] * 4, seed=3)
    state, k = game.initial_state(), 0
    bots = [game.make_bot("greedy")] * 4
    while not state.is_terminal():
        event = next(play(state, bots, table_rng(3, k)))
        store.append(whole.code, k, event.player, game.action_to_json(event.action))
        state, k = event.after, k + 1
    out["replay_whole_game"] = timed(lambda: replay(store, whole.code), 10) | {"moves": k}

    note = store.create_table("gold_mine", 3).code
    start = ctx.Barrier(2)
    writer = ctx.Process(target=_writer, args=(url, note, notes, start))
    writer.start()
    lags = []
    with store.listen() as listener:
        start.wait()
        after = -1
        deadline = time.monotonic() + 60 + notes
        while len(lags) < notes and time.monotonic() < deadline:
            if note in listener.wait(2):
                woke = time.time()
                for m in store.moves(note, after=after):
                    lags.append(woke - m.action["sent"])
                    after = m.number
    writer.join()
    out["notification"] = figures(lags)
    out["race"] = race(url, rounds)

    students = [store.student(name=f"Élève {i}")[0] for i in range(30)]
    rng = random.Random(2)
    for sid in students:
        for q in range(10):
            key = f"q{q}"
            store.record(sid, "gold_mine", "prediction", key, {"value": rng.random()})
            for _ in range(2):
                t = rng.randrange(100, 2000)
                store.record(sid, "gold_mine", "trials", key, {"successes": rng.randrange(t), "trials": t})
            store.record(sid, "gold_mine", "exercise", key, {"correct": rng.random() < 0.5, "answer": "1/2"})

    def redraw() -> None:
        store.presence()
        store.prediction_summary("gold_mine")
        store.trial_summary("gold_mine")
        store.exercise_summary("gold_mine")
        store.revealed("gold_mine")

    out["dashboard_redraw_30x10"] = timed(redraw, 20)
    store.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--moves", type=int, default=300)
    ap.add_argument("--notes", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        results["sqlite"] = one_backend(f"sqlite://{Path(tmp) / 'class.db'}", args.moves, args.notes, args.rounds)
    cluster = PgCluster()
    try:
        cluster.start()
        results["postgresql"] = one_backend(cluster.new_database(), args.moves, args.notes, args.rounds)
    finally:
        cluster.remove()
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    for backend, r in results.items():
        print(f"== {backend}")
        for what, f in r.items():
            print(f"  {what:24} " + "  ".join(f"{k} {v}" for k, v in f.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
