"""Shared tables at the board (ui/table.py, session.TableSession) on a real class store (SQLite, and
PostgreSQL in the ``server`` runs):
joining by code and name, seats kept by ticket, refusals, races, bots moving once, simultaneous
choices, the seed kept server-side, a store that goes away and comes back, the kernel's listener."""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time

import pytest

import mineedu
from mineedu.core import CHANCE, SavedGame
from mineedu.store import open_store
from mineedu.ui import Board
from mineedu.ui.table import hub
from tests.pg import pg_cluster  # noqa: F401  (the session's PostgreSQL server)
from tests.ui.drive import options, pick, tick, widget_states


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.server)])
def store(request, tmp_path):
    """A new class store on a real SQLite file, and on a real PostgreSQL server (``tests/pg.py``)."""
    url = (f"sqlite:///{tmp_path / 'class.db'}" if request.param == "sqlite"
           else request.getfixturevalue("pg_cluster").new_database())
    s = open_store(url)
    yield s
    s.close()


@pytest.fixture
def sqlite_store(tmp_path):
    s = open_store(f"sqlite:///{tmp_path / 'class.db'}")
    yield s
    s.close()


def page(store, game="gold_mine", players=3, lang="fr"):
    """A lesson's board as a student's page builds it (its own solo game first)."""
    b = Board(mineedu.make(game, players), seats=[None] + ["random"] * (players - 1), seed=5, lang=lang)
    b.table._store = store
    return b


def hello(board, code, ticket=None, watch=False, name=None):
    """What the page's link sends once the page is shown: its address and the ticket it keeps."""
    board.receive("table", {"event": "hello", "table": code, "watch": watch, "ticket": ticket, "name": name})


def join(board, code, name):
    hello(board, code)
    assert board.table.state == "ask", board.table.note.value
    board.table.name_box.value = name
    board.receive("table", {"event": "join"})
    assert board.at_table, (board.message.value, board.table.note.value)
    return board.table.ticket


def sent(board):
    """Every custom message the kernel sent to the page's link (keep / forget a ticket...)."""
    return board.table.link._sent


@pytest.fixture(autouse=True)
def record_link_messages(monkeypatch):
    from mineedu.ui.table import TableLink

    def send(self, content, buffers=None):
        self.__dict__.setdefault("_sent", []).append(content)

    monkeypatch.setattr(TableLink, "send", send)


def play_out(boards, limit=3000):
    """Each page in turn: read the news, the seat to move picks its first option, bots move on ticks."""
    for _ in range(limit):
        for b in boards:
            b.table_changed()
        if boards[0].session.finished:
            return
        mover = next((b for b in boards if options(b)), None)
        if mover is None:
            tick(boards[_ % len(boards)])
            continue
        pick(mover, index=0)
        assert mover.message_key is None, mover.message.value
    raise AssertionError("the game did not end")


def test_join_by_code_and_name_then_the_same_seat_back(store):
    code = store.create_table("gold_mine", players=3, bots=[None, None, "threshold:0.2"]).code
    a, b = page(store), page(store)
    ta = join(a, code.lower(), "Léa")  # a code as typed: lower case forgiven
    tb = join(b, code, "Tom")
    assert (a.session.seat, b.session.seat) == (0, 1)
    assert {"keep": {"code": code, "ticket": ta, "name": "Léa"}} in sent(a)  # the browser keeps the ticket
    assert "Léa" in a.table.banner.value and code in a.table.banner.value
    # a reload, or another tab of the same browser: its ticket gives the same seat back
    again = page(store)
    hello(again, code, ticket=ta)
    assert again.at_table and again.session.seat == 0
    hello(page(store), code, ticket=tb)
    assert store.table(code).seats[1].name == "Tom"
    # nothing of the seat's page: undo, new game, import, "bots play at once" are off
    for w in (a.undo_button, a.new_toggle, a.import_button, a.finish_button, a.saved_toggle):
        assert w.layout.display == "none"


