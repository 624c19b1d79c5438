"""Class tables under load on the real class server: figures, not a timed test.

    .venv/bin/python benchmarks/tables_load.py [--tables 8] [--seats 4] [--moves 24] [--store sqlite|postgresql] [--json]

Starts the class server (``mineedu serve``'s command, a fresh class store passed to every kernel by
``MINEEDU_STORE``: a SQLite file, or a database of a throwaway PostgreSQL server, ``tests/pg.py``;
one preheated My Gold Mine page per student), creates ``--tables`` tables of ``--seats`` students
each (``mineedu table new``'s ``store.create_table``), then every student is a websocket client
doing what the lesson page does (``tests/server/student.py``):
render the page, load its widgets, send the table link's ``hello`` (the page's address), type a
first name and press Join, then play its seat: when its board offers a choice, think
0.4-1.2 s and pick the first option, as ``canvas.js`` sends it.

Printed:

* **relay**: for every move of the store's log (a student's move and the chance it brings), the
  seconds from its row's time of writing to each *other* seat's next board redraw arriving on
  that seat's websocket (p50, p95, max; the goal: p95 <= 300 ms); and a student's click to the
  other seats' redraw (end to end, the mover's kernel included);
* **moves lost or doubled**: each table's log replayed by the rules, then every seat's kernel
  asked (jupyter_client, from outside) for its own copy of the game: it must be the log, move
  for move (none missing, none twice); refusals the pages showed;
* the machine: cores, load average before and after, the kernels' processor time and memory.

Every client talks only to 127.0.0.1; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402

from mineedu.store import open_store, replay  # noqa: E402
from tests.server.serving import Server, class_server  # noqa: E402
from tests.server.student import V1, Page, Student, playable  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from class_load import cpu_delta, cpu_seconds, memory, summary  # noqa: E402

TOKEN = "bench-tables-token"
LESSON = "gold_mine.ipynb"
PAGE_WAIT = 180.0
THINK = (0.4, 1.2)


class Seat:
    """One student's page at a table, and everything its websocket received, with the wall-clock time."""

    def __init__(self, table: Table, index: int, name: str) -> None:
        self.table, self.index, self.name = table, index, name
        self.page: Page | None = None
        self.seat: int | None = None
        self.redraws: list[tuple[float, int]] = []  # (wall time received, canvas version)
        self.clicks: list[tuple[float, int]] = []  # (wall time sent, version it was for)
        self.alerts: list[str] = []
        self.changed = asyncio.Event()
        self.ids: dict[str, str] = {}
        self.problem: str | None = None

    def find(self, test: Any) -> str:
        assert self.page is not None
        return next(k for k, v in self.page.states.items() if test(v))

    async def drain(self) -> None:
        """The page's one reader of its kernel's messages (timestamps them as they arrive)."""
        assert self.page is not None and self.page.inbox is not None
        while True:
            msg = await self.page.inbox.get()
            if msg["msg_type"] == "closed":
                return
            wall = time.time() - (time.monotonic() - msg["time"])
            data, cid = msg["data"], msg["comm_id"]
            state = data.get("state") or {}
            if cid == self.page.canvas and "version" in state:
                self.redraws.append((wall, int(state["version"])))
            elif cid == self.ids.get("message") and "role='alert'" in str(state.get("value", "")):
                self.alerts.append(re.sub("<[^>]+>", "", str(state["value"]))[:120])
            elif cid == self.ids.get("link") and data.get("method") == "custom":
                content = data.get("content") or {}
                if "keep" in content:
                    self.seat = -1  # seated: the seat's number comes from the store
            self.changed.set()

    def send_to(self, cid: str, data: dict[str, Any]) -> None:
        assert self.page is not None
        self.page.send("comm_msg", {"comm_id": cid, "data": data})

    async def join(self, server: Server) -> None:
        s = Student(server.url, TOKEN, timeout=PAGE_WAIT)
        page = await asyncio.wait_for(s.render(LESSON, [("table", self.table.code)]), PAGE_WAIT)
        if page.status != 200 or not page.complete:
            raise RuntimeError(f"page {page.status} {page.notice or ''}")
        await page.connect(timeout=PAGE_WAIT, protocol=V1)
        self.page = page
        self.ids = {
            "link": self.find(lambda v: "mineedu-table:" in str(v.get("_esm", ""))),
            "name": self.find(lambda v: "mineedu-table-name" in v.get("_dom_classes", ())),
            "join": self.find(lambda v: "mineedu-table-join-button" in v.get("_dom_classes", ())),
            "message": self.find(lambda v: "mineedu-message" in v.get("_dom_classes", ())),
        }
        reader = asyncio.ensure_future(self.drain())
        self.table.readers.append(reader)
        # what table.js sends once the page is shown, then the student types a name and presses Join
        self.send_to(self.ids["link"], {"method": "custom", "content": {
            "event": "hello", "table": self.table.code, "watch": False, "ticket": None, "name": None}})
        self.send_to(self.ids["name"], {"method": "update", "state": {"value": self.name}, "buffer_paths": []})
        self.send_to(self.ids["join"], {"method": "custom", "content": {"event": "click"}})
        deadline = time.monotonic() + 60
        while self.seat is None:
            if time.monotonic() > deadline:
                raise RuntimeError("no seat after 60 s")
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.1, deadline - time.monotonic()))

    async def play(self, rng: random.Random, stop: asyncio.Event) -> None:
        assert self.page is not None
        while not stop.is_set():
            self.changed.clear()
            board = self.page.board
            if not (playable(board) and board is not None and board.get("tick_ms", 0) == 0):
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), 1.0)
                continue
            await asyncio.sleep(rng.uniform(*THINK))
            board = self.page.board
            if stop.is_set() or not playable(board) or board is None:
                continue
            version = board["version"]
            self.clicks.append((time.time(), version))
            self.page.canvas_event("pick", board["options"][0]["token"], version)
            deadline = time.monotonic() + 30
            while (self.page.board or {}).get("version") == version and time.monotonic() < deadline:
                self.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), 1.0)


