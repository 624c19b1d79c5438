"""How fast the My Gold Mine app is in real Chromium, against the real Voilà server.

    .venv/bin/python benchmarks/app_speed.py [--runs 5] [--json]

Measures, median of ``--runs``:

* start page: from ``page.goto`` of the start page to every lesson's picture
  being shown (the pictures are drawn by the games, cached per kernel);
* navigation → board interactive: from ``page.goto`` to the first action
  button of the board being visible (it appears only once the widgets have
  been built from the kernel, so clicks then reach the kernel);
* click → board redrawn: from a click on "explore" to the new position being
  on the page (the hidden saved-game text changes with the redraw);

with preheated kernels (``mineedu serve``'s setting; a fresh pooled kernel per
page: the pool refills between runs) and cold (``--preheat_kernel=False``).
Targets on a 2-core machine: ≤ 3 s preheated, ≤ 8 s cold, ≤ 150 ms a click.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.helpers import APP, START, launch, new_page, voila_server  # noqa: E402

ACTION = ".mineedu-action >> visible=true"
CHANGED = "old => { const e = document.querySelector('.mineedu-saved-json'); return e && e.innerText !== old; }"


THUMBS_SHOWN = "() => { const t = [...document.querySelectorAll('img.mineedu-thumb')]; return t.length === 5 && t.every(i => i.complete && i.naturalWidth > 0); }"


def measure_start(browser, url: str) -> float:
    page = new_page(browser)
    t0 = time.perf_counter()
    page.goto(url + START)
    page.wait_for_function(THUMBS_SHOWN, timeout=120_000)
    shown = time.perf_counter() - t0
    page.close()
    return shown


def measure_page(browser, url: str, clicks: int) -> tuple[float, list[float]]:
    page = new_page(browser)
    t0 = time.perf_counter()
    page.goto(url + APP)
    page.locator(ACTION).first.wait_for(timeout=120_000)
    interactive = time.perf_counter() - t0
    times = []
    for _ in range(clicks):
        old = page.locator(".mineedu-saved-json").inner_text()
        button = page.locator(ACTION).first
        t0 = time.perf_counter()
        button.click()
        page.wait_for_function(CHANGED, arg=old, timeout=30_000)
        times.append(time.perf_counter() - t0)
        page.locator(ACTION).first.wait_for()
    page.close()
    return interactive, times


def run(preheat: bool, runs: int, clicks: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "voila.log"
        with voila_server(preheat=preheat, log=log) as url, sync_playwright() as p:
            browser = launch(p)
            new_page(browser).goto(url + "/")  # warm the browser's own start-up
            inter, clicks_all, starts = [], [], []
            for i in range(runs):
                if preheat:  # wait until the pools have refilled (each page takes a pooled kernel)
                    for nb in ("gold_mine.ipynb", "index.ipynb"):
                        filled = log.read_text().count(f"Kernel pool of {nb} is filled")
                        deadline = time.monotonic() + 120
                        while i and filled < i + 1 and time.monotonic() < deadline:
                            time.sleep(0.5)
                            filled = log.read_text().count(f"Kernel pool of {nb} is filled")
                    time.sleep(1.0)
                starts.append(measure_start(browser, url))
                t, c = measure_page(browser, url, clicks)
                inter.append(t)
                clicks_all += c
            browser.close()
    return {
        "mode": "preheated" if preheat else "cold",
        "start_s": starts,
        "start_median_s": round(statistics.median(starts), 3),
        "interactive_s": inter,
        "interactive_median_s": round(statistics.median(inter), 3),
        "click_s": clicks_all,
        "click_median_ms": round(1000 * statistics.median(clicks_all), 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--clicks", type=int, default=5, help="clicks measured per page")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    results = [run(True, args.runs, args.clicks), run(False, args.runs, args.clicks)]
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        for r in results:
            print(f"{r['mode']:>9}: start page with its pictures {r['start_median_s']:.2f} s; navigation → interactive {r['interactive_median_s']:.2f} s (median of {len(r['interactive_s'])}: "
                  f"{', '.join(f'{x:.2f}' for x in r['interactive_s'])}); click → redrawn {r['click_median_ms']:.0f} ms "
                  f"(median of {len(r['click_s'])})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
