"""A class arriving at the real class server: figures, not a timed test.

    .venv/bin/python benchmarks/class_load.py [--students 30] [--over 10] [--chromium 5] [--storm 100] [--json]

Starts ``mineedu serve --class``'s server on a loopback port (a class token,
``--students`` pages of the lesson prepared ahead), then:

1. **arrival**: ``--students`` students arrive evenly over ``--over`` seconds,
   ``--chromium`` of them in real Chromium pages, the others as websocket
   clients that do what the page does (render, speak the page's binary kernel
   protocol, load the widgets, then click the
   board as ``canvas.js`` does: ``{"event": "pick", "token", "version"}``,
   answering bot pauses with ``tick``). Each keeps clicking (one click every
   ~1.5 s) until the whole class is in. Printed: seconds to playable (p50,
   p95, max; the board's picture with something to pick), incomplete pages,
   click latency (all clicks, and those made while students were still
   arriving), kernels and their memory;
2. **closing**: every tab closes, two thirds with the page's shutdown beacon,
   one third as a browser that dies (the socket just drops). Printed: seconds
   until each closed tab's kernel is gone, kernels and memory after;
3. **reload storm**: one browser asks for ``--storm`` pages in ``--storm-over``
   seconds while ``--others`` students play. Printed: what each of the storm's
   pages was (complete, "wait a moment", incomplete, hung) and the others'
   click latency meanwhile.

``--browsers-on-floor`` opens the Chromium pages on Voilà's floor instead of
the lesson (a notebook with one button, as ``benchmarks/app_speed.py`` serves
it): what co-located browsers cost the server's 2 cores whatever the lesson.

Every client talks only to 127.0.0.1; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
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

from mineedu.launch import CULL_AFTER, CULL_INTERVAL, find_notebooks, lessons  # noqa: E402
from tests.browser.helpers import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.server.serving import Server, class_server  # noqa: E402
from tests.server.student import V1, Student  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from app_speed import FLOOR, FLOOR_READY, with_floor  # noqa: E402

TOKEN = "bench-class-token"
PLAYABLE_JS = """() => !!document.querySelector('.me-canvas svg') &&
    !!document.querySelector('.me-canvas .me-active, .me-canvas .me-option')"""
KERNEL_ID_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
PAGE_WAIT = 90.0  # a page not playable by then counts as incomplete
CLICK_EVERY = 1.5
MAX_CLICKS = 60


def pct(xs: list[float], q: float) -> float | None:
    if not xs:
        return None
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def summary(xs: list[float], scale: float = 1.0) -> dict[str, Any]:
    top = max(xs) if xs else None
    return {"n": len(xs), "p50": _r(pct(xs, 0.5), scale), "p95": _r(pct(xs, 0.95), scale), "max": _r(top, scale)}


def _r(x: float | None, scale: float) -> float | None:
    return None if x is None else round(x * scale, 3 if scale == 1 else 0)


def cpu_seconds(server: Server) -> dict[str, float]:
    """Processor time used so far by the server process, its kernels, this benchmark's own process, and the
    Chromium and Playwright driver it runs (they share the machine with the server, unlike students' devices)."""
    def used(p: psutil.Process) -> float:
        try:
            t = p.cpu_times()
            return t.user + t.system
        except psutil.Error:
            return 0.0

    me, own = psutil.Process(), psutil.Process(server.proc.pid)
    theirs = {own.pid, *(p.pid for p in _tree(own))}
    helpers = [p for p in _tree(me) if p.pid not in theirs]  # Playwright's driver and the Chromium it launched
    browsers = [p for p in helpers if _named(p, "chrom")]
    return {"server": used(own), "kernels": sum(used(k) for k in server.kernels()),
            "clients": used(me), "chromium": sum(used(p) for p in browsers),
            "playwright": sum(used(p) for p in helpers if p not in browsers)}


def _tree(p: psutil.Process) -> list[psutil.Process]:
    try:
        return list(p.children(recursive=True))
    except psutil.Error:
        return []


def _named(p: psutil.Process, part: str) -> bool:
    try:
        return part in p.name().lower()
    except psutil.Error:
        return False


def cpu_delta(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    return {k: round(after[k] - before[k], 1) for k in before}


def memory(server: Server) -> dict[str, Any]:
    rss = server.kernel_memory()
    try:
        own = psutil.Process(server.proc.pid).memory_info().rss
    except psutil.Error:
        own = 0
    return {"kernels": len(rss), "kernels_mb": round(sum(rss) / 2**20), "per_kernel_mb": summary([r / 2**20 for r in rss]),
            "server_mb": round(own / 2**20)}


# --- one student ------------------------------------------------------------------------------------
class Outcome:
    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.playable: float | None = None
        self.problem: str | None = None
        self.clicks: list[tuple[float, float]] = []  # (started at, seconds)
        self.page: Any = None
        self.kernel_id: str | None = None


async def ws_student(out: Outcome, server: Server, lesson: str, at: float, t0: float, everyone_in: asyncio.Event,
                     rng: random.Random) -> Outcome:
    await asyncio.sleep(max(0.0, t0 + at - time.monotonic()))
    start = time.monotonic()
    s = Student(server.url, TOKEN, timeout=PAGE_WAIT)
    try:
        page = await asyncio.wait_for(s.render(lesson), PAGE_WAIT)
        out.page, out.kernel_id = page, page.kernel_id
        if page.status != 200 or not page.complete:
            out.problem = f"page {page.status} {page.notice or ''} {len(page.errors)} errors".strip()
            return out
        await page.connect(timeout=PAGE_WAIT - (time.monotonic() - start), protocol=V1)
        if not await page.until_playable(timeout=max(1.0, PAGE_WAIT - (time.monotonic() - start))):
            out.problem = "no board to play"
            return out
        out.playable = time.monotonic() - start
    except Exception as exc:  # a hung or refused page
        out.problem = f"{type(exc).__name__}: {exc}"[:120]
        return out
    for _ in range(MAX_CLICKS):
        if everyone_in.is_set():
            break
        await asyncio.sleep(CLICK_EVERY * rng.uniform(0.6, 1.4))
        clicked = time.monotonic()
        try:
            dt = await page.click(timeout=30)
            if dt is None:  # bots to wait for, or the round is over: what a student would wait through
                await page.until_playable(timeout=30)
                continue
            out.clicks.append((clicked - t0, dt))
            await page.until_playable(timeout=30)
        except Exception as exc:
            out.problem = f"click: {type(exc).__name__}"
            break
    return out


async def chromium_student(out: Outcome, browser: Any, server: Server, lesson: str, at: float, t0: float,
                           ready: str = PLAYABLE_JS) -> Outcome:
    await asyncio.sleep(max(0.0, t0 + at - time.monotonic()))
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    await page.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda r: r.abort())
    out.page = (context, page)
    start = time.monotonic()
    try:
        await page.goto(f"{server.url}/voila/render/{lesson}?token={TOKEN}", timeout=PAGE_WAIT * 1000)
        await page.wait_for_function(ready, timeout=max(1000, (PAGE_WAIT - (time.monotonic() - start)) * 1000), polling=100)
        out.playable = time.monotonic() - start
        out.kernel_id = await page.evaluate(KERNEL_ID_JS)
    except Exception as exc:
        out.problem = f"{type(exc).__name__}"[:80]
    if await page.locator("#mineedu-guard").count():
        out.problem = "guard: " + (await page.locator("#mineedu-guard").get_attribute("data-reason") or "?")
    return out


# --- the phases -----------------------------------------------------------------------------------------
async def arrival(server: Server, lesson: str, n: int, over: float, chromium: int, seed: int,
                  floor: bool = False) -> dict[str, Any]:
    rng = random.Random(seed)
    everyone_in = asyncio.Event()
    times = [over * i / max(1, n - 1) for i in range(n)]
    shown, ready = (f"{FLOOR}.ipynb", FLOOR_READY) if floor else (lesson, PLAYABLE_JS)  # what the Chromium pages open
    browsers = set(rng.sample(range(n), min(chromium, n))) if chromium else set()
    pw = browser = None
    if browsers:  # launched before the class arrives
        from playwright.async_api import async_playwright

        pw = await async_playwright().start()
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    t0 = time.monotonic() + 0.5
    cpu0 = cpu_seconds(server)
    tasks, pending = [], []
    for i, at in enumerate(times):
        out = Outcome("chromium" if i in browsers else "websocket")
        pending.append(out)
        if i in browsers:
            tasks.append(asyncio.ensure_future(chromium_student(out, browser, server, shown, at, t0, ready)))
        else:
            rng_i = random.Random(seed * 1000 + i)
            tasks.append(asyncio.ensure_future(ws_student(out, server, lesson, at, t0, everyone_in, rng_i)))
    # everyone is in once each page is playable or has given up
    while not all(t.done() or o.playable is not None or o.problem for t, o in zip(tasks, pending)):
        if time.monotonic() - t0 > over + PAGE_WAIT + 10:
            break
        await asyncio.sleep(0.2)
    all_in = time.monotonic() - t0
    mem_in = memory(server)
    cpu_in = cpu_delta(cpu0, cpu_seconds(server))
    await asyncio.sleep(3)  # a few clicks more, once everyone is in
    everyone_in.set()
    outcomes: list[Outcome] = list(await asyncio.wait_for(asyncio.gather(*tasks), 120))
    ws = [o for o in outcomes if o.kind == "websocket"]
    cr = [o for o in outcomes if o.kind == "chromium"]
    clicks = [dt for o in ws for _, dt in o.clicks]
    arriving = [dt for o in ws for at, dt in o.clicks if at <= all_in]  # before the last student could play
    result = {
        "students": n, "over_s": over, "chromium_pages": len(cr), "all_in_s": round(all_in, 1),
        "playable_s_websocket": summary([o.playable for o in ws if o.playable is not None]),
        "playable_s_chromium": summary([o.playable for o in cr if o.playable is not None]),
        "incomplete_pages": sum(1 for o in outcomes if o.playable is None or (o.kind == "chromium" and o.problem)),
        "problems": sorted({o.problem for o in outcomes if o.problem}),
        "click_ms_during_arrival": summary(arriving, 1000), "click_ms_all": summary(clicks, 1000),
        "memory_with_everyone_in": mem_in, "cpu_s_until_all_in": cpu_in,
        "load_average": [round(x, 1) for x in psutil.getloadavg()],
    }
    return {"result": result, "outcomes": outcomes, "pw": (pw, browser)}


async def closing(server: Server, outcomes: list[Outcome], pw: Any, seed: int, cull_after: int) -> dict[str, Any]:
    """Every tab closes at once: two thirds with their beacon, the others as browsers that die."""
    rng = random.Random(seed)
    before = memory(server)
    closed_at: dict[str, float] = {}
    beacon, dropped = [], []

    async def close(o: Outcome, with_beacon: bool) -> None:
        assert o.kernel_id is not None
        closed_at[o.kernel_id] = time.monotonic()
        if o.kind == "chromium":
            context, page = o.page
            if with_beacon:
                await page.close(run_before_unload=True)  # the page's own beacon fires
                await asyncio.sleep(1)  # as a browser does, the beacon leaves before the process ends
            await context.close()  # without beforeunload: the browser just goes
        else:
            await o.page.close(beacon=with_beacon)

    jobs = []
    for o in outcomes:
        if o.kernel_id is None or o.page is None:
            continue
        with_beacon = rng.random() < 2 / 3
        (beacon if with_beacon else dropped).append(o.kernel_id)
        jobs.append(close(o, with_beacon))
    await asyncio.wait_for(asyncio.gather(*jobs, return_exceptions=True), 120)
    if pw[1] is not None:
        await pw[1].close()
        await pw[0].stop()
    gone: dict[str, float] = {}
    t0 = time.monotonic()
    limit = cull_after + CULL_INTERVAL + 60
    while len(gone) < len(closed_at) and time.monotonic() - t0 < limit:
        log = server.log_text()
        for kid, at in closed_at.items():
            if kid not in gone and f"Kernel shutdown: {kid}" in log:
                gone[kid] = time.monotonic() - at
        await asyncio.sleep(0.5)
    await asyncio.sleep(2)
    return {
        "closed_with_beacon": len(beacon), "closed_without": len(dropped),
        "gone_s_with_beacon": summary([gone[k] for k in beacon if k in gone]),
        "gone_s_without_beacon": summary([gone[k] for k in dropped if k in gone]),
        "never_gone": len(closed_at) - len(gone),
        "memory_before_closing": before, "memory_after_culling": memory(server),
    }


async def storm(server: Server, lesson: str, renders: int, over: float, others: int, seed: int) -> dict[str, Any]:
    seated = []
    for _ in range(others):
        s = Student(server.url, TOKEN, timeout=PAGE_WAIT)
        page = await s.render(lesson)
        if page.status == 200 and page.complete:
            await page.connect(protocol=V1)
            if await page.until_playable():
                seated.append(page)
    stop = asyncio.Event()
    latencies: list[float] = []

    async def play(page: Any, rng: random.Random) -> None:
        for _ in range(MAX_CLICKS * 2):
            if stop.is_set():
                return
            await asyncio.sleep(CLICK_EVERY * rng.uniform(0.6, 1.4))
            try:
                dt = await page.click(timeout=30)
                if dt is not None:
                    latencies.append(dt)
                await page.until_playable(timeout=30)
            except Exception:
                return

    players = [asyncio.ensure_future(play(p, random.Random(seed + i))) for i, p in enumerate(seated)]
    storm_client = Student(server.url, TOKEN, timeout=PAGE_WAIT)
    first = await storm_client.render(lesson)  # its identity: every page after it is the same browser's

    async def one(at: float, t0: float) -> str:
        await asyncio.sleep(max(0.0, t0 + at - time.monotonic()))
        try:
            p = await asyncio.wait_for(storm_client.render(lesson), PAGE_WAIT)
        except Exception:
            return "hung"
        if p.notice:
            return f"said wait ({p.notice})"
        if p.status == 200 and p.complete:
            return "complete"
        return f"incomplete ({p.status})"

    t0 = time.monotonic()
    kinds = await asyncio.gather(*(one(over * i / renders, t0) for i in range(renders - 1)))
    took = time.monotonic() - t0
    stop.set()
    await asyncio.gather(*players)
    for p in seated:
        await p.close()
    counts: dict[str, int] = {}
    for k in ["complete" if first.complete else "incomplete", *kinds]:
        counts[k] = counts.get(k, 0) + 1
    return {"renders": renders, "over_s": over, "took_s": round(took, 1), "pages": counts,
            "others": len(seated), "others_click_ms": summary(latencies, 1000)}


def pick_lesson(notebooks: Path) -> str:
    names = [n for n in lessons(notebooks) if n != "index"]
    if not names:
        raise SystemExit("no lesson notebook in notebooks/")
    return f"{names[0]}.ipynb"


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    notebooks = find_notebooks()
    assert notebooks is not None
    lesson = args.lesson or pick_lesson(notebooks)
    log = Path(tempfile.mkdtemp()) / "server.log"
    load = [round(x, 1) for x in psutil.getloadavg()]
    figures: dict[str, Any] = {"lesson": lesson, "cpus": psutil.cpu_count(), "load_before": load}
    delay = {"fill_delay": args.fill_delay} if args.fill_delay is not None else {}
    pools = {lesson: args.students}
    if args.browsers_on_floor:  # the lessons, and the floor beside them, served from a copy
        pools[with_floor(notebooks, log.parent)] = args.chromium
        figures["browsers_on"] = "Voilà's floor (one button)"
    with class_server(log, token=TOKEN, pool_size=1, pools=pools, cull_after=args.cull_after,
                      timeout=1500, **delay) as server:
        await asyncio.sleep(3)
        figures["idle"] = memory(server)
        a = await arrival(server, lesson, args.students, args.over, args.chromium, args.seed, args.browsers_on_floor)
        figures["arrival"] = a["result"]
        print_phase("arrival", a["result"])
        figures["closing"] = await closing(server, a["outcomes"], a["pw"], args.seed, args.cull_after)
        print_phase("closing", figures["closing"])
        if args.storm:
            figures["storm"] = await storm(server, lesson, args.storm, args.storm_over, args.others, args.seed)
            print_phase("storm", figures["storm"])
        figures["server_alive"] = server.alive()
        figures["load_after"] = [round(x, 1) for x in psutil.getloadavg()]
        figures["log_refusals"] = {k: server.log_text().count(k) for k in ("refused (full)", "refused (busy)", "Culling")}
    return figures


def print_phase(name: str, figures: dict[str, Any]) -> None:
    print(f"--- {name}", file=sys.stderr)
    for k, v in figures.items():
        print(f"  {k}: {v}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lesson", help="the notebook (default: the first lesson in notebooks/)")
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--over", type=float, default=10.0, help="seconds over which they arrive")
    ap.add_argument("--chromium", type=int, default=5, help="how many of them are real Chromium pages")
    ap.add_argument("--storm", type=int, default=100, help="pages one browser asks for in the reload storm (0: none)")
    ap.add_argument("--storm-over", type=float, default=10.0)
    ap.add_argument("--others", type=int, default=10, help="students playing during the storm")
    ap.add_argument("--cull-after", type=int, default=CULL_AFTER)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fill-delay", type=float, help="seconds before a pool refills (default: the server's)")
    ap.add_argument("--browsers-on-floor", action="store_true",
                    help="the Chromium pages open a one-button notebook instead of the lesson")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not (1 <= args.students <= 200 and 0 <= args.chromium <= 20 and 0 <= args.storm <= 500 and args.over > 0):
        raise SystemExit("keep the load bounded: 1-200 students, 0-20 Chromium pages, 0-500 storm pages")
    figures = asyncio.run(asyncio.wait_for(main_async(args), 1800))
    if args.json:
        print(json.dumps(figures, indent=1, default=str))
    else:
        print(json.dumps({k: figures[k] for k in figures}, indent=1, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
