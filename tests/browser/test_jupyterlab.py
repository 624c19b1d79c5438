"""An exploration notebook in a real JupyterLab, started by the test, in real Chromium.

A copy of ``notebooks/explore/<lang>/gold_mine.ipynb`` is opened (JupyterLab
saves what it opens; the checked-in notebook stays as it is). The test clears
every stored output, runs all cells from the menu, and then finds what a
student would: the game's picture and the headline number (P(next card is a
dragon) = 4/29), each cell run once and none in error. Then it does what the
README promises: changes the deck in the "your turn" cell (12 dragons instead
of 8), runs that cell again, and sees the odds change (6/31).

One JupyterLab and one kernel, stopped when the test ends; each wait is
bounded, and the whole test too (``timeout``).
"""

from __future__ import annotations

import base64
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from .helpers import free_port, new_page

ROOT = Path(__file__).resolve().parents[2]
EXPLORE = ROOT / "notebooks" / "explore"
SHOTS = ROOT / "test-artifacts" / "screenshots"
START_TIMEOUT = 120  # seconds for JupyterLab to answer
RUN_TIMEOUT = 180_000  # ms for Run All on a busy machine
HEADLINE = {"fr": "P(prochaine carte = dragon) = {p}", "en": "P(next card is a dragon) = {p}"}
PICTURE_WORD = {"fr": "Dragobert", "en": "Dragobert"}


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> Iterator[str]:
    """JupyterLab on a free loopback port over a folder holding copies of the exploration notebooks."""
    root = tmp_path_factory.mktemp("lab")
    for lang in ("fr", "en"):
        (root / lang).mkdir()
        shutil.copy(EXPLORE / lang / "gold_mine.ipynb", root / lang / "gold_mine.ipynb")
    home = root.parent / "lab-home"
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"), "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces")}
    settings = home / "settings" / "@jupyterlab"
    for ext, name, value in (("notebook-extension", "tracker", '{"windowingMode": "none"}'),  # every cell in the page
                             ("apputils-extension", "notification", '{"fetchNews": "false"}')):
        (settings / ext).mkdir(parents=True, exist_ok=True)
        (settings / ext / f"{name}.jupyterlab-settings").write_text(value)
    port = free_port()
    cmd = [sys.executable, "-m", "jupyter", "lab", "--allow-root", "--no-browser", f"--port={port}", "--port-retries=0",
           "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", f"--ServerApp.root_dir={root}",
           "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    log = open(home.with_name("lab.log"), "w")  # noqa: SIM115
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                urllib.request.urlopen(url + "/api/status", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"JupyterLab did not start (exit {proc.poll()}); see {log.name}") from None
                time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def _menu(page, menu: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{menu}$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(item)}$")).click()


PICTURES = """() => [...document.querySelectorAll('.jp-OutputArea-output')].flatMap(o => [
    ...[...o.querySelectorAll('svg')].map(s => s.outerHTML),
    ...[...o.querySelectorAll('img')].map(i => i.getAttribute('src') || '')])"""


def _svg_texts(items: list[str]) -> list[str]:
    """The SVG source of each picture in the outputs (inline, or an ``<img>``'s data address)."""
    out = []
    for s in items:
        if s.startswith("data:image/svg+xml;base64,"):
            out.append(base64.b64decode(s.split(",", 1)[1]).decode("utf-8"))
        elif s.startswith("data:image/svg+xml"):
            out.append(urllib.parse.unquote(s.split(",", 1)[1]))
        else:
            out.append(s)
    return out


@pytest.mark.timeout(420)
@pytest.mark.parametrize("lang", ["en"])
def test_run_all_then_change_the_deck(lab, browser, lang):
    url = lab
    page = new_page(browser)
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{url}/lab/tree/{lang}/gold_mine.ipynb")
        page.locator(".jp-Notebook .jp-Cell").first.wait_for()
        page.locator(".jp-OutputArea-output").first.wait_for()  # the stored outputs (text only: not yet trusted)
        page.get_by_text(re.compile(r"Python 3 \(ipykernel\) \| Idle")).wait_for(timeout=RUN_TIMEOUT)

        _menu(page, "Edit", "Clear Outputs of All Cells")
        page.wait_for_function("() => !document.querySelector('.jp-OutputArea-output')")
        started = time.monotonic()
        _menu(page, "Run", "Run All Cells")
        code_cells = page.locator(".jp-Notebook .jp-CodeCell").count()
        # the last cell's output exists only once every cell above it has run (outputs were cleared)
        page.locator(".jp-Notebook .jp-CodeCell").last.locator(".jp-OutputArea-output").wait_for(timeout=RUN_TIMEOUT)
        seconds = time.monotonic() - started
        prompts = page.locator(".jp-Notebook .jp-CodeCell .jp-InputPrompt").all_inner_texts()
        assert [p.strip() for p in prompts] == [f"[{i}]:" for i in range(1, code_cells + 1)], "each cell run once, in order"
        assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
        assert page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']").count() == 0

        pictures = _svg_texts(page.evaluate(PICTURES))
        board = [s for s in pictures if PICTURE_WORD[lang] in s]
        assert board, f"no picture of the game among {len(pictures)} pictures"
        text = page.locator(".jp-Notebook").inner_text()
        assert HEADLINE[lang].format(p="4/29") in text
        assert "Fraction(4, 29)" in text

        deck_cell = page.locator(".jp-Notebook .jp-CodeCell", has_text="my_deck = {")
        assert deck_cell.count() == 1
        line = deck_cell.locator(".cm-line", has_text="my_deck = {")
        assert line.inner_text().endswith('"dragon": 8}')
        line.click()  # as a student does: at the end of the line, the 8 before the brace becomes 12
        page.keyboard.press("End")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("Backspace")
        page.keyboard.type("12")
        assert line.inner_text().endswith('"dragon": 12}')
        page.keyboard.press("Shift+Enter")
        deck_cell.locator(".jp-OutputArea-output", has_text=HEADLINE[lang].format(p="6/31")).wait_for(timeout=RUN_TIMEOUT)
        changed = deck_cell.locator(".jp-OutputArea-output").inner_text()
        assert "4/29" not in changed
        print(f"\nJupyterLab ({lang}): {code_cells} code cells ran in {seconds:.1f} s; the deck changed to 12 dragons: "
              f"{changed.splitlines()[0]}")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"jupyterlab-gold_mine-{lang}.png"))
        assert not errors, errors
    except Exception:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"jupyterlab-gold_mine-{lang}-failure.png"))
        raise
    finally:
        page.close()
