"""The class's activity in the store (students, presence, results, reveals), on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import math
import statistics

import pytest

from mineedu.store import StoreError, open_store


def test_a_student_ticket_gives_the_student_back(store):
    sid, ticket = store.student(name="Léa")
    assert store.student(ticket=ticket) == (sid, ticket)
    assert store.student(name="Léa B.", ticket=ticket) == (sid, ticket)
    other, t2 = store.student(name="Léa", ticket="forged")
    assert other != sid and t2 != ticket
    with pytest.raises(StoreError) as e:
        store.student(name="")
    assert "prénom" in e.value.text("fr") and "first name" in e.value.text("en")
    assert {s["name"] for s in store.export()["students"]} == {"Léa B.", "Léa"}


def test_presence_says_who_is_where(store):
    a, _ = store.student(name="Léa")
    b, _ = store.student(name="Noé")
    store.student(name="Zoé")  # never seen
    store.seen(a, lesson="gold_mine", section="simulate")
    store.seen(b, lesson="yukon", section="predict")
    store.seen(a, lesson="gold_mine", section="compute")
    assert [(p.name, p.lesson, p.section) for p in store.presence()] == [
        ("Léa", "gold_mine", "compute"), ("Noé", "yukon", "predict")]
    assert store.presence(since_seconds=-5) == []
    with pytest.raises(StoreError) as e:
        store.seen(10**6, lesson="gold_mine")
    assert "élève" in e.value.text("fr")


def _class(store):
    """Three students' predictions, samples, exercises and tournaments in gold_mine (and one in yukon)."""
    ids = [store.student(name=n)[0] for n in ("Léa", "Noé", "Zoé")]
    for sid, x in zip(ids, (0.3, 0.5, 0.2)):
        store.record(sid, "gold_mine", "prediction", "burn", {"value": x})
    store.record(ids[0], "gold_mine", "prediction", "burn", {"value": 0.25})  # Léa changes her mind
    store.record(ids[0], "gold_mine", "prediction", "gold", {"value": 4})
    samples = [(ids[0], 120, 1000), (ids[1], 260, 2000), (ids[0], 130, 1000), (ids[2], 11, 100)]
    for sid, s, n in samples:
        store.record(sid, "gold_mine", "trials", "burn", {"successes": s, "trials": n})
    store.record(ids[0], "gold_mine", "exercise", "ex1", {"correct": False, "answer": "1/3"})
    store.record(ids[0], "gold_mine", "exercise", "ex1", {"correct": True, "answer": "2/5"})
    store.record(ids[1], "gold_mine", "exercise", "ex1", {"correct": False, "answer": "1/2"})
    store.record(ids[2], "gold_mine", "tournament", "greedy", {"wins": 3, "games": 10})
    store.record(ids[1], "gold_mine", "tournament", "greedy", {"wins": 5, "games": 10})
    store.record(ids[1], "yukon", "prediction", "burn", {"value": 0.9})
    return ids


def test_summaries_pool_the_class(store):
    _class(store)
    p = store.prediction_summary("gold_mine")
    assert set(p) == {"burn", "gold"}
    burn = p["burn"]
    assert (burn.count, burn.low, burn.high) == (3, 0.2, 0.5)
    assert math.isclose(burn.mean, (0.25 + 0.5 + 0.2) / 3) and burn.median == statistics.median([0.25, 0.5, 0.2])
    assert [(name, x) for _, name, x in burn.values] == [("Zoé", 0.2), ("Léa", 0.25), ("Noé", 0.5)]
    assert p["gold"].count == 1 and p["gold"].median == 4
    t = store.trial_summary("gold_mine")["burn"]
    assert (t.students, t.samples, t.successes, t.trials) == (3, 4, 521, 4100)
    assert math.isclose(t.frequency, 521 / 4100)
    assert [(name, s, n) for _, name, s, n in t.per_student] == [("Léa", 250, 2000), ("Noé", 260, 2000), ("Zoé", 11, 100)]
    assert t.running == ((1000, 120), (3000, 380), (4000, 510), (4100, 521))
    e = store.exercise_summary("gold_mine")["ex1"]
    assert (e.students, e.correct, e.attempts) == (2, 1, 3)
    g = store.tournament_summary("gold_mine")["greedy"]
    assert (g.students, g.wins, g.games) == (2, 8, 20)
    assert store.prediction_summary("yukon")["burn"].count == 1
    assert store.trial_summary("coal_mine") == {} and store.exercise_summary("yukon") == {}


@pytest.mark.parametrize("kind, value, words", [
    ("prediction", {"value": "a lot"}, "finite number"),
    ("prediction", {"value": float("inf")}, "finite number"),
    ("trials", {"successes": 5, "trials": 3}, "successes must be"),
    ("trials", {"successes": 1, "trials": 0}, "trials must be"),
    ("trials", {"successes": True, "trials": 3}, "successes must be"),
    ("exercise", {"answer": "3"}, "correct must be"),
    ("tournament", {"wins": 1}, "games must be"),
    ("guess", {"value": 1}, "kind is one of"),
    ("prediction", [0.3], "JSON object"),
    ("exercise", {"correct": True, "answer": "x" * 20_000}, "longer than"),
])
def test_a_result_that_makes_no_sense_is_refused(store, kind, value, words):
    sid, _ = store.student(name="Léa")
    with pytest.raises(StoreError) as e:
        store.record(sid, "gold_mine", kind, "q", value)
    assert words in str(e.value) and e.value.text("fr").startswith("résultat refusé")
    assert store.export()["students"][0]["predictions"] == []


def test_reveals_and_pacing(store):
    assert store.revealed("gold_mine") == set() and not store.pacing("gold_mine")
    store.set_pacing("gold_mine", True)
    store.reveal("gold_mine", "burn")
    store.reveal("gold_mine", "burn")
    store.reveal("gold_mine", "gold")
    store.reveal("yukon", "x")
    store.reveal("gold_mine", "gold", revealed=False)
    assert store.revealed("gold_mine") == {"burn"} and store.pacing("gold_mine") and not store.pacing("yukon")
    store.set_pacing("gold_mine", False)
    assert not store.pacing("gold_mine")


def test_export_lists_each_students_results_and_clear_deletes_the_class(store):
    _class(store)
    code = store.create_table("gold_mine", 3).code
    store.join(code, name="Léa")
    data = store.export()
    json.dumps(data)  # ready for a file
    lea = next(s for s in data["students"] if s["name"] == "Léa")
    assert [(r["key"], r["value"]) for r in lea["predictions"]] == [("burn", 0.25), ("gold", 4)]
    assert [(r["successes"], r["trials"]) for r in lea["trials"]] == [(120, 1000), (130, 1000)]
    assert [r["correct"] for r in lea["exercises"]] == [False, True]
    assert [t["code"] for t in data["tables"]] == [code] and "seed" not in json.dumps(data["tables"])
    store.clear()
    empty = store.export()
    assert empty["students"] == [] and empty["tables"] == []
    assert store.prediction_summary("gold_mine") == {} and store.revealed("gold_mine") == set()


def test_a_listener_hears_class_activity_as_the_empty_code(store_url):
    store, other = open_store(store_url), open_store(store_url)
    with store.listen() as listener:
        sid, _ = other.student(name="Léa")
        assert listener.wait(5) == {""}
        other.record(sid, "gold_mine", "prediction", "burn", {"value": 0.3})
        assert listener.wait(5) == {""}
        other.reveal("gold_mine", "burn")
        assert listener.wait(5) == {""}
    other.close()
