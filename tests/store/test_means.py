"""Pooled means (schema version 3) on a real SQLite file and a real PostgreSQL server: the migration
from a store the version-2 code wrote, the sums a mean's samples add up, hostile values refused
with nothing lost, and the export."""

from __future__ import annotations

import csv
import io
import json
import math
import shutil
from pathlib import Path

import numpy as np
import pytest

from mineedu.store import SCHEMA_VERSION, StoreError, mean_interval, open_store, replay
from mineedu.store.dialects import dialect_for
from mineedu.store.schema import META, MIGRATIONS
from mineedu.store.store import Store

V2_FILE = Path(__file__).parent / "data" / "class-v2.db"  # written by the version-2 code (data/make_class_v2.py)
V2_TABLES = ("meta", "game_tables", "seats", "moves", "counters", "students", "records", "reveals", "pacing")
LESSON = "gold_mine"
Z = 1.959963984540054


def _v2_columns() -> dict[str, list[str]]:
    import sqlite3

    with sqlite3.connect(V2_FILE) as conn:
        return {t: [d[0] for d in conn.execute(f"SELECT * FROM {t} LIMIT 0").description] for t in V2_TABLES}


@pytest.fixture
def version_two(store_url) -> str:
    """The URL of a store at schema version 2 holding the rows of ``class-v2.db``: that very file on
    SQLite; on PostgreSQL the schema of migrations 1 and 2 with the file's rows copied in (as a restore would)."""
    if store_url.startswith("sqlite:"):
        shutil.copyfile(V2_FILE, store_url[len("sqlite://"):])
        return store_url
    import sqlite3

    old = Store(dialect_for(store_url), migrate=False)
    with old._tx() as cur, sqlite3.connect(V2_FILE) as src:
        cur.execute(META)
        for migration in MIGRATIONS[:2]:
            for statement in migration:
                cur.execute(old.dialect.ddl(statement))
        for table, cols in _v2_columns().items():
            cur.execute(f"DELETE FROM {table}")
            for row in src.execute(f"SELECT {', '.join(cols)} FROM {table}"):
                cur.execute(f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})", row)
        for table in ("students", "records"):
            cur.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))")
    old.close()
    return store_url


def _rows(url: str) -> dict[str, list[tuple]]:
    """Every row of every version-2 table, in its version-2 columns."""
    raw = Store(dialect_for(url), migrate=False)
    with raw._tx(write=False) as cur:
        out = {t: sorted(tuple(r) for r in cur.execute(f"SELECT {', '.join(cols)} FROM {t}").all())
               for t, cols in _v2_columns().items() if t != "meta"}
    raw.close()
    return out


def test_migration_three_keeps_every_row_of_a_version_two_store(version_two):
    url = version_two
    before = _rows(url)
    assert Store(dialect_for(url), migrate=False).schema_version == 2
    assert len(before["records"]) == 10 and len(before["students"]) == 3 and len(before["moves"]) == 6
    store = open_store(url)
    assert store.schema_version == SCHEMA_VERSION == 3
    assert _rows(url) == before  # every row, every column as it was
    with store._tx(write=False) as cur:
        assert cur.execute("SELECT COUNT(*) FROM records WHERE value_sum IS NOT NULL OR value_sumsq IS NOT NULL").one()[0] == 0
    t = store.trial_summary(LESSON)["q1-3"]  # the frequencies pool as before
    assert (t.students, t.samples, t.successes, t.trials) == (3, 4, 1330, 5100)
    assert t.running == ((2000, 520), (4000, 1050), (5000, 1300), (5100, 1330))
    p = store.prediction_summary(LESSON)
    assert (p["q1-3"].count, p["q1-3"].median, p["q2"].count) == (3, 0.25, 1)
    assert store.revealed(LESSON) == {"q1-3"} and store.pacing(LESSON)
    assert store.mean_summary(LESSON) == {}
    code = store.tables()[0].code
    _, state, _ = replay(store, code)
    assert store.table(code).moves == 6 and not state.is_terminal()
    # what migration 3 adds, beside the old rows
    lea = next(s["id"] for s in store.export()["students"] if s["name"] == "Léa")
    store.record(lea, LESSON, "trials", "q2", {"sum": 30.0, "sumsq": 110.0, "trials": 10})
    ana, _ = store.student(name="Ana")  # new ids follow the old ones
    store.record(ana, LESSON, "trials", "q2", {"sum": 5, "sumsq": 5, "trials": 10})
    m = store.mean_summary(LESSON)["q2"]
    assert (m.students, m.samples, m.trials, m.total, m.total_sq) == (2, 2, 20, 35.0, 115.0)
    assert store.trial_summary(LESSON)["q1-3"] == t  # a mean's samples are not a frequency's
    assert open_store(url).schema_version == 3  # opening again changes nothing