def test_typed_code_asks_the_browser_for_its_ticket_first(store):
    code = store.create_table("gold_mine", players=3).code
    first = page(store)
    ticket = join(first, code, "Léa")
    other_tab = page(store)
    hello(other_tab, "")  # a lesson opened without ?table=
    assert other_tab.table.state == "solo" and other_tab.game_box.layout.display is None
    # one line above the game until the student asks for a table: then the code and name boxes
    t = other_tab.table
    assert t.open_button.layout.display is None and t.join_box.layout.display == "none"
    assert t.open_button.description.startswith("Jouer à une table de la classe")
    other_tab.receive("table", {"event": "open"})
    assert t.join_box.layout.display is None and t.code_box.layout.display is None
    other_tab.receive("table", {"event": "open"})  # pressed again: folded back
    assert t.join_box.layout.display == "none"
    other_tab.receive("table", {"event": "open"})
    other_tab.table.code_box.value = code
    other_tab.receive("table", {"event": "join"})
    assert {"ticket_for": code} in sent(other_tab)
    other_tab.receive("table", {"event": "ticket", "table": code, "ticket": ticket, "name": "Léa"})
    assert other_tab.at_table and other_tab.session.seat == 0
    assert t.open_button.layout.display == "none" and t.join_box.layout.display == "none"


def test_forged_ticket_and_unknown_code_get_a_refusal_and_nothing_else(store):
    code = store.create_table("silver_gold", players=2).code
    other = store.create_table("silver_gold", players=2).code
    owner = page(store, "silver_gold", 2)
    ticket = join(owner, code, "Léa")
    for forged in ("x" * 32, ticket + "A"):
        p = page(store, "silver_gold", 2)
        hello(p, code, ticket=forged)
        assert not p.at_table and p.table.state == "ask"
        assert p.game_box.layout.display == "none"  # not even the page's own game
        assert {"forget": code} in sent(p)
        assert "place valable" in p.table.note.value
    p = page(store, "silver_gold", 2)
    hello(p, other, ticket=ticket)  # another table's ticket: no seat there
    assert not p.at_table and {"forget": other} in sent(p)
    for bad in ("ZZZZ", "O0I1", "<script>", 12, None, "A" * 400):
        p = page(store, "silver_gold", 2, lang="en")
        p.receive("table", {"event": "hello", "table": bad, "watch": False, "ticket": ticket, "name": None})
        if bad is None:
            assert p.table.state == "solo"
            continue
        assert not p.at_table and p.table.state == "refused" and p.game_box.layout.display == "none"
        assert "No table has the code" in p.table.note.value or "is not a table code" in p.table.note.value
        assert "&lt;script&gt;" in p.table.note.value or "<script>" not in p.table.note.value
    for junk in ("hello", ["event"], {"event": "leave"}, {"event": "hello", "table": code, "ticket": {"a": 1}}):
        p = page(store, "silver_gold", 2)
        p.receive("table", junk)
        assert not p.at_table


def test_a_full_table_is_refused_and_can_be_watched(store):
    code = store.create_table("gold_mine", players=3, bots=[None, "random", "random"]).code
    join(page(store), code, "Léa")
    late = page(store, lang="en")
    hello(late, code)
    late.table.name_box.value = "Tom"
    late.receive("table", {"event": "join"})
    assert not late.at_table and "is full" in late.table.note.value
    watcher = page(store, lang="en")
    hello(watcher, code, watch=True)
    assert watcher.at_table and watcher.session.seat is None and watcher.viewer() is None
    assert {"pending": False, "watching": True} in sent(watcher)
    watcher.receive("canvas", {"event": "pick", "token": "o1.0", "version": watcher.canvas.version})
    assert watcher.message_key is not None and len(watcher.session.events) == len(store.moves(code))


def test_whole_game_two_students_and_a_bot_every_move_once(store):
    code = store.create_table("gold_mine", players=3, bots=[None, "threshold:0.2", None]).code
    a, b = page(store), page(store)
    join(a, code, "Léa")
    join(b, code, "Tom")
    assert b.session.seat == 2
    play_out([a, b])
    moves = store.moves(code)
    assert [m.number for m in moves] == list(range(len(moves)))  # no gap, none twice
    game = mineedu.make("gold_mine", 3)
    saved = SavedGame(game, store.seed(code), [(m.player, game.action_from_json(m.action)) for m in moves])
    assert saved.replay().is_terminal() and a.session.moves == b.session.moves == saved.moves
    assert store.table(code).finished
    # the bot's moves were drawn from the table's seed: the same as any other page would have drawn
    assert any(p == 1 for p, _ in saved.moves) and a.session.state == b.session.state
    # once the game is over the seat's page may export it (with its seed)
    assert a.saved_toggle.layout.display is None
    a.receive("export", None)
    assert json.loads(a.saved_text.value)["seed"] == store.seed(code)


