"""Screenshots of a page served by the real Voilà, in Debian's Chromium, at the four sizes.

    .venv/bin/python tools/screenshot.py --out /tmp/shots/yukon \\
        --code 'import mineedu; from mineedu.ui import Board; Board(mineedu.make("yukon", 3)).widget'
    .venv/bin/python tools/screenshot.py --notebook notebooks/gold_mine.ipynb --out /tmp/shots/gm \\
        [--click ".me-option"] [--wait 2] [--scroll ".mineedu-predict"]

Writes ``<out>-1920x1080.png`` ... ``<out>-390x844.png`` (full pages) and prints, for
each size, the smallest rendered font size of the picture's text and of the page's
text, so a change can be checked for projector and phone readability.
"""

from __future__ import annotations

import argparse
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIZES = ((1920, 1080), (1280, 800), (768, 1024), (390, 844))
CHROMIUM = "/usr/lib/chromium/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MIN_FONTS = """() => {
  const scale = e => e.ownerSVGElement
    ? e.ownerSVGElement.getBoundingClientRect().width / e.ownerSVGElement.viewBox.baseVal.width : 1;
  const px = (els) => Math.min(...els.map(e => parseFloat(getComputedStyle(e).fontSize) * scale(e)).filter(x => x > 0));
  const svgText = [...document.querySelectorAll('.me-picture svg text')].filter(e => e.getBBox().width > 0);
  const hasText = e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
  const html = [...document.querySelectorAll('.mineedu-board *')].filter(e => hasText(e) && !e.closest('svg') && e.offsetParent);
  return {picture: svgText.length ? px(svgText) : null, page: html.length ? px(html) : null};
}"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--code", help="Python code of one cell whose last line displays the page")
    src.add_argument("--notebook", type=Path)
    ap.add_argument("--out", required=True, help="path prefix of the PNG files")
    ap.add_argument("--click", action="append", default=[], help="CSS selector clicked (first match) before the shots")
    ap.add_argument("--wait", type=float, default=1.5, help="seconds to wait after loading and after each click")
    ap.add_argument("--query", default="", help="query string, such as lang=en")
    ap.add_argument("--scroll", help="CSS selector scrolled to the window's top before the shots (a lesson's page "
                                     "scrolls inside its own box, so a full-page shot shows only the window)")
    args = ap.parse_args(argv)
    tmp = Path(tempfile.mkdtemp())
    if args.code:
        import nbformat

        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(args.code)]
        nbpath = tmp / "page.ipynb"
        nbformat.write(nb, nbpath)
    else:
        nbpath = args.notebook.resolve()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    voila = Path(sys.executable).with_name("voila")
    log = open(tmp / "voila.log", "w")  # noqa: SIM115
    proc = subprocess.Popen([str(voila), str(nbpath), f"--port={port}", "--Voila.ip=127.0.0.1", "--no-browser",
                             "--VoilaConfiguration.extension_denylist=jupyterlab-plotly"],
                            stdout=log, stderr=subprocess.STDOUT, cwd=nbpath.parent)
    import urllib.request

    for _ in range(600):  # wait until the server answers at all (a page request would start a kernel: never retry one)
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/static/", timeout=2).close()
            break
        except OSError as exc:
            if getattr(exc, "code", None):  # an HTTP error: the server answers
                break
            time.sleep(0.5)
    else:
        raise SystemExit("Voilà did not start")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for w, h in SIZES:
                page = browser.new_page(viewport={"width": w, "height": h})
                page.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda r: r.abort())
                url = f"http://127.0.0.1:{port}/" + (f"?{args.query}" if args.query else "")
                page.goto(url, timeout=300_000, wait_until="commit")  # one request, one kernel: never retried
                page.wait_for_selector(".widget-box", timeout=300_000)
                time.sleep(args.wait)
                for sel in args.click:
                    page.locator(sel).first.click()
                    time.sleep(args.wait)
                if args.scroll:
                    page.locator(args.scroll).first.evaluate("e => e.scrollIntoView({block: 'start'})")
                    time.sleep(0.3)
                fonts = page.evaluate(MIN_FONTS)
                path = f"{out}-{w}x{h}.png"
                page.screenshot(path=path, full_page=True)
                print(f"{path}: smallest text: picture {fonts['picture'] and round(fonts['picture'], 1)} px, "
                      f"page {fonts['page'] and round(fonts['page'], 1)} px")
                page.close()
            browser.close()
    finally:
        proc.terminate()
        proc.wait(20)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
