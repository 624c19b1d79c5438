"""Writes ``class-v2.db``: a class store as mineedu's schema version 2 wrote it (before pooled means).

Run with the version-2 code (commit 77de84e), never with a newer one, from the repository::

    git archive 77de84e mineedu | tar -x -C /tmp/v2
    PYTHONPATH=/tmp/v2 python tests/store/data/make_class_v2.py tests/store/data/class-v2.db

What it holds (``tests/store/test_means.py`` checks that migration 3 keeps every row of it): three
students, their predictions (one replaced), four frequency samples, exercises, tournaments, a reveal,
pacing, and a table with six moves.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mineedu.core import make, play
from mineedu.store import SCHEMA_VERSION, open_store, table_rng


def main() -> None:
    assert SCHEMA_VERSION == 2, "run this with the version-2 code"
    target = Path(sys.argv[1]).resolve()
    target.unlink(missing_ok=True)
    store = open_store(f"sqlite://{target}")
    ids = [store.student(name=n)[0] for n in ("Léa", "Noé", "Zoé")]
    for sid, x in zip(ids, (0.3, 0.5, 0.2), strict=True):
        store.record(sid, "gold_mine", "prediction", "q1-3", {"value": x})
    store.record(ids[0], "gold_mine", "prediction", "q1-3", {"value": 0.25})
    store.record(ids[1], "gold_mine", "prediction", "q2", {"value": 1.5})
    for sid, s, n in ((ids[0], 520, 2000), (ids[1], 530, 2000), (ids[0], 250, 1000), (ids[2], 30, 100)):
        store.record(sid, "gold_mine", "trials", "q1-3", {"successes": s, "trials": n})
    store.record(ids[0], "gold_mine", "exercise", "e1", {"correct": True, "answer": "2/5"})
    store.record(ids[2], "gold_mine", "tournament", "burn:0.2", {"wins": 3, "games": 10})
    store.reveal("gold_mine", "q1-3")
    store.set_pacing("gold_mine", True)
    info = store.create_table("gold_mine", 3, bots=[None, None, "random"], seed=42)
    store.join(info.code, name="Léa")
    game = make("gold_mine", 3)
    bots = [game.make_bot("random") for _ in range(3)]
    state = game.initial_state()
    for n in range(6):  # a game in progress: six moves the rules play from the table's seed
        event = next(play(state, bots, table_rng(store.seed(info.code), n)))
        store.append(info.code, n, event.player, game.action_to_json(event.action))
        state = event.after
    store.close()  # the last connection checkpoints the WAL into the file
    print(target, target.stat().st_size, "bytes")


if __name__ == "__main__":
    main()
