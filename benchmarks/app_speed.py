"""How fast every lesson is in real Chromium, against the real Voilà server.

    .venv/bin/python benchmarks/app_speed.py [--runs 5] [--clicks 5] [--lessons gold_mine,yukon]
                                             [--before main] [--size 1280x800] [--cold] [--json]

Measures, median of ``--runs`` pages per lesson, at ``--size`` (the window):

* start page: from ``page.goto`` to every game's picture shown;
* navigation → picture: from ``page.goto`` to the board's picture on the screen
  (the first screen's static copy, ``mineedu/ui/first_screen.py``, or the live
  board when the page has none);
* navigation → board interactive: to the live board offering a choice (a region
  or button of the picture, built from the kernel, so a click then reaches it);
* navigation → new-game dialog loaded: the board's folded parts (the new game's
  dialog, the saved game), whose models load once the board is live;
* click → board redrawn: from a click on the board's first choice to the
  kernel's redraw being on the page (the canvas's ``data-version`` changes),
  timed inside the page: from the click event's time stamp to the start of the
  first frame after the redraw (the frame that paints it). Playwright's own
  click (its checks that the target is visible and still, two frames or
  more) and its polling for the change add about 50-80 ms around that: the
  figure as Playwright sees it is printed beside. The bots are then let
  finish with the board's own button before the next click;
* Voilà's floor, side by side: the same server serves a notebook with one
  button (``floor.ipynb``: the lesson notebooks' shape, a ``query()`` cell then
  the widget) and the same navigation is timed until the button is on the
  page. No lesson can be interactive sooner than that on the machine at hand.
  A lesson's "floor +" is its median less the floor's, and, steadier on a
  machine whose load swings from one round to the next, the median of each
  round's own difference (lesson less floor, timed a few seconds apart);
* ``--before REF``: each lesson's notebook *and the package it imports* as they
  were at git ``REF`` too, served by the same server and timed in the same
  rounds (the page before a change, beside the page after it, on a machine
  whose load drifts). The package at ``REF`` is exported to a temporary folder
  (with this tree's compiled game modules where their sources are the same)
  and the old notebook gets a first cell putting it first on ``sys.path``,
  run before the page's visitor arrives. The server, its page template and
  Voilà are this tree's for both.

Every round times each page once (floor, lessons, their ``--before`` copies)
before the next round, so a drift of the machine's load falls on all alike.
Preheated kernels (``mineedu serve``'s setting; the pool refills between
runs), and cold with ``--cold``. The machine's load average is printed with
the figures: on a shared machine they mean little without it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from mineedu.launch import NOTEBOOKS_ENV  # noqa: E402
from tests.browser.helpers import START, launch, new_page, voila_server  # noqa: E402
from tests.browser.lesson import CHANGED, CHOICE, READY, UNFOLDED, finish_bots, version  # noqa: E402

FLOOR = "floor"  # the one-button notebook (see the docstring)
FLOOR_READY = "() => !!document.querySelector('.me-floor')"
PICTURE = """() => { const s = document.querySelector('.me-picture svg');
  if (!s) return false;
  const r = s.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.top < window.innerHeight && getComputedStyle(s).visibility !== 'hidden'; }"""
THUMBS_SHOWN = ("() => { const t = [...document.querySelectorAll('img.mineedu-thumb')]; "
                "return t.length > 0 && t.every(i => i.complete && i.naturalWidth > 0); }")
BEFORE = "-before"  # suffix of a lesson's notebook as it was at --before
CLICK_TIMER = """(() => {
  // the page's own times: each click event's time stamp, each redraw of the board (data-version) and the
  // start of the frame after it
  window.__clicks = []; window.__redraws = [];
  window.addEventListener('click', e => window.__clicks.push(e.timeStamp), true);
  const seen = new MutationObserver(ms => {
    if (!ms.some(m => m.attributeName === 'data-version')) return;
    const at = performance.now();
    requestAnimationFrame(frame => window.__redraws.push([at, frame]));
  });
  const start = () => document.body ? seen.observe(document.body, {subtree: true, attributes: true,
    attributeFilter: ['data-version']}) : setTimeout(start, 10);
  start();
})()"""
CLICK_TIMES = """() => { const c = window.__clicks.at(-1);
  const r = window.__redraws.find(([at, _frame]) => at >= c); return r ? r[1] - c : null; }"""


def lesson_notebooks(only: list[str] | None) -> dict[str, str]:
    from mineedu.core import game_names
    from mineedu.ui.lesson import lesson_spec

    out = {}
    for name in game_names():
        spec = lesson_spec(name)
        if spec is not None and (not only or name in only):
            out[name] = spec.notebook
    return out


def measure_start(browser, url: str, viewport: dict) -> float:
    page = new_page(browser, viewport=viewport)
    t0 = time.perf_counter()
    page.goto(url + START)
    page.wait_for_function(THUMBS_SHOWN, timeout=120_000)
    shown = time.perf_counter() - t0
    page.close()
    return shown


def floor_notebook(folder: Path) -> str:
    """Write the one-button notebook into ``folder``; its file name."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("import ipywidgets as w\nfrom mineedu.ui.page import query\n\nq = query()"),
        nbformat.v4.new_code_cell("b = w.Button(description='Jouer')\nb.add_class('me-floor')\nb"),
    ]
    nbformat.write(nb, folder / f"{FLOOR}.ipynb")
    return f"{FLOOR}.ipynb"


