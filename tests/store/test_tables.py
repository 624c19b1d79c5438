"""Shared tables in the class store, on a real SQLite file and a real PostgreSQL server."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from mineedu.core import make, play
from mineedu.store import (
    ALPHABET,
    SeatRefused,
    StoreError,
    UnknownTable,
    open_store,
    replay,
    table_rng,
)


def test_codes_are_short_readable_and_unique(store):
    codes = [store.create_table("gold_mine", 3).code for _ in range(60)]
    assert len(set(codes)) == 60
    for c in codes:
        assert 4 <= len(c) <= 8 and set(c) <= set(ALPHABET)
    assert not set("01OI") & set(ALPHABET)
    listed = store.tables()
    assert sorted(t.code for t in listed) == sorted(codes)
    assert [t.created for t in listed] == sorted(t.created for t in listed)  # oldest first


def test_a_table_keeps_its_config_and_seed_server_side(store):
    seed = 4_611_686_018_427_387_847  # 19 digits: no code, count or time of the table can spell it
    info = store.create_table("gold_mine", 4, bots=[None, None, "greedy", None], config={"deck_mode": "face_up"},
                              seed=seed)
    assert (info.game, info.players, dict(info.config)) == ("gold_mine", 4, {"deck_mode": "face_up"})
    assert (info.moves, info.finished) == (0, False)
    assert [s.bot for s in info.seats] == [None, None, "greedy", None]
    assert store.seed(info.code) == seed
    for seen in (repr(info), repr(store.table(info.code)), repr(store.tables()), str(info.to_json())):
        assert str(seed) not in seen and "seed" not in seen
    drawn = {store.seed(store.create_table("gold_mine", 3).code) for _ in range(5)}
    assert len(drawn) == 5  # drawn at random (2**62 of them)


def test_codes_are_read_in_any_case(store):
    info = store.create_table("gold_mine", 3)
    assert store.table(info.code.lower()).code == info.code
    assert store.table(f" {info.code[:2]}-{info.code[2:]} ").code == info.code
    for bad in ("ZZZZZ", "AB0D", "", "x" * 50):
        with pytest.raises(UnknownTable) as e:
            store.table(bad)
        assert "aucune table" in e.value.text("fr") and "no table" in e.value.text("en")
    with pytest.raises(UnknownTable):
        store.moves("ZZZZZ")
    with pytest.raises(UnknownTable):
        store.append("ZZZZZ", 0, 0, "explore")


@pytest.mark.parametrize("kwargs, words", [
    ({"game": "chess", "players": 2}, "no game named 'chess'"),
    ({"game": "gold_mine", "players": 9}, "3 to 6 players"),
    ({"game": "gold_mine", "players": 3, "bots": [None, "genius", None]}, "has no bot 'genius'"),
    ({"game": "gold_mine", "players": 3, "bots": [None]}, "one seat"),
    ({"game": "gold_mine", "players": 3, "config": {"deck_mode": "sideways"}}, "deck_mode"),
    ({"game": "gold_mine", "players": 3, "seed": -1}, "seed"),
])
def test_a_table_the_game_refuses_is_a_clear_error(store, kwargs, words):
    with pytest.raises(StoreError) as e:
        store.create_table(**kwargs)
    assert words in str(e.value) and e.value.text("fr").startswith("table impossible")
    assert store.tables() == []


def test_seats_go_in_order_and_a_ticket_gives_its_seat_back(store):
    info = store.create_table("gold_mine", 4, bots=[None, "random", None, None])
    a, ta = store.join(info.code, name="Léa")
    b, tb = store.join(info.code, name="  Noé  ")
    assert (a, b) == (0, 2)
    assert store.join(info.code, ticket=ta) == (0, ta)  # a reload
    assert store.join(info.code.lower(), name="Léa", ticket=ta) == (0, ta)
    assert store.seat_of(info.code, tb) == 2
    seats = store.table(info.code).seats
    assert [(s.name, s.held, s.free) for s in seats] == [("Léa", True, False), (None, False, False),
                                                         ("Noé", True, False), (None, False, True)]
    c, _ = store.join(info.code, name="Zoé")
    assert c == 3
    with pytest.raises(SeatRefused) as e:
        store.join(info.code, name="Tom")
    assert "complète" in e.value.text("fr") and "full" in e.value.text("en")


def test_forged_and_other_tables_tickets_are_refused(store):
    one = store.create_table("gold_mine", 3)
    two = store.create_table("gold_mine", 3)
    _, t1 = store.join(one.code, name="Léa")
    for forged in (t1[:-1] + ("A" if t1[-1] != "A" else "B"), "", "x" * 1000, None, 42):
        with pytest.raises(SeatRefused) as e:
            store.seat_of(one.code, forged)
        assert "ticket" in e.value.text("fr") and "ticket" in e.value.text("en")
    with pytest.raises(SeatRefused):
        store.seat_of(two.code, t1)
    seat, t2 = store.join(two.code, name="Léa", ticket=t1)  # another table's ticket: a new seat there
    assert seat == 0 and t2 != t1
    with pytest.raises(StoreError) as e:
        store.join(two.code, name="   ")
    assert "prénom" in e.value.text("fr")


def test_the_teacher_gives_a_seat_to_a_bot_or_frees_it(store):
    info = store.create_table("gold_mine", 3)
    _, ta = store.join(info.code, name="Léa")
    _, tb = store.join(info.code, name="Noé")
    v = store.version(info.code)
    store.seat_bot(info.code, 0, "greedy")  # Léa left: a bot plays her seat
    assert store.version(info.code) > v
    with pytest.raises(SeatRefused):
        store.seat_of(info.code, ta)
    assert store.table(info.code).seats[0].bot == "greedy"
    store.release(info.code, 1)
    with pytest.raises(SeatRefused):
        store.seat_of(info.code, tb)
    assert store.join(info.code, name="Zoé")[0] == 1
    store.seat_bot(info.code, 0, None)
    assert store.join(info.code, name="Tom")[0] == 0
    with pytest.raises(StoreError, match="has no bot"):
        store.seat_bot(info.code, 2, "genius")
    with pytest.raises(StoreError, match="no seat 7"):
        store.seat_bot(info.code, 7, "random")


def test_the_rules_seat_is_nobodys(store):
    info = store.create_table("coal_mine", 3, config={"dummy": True})
    assert [s.auto for s in info.seats] == [False, False, True]
    assert store.join(info.code, name="Léa")[0] == 0
    assert store.join(info.code, name="Noé")[0] == 1
    with pytest.raises(SeatRefused):
        store.join(info.code, name="Zoé")
    with pytest.raises(StoreError):
        store.seat_bot(info.code, 2, "random")


def test_a_finished_table_seats_nobody_new(store):
    info = store.create_table("gold_mine", 3)
    _, t = store.join(info.code, name="Léa")
    store.mark_finished(info.code)
    assert store.table(info.code).finished
    assert store.join(info.code, ticket=t)[0] == 0
    with pytest.raises(SeatRefused) as e:
        store.join(info.code, name="Noé")
    assert "terminée" in e.value.text("fr")


def test_the_move_log_is_append_only_without_gaps(store):
    info = store.create_table("gold_mine", 3)
    v = store.version(info.code)
    assert store.append(info.code, 0, -1, ["deal", [1, 2]])
    assert store.append(info.code, 1, 0, "explore")
    assert not store.append(info.code, 1, 1, "stop")  # taken
    assert not store.append(info.code, 0, 1, "stop")
    with pytest.raises(StoreError) as e:
        store.append(info.code, 3, 0, "explore")
    assert "ne suit pas" in e.value.text("fr")
    moves = store.moves(info.code)
    assert [(m.number, m.player, m.action) for m in moves] == [(0, -1, ["deal", [1, 2]]), (1, 0, "explore")]
    assert [m.number for m in store.moves(info.code, after=0)] == [1]
    assert store.table(info.code).moves == 2 and store.version(info.code) == v + 2
    for bad in (float("nan"), {1, 2}, object()):
        with pytest.raises(StoreError, match="cannot store this move"):
            store.append(info.code, 2, 0, bad)
    with pytest.raises(StoreError, match="player"):
        store.append(info.code, 2, 5, "explore")
    with pytest.raises(StoreError, match="longer than"):
        store.append(info.code, 2, 0, "x" * 200_000)
    assert store.table(info.code).moves == 2


def _race(url: str, code: str, number: int, start: threading.Barrier, out: list[bool]) -> None:
    s = open_store(url)
    try:
        start.wait()
        out.append(s.append(code, number, 0, f"from {threading.get_ident()}"))
    finally:
        s.close()


def test_threads_racing_for_one_move_one_wins(store_url):
    store = open_store(store_url)
    code = store.create_table("gold_mine", 3).code
    for number in range(10):
        results: list[bool] = []
        start = threading.Barrier(6)
        threads = [threading.Thread(target=_race, args=(store_url, code, number, start, results)) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results) == [False] * 5 + [True]
    assert [m.number for m in store.moves(code)] == list(range(10))


def _process_racer(url: str, code: str, rounds: int, start, queue) -> None:
    s = open_store(url)
    wins = []
    for number in range(rounds):
        start.wait()
        if s.append(code, number, 0, "explore"):
            wins.append(number)
    queue.put(wins)
    s.close()


@pytest.mark.slow  # four Python processes start (about 10 s on 2 shared cores)
def test_processes_racing_for_every_move_exactly_one_wins_each(store_url):
    """Four real processes (as four Voilà kernels) race for each of 25 moves: each move is stored once."""
    import multiprocessing

    store = open_store(store_url)
    code = store.create_table("gold_mine", 3).code
    ctx = multiprocessing.get_context("spawn")
    start, queue = ctx.Barrier(4), ctx.Queue()
    procs = [ctx.Process(target=_process_racer, args=(store_url, code, 25, start, queue)) for _ in range(4)]
    for p in procs:
        p.start()
    wins = [queue.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    assert sorted(n for w in wins for n in w) == list(range(25))
    assert [m.number for m in store.moves(code)] == list(range(25))


def test_a_listener_hears_each_change(store_url):
    store, other = open_store(store_url), open_store(store_url)
    a = store.create_table("gold_mine", 3).code
    b = store.create_table("gold_mine", 3).code
    with store.listen() as listener:
        assert listener.wait(0.1) == set()
        other.append(a, 0, -1, None)
        assert listener.wait(5) == {a}
        other.join(b, name="Léa")
        other.append(a, 1, 0, "explore")
        got = listener.wait(5)
        got |= listener.wait(0.3)
        assert got == {a, b}
        assert listener.wait(0.1) == set()
    other.close()


def test_replay_rebuilds_the_position_from_the_log(store):
    """A whole game played by bots, stored move by move with each move's own generator, replays to the same end."""
    info = store.create_table("gold_mine", 3, bots=["random", "greedy", "random"], seed=5)
    game = make("gold_mine", 3)
    seed = store.seed(info.code)
    state, n = game.initial_state(), 0
    bots = [game.make_bot(s) for s in ("random", "greedy", "random")]
    while not state.is_terminal():
        event = next(play(state, bots, table_rng(seed, n)))
        assert store.append(info.code, n, event.player, game.action_to_json(event.action))
        state, n = event.after, n + 1
    g, replayed, events = replay(store, info.code)
    assert g.name == "gold_mine" and len(events) == n and replayed.is_terminal()
    assert replayed == state
    assert [game.action_to_json(e.action) for e in events] == [m.action for m in store.moves(info.code)]
    _, start, none = replay(store, store.create_table("gold_mine", 3).code)
    assert none == [] and start == game.initial_state()


