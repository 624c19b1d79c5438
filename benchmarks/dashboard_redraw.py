"""How long the teacher's dashboard takes to redraw a full class, on a real SQLite class store.

    .venv/bin/python benchmarks/dashboard_redraw.py [--students 30] [--questions 10] [--samples 3] [--runs 15] [--store URL]

Fills a fresh store (or ``--store URL``, e.g. a PostgreSQL database) with a class
of My Gold Mine: each student commits a prediction on every question (the
second question, a mean, and the first, a frequency, at ``--questions`` - 1
values of k), simulates ``--samples`` samples of 2,000 trials each (for the mean:
2,000 values drawn, their sum and sum of squares stored), answers every
exercise twice and runs the tournament once. Then times, median and maximum of ``--runs``:

* read: :func:`mineedu.ui.dashboard.read` (the store's SQL summaries: counts,
  sums, medians, running totals, a mean's sums);
* draw: the whole page redrawn from that snapshot (every chart's SVG, every
  table, every widget value);
* redraw: both, as the dashboard's watcher does on each change;

and the bytes of the page's HTML/SVG (what a redraw sends the teacher's
browser at most). Goal: 30 students x 10 questions redraw in under 0.5 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mineedu.core.lesson import lesson_spec  # noqa: E402
from mineedu.store import open_store  # noqa: E402
from mineedu.ui.dashboard import Dashboard, read  # noqa: E402

LESSON = "gold_mine"


def fill(store, students: int, questions: int, samples: int) -> None:
    import numpy as np

    spec = lesson_spec(LESSON)
    rng = np.random.default_rng(1)
    p = spec.predict[0].param
    assert p is not None
    ks = list(range(p.lo, p.hi + 1))[:questions - 1]
    keys = [f"q1-{k}" for k in ks] + ["q2"]  # the mean, then as many values of k as the other questions
    for i in range(students):
        sid, _ = store.student(name=f"Élève {i + 1}")
        store.seen(sid, lesson=LESSON, section="predict")
        for key in keys:
            store.record(sid, LESSON, "prediction", key, {"value": float(rng.uniform(0, 1))})
            for _ in range(samples):
                if key == "q2":  # a mean: the gold of 2,000 cards drawn, as the page's sums
                    values = rng.poisson(1.1, 2000).astype(float)
                    store.record(sid, LESSON, "trials", key,
                                 {"sum": float(values.sum()), "sumsq": float(np.square(values).sum()), "trials": 2000})
                else:
                    store.record(sid, LESSON, "trials", key, {"successes": int(rng.binomial(2000, 0.4)), "trials": 2000})
        for e in range(len(spec.exercises)):
            for _ in range(2):
                store.record(sid, LESSON, "exercise", f"e{e + 1}", {"correct": bool(rng.integers(2)), "answer": "1/2"})
        assert spec.tournament is not None
        for bot in spec.tournament.bots:
            store.record(sid, LESSON, "tournament", bot, {"wins": int(rng.integers(0, 26)), "games": 100})
    for _ in range(4):
        store.create_table(game=LESSON, players=4, bots=[None, None, "random", "random"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--questions", type=int, default=10)
    ap.add_argument("--samples", type=int, default=3)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--store", default=None, help="a store URL (default: a fresh SQLite file)")
    a = ap.parse_args()
    url = a.store or f"sqlite://{Path(tempfile.mkdtemp()) / 'class.db'}"
    store = open_store(url)
    store.clear()
    t = time.perf_counter()
    fill(store, a.students, a.questions, a.samples)
    print(f"store {store.backend}: {a.students} students x {a.questions} questions, {a.samples} samples each, "
          f"filled in {time.perf_counter() - t:.1f} s")
    board = Dashboard(store=store, live=False)
    board.start()
    reads, draws = [], []
    for _ in range(a.runs):
        t0 = time.perf_counter()
        board.snap = read(store, LESSON, board.turns)
        t1 = time.perf_counter()
        board._question_keys = []  # every question's box drawn again, as after a change of lesson
        board.redraw()
        t2 = time.perf_counter()
        reads.append(t1 - t0)
        draws.append(t2 - t1)
    total = [r + d for r, d in zip(reads, draws, strict=True)]
    sent = sum(len(w.value) for w in (board.class_box, board.tables_box, board.exercises_box, board.tournament_box))
    sent += sum(len(box.value) for box, _ in board.question_parts.values())

    def ms(xs: list[float]) -> str:
        return f"median {1000 * statistics.median(xs):.0f} ms, max {1000 * max(xs):.0f} ms"

    boxes = [box.value for box, _ in board.question_parts.values()]
    print(f"questions drawn: {len(boxes)}; dots: {sum(b.count('chart-dot') for b in boxes)}; "
          f"students' points: {sum(b.count('chart-student') for b in boxes)}; "
          f"convergence charts: {sum(b.count('chart-running') for b in boxes)}")
    print(f"read (SQL summaries):  {ms(reads)}")
    print(f"draw (SVG, widgets):   {ms(draws)}")
    print(f"redraw (both):         {ms(total)}  (goal < 500 ms)")
    print(f"page text: {sent / 1024:.0f} KiB of HTML/SVG")
    store.close()
    return 0 if statistics.median(total) < 0.5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