def test_bots_move_once_and_one_at_a_time_however_many_pages_tick(store):
    code = store.create_table("gold_mine", players=4, bots=[None, "random", "random", "random"]).code
    seat = page(store, players=4)
    join(seat, code, "Léa")
    watchers = [page(store, players=4) for _ in range(3)]
    for w in watchers:
        hello(w, code, watch=True)
    pick(seat, index=0)  # explore: the bots' turns come
    for w in watchers:
        w.table_changed()
    start = len(store.moves(code))
    everyone = [seat, *watchers]
    # every page's pause ends at once: one bot move is written, the other pages read it
    for b in everyone:
        tick(b)
    bot_moves = [m for m in store.moves(code)[start:] if m.player != CHANCE]
    assert len(bot_moves) == 1
    for b in everyone:
        b.table_changed()
        assert b.session.moves == everyone[0].session.moves


def test_two_tabs_of_one_seat_race_for_one_move(store):
    """Both tabs saw the same position; the second's write finds the number taken: it redraws with
    the store's move and says so, and the log holds one move."""
    code = store.create_table("gold_mine", players=3, bots=[None, "random", "random"]).code
    tab1 = page(store)
    ticket = join(tab1, code, "Léa")
    tab2 = page(store)

    class Late:  # tab2's store: the real one; tab1's click lands just before tab2's write reaches it
        def __getattr__(self, name):
            return getattr(store, name)

        def append(self, *args):
            pick(tab1, index=0)
            return store.append(*args)

    tab2.table._store = Late()
    hello(tab2, code, ticket=ticket)
    number = len(store.moves(code))
    pick(tab2, index=1)
    assert tab2.message_key == ("lost_race", {})
    assert "Un autre coup est arrivé avant le vôtre" in tab2.message.value
    assert store.moves(code)[number].player == 0
    assert tab2.session.moves[: number + 1] == tab1.session.moves[: number + 1]


def test_undo_and_show_all_are_off_at_a_seat(store):
    code = store.create_table("silver_gold", players=2).code
    a = page(store, "silver_gold", 2)
    a.set_teacher(True)  # ?teacher=1 on a seat's page: still no "show all" (a player looks at it)
    join(a, code, "Léa")
    assert a.show_all_box.layout.display == "none"
    a.receive("show_all", True)
    assert a.message_key == ("teacher_only", {}) and not a.show_all
    a.receive("undo", None)
    assert a.message_key == ("no_undo_table", {})
    for kind in ("new_game", "import", "players"):
        a.receive(kind, "2" if kind == "players" else "{}")
        assert a.message_key == ("table_no_change", {}), kind
    a.receive("export", None)
    assert a.message_key == ("table_export_later", {}) and a.saved_text.value == ""
    spectator = page(store, "silver_gold", 2)
    spectator.set_teacher(True)
    hello(spectator, code, watch=True)
    assert spectator.show_all_box.layout.display is None
    spectator.receive("show_all", True)
    assert spectator.show_all and spectator.message_key is None


def test_simultaneous_choice_waits_for_every_seat_and_says_who_has_chosen(store):
    code = store.create_table("silver_gold", players=2).code
    a, b = page(store, "silver_gold", 2), page(store, "silver_gold", 2, lang="en")
    join(a, code, "Léa")
    join(b, code, "Tom")
    a.table_changed()
    b.table_changed()
    assert options(a) and options(b)  # both keep their cards at once
    while not b.session.chosen():
        pick(b, index=0)
        assert b.message_key is None, b.message.value
    a.table_changed()
    assert "J2 · Tom a choisi" in a.status.value
    assert "You have chosen: waiting for P1 · Léa" in b.status.value
    assert options(a) and not options(b)
    a_before = json.dumps(widget_states(a.widget), default=str)
    assert "Tom" in a_before  # his name is public, his choice is not (tests/board_conformance.py)


def test_the_seed_never_reaches_a_page(store):
    info = store.create_table("coal_mine", players=3, seed=6_987_654_321_123_456_789)
    a = page(store, "coal_mine", 3)
    join(a, info.code, "Léa")
    play = 0
    while options(a) and play < 5:
        pick(a, index=0)
        play += 1
    blob = json.dumps(widget_states(a.widget), default=str)
    assert "6987654321123456789" not in blob and "6 987 654" not in blob
    assert a.seed_box.value == 0


def test_a_page_killed_mid_move_loses_nothing(store):
    code = store.create_table("gold_mine", players=3, bots=[None, "random", "random"]).code
    a = page(store)
    ticket = join(a, code, "Léa")
    session = a.session
    legal = session.legal()
    session.play(legal[0], 0)  # written; the page dies before it writes the chance that follows
    del a
    n = len(store.moves(code))
    back = page(store)
    hello(back, code, ticket=ticket)
    assert back.session.moves[:n] == session.moves[:n]
    assert len(back.session.events) >= n  # the chance the dead page owed is written by the page that came back
    assert not back.session.state.is_chance()