class Table:
    def __init__(self, code: str, seats: int) -> None:
        self.code = code
        self.seats = [Seat(self, i, f"Élève {code[:2]}{i}") for i in range(seats)]
        self.readers: list[asyncio.Task[None]] = []


def relays(tables: list[Table], store: Any) -> dict[str, list[float]]:
    """Seconds from each logged move to each other seat's next redraw; from each click to the others' next redraw."""
    written, clicked = [], []
    for t in tables:
        log = store.moves(t.code)
        last = -1  # chance is written by the page of the student whose move brought it
        for m in log:
            last = m.player if m.player >= 0 else last
            mover = next((s for s in t.seats if s.seat == last), None)
            for s in t.seats:
                if s is mover:
                    continue
                after = [w for w, _v in s.redraws if w >= m.at]
                if after:
                    written.append(after[0] - m.at)
        for s in t.seats:
            for at, _v in s.clicks:
                for o in t.seats:
                    if o is not s:
                        after = [w for w, _v in o.redraws if w >= at]
                        if after:
                            clicked.append(after[0] - at)
    return {"written": written, "clicked": clicked}


def kernels_agree(server: Server, tables: list[Table], store: Any) -> dict[str, Any]:
    """Every seat's kernel holds the table's log, move for move (asked from outside the page)."""
    from jupyter_client import BlockingKernelClient

    m = re.search(r"connection files in (\S+)", server.log_text())
    folder = Path(m.group(1).rstrip(".")) if m else None
    agree = differ = unreachable = 0
    details = []
    code = ("import hashlib as _h; _s = page.game_board.session; "
            "print('MINEEDU', getattr(_s, 'code', None), len(_s.events), _h.sha256(repr(_s.moves).encode()).hexdigest())")
    for t in tables:
        _game, _state, events = replay(store, t.code)
        want = (len(events), hashlib.sha256(repr([(e.player, e.action) for e in events]).encode()).hexdigest())
        for s in t.seats:
            path = folder / f"kernel-{s.page.kernel_id}.json" if folder and s.page else None
            if path is None or not path.exists():
                unreachable += 1
                continue
            kc = BlockingKernelClient(connection_file=str(path))
            kc.load_connection_file()
            kc.start_channels()
            out: list[str] = []

            def hook(msg: dict[str, Any], out: list[str] = out) -> None:
                if msg["msg_type"] == "stream":
                    out.append(msg["content"].get("text", ""))

            try:
                kc.wait_for_ready(timeout=30)
                kc.execute_interactive(code, timeout=30, output_hook=hook)
            except Exception as exc:  # counted, never hidden
                details.append(f"{t.code}/{s.index}: {type(exc).__name__}")
                unreachable += 1
                continue
            finally:
                kc.stop_channels()
            line = next((x for x in "".join(out).splitlines() if x.startswith("MINEEDU")), "")
            parts = line.split()
            if len(parts) == 4 and parts[1] == t.code and (int(parts[2]), parts[3]) == want:
                agree += 1
            else:
                differ += 1
                details.append(f"{t.code}/{s.index}: kernel {parts[1:3]} vs log {want[0]}")
    return {"seats_agreeing_with_the_log": agree, "seats_differing": differ, "seats_not_asked": unreachable,
            "details": details[:10]}


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="mineedu-tables-"))
    if args.store == "postgresql":
        from tests.pg import PgCluster

        cluster = PgCluster()
        cluster.start()
        try:
            os.environ["MINEEDU_STORE"] = cluster.new_database()
            return await played(args, folder)
        finally:
            cluster.remove()
    os.environ["MINEEDU_STORE"] = f"sqlite:///{folder / 'class.db'}"  # the server and every kernel inherit it
    return await played(args, folder)


