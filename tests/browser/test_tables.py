"""Class tables in real Chromium on the real class server (one SQLite class store, passed to every
kernel by ``MINEEDU_STORE`` as ``mineedu serve --store`` does): two students' pages join one
table by its code and play a whole game against each other and a bot (My Gold Mine, Silver &
Gold); no page receives the other's hidden dealt cards (every websocket frame searched); a
reloaded page gets its seat back; a restarted server resumes the game where it was."""

from __future__ import annotations

import statistics
import time
from typing import Any

import pytest

import mineedu
from mineedu.core import CHANCE, SavedGame
from mineedu.store import open_store
from tests.silver_gold.twins import unseen_cards

from .helpers import free_port, new_page, voila_server
from .lesson import CANVAS, CHANGED, CHOICE, READY, check_sizes, said, version

POOLS = {"gold_mine.ipynb": 3, "silver_gold.ipynb": 3}
NAMES = ("Léa", "Tom")


class ClassServer:
    """The class server on one port (a restart keeps the pages' address, hence their tickets)."""

    def __init__(self, tmp: Any) -> None:
        self.port = free_port()
        self.store_url = f"sqlite:///{tmp / 'class.db'}"
        self.log = tmp / "voila.log"
        self._cm: Any = None
        self.url = ""

    def start(self) -> None:
        self.log.write_text("")
        self._cm = voila_server(preheat=True, pool_size=0, log=self.log, port=self.port, pools=POOLS,
                                env={"MINEEDU_STORE": self.store_url}, timeout=240)
        self.url = self._cm.__enter__()

    def stop(self) -> None:
        if self._cm is not None:
            self._cm.__exit__(None, None, None)
            self._cm = None


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    server = ClassServer(tmp_path_factory.mktemp("tables"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def store(class_server):
    s = open_store(class_server.store_url)
    yield s
    s.close()


BANNER_AT_TOP = """() => { const b = document.querySelector('.mineedu-table-banner').getBoundingClientRect();
  return Math.abs(b.top) < 2 && document.querySelector('.me-canvas').getBoundingClientRect().top < window.innerHeight / 2; }"""


class Student:
    """One student's browser (its own context: its own localStorage) and every frame it received."""

    def __init__(self, browser: Any, name: str) -> None:
        self.name = name
        self.page = new_page(browser)
        self.frames: list[str] = []
        self.joined_at = 0  # frames before it show the lesson's own game (its own deal), not the table
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: Any) -> None:
        self.frames.append(payload if isinstance(payload, str) else payload.decode("utf-8", errors="replace"))

    def open(self, url: str) -> None:
        self.page.goto(url)

    def join(self, url: str, code: str, *, enter: bool = False) -> None:
        """Open the table's page, give the first name, then the Join button (or the Enter key)."""
        self.open(f"{url}/voila/render/{lesson_of(code)}?table={code}")
        box = self.page.locator(".mineedu-table-name input")
        box.wait_for(state="visible")
        assert self.page.locator(".mineedu-board-game").is_hidden()  # nothing of a game before a seat
        box.fill(self.name)
        self.joined_at = len(self.frames)
        if enter:
            box.press("Enter")  # a phone's "Go" key
        else:
            self.page.locator(".mineedu-table-join-button").click()
        self.seated()

    def seated(self) -> str:
        self.page.locator(".mineedu-table-banner").wait_for(state="visible")
        self.page.wait_for_function("() => document.querySelector('.me-canvas')?.dataset.version !== undefined")
        return self.page.inner_text(".mineedu-table-banner")

    def table_frames(self) -> str:
        """Every frame received since the Join click (decoded)."""
        return "".join(self.frames[self.joined_at:])

    def ready(self) -> bool:
        return bool(self.page.evaluate(f"() => ({READY})()"))

    def over(self) -> bool:
        return self.page.locator(".mineedu-over").count() > 0

    def close(self) -> None:
        self.page.close()


LESSONS: dict[str, str] = {}


def lesson_of(code: str) -> str:
    return LESSONS[code]


def new_table(store: Any, game: str, bots: list[Any]) -> str:
    code = store.create_table(game, players=len(bots), bots=bots).code
    LESSONS[code] = f"{game}.ipynb"
    return code


def play(students: list[Student], *, until_over: bool = True, moves: int = 10_000, relays: list[float] | None = None,
         timeout: float = 900, store: Any = None, code: str = "") -> int:
    """Each student clicks the first choice their board offers when it is their turn, until the game
    ends (or ``moves`` clicks); ``relays``: seconds from a click that made a move (the store's log
    grew: not a step of an action) to the other page's redraw."""
    made = 0
    deadline = time.monotonic() + timeout
    while made < moves and time.monotonic() < deadline:
        if until_over and all(s.over() for s in students):
            return made
        mover = next((s for s in students if s.ready()), None)
        if mover is None:
            students[0].page.wait_for_timeout(100)
            continue
        others = [s for s in students if s is not mover]
        seen = [version(o.page) for o in others]
        v = version(mover.page)
        logged = store.table(code).moves if relays is not None else 0
        t0 = time.monotonic()
        try:
            mover.page.locator(CHOICE).first.click()
        except Exception as exc:
            raise AssertionError(f"{mover.name}'s click failed; what the pages drew then:\n{drawn(students)}") from exc
        mover.page.wait_for_function(CHANGED, arg=v)
        if relays is not None and store.table(code).moves > logged:
            for o, ov in zip(others, seen, strict=True):
                o.page.wait_for_function(CHANGED, arg=ov, timeout=30_000)
                relays.append(time.monotonic() - t0)
        made += 1
    assert not until_over, "the game did not end in time"
    return made


SAMPLE = """() => { const c = [...document.querySelectorAll('.me-canvas')].find(e => e.dataset.version !== undefined);
  const svg = c && c.querySelector('.me-picture svg'); const t = svg ? svg.outerHTML : ''; let h = 0;
  for (let i = 0; i < t.length; i++) h = (h * 31 + t.charCodeAt(i)) | 0;
  return [c && c.dataset.version, c && c.dataset.waiting, h, document.querySelectorAll('.mineedu-first').length,
          document.body.classList.contains('mineedu-live'), (document.querySelector('.mineedu-status') || {}).innerText]; }"""


def drawn(students: list[Student], seconds: float = 3.0) -> str:
    """What each page shows, sampled every 0.1 s for ``seconds`` (a page redrawing again and again, a first
    screen's copy still up): what a failed click leaves to read."""
    lines = []
    for s in students:
        seen = []
        for _ in range(int(seconds * 10)):
            try:
                seen.append(tuple(s.page.evaluate(SAMPLE)))
            except Exception as exc:  # a page gone: say so
                seen.append((repr(exc)[:80],))
            s.page.wait_for_timeout(100)
        changes = [x for i, x in enumerate(seen) if i == 0 or x != seen[i - 1]]
        lines.append(f"{s.name}: {len(changes)} states in {seconds} s (version, waiting, picture hash, copies, live, "
                     f"status): {changes[:8]}")
    return "\n".join(lines)


def at_four_sizes(student: Student, name: str) -> dict:
    """``check_sizes`` on a seated student's page (banner, board, log), which then goes back to its size."""
    page = student.page
    size = page.viewport_size
    page.set_viewport_size({"width": 1920, "height": 1080})  # the first of the four sizes: the picture no wider
    page.wait_for_timeout(600)
    wrong = check_sizes(page, name, "fr")
    page.set_viewport_size(size)
    return wrong


def replayed(store: Any, code: str) -> SavedGame:
    info = store.table(code)
    game = mineedu.make(info.game, info.players, dict(info.config))
    return SavedGame(game, store.seed(code), [(m.player, game.action_from_json(m.action)) for m in store.moves(code)])


def figures(name: str, relays: list[float]) -> None:
    q = statistics.quantiles(relays, n=20)
    print(f"\n{name}: {len(relays)} moves relayed click -> other page redrawn: "
          f"p50 {statistics.median(relays) * 1000:.0f} ms, p95 {q[18] * 1000:.0f} ms, max {max(relays) * 1000:.0f} ms")


def test_gold_mine_two_pages_and_a_bot_play_a_whole_game(class_server, store, browser):
    code = new_table(store, "gold_mine", [None, "threshold:0.2", None])
    lea, tom = Student(browser, "Léa"), Student(browser, "Tom")
    try:
        lea.join(class_server.url, code)
        tom.join(class_server.url, code, enter=True)
        assert "J1 (bleu), Léa" in lea.seated() and "J3 (vert), Tom" in tom.seated()
        for s in (lea, tom):  # the seat taken, the table's banner at the top of the window, the board under it
            s.page.wait_for_function(BANNER_AT_TOP, timeout=10_000)
        relays: list[float] = []
        play([lea, tom], until_over=False, moves=4, relays=relays, store=store, code=code)
        # a reload: the browser's ticket gives Tom his seat back, at the same position
        before = store.table(code).moves
        tom.page.reload()
        assert "J3 (vert), Tom" in tom.seated()
        assert store.table(code).seats[2].name == "Tom" and store.table(code).moves == before
        wrong = at_four_sizes(tom, "table-gold_mine")  # a seat at a table, as on a phone or a projector
        assert not wrong, said(wrong)
        play([lea, tom], relays=relays, store=store, code=code)
        saved = replayed(store, code)
        assert saved.replay().is_terminal() and store.table(code).finished
        assert [m.number for m in store.moves(code)] == list(range(len(saved.moves)))  # none lost or doubled
        assert any(p == 1 for p, _ in saved.moves)  # the bot played, once per turn (one row per number)
        assert lea.page.inner_text(".mineedu-over") == tom.page.inner_text(".mineedu-over")
        figures("My Gold Mine", relays)
    finally:
        lea.close()
        tom.close()


def test_silver_gold_no_page_receives_the_others_dealt_cards(class_server, store, browser):
    code = new_table(store, "silver_gold", [None, None, "random"])
    lea, tom = Student(browser, "Léa"), Student(browser, "Tom")
    students = [lea, tom]
    try:
        lea.join(class_server.url, code)
        tom.join(class_server.url, code)
        lea.page.wait_for_function(f"() => ({READY})()")
        tom.page.wait_for_function(f"() => ({READY})()")
        assert "a choisi" in lea.page.inner_text(".mineedu-status")  # the bot has kept its cards, unseen
        saved = replayed(store, code)
        game, n = saved.game, saved.game.num_players
        deal = [a for p, a in saved.moves[: n * game.config.deal] if p == CHANCE]
        hands = [set(deal[v::n]) for v in range(n)]
        for v, s in enumerate(students):
            text = s.table_frames()
            assert any(w in text for c in hands[v] for w in names(c)), "a page's own cards are named in its frames"
            for other in range(n):
                if other != v:
                    leaked = [c for c in hands[other] for w in names(c) if w in text]
                    assert not leaked, f"{s.name}'s page received cards dealt to J{other + 1}: {leaked}"
        wrong = at_four_sizes(lea, "table-silver_gold")  # her cards to choose from, as on a phone or a projector
        assert not wrong, said(wrong)
        relays: list[float] = []
        play(students, relays=relays, store=store, code=code)
        saved = replayed(store, code)
        final = saved.replay()
        assert final.is_terminal()
        for v, s in enumerate(students):
            text = s.table_frames()
            never = unseen_cards(final, saved.moves, v)
            for other in range(n):
                if other != v:
                    leaked = [c for c in hands[other] & never for w in names(c) if w in text]
                    assert not leaked, f"{s.name}'s page received J{other + 1}'s cards it never saw: {leaked}"
        figures("Silver & Gold", relays)
    finally:
        lea.close()
        tom.close()


def names(card: int) -> list[str]:
    """How a card is named in words anywhere on a page (log lines, panel, labels)."""
    spaces = (" ", "\u00a0", "\\u00a0", "&nbsp;")  # a frame may carry the no-break space as JSON's escape
    return [f"n°{sp}{card}{end}" for sp in spaces for end in (" (", " ")] + [f"no. {card} (", f"no. {card} "]


def shown_position(s: Student) -> tuple[str, str, str]:
    """What a page shows of the position: whose turn, the log, the picture's words."""
    return (s.page.inner_text(".mineedu-status"), s.page.inner_text(".mineedu-log"),
            s.page.locator(".me-picture svg").text_content() or "")


def test_a_restarted_server_resumes_the_game(class_server, store, browser):
    code = new_table(store, "gold_mine", [None, None, "random"])
    lea, tom = Student(browser, "Léa"), Student(browser, "Tom")
    try:
        lea.join(class_server.url, code)
        tom.join(class_server.url, code)
        play([lea, tom], until_over=False, moves=5)
        lea.page.wait_for_function(f"() => ({READY})() || document.querySelectorAll('{CHOICE}').length === 0")
        time.sleep(1.5)  # the bots' pauses: let the table settle
        moves = store.table(code).moves
        shown = [shown_position(s) for s in (lea, tom)]
        class_server.stop()
        class_server.start()
        for s, seat in ((lea, "J1 (bleu), Léa"), (tom, "J2 (vermillon), Tom")):
            s.page.reload()
            assert seat in s.seated()
        assert store.table(code).moves >= moves
        if store.table(code).moves == moves:
            assert [shown_position(s) for s in (lea, tom)] == shown
        assert play([lea, tom], until_over=False, moves=3) == 3
        assert store.table(code).moves > moves
        assert replayed(store, code).replay() is not None
    finally:
        lea.close()
        tom.close()


def test_forged_ticket_and_unknown_code_in_the_browser(class_server, store, browser):
    code = new_table(store, "gold_mine", [None, "random", "random"])
    s = Student(browser, "Zoé")
    try:
        s.open(f"{class_server.url}/voila/render/gold_mine.ipynb?table=ZZZZ")
        s.page.locator(".mineedu-table-join [role='alert']").wait_for()
        assert "Aucune table n'a le code ZZZZ" in s.page.inner_text(".mineedu-table-join")
        assert s.page.locator(f"{CANVAS}").is_hidden()
        s.page.evaluate(f"() => localStorage.setItem('mineedu-table:{code}', 'forged-ticket-0000')")
        s.open(f"{class_server.url}/voila/render/gold_mine.ipynb?table={code}")
        s.page.locator(".mineedu-table-join [role='alert']").wait_for()
        assert "pas de place valable" in s.page.inner_text(".mineedu-table-join")
        assert s.page.locator(f"{CANVAS}").is_hidden()
        assert s.page.evaluate(f"() => localStorage.getItem('mineedu-table:{code}')") is None  # forgotten
        assert all(h.name is None for h in store.table(code).seats)
    finally:
        s.close()


def test_a_store_that_goes_away_is_a_message_on_the_page(class_server, store, browser):
    """The class store's file moved away mid-game: the page keeps its position and says so; back, it goes on."""
    import os
    from pathlib import Path

    code = new_table(store, "gold_mine", [None, "random", "random"])
    s = Student(browser, "Léa")
    path = Path(class_server.store_url.removeprefix("sqlite://"))
    away = path.with_name("away.db")
    try:
        s.join(class_server.url, code)
        s.page.wait_for_function(f"() => ({READY})()")
        before = store.table(code).moves
        os.rename(path, away)
        try:
            s.page.locator(CHOICE).first.click()
            s.page.locator(".mineedu-message [role='alert']").wait_for()
            assert "registre de la classe ne répond pas" in s.page.inner_text(".mineedu-message")
            assert s.page.locator(".me-picture svg").is_visible()  # the position stays on screen
        finally:
            os.rename(away, path)
        s.page.locator(".mineedu-message [role='status']").wait_for(timeout=30_000)  # it answers again
        assert "répond à nouveau" in s.page.inner_text(".mineedu-message")
        s.page.wait_for_function(f"() => ({READY})()")
        play([s], until_over=False, moves=1)
        assert store.table(code).moves > before
    finally:
        s.close()
