"""The store's schema migrations, and a store that went away: a clear error, never a hang."""

from __future__ import annotations

import shutil
import sqlite3
import time

import pytest

import mineedu.store.dialects as dialects
from mineedu.store import SCHEMA_VERSION, StoreError, open_store
from mineedu.store.dialects import dialect_for
from mineedu.store.schema import META, MIGRATIONS
from mineedu.store.store import Store


def _version_one(url: str) -> None:
    """A store as the first mineedu with tables wrote it: migration 1 only, and a game in progress."""
    old = Store(dialect_for(url), migrate=False)
    with old._tx() as cur:
        cur.execute(META)
        for statement in MIGRATIONS[0]:
            cur.execute(old.dialect.ddl(statement))
        cur.execute("INSERT INTO meta (key, value) VALUES ('schema_version', '1')")
        cur.execute("INSERT INTO game_tables (code, game, players, config, seed, created, moves, version) "
                    "VALUES ('ABCDE', 'gold_mine', 3, '{}', 42, 0, 1, 3)")
        for seat in range(3):
            cur.execute("INSERT INTO seats (code, seat) VALUES ('ABCDE', ?)", (seat,))
        cur.execute("INSERT INTO moves (code, number, player, action, at) VALUES ('ABCDE', 0, -1, 'null', 0)")
    old.close()


def test_a_version_one_store_is_migrated_forward(store_url):
    _version_one(store_url)
    assert Store(dialect_for(store_url), migrate=False).schema_version == 1
    store = open_store(store_url)
    assert store.schema_version == SCHEMA_VERSION == 3
    info = store.table("abcde")  # the game in progress is still there
    assert (info.moves, info.version, store.seed("ABCDE")) == (1, 3, 42)
    assert store.append("ABCDE", 1, 0, "explore")
    sid, _ = store.student(name="Léa")  # what migration 2 added
    store.record(sid, "gold_mine", "prediction", "burn", {"value": 0.3})
    assert store.prediction_summary("gold_mine")["burn"].count == 1
    assert open_store(store_url).schema_version == 3  # opening again changes nothing


def test_a_store_newer_than_this_mineedu_is_refused(store_url):
    store = open_store(store_url)
    with store._tx() as cur:
        cur.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(StoreError) as e:
        open_store(store_url)
    assert "mettez mineedu à jour" in e.value.text("fr") and "99" in str(e.value)


@pytest.mark.slow  # three Python processes start
def test_two_processes_opening_a_new_store_migrate_it_once(store_url):
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=open_store, args=(store_url,)) for _ in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=120)
        assert p.exitcode == 0
    assert open_store(store_url).schema_version == SCHEMA_VERSION


def test_a_sqlite_file_whose_folder_was_removed_is_a_clear_error(tmp_path):
    folder = tmp_path / "data"
    store = open_store(f"sqlite://{folder / 'class.db'}")
    code = store.create_table("gold_mine", 3).code
    shutil.rmtree(folder)
    for call in (lambda: store.table(code), lambda: store.append(code, 0, -1, None), lambda: store.listen()):
        with pytest.raises(StoreError) as e:
            call()
        assert "a disparu" in e.value.text("fr") and "went away" in e.value.text("en")


def test_a_sqlite_listener_whose_file_went_away_says_so(tmp_path):
    store = open_store(f"sqlite://{tmp_path / 'class.db'}")
    listener = store.listen()
    (tmp_path / "class.db").unlink()
    with pytest.raises(StoreError, match="went away"):
        listener.wait(1)
    t = time.monotonic()
    with pytest.raises(StoreError, match="went away"):
        listener.wait(0.3)  # still gone: the listener waits before saying it again (a loop around it never spins)
    assert time.monotonic() - t >= 0.3


def test_a_sqlite_file_that_cannot_be_created_is_a_clear_error(tmp_path):
    (tmp_path / "a file").write_text("not a folder")
    with pytest.raises(StoreError) as e:
        open_store(f"sqlite://{tmp_path / 'a file' / 'class.db'}")
    assert "injoignable" in e.value.text("fr") and "cannot be reached" in e.value.text("en")
    with pytest.raises(StoreError, match="unknown store address"):
        open_store("mysql://class")


def test_a_sqlite_store_locked_by_another_process_times_out(tmp_path, monkeypatch):
    path = tmp_path / "class.db"
    open_store(f"sqlite://{path}").close()
    monkeypatch.setattr(dialects, "BUSY_TIMEOUT", 0.3)
    store = open_store(f"sqlite://{path}")
    code = store.create_table("gold_mine", 3).code
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another kernel in the middle of a write (and stuck there)
    t = time.monotonic()
    with pytest.raises(StoreError) as e:
        store.append(code, 0, -1, None)
    waited = time.monotonic() - t
    holder.execute("ROLLBACK")
    assert "trop occupé" in e.value.text("fr") and waited < 30
    assert store.append(code, 0, -1, None)  # the lock gone, the store works again


@pytest.mark.server
def test_a_stopped_postgresql_server_is_a_clear_error_and_its_return_is_seen(pg_cluster):
    url = pg_cluster.new_database()
    store = open_store(url)
    code = store.create_table("gold_mine", 3).code
    listener = store.listen()
    pg_cluster.stop()
    try:
        with pytest.raises(StoreError) as e:
            store.append(code, 0, -1, None)
        assert "injoignable" in e.value.text("fr") and "cannot be reached" in e.value.text("en")
        with pytest.raises(StoreError):
            store.table(code)
        with pytest.raises(StoreError):
            listener.wait(2)
        with pytest.raises(StoreError, match="cannot be reached"):
            open_store(url)
    finally:
        pg_cluster.start()
    assert store.append(code, 0, -1, None)  # the server is back: the store connects again
    assert code in listener.wait(5)  # what it missed: every table
    assert store.moves(code)[0].number == 0


@pytest.mark.server
def test_two_classes_in_their_own_schemas_of_one_postgresql_database(pg_cluster):
    """``?options=-csearch_path=NAME`` keeps a class in its own schema; the store's timeouts still apply."""
    import psycopg

    url = pg_cluster.new_database()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE SCHEMA klass_a")
        conn.execute("CREATE SCHEMA klass_b")
    a = open_store(url + "&options=-csearch_path%3Dklass_a")
    b = open_store(url + "&options=-csearch_path%3Dklass_b")
    code = a.create_table("gold_mine", 3).code
    assert [t.code for t in a.tables()] == [code] and b.tables() == []
    with a._tx(write=False) as cur:
        assert cur.execute("SHOW statement_timeout").one()[0] == f"{dialects.STATEMENT_TIMEOUT}s"
        assert cur.execute("SHOW search_path").one()[0] == "klass_a"