async def played(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    """The run itself, on the store ``$MINEEDU_STORE`` names."""
    store = open_store()
    n = args.tables * args.seats
    figures: dict[str, Any] = {"tables": args.tables, "seats": args.seats, "cpus": psutil.cpu_count(),
                               "load_before": [round(x, 1) for x in psutil.getloadavg()], "store": store.url}
    with class_server(folder / "server.log", token=TOKEN, pool_size=0, pools={LESSON: n}, fill_delay=3600,
                      timeout=1500) as server:
        await asyncio.sleep(2)
        figures["idle"] = memory(server)
        tables = [Table(store.create_table("gold_mine", players=args.seats).code, args.seats)
                  for _ in range(args.tables)]
        t0 = time.monotonic()
        seats = [s for t in tables for s in t.seats]

        async def join(s: Seat) -> None:
            try:
                await s.join(server)
            except Exception as exc:  # a page that could not join is counted
                s.problem = f"{type(exc).__name__}: {exc}"[:120]

        await asyncio.gather(*(join(s) for s in seats))
        figures["joined"] = sum(1 for s in seats if s.problem is None)
        figures["join_s"] = round(time.monotonic() - t0, 1)
        figures["problems"] = sorted({s.problem for s in seats if s.problem})
        for t in tables:
            info = store.table(t.code)
            by_name = {seat.name: seat.index for seat in info.seats}
            for s in t.seats:
                s.seat = by_name.get(s.name)
        cpu0 = cpu_seconds(server)
        stop = asyncio.Event()
        players = [asyncio.ensure_future(s.play(random.Random(7 * i + 1), stop)) for i, s in enumerate(seats)
                   if s.problem is None]
        t1 = time.monotonic()
        while time.monotonic() - t1 < args.limit_s:
            if all(store.table(t.code).finished or sum(1 for m in store.moves(t.code) if m.player >= 0) >= args.moves
                   for t in tables):
                break
            await asyncio.sleep(1.0)
        await asyncio.sleep(2.0)  # the last moves reach every page
        stop.set()
        await asyncio.gather(*players, return_exceptions=True)
        played = time.monotonic() - t1
        figures["play_s"] = round(played, 1)
        figures["cpu_s_while_playing"] = cpu_delta(cpu0, cpu_seconds(server))
        figures["memory_playing"] = memory(server)
        logged = [store.moves(t.code) for t in tables]
        figures["moves_logged"] = sum(len(x) for x in logged)
        figures["student_moves_logged"] = sum(1 for x in logged for m in x if m.player >= 0)
        figures["log_numbers_contiguous"] = all([m.number for m in x] == list(range(len(x))) for x in logged)
        replays_ok = 0
        for t in tables:
            replay(store, t.code)
            replays_ok += 1
        figures["logs_replayed_by_the_rules"] = replays_ok
        r = relays(tables, store)
        figures["relay_ms_write_to_other_seats"] = summary(r["written"], 1000)
        figures["relay_ms_click_to_other_seats"] = summary(r["clicked"], 1000)
        figures["clicks"] = sum(len(s.clicks) for s in seats)
        figures["refusals_shown"] = sorted({a for s in seats for a in s.alerts})
        figures["kernels"] = kernels_agree(server, tables, store)
        figures["load_after"] = [round(x, 1) for x in psutil.getloadavg()]
        for t in tables:
            for task in t.readers:
                task.cancel()
        for s in seats:
            if s.page is not None:
                await s.page.close()
    store.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=8)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--moves", type=int, default=24, help="students' moves per table, about (the log holds more)")
    ap.add_argument("--limit-s", type=float, default=240.0, help="seconds of play at most")
    ap.add_argument("--store", choices=["sqlite", "postgresql"], default="sqlite")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not (1 <= args.tables <= 16 and 3 <= args.seats <= 6):
        raise SystemExit("keep the load bounded: 1-16 tables of 3-6 seats (My Gold Mine)")
    figures = asyncio.run(asyncio.wait_for(main_async(args), 2400))
    if args.json:
        print(json.dumps(figures, indent=1, default=str))
    else:
        for k, v in figures.items():
            print(f"{k}: {v}")
    w = figures["relay_ms_write_to_other_seats"]
    print(f"\nrelay write -> other seats: p50 {w['p50']} ms, p95 {w['p95']} ms, max {w['max']} ms over {w['n']} "
          f"(goal p95 <= 300 ms); moves logged {figures['moves_logged']}; kernels agreeing with the log "
          f"{figures['kernels']['seats_agreeing_with_the_log']}/{figures['tables'] * figures['seats']}; "
          f"load {figures['load_before']} -> {figures['load_after']}; {args.store}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
