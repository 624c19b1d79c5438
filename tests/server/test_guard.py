"""The page guard on pages whose notebook did not run, in real Chromium on the real class server.

A page rendered with a kernel started for it (no preheated kernel was ready: the first minutes of a
server, a class arriving faster than the pools refill) runs its notebook while the page streams in.
When Voilà gives up on a cell (its outputs did not come in time: seen on a loaded machine, a lesson's
first cell waiting 60 s for its kernel's output), the page holds only "Cell execution timed out": the
guard reloads it, once, and the next render has a new kernel. A cell that fails shows the "failed"
banner. Both read the cells' outputs that Voilà's front end removes as it draws them.

Here a one-cell notebook is slow only the first time it runs (a file marks that it ran), with Voilà's
cell timeout at 3 s and no preheated kernels.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import new_page

from .conftest import TOKEN
from .serving import class_server

pytestmark = [pytest.mark.server, pytest.mark.browser]


def notebook(folder: Path, name: str, source: str) -> None:
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "one", "metadata": {}, "outputs": [],
                     "source": source}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / name).write_text(json.dumps(nb))


@pytest.fixture(scope="module")
def server(tmp_path_factory: Any) -> Any:
    base = tmp_path_factory.mktemp("guard")
    folder = base / "notebooks"
    folder.mkdir()
    marker = base / "ran-once"
    notebook(folder, "slow_once.ipynb",
             f"import pathlib, time\nmarker = pathlib.Path({str(marker)!r})\n"
             "if not marker.exists():\n    marker.touch()\n    time.sleep(20)\nprint('the notebook ran')\n")
    notebook(folder, "fails.ipynb", "raise RuntimeError('a cell that fails')\n")
    with class_server(base / "server.log", token=TOKEN, pool_size=0, notebooks=folder,
                      extra=("--VoilaExecutor.timeout=3",)) as s:
        yield s, marker


def opened(browser, url: str) -> tuple[Any, list[str]]:
    """A page at ``url`` and the addresses its main frame loaded, as they come (a reload adds one)."""
    page = new_page(browser)
    loads: list[str] = []
    page.on("framenavigated", lambda frame: loads.append(frame.url) if frame == page.main_frame else None)
    page.goto(url)
    return page, loads


def test_a_page_whose_notebook_the_server_gave_up_on_reloads_itself_once(browser, server):
    server, marker = server
    page, reloads = opened(browser, f"{server.url}/voila/render/slow_once.ipynb?token={TOKEN}&lang=en")
    page.get_by_text("the notebook ran").wait_for(timeout=90_000)
    assert marker.exists()
    assert "timed out" in server.log_text()  # the first render did give up on the cell
    assert len(reloads) == 2, reloads  # the page as first rendered, then once more
    assert page.locator("#mineedu-guard").count() == 0
    page.close()


def test_a_page_whose_cell_failed_says_so_and_does_not_reload_itself(browser, server):
    server, _marker = server
    page, reloads = opened(browser, f"{server.url}/voila/render/fails.ipynb?token={TOKEN}&lang=en")
    banner = page.locator("#mineedu-guard[data-reason=failed]")
    banner.wait_for(timeout=60_000)
    text = banner.inner_text()
    assert text.index("Part of this page could not be computed") < text.index("Une partie de cette page")
    page.wait_for_timeout(3000)
    assert len(reloads) == 1, reloads
    page.close()


def test_the_guard_knows_voilas_words_and_the_page_does_not_carry_them(server):
    """The guard looks for what Voilà writes when it gives up; the page itself must not hold those words,
    or the pools' check (``ClassKernelsMixin._initialize``) would replace every kernel they start."""
    from mineedu.serving.app import SHARE
    from mineedu.serving.kernels import VOILA_GAVE_UP

    from .conftest import run
    from .student import Student

    server, _marker = server
    assert f'"{VOILA_GAVE_UP}"' in (SHARE / "voila/templates/mineedu/static/guard.js").read_text()
    page = run(Student(server.url, TOKEN).render("fails.ipynb"))
    assert page.status == 200 and VOILA_GAVE_UP not in page.body