def with_floor(notebooks: Path, tmp: Path) -> str:
    """Serve a copy of ``notebooks`` (through ``$MINEEDU_NOTEBOOKS``, which the server reads) with the
    floor beside the lessons; the floor's file name."""
    served = tmp / "notebooks"
    shutil.copytree(notebooks, served, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    os.environ[NOTEBOOKS_ENV] = str(served)
    return floor_notebook(served)


def package_at(ref: str, folder: Path) -> Path:
    """The ``mineedu`` package as it was at git ``ref``, exported under ``folder``, with this tree's
    compiled game modules beside their sources (``mineedu.core.native`` uses them only where the
    sources they were built from are the ones exported); the folder to put first on ``sys.path``."""
    out = folder / "before"
    out.mkdir()
    archive = subprocess.run(["git", "archive", ref, "mineedu"], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive.stdout, check=True)
    for built in (ROOT / "mineedu" / "games").glob("*/*"):
        if built.suffix == ".so" or built.name == "native.sha256":
            target = out / built.relative_to(ROOT)
            if target.parent.is_dir():
                shutil.copy2(built, target)
    return out


def old_notebook(ref: str, nb: str, package: Path) -> bytes:
    """Lesson notebook ``nb`` as it was at ``ref``, importing the package as it was there too."""
    import nbformat

    text = subprocess.run(["git", "show", f"{ref}:notebooks/{nb}"], cwd=ROOT, capture_output=True, check=True).stdout
    old = nbformat.reads(text.decode(), as_version=4)
    old.cells.insert(0, nbformat.v4.new_code_cell(f"import sys\nsys.path.insert(0, {str(package)!r})"))
    return nbformat.writes(old).encode()


def served_notebooks(tmp: Path, lessons: dict[str, str], before: str | None) -> dict[str, str]:
    """The notebooks served with the floor (:func:`with_floor`) and, with ``before``, each lesson's
    notebook and package at that git ref beside it; the pages to time."""
    pages = {FLOOR: with_floor(ROOT / "notebooks", tmp)}
    served = tmp / "notebooks"
    package = package_at(before, tmp) if before else None
    for name, nb in lessons.items():
        pages[name] = nb
        if before and package:
            copy = f"{Path(nb).stem}{BEFORE}.ipynb"
            (served / copy).write_bytes(old_notebook(before, nb, package))
            pages[name + BEFORE] = copy
    return pages


def measure_page(browser, url: str, notebook: str, clicks: int, viewport: dict,
                 ready: str = READY) -> tuple[float | None, float, float | None, list[float], list[float]]:
    """(navigation → picture, → interactive, → the board's folded parts back, clicks timed in the page,
    clicks as Playwright sees them) of one page."""
    page = new_page(browser, viewport=viewport)
    page.add_init_script(CLICK_TIMER)
    t0 = time.perf_counter()
    page.goto(f"{url}/voila/render/{notebook}", wait_until="commit")
    picture = None
    if ready != FLOOR_READY:
        page.wait_for_function(PICTURE, timeout=120_000)
        picture = time.perf_counter() - t0
    page.wait_for_function(ready, timeout=120_000)
    interactive = time.perf_counter() - t0
    unfolded = None
    if ready != FLOOR_READY:
        page.wait_for_function(UNFOLDED, timeout=120_000)
        unfolded = time.perf_counter() - t0
    times, seen = [], []
    for _ in range(clicks):
        choice = page.locator(CHOICE).first
        if not choice.count():
            break
        v = version(page)
        t0 = time.perf_counter()
        choice.click()
        page.wait_for_function(CHANGED, arg=v, timeout=30_000)
        seen.append(time.perf_counter() - t0)
        page.wait_for_function(f"() => ({CLICK_TIMES})() !== null", timeout=30_000)
        times.append(page.evaluate(CLICK_TIMES) / 1000)
        finish_bots(page)
    page.close()
    return picture, interactive, unfolded, times, seen


def wait_pools(log: Path, notebooks: list[str], fills: int) -> None:
    deadline = time.monotonic() + 180
    for nb in notebooks:
        while log.read_text().count(f"Kernel pool of {nb} is filled") < fills and time.monotonic() < deadline:
            time.sleep(0.5)


def run(preheat: bool, runs: int, clicks: int, lessons: dict[str, str], before: str | None, viewport: dict) -> dict:
    out: dict = {"mode": "preheated" if preheat else "cold", "lessons": {}, "load": [], "size": viewport}
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "voila.log"
        pages = served_notebooks(Path(tmp), lessons, before)
        with voila_server(preheat=preheat, log=log) as url, sync_playwright() as p:
            browser = launch(p)
            new_page(browser).goto(url + "/")  # warm the browser's own start-up
            starts = []
            for i in range(runs):
                if preheat:
                    wait_pools(log, ["index.ipynb"], i + 1)
                starts.append(measure_start(browser, url, viewport))
            out["start_median_s"] = round(statistics.median(starts), 3)
            got: dict[str, dict[str, list]] = {name: {"picture": [], "interactive": [], "unfolded": [], "clicks": [],
                                                   "seen": []}
                                               for name in pages}
            for i in range(runs):
                out["load"].append(round(os.getloadavg()[0], 1))
                for name, nb in pages.items():
                    if preheat:
                        wait_pools(log, [nb], i + 1)
                        time.sleep(0.5)
                    pic, inter, unf, c, seen = measure_page(browser, url, nb, 0 if name == FLOOR else clicks, viewport,
                                                 FLOOR_READY if name == FLOOR else READY)
                    if pic is not None:
                        got[name]["picture"].append(pic)
                    got[name]["interactive"].append(inter)
                    if unf is not None:
                        got[name]["unfolded"].append(unf)
                    got[name]["clicks"] += c
                    got[name]["seen"] += seen
            for name, g in got.items():
                out["lessons"][name] = {
                    "picture_s": [round(x, 3) for x in g["picture"]],
                    "picture_median_s": round(statistics.median(g["picture"]), 3) if g["picture"] else None,
                    "interactive_s": [round(x, 3) for x in g["interactive"]],
                    "interactive_median_s": round(statistics.median(g["interactive"]), 3),
                    "unfolded_median_s": round(statistics.median(g["unfolded"]), 3) if g["unfolded"] else None,
                    "click_median_ms": round(1000 * statistics.median(g["clicks"]), 1) if g["clicks"] else None,
                    "click_seen_median_ms": round(1000 * statistics.median(g["seen"]), 1) if g["seen"] else None,
                    "clicks": len(g["clicks"]),
                }
            browser.close()
    return out


def report(r: dict, runs: int) -> None:
    size = f"{r['size']['width']}x{r['size']['height']}"
    print(f"{r['mode']}, {size}, load average at each round {r['load']} (2 cores):")
    print(f"  start page with its pictures {r['start_median_s']:.2f} s (median of {runs})")
    floor = r["lessons"][FLOOR]["interactive_median_s"]
    for name, m in r["lessons"].items():
        runs_ = ", ".join(f"{x:.2f}" for x in m["interactive_s"])
        if name == FLOOR:
            print(f"  {'Voilà floor':<19} navigation → one button shown {floor:.2f} s ({runs_})")
            continue
        pic = f"{m['picture_median_s']:.2f} s" if m["picture_median_s"] is not None else "n/a"
        click = (f"{m['click_median_ms']:.0f} ms (Playwright's click → seen {m['click_seen_median_ms']:.0f} ms)"
                 if m["click_median_ms"] is not None else "n/a")
        paired = statistics.median(a - b for a, b in zip(m["interactive_s"], r["lessons"][FLOOR]["interactive_s"]))
        print(f"  {name:<19} navigation → picture {pic}, → interactive {m['interactive_median_s']:.2f} s ({runs_}), "
              f"floor + {m['interactive_median_s'] - floor:.2f} s (median of the rounds' own: {paired:+.2f} s), "
              f"→ new-game dialog loaded {m['unfolded_median_s']:.2f} s; "
              f"click → redrawn {click} (median of {m['clicks']})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--clicks", type=int, default=5, help="clicks measured per page")
    ap.add_argument("--lessons", default="", help="comma-separated game names (default: every lesson)")
    ap.add_argument("--before", default="", help="a git ref: time each lesson's notebook as it was there too")
    ap.add_argument("--size", default="1280x800", help="the window, WIDTHxHEIGHT")
    ap.add_argument("--cold", action="store_true", help="also measure without preheated kernels")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    viewport = {"width": w, "height": h}
    lessons = lesson_notebooks([x for x in args.lessons.split(",") if x] or None)
    results = [run(True, args.runs, args.clicks, lessons, args.before or None, viewport)]
    if args.cold:
        results.append(run(False, args.runs, args.clicks, lessons, args.before or None, viewport))
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    for r in results:
        report(r, args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
