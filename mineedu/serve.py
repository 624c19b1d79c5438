"""Serve the lessons (``notebooks/``) with Voilà on 127.0.0.1.

``mineedu serve`` calls :func:`serve`. Two settings matter on a classroom
machine (see ``docs``/TOOLCHAIN notes):

* **preheated kernels** — Voilà 0.5 starts ``pool_size`` kernels per notebook
  in advance and *executes the whole notebook in them* before anyone asks; a
  student's page then arrives already rendered, and the pool refills behind
  them. This costs ``pool_size × notebooks`` idle kernels (~140 MB each).
* **idle-kernel culling** — closing a tab does not stop its kernel (a Voilà
  bug: the shutdown beacon fails its xsrf check), so kernels with no browser
  connected and idle for ``cull_idle_timeout`` seconds are shut down. Kernels of
  students who still have the page open are kept (``cull_connected=False``);
  pooled kernels are never culled (Voilà protects them).

>>> args = voila_args(Path("/srv/notebooks"), 9000, pool_size=2)
>>> "--Voila.ip=127.0.0.1" in args and "--pool_size=2" in args
True
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

NOTEBOOKS_ENV = "MINEEDU_NOTEBOOKS"
POOL_SIZE = 1
CULL_IDLE_TIMEOUT = 900  # seconds a disconnected, idle kernel may live
CULL_INTERVAL = 60
DENIED_EXTENSIONS = ("jupyterlab-plotly", "jupyterlab_pygments")
EXPLORE_DIR = "explore"  # notebooks/explore/: the exploration notebooks, opened in JupyterLab


def find_notebooks(start: Path | None = None) -> Path | None:
    """The lessons folder: ``$MINEEDU_NOTEBOOKS``, else ``notebooks/`` next to the
    package's source tree (an editable install or a clone), else in the current
    directory or one of its parents. ``None`` if there is none."""
    env = os.environ.get(NOTEBOOKS_ENV)
    if env:
        p = Path(env)
        return p if (p / "index.ipynb").is_file() else None
    candidates = [Path(__file__).resolve().parent.parent / "notebooks"]
    here = (start or Path.cwd()).resolve()
    candidates += [d / "notebooks" for d in (here, *here.parents)]
    for c in candidates:
        if (c / "index.ipynb").is_file():
            return c
    return None


def voila_args(
    notebooks: Path,
    port: int,
    *,
    pool_size: int = POOL_SIZE,
    cull_idle_timeout: int = CULL_IDLE_TIMEOUT,
    cull_interval: int = CULL_INTERVAL,
) -> list[str]:
    """The Voilà command-line options mineedu uses (without the executable)."""
    return [
        str(notebooks),
        "--Voila.ip=127.0.0.1",
        f"--Voila.port={port}",
        "--Voila.port_retries=0",
        "--Voila.open_browser=False",  # serve() opens the start page itself
        "--show_tracebacks=False",
        # the page loads only the widget extensions (ipywidgets, anywidget for the boards): plotly's mime renderer
        # (a 4.8 MB bundle parsed on every page) and anywidget are not needed,
        # because the lessons ship a chart's plotly.js only when one is drawn
        *(f"--VoilaConfiguration.extension_denylist={x}" for x in DENIED_EXTENSIONS),
        # preheated kernels: each notebook is executed ahead of the request
        "--preheat_kernel=True",
        f"--pool_size={pool_size}",
        "--VoilaKernelManager.fill_delay=0",
        # the exploration notebooks (notebooks/explore/) are for JupyterLab: no kernel runs them ahead
        f"--VoilaKernelManager.preheat_denylist={EXPLORE_DIR}/",
        # idle-kernel culling (tabs closed without shutting their kernel down)
        f"--MappingKernelManager.cull_idle_timeout={cull_idle_timeout}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
    ]


def voila_command(notebooks: Path, port: int, **options: object) -> list[str]:
    """The full command line: Voilà from this Python environment."""
    exe = Path(sys.executable).with_name("voila")
    head = [str(exe)] if exe.exists() else ([shutil.which("voila")] if shutil.which("voila") else [sys.executable, "-m", "voila"])
    return [*head, *voila_args(notebooks, port, **options)]  # type: ignore[arg-type]


START_PAGE = "/voila/render/index.ipynb"


def serve(port: int = 8866, open_browser: bool = False, pool_size: int = POOL_SIZE) -> int:
    """Run Voilà over the lessons until interrupted; returns its exit status.

    The start page is ``http://127.0.0.1:<port>/voila/render/index.ipynb``
    (``/`` lists the lesson files); ``open_browser`` opens the start page.
    """
    notebooks = find_notebooks()
    if notebooks is None:
        print(
            "mineedu: error: no lessons folder found (a 'notebooks' folder holding index.ipynb, "
            f"looked next to the package and from {Path.cwd()} upwards); run from the repository "
            f"or set {NOTEBOOKS_ENV}=/path/to/notebooks",
            file=sys.stderr,
        )
        return 2
    start = f"http://127.0.0.1:{port}{START_PAGE}"
    print(f"mineedu: serving {notebooks}; start page: {start}  (Ctrl-C to stop)", file=sys.stderr)
    proc = subprocess.Popen(voila_command(notebooks, port, pool_size=pool_size))
    try:
        if open_browser:
            _open_when_up(start, proc)
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        try:
            return proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            return 1


def _open_when_up(url: str, proc: subprocess.Popen[bytes]) -> None:
    import time
    import urllib.request
    import webbrowser

    for _ in range(120):
        if proc.poll() is not None:
            return
        try:
            urllib.request.urlopen(url.rsplit("/voila/", 1)[0] + "/", timeout=2).close()
            webbrowser.open(url)
            return
        except OSError:
            time.sleep(0.5)