def _sample(values: np.ndarray) -> dict[str, float | int]:
    return {"sum": float(values.sum()), "sumsq": float(np.square(values).sum()), "trials": len(values)}


def test_the_class_mean_its_interval_and_each_students_mean_come_from_the_sums(store):
    rng = np.random.default_rng(2026)
    ids = [store.student(name=n)[0] for n in ("Léa", "Noé", "Zoé")]
    drawn = [(ids[0], rng.poisson(3.0, 2000).astype(float)), (ids[1], rng.exponential(2.0, 500)),
             (ids[0], rng.normal(10.0, 4.0, 1000)), (ids[2], rng.integers(0, 7, 100).astype(float))]
    for sid, v in drawn:
        store.record(sid, LESSON, "trials", "q2", _sample(v))
    store.record(ids[1], LESSON, "trials", "q1-3", {"successes": 40, "trials": 100})  # a frequency beside it
    store.record(ids[1], "yukon", "trials", "q2", _sample(np.ones(10)))  # another lesson
    m = store.mean_summary(LESSON)
    assert set(m) == {"q2"} and set(store.trial_summary(LESSON)) == {"q1-3"}
    q = m["q2"]
    every = np.concatenate([v for _, v in drawn])
    assert (q.students, q.samples, q.trials) == (3, 4, 3600)
    assert math.isclose(q.mean, every.mean(), rel_tol=1e-12)
    half = Z * every.std(ddof=1) / math.sqrt(len(every))
    lo, hi = q.interval
    assert math.isclose(lo, every.mean() - half, rel_tol=1e-9) and math.isclose(hi, every.mean() + half, rel_tol=1e-9)
    own = {name: (n, mean) for _, name, n, mean in q.per_student}
    assert list(own) == ["Léa", "Noé", "Zoé"]
    lea = np.concatenate([drawn[0][1], drawn[2][1]])
    assert own["Léa"][0] == 3000 and math.isclose(own["Léa"][1], lea.mean(), rel_tol=1e-12)
    assert own["Zoé"] == (100, pytest.approx(drawn[3][1].mean(), rel=1e-12))
    assert [n for n, _, _ in q.running] == [2000, 2500, 3500, 3600]
    for (n, mean, a, b), k in zip(q.convergence, range(1, 5), strict=True):  # after each sample, the class so far
        so_far = np.concatenate([v for _, v in drawn[:k]])
        assert n == len(so_far) and math.isclose(mean, so_far.mean(), rel_tol=1e-12)
        assert math.isclose(b - a, 2 * Z * so_far.std(ddof=1) / math.sqrt(n), rel_tol=1e-9)
    assert store.mean_summary("coal_mine") == {}


def test_the_normal_interval_covers_the_true_mean_about_95_times_in_100():
    """2,000 samples of 200 exponential values (a skewed law, mean 2): the interval from the sums covers
    the mean 95 % of the time up to the normal approximation and chance (seeded; tolerance 93-97 %)."""
    rng = np.random.default_rng(7)
    hits = 0
    for _ in range(2000):
        v = rng.exponential(2.0, 200)
        _, lo, hi = mean_interval(float(v.sum()), float(np.square(v).sum()), len(v))
        hits += lo <= 2.0 <= hi
    assert 0.93 <= hits / 2000 <= 0.97, hits
    assert mean_interval(4.0, 16.0, 1) == (4.0, -math.inf, math.inf)  # one value: no interval
    assert all(math.isnan(x) for x in mean_interval(0.0, 0.0, 0))