def test_a_store_that_goes_away_gives_a_message_not_a_frozen_board(sqlite_store, tmp_path):
    store = sqlite_store
    code = store.create_table("gold_mine", players=3, bots=[None, "random", "random"]).code
    a = page(store, lang="en")
    join(a, code, "Léa")
    shown = a.canvas.svg
    path = tmp_path / "class.db"
    moved = tmp_path / "elsewhere.db"
    os.rename(path, moved)
    try:
        pick(a, index=0)
        assert a.store_down is not None and "class store" in a.message.value
        assert a.canvas.svg == shown and a.canvas.tick_ms > 0  # the position stays; the page tries again
        tick(a)
        assert a.store_down is not None
    finally:
        os.rename(moved, path)
    tick(a)
    assert a.store_down is None and "answers again" in a.message.value
    pick(a, index=0)
    assert a.message_key is None and store.moves(code)


def test_the_kernels_listener_hands_changes_to_its_event_loop(store):
    """The hub's thread waits on the store and calls back on the loop's own thread."""
    code = store.create_table("gold_mine", players=3).code
    seen: list[tuple[str, float]] = []

    async def main():
        loop = asyncio.get_running_loop()
        h = hub(store)
        assert h is not None and h.loop is loop
        done = asyncio.Event()

        def changed():
            seen.append((threading.current_thread().name, time.monotonic()))
            done.set()

        h.add(code, changed, lambda exc: None)
        await asyncio.sleep(0.2)
        other = open_store(store.url)  # another kernel's connection
        other.seat_bot(code, 1, "random")  # the teacher gives a seat to a bot
        await asyncio.wait_for(done.wait(), 10)
        h.close()
        other.close()

    asyncio.run(main())
    assert seen and seen[0][0] == threading.main_thread().name


def test_a_click_in_flight_when_another_seat_moves_still_counts(store):
    """Silver & Gold's keep: Tom's choice redraws Léa's board while her click is on its way; the
    click was for the same choices, so it is played, not refused as stale. A click for a step
    that changed (or a forged version) still is."""
    code = store.create_table("silver_gold", players=2).code
    lea, tom = page(store, "silver_gold", 2), page(store, "silver_gold", 2)
    join(lea, code, "Léa")
    join(tom, code, "Tom")
    lea.table_changed()
    shown = lea.canvas.version
    token = lea.canvas.options[0]["token"]
    pick(tom, index=0)
    lea.table_changed()  # Tom's first step does not reach the store: nothing to redraw
    while not tom.session.chosen():
        pick(tom, index=0)
    lea.table_changed()
    assert lea.canvas.version > shown and "a choisi" in lea.status.value
    lea.receive("canvas", {"event": "pick", "token": token, "version": shown})
    assert lea.message_key is None and lea.canvas.selected  # her first card is picked
    for forged in ({"event": "pick", "token": lea.canvas.options[0]["token"], "version": shown},
                   {"event": "pick", "token": token, "version": lea.canvas.version + 5}):
        lea.receive("canvas", forged)
        assert lea.message_key == ("stale", {})


def test_one_first_name_for_the_class_and_its_table(store):
    """A lesson page in a class, at a table: the name given to take a seat joins the class too (no second
    box to fill), and a name given to the class first is ready in the table's join box."""
    from mineedu.ui.lesson import lesson

    url = store.url
    code = store.create_table("gold_mine", players=3, bots=[None, None, "random"]).code
    pages = []
    for seed in (11, 12):
        p = lesson("gold_mine", seed=seed)
        p.classroom.url = url
        p.game_board.table._store = store
        p.apply_query("")
        assert p.classroom.active and p.classroom.bar.state == "ask"
        pages.append(p)
    lea, tom = pages
    # Léa takes a seat first: her class bar joins the class with that name
    join(lea.game_board, code, "Léa")
    assert lea.classroom.bar.state == "in" and lea.classroom.bar.name == "Léa"
    assert [s.name for s in store.presence(60)] == ["Léa"]
    # Tom joins the class first: the table's box has his name; one click takes the seat
    tom.classroom.bar.hello = {"name": "Tom", "ticket": ""}
    hello(tom.game_board, code)
    assert tom.game_board.table.name_box.value == "Tom"
    tom.game_board.receive("table", {"event": "join"})
    assert tom.game_board.at_table and store.table(code).seats[1].name == "Tom"
    assert sorted(s.name for s in store.presence(60)) == ["Léa", "Tom"]  # no third student
    for p in pages:
        p.classroom.stop()
        p.classroom.store.close()
