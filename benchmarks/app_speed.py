"""How fast every lesson is in real Chromium, against the real Voilà server.

    .venv/bin/python benchmarks/app_speed.py [--runs 5] [--clicks 5] [--lessons gold_mine,yukon] [--cold] [--json]

Measures, median of ``--runs`` pages per lesson:

* start page: from ``page.goto`` to every game's picture shown;
* navigation → board interactive: from ``page.goto`` to the board offering a
  choice (a region or button of the picture, built from the kernel, so a click
  then reaches it);
* click → board redrawn: from a click on the board's first choice to the
  kernel's redraw being on the page (the canvas's ``data-version`` changes); the
  bots are then let finish with the board's own button before the next click;
* Voilà's floor, side by side: the same server serves a notebook with one
  button (``floor.ipynb``: the lesson notebooks' shape, a ``query()`` cell then
  the widget) and the same navigation is timed until the button is on the
  page. No lesson can be interactive sooner than that on the machine at hand.

Preheated kernels (``mineedu serve``'s setting; the pool refills between
runs), and cold with ``--cold``. Targets (2-core machine): interactive ≤ 2 s
preheated, click ≤ 100 ms median.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from mineedu.serve import NOTEBOOKS_ENV  # noqa: E402
from tests.browser.helpers import START, launch, new_page, voila_server  # noqa: E402
from tests.browser.lesson import CHANGED, CHOICE, READY, finish_bots, version  # noqa: E402

FLOOR = "floor"  # the one-button notebook (see the docstring)
FLOOR_READY = "() => !!document.querySelector('.me-floor')"
THUMBS_SHOWN = ("() => { const t = [...document.querySelectorAll('img.mineedu-thumb')]; "
                "return t.length > 0 && t.every(i => i.complete && i.naturalWidth > 0); }")


def lesson_notebooks(only: list[str] | None) -> dict[str, str]:
    from mineedu.core import game_names
    from mineedu.ui.lesson import lesson_spec

    out = {}
    for name in game_names():
        spec = lesson_spec(name)
        if spec is not None and (not only or name in only):
            out[name] = spec.notebook
    return out


def measure_start(browser, url: str) -> float:
    page = new_page(browser)
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
    """Serve a copy of ``notebooks`` with the floor beside the lessons (through ``$MINEEDU_NOTEBOOKS``,
    which the server reads); the floor's file name."""
    served = tmp / "notebooks"
    shutil.copytree(notebooks, served, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    os.environ[NOTEBOOKS_ENV] = str(served)
    return floor_notebook(served)


def measure_page(browser, url: str, notebook: str, clicks: int, ready: str = READY) -> tuple[float, list[float]]:
    page = new_page(browser)
    t0 = time.perf_counter()
    page.goto(f"{url}/voila/render/{notebook}")
    page.wait_for_function(ready, timeout=120_000)
    interactive = time.perf_counter() - t0
    times = []
    for _ in range(clicks):
        choice = page.locator(CHOICE).first
        if not choice.count():
            break
        v = version(page)
        t0 = time.perf_counter()
        choice.click()
        page.wait_for_function(CHANGED, arg=v, timeout=30_000)
        times.append(time.perf_counter() - t0)
        finish_bots(page)
    page.close()
    return interactive, times


def wait_pools(log: Path, notebooks: list[str], fills: int) -> None:
    deadline = time.monotonic() + 180
    for nb in notebooks:
        while log.read_text().count(f"Kernel pool of {nb} is filled") < fills and time.monotonic() < deadline:
            time.sleep(0.5)


def run(preheat: bool, runs: int, clicks: int, lessons: dict[str, str]) -> dict:
    out: dict = {"mode": "preheated" if preheat else "cold", "lessons": {}}
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "voila.log"
        lessons = {FLOOR: with_floor(ROOT / "notebooks", Path(tmp)), **lessons}
        with voila_server(preheat=preheat, log=log) as url, sync_playwright() as p:
            browser = launch(p)
            new_page(browser).goto(url + "/")  # warm the browser's own start-up
            starts = []
            for i in range(runs):
                if preheat:
                    wait_pools(log, ["index.ipynb"], i + 1)
                starts.append(measure_start(browser, url))
            out["start_median_s"] = round(statistics.median(starts), 3)
            for name, nb in lessons.items():
                inter, all_clicks = [], []
                for i in range(runs):
                    if preheat:
                        wait_pools(log, [nb], i + 1)
                        time.sleep(0.5)
                    t, c = (measure_page(browser, url, nb, 0, FLOOR_READY) if name == FLOOR
                            else measure_page(browser, url, nb, clicks))
                    inter.append(t)
                    all_clicks += c
                out["lessons"][name] = {
                    "interactive_s": [round(x, 3) for x in inter],
                    "interactive_median_s": round(statistics.median(inter), 3),
                    "click_median_ms": round(1000 * statistics.median(all_clicks), 1) if all_clicks else None,
                    "clicks": len(all_clicks),
                }
            browser.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--clicks", type=int, default=5, help="clicks measured per page")
    ap.add_argument("--lessons", default="", help="comma-separated game names (default: every lesson)")
    ap.add_argument("--cold", action="store_true", help="also measure without preheated kernels")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    lessons = lesson_notebooks([x for x in args.lessons.split(",") if x] or None)
    results = [run(True, args.runs, args.clicks, lessons)]
    if args.cold:
        results.append(run(False, args.runs, args.clicks, lessons))
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    for r in results:
        print(f"{r['mode']}: start page with its pictures {r['start_median_s']:.2f} s (median of {args.runs})")
        floor = r["lessons"][FLOOR]["interactive_median_s"]
        for name, m in r["lessons"].items():
            runs = ", ".join(f"{x:.2f}" for x in m["interactive_s"])
            if name == FLOOR:
                print(f"  {'Voilà floor':<12} navigation → one button shown {floor:.2f} s ({runs})")
                continue
            click = f"{m['click_median_ms']:.0f} ms" if m["click_median_ms"] is not None else "n/a"
            print(f"  {name:<12} navigation → interactive {m['interactive_median_s']:.2f} s ({runs}), "
                  f"floor + {m['interactive_median_s'] - floor:.2f} s; click → redrawn {click} (median of {m['clicks']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
