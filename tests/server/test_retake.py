"""A pool kernel whose notebook did not run is never a student's page (the real class server).

Voilà gives up on a cell that takes longer than its timeout while it prepares a pool kernel, and would
hand that kernel to the next page, which then shows only "Cell execution timed out" (seen on a loaded
machine: a lesson's first cell waited 60 s for its kernel's output). The class server shuts such a
kernel down and gives the page the next one of the pool (``mineedu.serving.kernels.RETAKES``).

Here a one-cell notebook is slow only the first time it runs (a file marks that it ran), with Voilà's
cell timeout at 3 s: the first pool kernel fails, its refill runs the notebook in time.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from mineedu.serving.kernels import VOILA_GAVE_UP

from .conftest import TOKEN, run
from .serving import class_server
from .student import Student

pytestmark = pytest.mark.server


def slow_once_notebook(folder: Path, marker: Path) -> None:
    source = (f"import pathlib, time\nmarker = pathlib.Path({str(marker)!r})\n"
              "if not marker.exists():\n    marker.touch()\n    time.sleep(20)\nprint('the notebook ran')\n")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "slow", "metadata": {}, "outputs": [],
                     "source": source}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / "slow_once.ipynb").write_text(json.dumps(nb))


def test_a_page_is_never_given_a_pool_kernel_whose_notebook_timed_out(tmp_path: Any) -> None:
    folder = tmp_path / "notebooks"
    folder.mkdir()
    marker = tmp_path / "ran-once"
    slow_once_notebook(folder, marker)
    with class_server(tmp_path / "server.log", token=TOKEN, pool_size=1, notebooks=folder,
                      extra=("--VoilaExecutor.timeout=3",)) as server:
        assert marker.exists()  # the first pool kernel ran the notebook (and gave up on its cell)
        deadline = time.monotonic() + 30
        while "timed out" not in server.log_text():
            assert time.monotonic() < deadline, server.log_text()[-2000:]
            time.sleep(0.2)
        page = run(Student(server.url, TOKEN).render("slow_once.ipynb"))
        assert page.status == 200
        assert "the notebook ran" in page.body, page.body[-2000:]
        assert VOILA_GAVE_UP not in page.body
        assert "did not run (a cell timed out): the next one" in server.log_text()