@pytest.mark.parametrize("value, words", [
    ({"sum": float("nan"), "sumsq": 1.0, "trials": 10}, "sum must be a finite number"),
    ({"sum": 1.0, "sumsq": float("inf"), "trials": 10}, "sumsq must be a finite number"),
    ({"sum": float("-inf"), "sumsq": 1.0, "trials": 10}, "sum must be a finite number"),
    ({"sum": 10**400, "sumsq": 1.0, "trials": 10}, "sum must be a finite number"),
    ({"sum": 1e16, "sumsq": 1e33, "trials": 10}, "sum must be a finite number"),
    ({"sum": 1.0, "sumsq": 1.0, "trials": -5}, "trials must be a whole number"),
    ({"sum": 1.0, "sumsq": 1.0, "trials": 0}, "trials must be a whole number"),
    ({"sum": 1.0, "sumsq": 1.0, "trials": 2.5}, "trials must be a whole number"),
    ({"sum": 1.0, "sumsq": 1.0, "trials": True}, "trials must be a whole number"),
    ({"sum": 1.0, "sumsq": 1.0, "trials": "10"}, "trials must be a whole number"),
    ({"sum": 1.0, "sumsq": 1.0, "trials": 10**13}, "trials must be a whole number"),
    ({"sum": "3", "sumsq": 1.0, "trials": 10}, "sum must be a finite number"),
    ({"sum": True, "sumsq": 1.0, "trials": 10}, "sum must be a finite number"),
    ({"sum": [1], "sumsq": 1.0, "trials": 10}, "sum must be a finite number"),
    ({"sumsq": 4.0, "trials": 2}, "sum must be a finite number"),
    ({"sum": 4.0, "trials": 2}, "sumsq must be a finite number"),
    ({"sum": 10.0, "sumsq": 9.0, "trials": 10}, "sumsq must be at least sum²/trials"),
    ({"sum": 0.0, "sumsq": -1.0, "trials": 3}, "sumsq must be at least sum²/trials"),
    ({"sum": 10.0, "sumsq": 10.0 * (1 - 1e-6), "trials": 10}, "sumsq must be at least sum²/trials"),
    ({"successes": 3, "sum": 3.0, "sumsq": 3.0, "trials": 10}, "not both"),
    ({"successes": 3, "sumsq": 3.0, "trials": 10}, "not both"),
])
def test_a_hostile_mean_sample_is_refused_and_nothing_is_lost(store, value, words):
    sid, _ = store.student(name="Léa")
    store.record(sid, LESSON, "trials", "q2", {"sum": 30.0, "sumsq": 110.0, "trials": 10})
    store.record(sid, LESSON, "trials", "q1-3", {"successes": 3, "trials": 10})
    before = (store.mean_summary(LESSON), store.trial_summary(LESSON), store.export()["students"])
    for key in ("q2", "q1-3"):
        with pytest.raises(StoreError) as e:
            store.record(sid, LESSON, "trials", key, value)
        assert words in str(e.value) and e.value.text("fr").startswith("résultat refusé")
    assert (store.mean_summary(LESSON), store.trial_summary(LESSON), store.export()["students"]) == before


