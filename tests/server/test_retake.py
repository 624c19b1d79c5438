"""A pool kernel whose notebook did not run is never a student's page (the real class server).

Voilà gives up on a cell that takes longer than its timeout while it prepares a pool kernel, and would
hand that kernel to the next page, which then shows only "Cell execution timed out" (seen on a loaded
machine: a lesson's first cell waited 60 s for its kernel's output). The class server shuts such a
kernel down and starts another in its place before the pool counts it ready
(``mineedu.serving.kernels.RETAKES``): no page waits for that.

Here a one-cell notebook is slow only the first time it runs (a file marks that it ran), with Voilà's
cell timeout at 3 s: the first pool kernel fails, the one in its place runs the notebook in time.
"""

from __future__ import annotations

import json
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
        # the pool is filled (class_server waited for it): its first kernel ran the notebook, gave up on its
        # cell and was replaced; one kernel runs
        assert marker.exists()
        log = server.log_text()
        assert "timed out" in log and "did not run (a cell timed out): another kernel takes its place" in log, log
        assert log.count("Kernel started") == 2 and len(server.kernels()) == 1
        page = run(Student(server.url, TOKEN).render("slow_once.ipynb"))
        assert page.status == 200
        assert "the notebook ran" in page.body, page.body[-2000:]
        assert VOILA_GAVE_UP not in page.body