def test_a_log_the_rules_refuse_is_a_clear_error(store):
    info = store.create_table("gold_mine", 3)
    store.append(info.code, 0, 0, "fly to the moon")
    with pytest.raises(StoreError) as e:
        replay(store, info.code)
    assert "ne se rejouent pas" in e.value.text("fr") and info.code in str(e.value)


def test_table_rng_depends_on_the_seed_and_the_number_only():
    assert table_rng(5, 3).integers(10**9) == table_rng(5, 3).integers(10**9)
    assert len({int(table_rng(5, n).integers(10**9)) for n in range(20)}) == 20
    assert isinstance(table_rng(2**62, 0), np.random.Generator)


def test_students_racing_for_the_last_seats_each_get_their_own(store_url):
    """Five students join a table of three free seats at the same moment: three seats, each once; two refusals."""
    store = open_store(store_url)
    code = store.create_table("gold_mine", 4, bots=[None, "random", None, None]).code
    start = threading.Barrier(5)
    got: list[object] = []

    def student(i: int) -> None:
        s = open_store(store_url)
        try:
            start.wait()
            got.append(s.join(code, name=f"Élève {i}")[0])
        except SeatRefused as exc:
            got.append(exc.key)
        finally:
            s.close()

    threads = [threading.Thread(target=student, args=(i,)) for i in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(got, key=str) == [0, 2, 3, "full", "full"]
    assert [s.held for s in store.table(code).seats] == [True, False, True, True]


def test_the_server_notes_its_address_for_links(store):
    assert store.server_url() is None
    store.set_server_url("http://10.0.0.5:8866/?token=a")
    store.set_server_url("http://10.0.0.6:8866/?token=b")
    assert store.server_url() == "http://10.0.0.6:8866/?token=b"
    store.set_server_url(None)
    assert store.server_url() is None


def test_the_command_line_reads_either_backend(store_url, capsys):
    """mineedu table new/show --store URL on this backend."""
    import json

    from mineedu.cli import main

    assert main(["table", "new", "gold_mine", "--players", "3", "--bots", ",,random", "--store", store_url, "--json"]) == 0
    code = json.loads(capsys.readouterr().out)["code"]
    open_store(store_url).join(code, name="Léa")
    assert main(["table", "show", code, "--store", store_url, "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["seats"][0]["name"] == "Léa" and view["turn"]["seats"] == [0]