def test_a_sum_of_squares_under_sum_squared_over_n_by_rounding_only_is_accepted(store):
    sid, _ = store.student(name="Léa")
    store.record(sid, LESSON, "trials", "q2", {"sum": 10.0, "sumsq": 10.0 * (1 - 1e-12), "trials": 10})  # all values 1
    tenth = np.full(2000, 0.1)  # every value the same: the two sums may cross by rounding
    store.record(sid, LESSON, "trials", "q2", _sample(tenth))
    m = store.mean_summary(LESSON)["q2"]
    assert m.trials == 2010 and math.isclose(m.mean, 210 / 2010, rel_tol=1e-12)
    lo, hi = m.interval
    assert lo <= m.mean <= hi and hi - lo < 0.02  # a real spread (1 and 0.1), no NaN from a negative variance
    one = store.student(name="Noé")[0]
    store.record(one, "yukon", "trials", "q1", {"sum": 3.0, "sumsq": 9.0 * (1 - 1e-12), "trials": 1})
    assert store.mean_summary("yukon")["q1"].interval == (-math.inf, math.inf)


def test_the_export_has_each_students_samples_and_the_class_mean_with_its_interval(store, tmp_path, capsys):
    from mineedu.cli import main

    rng = np.random.default_rng(3)
    a, _ = store.student(name="Léa")
    b, _ = store.student(name="Noé")
    va, vb, vc = rng.normal(1.5, 1.0, 300), rng.normal(1.5, 1.0, 200), rng.normal(1.5, 1.0, 100)
    for sid, v in ((a, va), (b, vb), (a, vc)):
        store.record(sid, LESSON, "trials", "q2", _sample(v))
    store.record(b, LESSON, "trials", "q1-3", {"successes": 12, "trials": 100})
    data = store.export()
    assert data["format"] == "mineedu-class/2"
    lea = next(s for s in data["students"] if s["name"] == "Léa")
    assert [(t["sum"], t["trials"]) for t in lea["trials"]] == [(float(va.sum()), 300), (float(vc.sum()), 100)]
    [q] = data["means"]
    every = np.concatenate([va, vb, vc])
    half = Z * every.std(ddof=1) / math.sqrt(600)
    assert (q["lesson"], q["key"], q["students"], q["samples"], q["trials"]) == (LESSON, "q2", 2, 3, 600)
    assert math.isclose(q["mean"], every.mean(), rel_tol=1e-12)
    assert math.isclose(q["low"], every.mean() - half, rel_tol=1e-9)
    assert math.isclose(q["high"], every.mean() + half, rel_tol=1e-9)
    assert [(p["student"], p["samples"], p["trials"]) for p in q["per_student"]] == [(a, 2, 400), (b, 1, 200)]
    assert math.isclose(q["per_student"][0]["mean"], np.concatenate([va, vc]).mean(), rel_tol=1e-12)
    # the command line: JSON as the store gives it, and the spreadsheets
    assert main(["class", "export", "--json", "--store", store.url]) == 0
    assert json.loads(capsys.readouterr().out)["means"] == json.loads(json.dumps(data["means"]))
    assert main(["class", "export", "--csv", str(tmp_path / "sheets"), "--store", store.url]) == 0
    said = capsys.readouterr().out
    assert "trials.csv (1 rows)" in said and "mean_trials.csv (3 rows)" in said and "means.csv (3 rows)" in said

    def sheet(name: str) -> list[dict[str, str]]:
        return list(csv.DictReader(io.StringIO((tmp_path / "sheets" / f"{name}.csv").read_text("utf-8-sig"))))

    assert [(r["name"], r["successes"]) for r in sheet("trials")] == [("Noé", "12")]
    assert [(r["name"], r["trials"], float(r["mean"])) for r in sheet("mean_trials")] == [
        ("Léa", "300", pytest.approx(va.mean())), ("Léa", "100", pytest.approx(vc.mean())),
        ("Noé", "200", pytest.approx(vb.mean()))]
    rows = sheet("means")
    assert [(r["who"], r["name"], r["trials"]) for r in rows] == [("class", "", "600"), ("student", "Léa", "400"),
                                                                  ("student", "Noé", "200")]
    assert float(rows[0]["low_95"]) == pytest.approx(q["low"]) and rows[1]["low_95"] == ""
    assert main(["class", "export", "--store", store.url]) == 0
    assert "1 questions of a mean pooled" in capsys.readouterr().out
