"""The wheel is the whole product: built here, installed as a teacher installs it, run from a folder that is not the repository.

The module builds the sdist, then the wheel from it (as ``python -m build``
does; ``MANIFEST.in`` brings the notebooks, ``setup.py`` puts them in the
package), creates a fresh virtual environment in a temporary folder and installs
``<wheel>[app]`` into it with its dependencies (a full ``pip install``, from
whatever index and wheel cache pip is set up with; the time is printed). Every
command then runs from another temporary folder, with nothing of the clone on
its path (no ``PYTHONPATH``, no ``MINEEDU_*``) and Jupyter's user folders and
the class store's data folder empty, and the tests check that:

* the wheel holds every lesson notebook and every exploration notebook, exactly;
* ``mineedu --version`` names this version, and the installed package is the one imported;
* ``mineedu serve`` serves the start page, which links every lesson, and each
  lesson renders a playable board in real Chromium;
* ``mineedu lab --no-browser DIR`` writes the exploration notebooks into DIR
  and runs JupyterLab over it; a second run keeps a notebook the student edited.

The servers are stopped as Ctrl-C stops them (SIGINT to their process group).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from mineedu import __version__
from tests.browser.helpers import free_port, new_page
from tests.browser.lesson import wait_ready

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
APPS = ("index.ipynb", "dashboard.ipynb")  # the start page and the teacher's page: no lesson
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if p.name not in APPS)
EXPLORE = {lang: sorted(p.name for p in (NOTEBOOKS / "explore" / lang).glob("*.ipynb")) for lang in ("fr", "en")}
SHOTS = ROOT / "test-artifacts" / "screenshots"
START_TIMEOUT = 180  # seconds for a server to answer on a busy machine


@dataclass(frozen=True)
class Installed:
    wheel: Path
    venv: Path
    elsewhere: Path  # the folder the commands run in
    env: dict[str, str]

    def bin(self, name: str) -> str:
        return str(self.venv / "bin" / name)


def _clean_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME") and not k.startswith(("JUPYTER", "VOILA_", "MINEEDU_"))}
    return env | {"MINEEDU_DATA": str(home / "mineedu"),  # the class store's default SQLite file: the test's own
                  "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_DATA_DIR": str(home / "data"),
                  "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
                  "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"), "JUPYTER_PLATFORM_DIRS": "1"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    base = tmp_path_factory.mktemp("install")
    t0 = time.monotonic()
    # as `python -m build` does: the sdist first (MANIFEST.in), then the wheel from it, in a folder of its own
    build_sdist = f"from setuptools import build_meta; print(build_meta.build_sdist({str(base)!r}))"
    sdist = subprocess.run([sys.executable, "-c", build_sdist], check=True, cwd=ROOT, capture_output=True,
                           text=True).stdout.split()[-1]
    with tarfile.open(base / sdist) as tar:
        tar.extractall(base / "sdist", filter="data")
    (source,) = (base / "sdist").iterdir()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(base / "dist"), str(source)], check=True, cwd=base)
    t1 = time.monotonic()
    (wheel,) = (base / "dist").glob("mineedu-*.whl")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, cwd=base)
    t2 = time.monotonic()
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", f"{wheel}[app]"],
                   check=True, cwd=base, env=_clean_env(base / "home"))
    t3 = time.monotonic()
    print(f"\ninstall: wheel built in {t1 - t0:.1f} s, venv in {t2 - t1:.1f} s, "
          f"pip install '{wheel.name}[app]' in {t3 - t2:.1f} s", file=sys.stderr)
    elsewhere = base / "classroom"
    elsewhere.mkdir()
    return Installed(wheel, venv, elsewhere, _clean_env(base / "home"))


def test_the_wheel_holds_every_notebook_exactly(installed):
    with zipfile.ZipFile(installed.wheel) as whl:
        inside = {n.removeprefix("mineedu/notebooks/"): whl.read(n) for n in whl.namelist()
                  if n.startswith("mineedu/notebooks/")}
        names = whl.namelist()
    wanted = [*APPS, *LESSONS, *(f"explore/{lang}/{n}" for lang, ns in EXPLORE.items() for n in ns)]
    assert sorted(inside) == sorted(wanted)
    assert all(inside[n] == (NOTEBOOKS / n).read_bytes() for n in wanted)
    assert not [n for n in names if n.endswith((".so", ".py")) and not n.startswith("mineedu/")], "only the package"


def test_version_and_the_installed_package(installed):
    out = subprocess.run([installed.bin("mineedu"), "--version"], capture_output=True, text=True, check=True,
                         cwd=installed.elsewhere, env=installed.env).stdout
    assert out.strip() == f"mineedu {__version__}"
    where = subprocess.run(
        [installed.bin("python"), "-c",
         "import mineedu, mineedu.launch as s; print(mineedu.__file__); print(s.find_notebooks())"],
        capture_output=True, text=True, check=True, cwd=installed.elsewhere, env=installed.env).stdout.split()
    site = installed.venv / "lib"
    assert Path(where[0]).is_relative_to(site) and Path(where[1]).is_relative_to(site), where


@contextlib.contextmanager
def running(cmd: list[str], installed: Installed, log: Path, cwd: Path | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """A command of the installed package in its own process group, stopped as Ctrl-C stops it."""
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=cwd or installed.elsewhere, env=installed.env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
        try:
            yield proc
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGINT)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def wait_http(url: str, proc: subprocess.Popen[bytes], log: Path) -> bytes:
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                return r.read()
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"{url} never answered (exit {proc.poll()}):\n{log.read_text()[-3000:]}") from None
            time.sleep(0.5)


def test_serve_renders_the_start_page_and_every_lesson(installed, browser, tmp_path):
    port = free_port()
    log = tmp_path / "serve.log"
    t0 = time.monotonic()
    with running([installed.bin("mineedu"), "serve", "--port", str(port)], installed, log) as proc:
        base = f"http://127.0.0.1:{port}"
        wait_http(base + "/", proc, log)
        print(f"\nserve: answering {time.monotonic() - t0:.1f} s after `mineedu serve`", file=sys.stderr)
        assert "mineedu/notebooks" in log.read_text().replace(os.sep, "/")  # serving the package's own copy
        page = new_page(browser)
        try:
            page.goto(base + "/voila/render/index.ipynb?lang=en")
            links = page.locator("a.mineedu-lesson-link")
            links.first.wait_for()
            print(f"serve: the start page shown {time.monotonic() - t0:.1f} s after `mineedu serve`", file=sys.stderr)
            hrefs = sorted(links.nth(i).get_attribute("href") or "" for i in range(links.count()))
            assert hrefs == sorted(f"{n}?lang=en" for n in LESSONS)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "install-start.png"))
            for name in LESSONS:
                t1 = time.monotonic()
                page.goto(f"{base}/voila/render/{name}?lang=en")
                try:
                    wait_ready(page, timeout=120_000)
                except PlaywrightTimeout as e:
                    page.screenshot(path=str(SHOTS / f"install-{name.removesuffix('.ipynb')}-not-ready.png"))
                    raise AssertionError(f"{name} never playable: {e}\nthe server's log:\n{log.read_text()[-6000:]}") from None
                print(f"serve: {name} playable {time.monotonic() - t1:.1f} s after navigation", file=sys.stderr)
                assert page.locator(".me-canvas .me-active, .me-canvas .me-option").count() > 0, name
                page.screenshot(path=str(SHOTS / f"install-{name.removesuffix('.ipynb')}.png"))
        finally:
            page.close()


def test_lab_writes_the_notebooks_and_runs_jupyterlab_there(installed, browser, tmp_path):
    work = installed.elsewhere / "explore"
    port = free_port()
    log = tmp_path / "lab.log"
    cmd = [installed.bin("mineedu"), "lab", "--no-browser", "--lang", "en", "--port", str(port), str(work)]
    t0 = time.monotonic()
    with running(cmd, installed, log) as proc:
        wait_http(f"http://127.0.0.1:{port}/api", proc, log)
        print(f"\nlab: JupyterLab answering {time.monotonic() - t0:.1f} s after `mineedu lab`", file=sys.stderr)
        for name in EXPLORE["en"]:
            assert (work / name).read_bytes() == (NOTEBOOKS / "explore" / "en" / name).read_bytes()
        token = re.search(r"\?token=([0-9a-f]+)", log.read_text())
        assert token, log.read_text()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents?token={token.group(1)}", timeout=10) as r:
            listed = sorted(item["name"] for item in json.load(r)["content"] if item["type"] == "notebook")
        assert listed == EXPLORE["en"]  # JupyterLab serves that folder
        page = new_page(browser, viewport={"width": 1280, "height": 800})
        try:  # and opens the first notebook
            page.goto(f"http://127.0.0.1:{port}/?token={token.group(1)}")  # JupyterLab sends it to its first notebook
            page.wait_for_url(re.compile(r"/lab/tree/getting_started\.ipynb"))
            page.locator(".jp-Notebook .jp-RenderedMarkdown h1").first.wait_for(timeout=180_000)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "install-lab-1280x800.png"))
        finally:
            page.close()
    said = log.read_text()
    assert all(f"{name}: copied" in said for name in EXPLORE["en"]), said
    # the student edits a notebook; `mineedu lab` again keeps it
    edited = work / "gold_mine.ipynb"
    notebook = json.loads(edited.read_text())
    notebook["cells"].append({"cell_type": "markdown", "metadata": {}, "source": ["My own notes"]})
    edited.write_text(json.dumps(notebook))
    mine = edited.read_bytes()
    log2 = tmp_path / "lab2.log"
    with running([*cmd[:-1], str(work)], installed, log2) as proc:
        wait_http(f"http://127.0.0.1:{port}/api", proc, log2)
    assert edited.read_bytes() == mine
    assert "gold_mine.ipynb: kept as it is (you edited it)" in log2.read_text()
