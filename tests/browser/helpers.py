"""Starting the real Voilà server and Debian's Chromium (shared by tests and benchmarks)."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from mineedu.launch import find_notebooks, voila_command

CHROMIUM = "/usr/lib/chromium/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
NOT_LOOPBACK = re.compile(r"^https?://(?!127\.0\.0\.1)")
APP = "/voila/render/gold_mine.ipynb"
START = "/voila/render/index.ipynb"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def voila_server(preheat: bool = True, pool_size: int = 1, log: Path | None = None, timeout: float = 120, *,
                 port: int | None = None, pools: dict[str, int] | None = None,
                 env: dict[str, str] | None = None) -> Iterator[str]:
    """Run ``mineedu serve``'s Voilà on a free loopback port (or ``port``); yield its base URL.

    With ``preheat`` it waits until every notebook's kernel pool is filled (with ``pools``, the
    pools of those notebooks, the others' ``pool_size`` being 0). ``env``: more environment for
    the server and its kernels (``MINEEDU_STORE``).
    """
    notebooks = find_notebooks()
    assert notebooks is not None, "no notebooks/ folder"
    port = port or free_port()
    cmd = voila_command(notebooks, port, pool_size=pool_size, pools=pools)
    if not preheat:
        cmd = [a for a in cmd if not a.startswith(("--preheat_kernel", "--pool_size", "--VoilaKernelManager"))]
        cmd.append("--preheat_kernel=False")
    out = open(log, "w") if log else subprocess.DEVNULL  # noqa: SIM115
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT if log else subprocess.DEVNULL,
                            env=os.environ | (env or {}))
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                urllib.request.urlopen(url + "/", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"Voilà did not start (exit {proc.poll()})") from None
                time.sleep(0.3)
        if preheat:
            n = len(pools) if pools else len(list(notebooks.glob("*.ipynb")))
            while log is not None and log.read_text().count("Kernel pool of") < n:
                if time.monotonic() > deadline:
                    raise RuntimeError("the kernel pools did not fill")
                time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
        if log:
            out.close()  # type: ignore[union-attr]


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


def new_page(browser, **options):
    """A page that can reach the server only; generous timeouts (the 2-core machine may be busy)."""
    page = browser.new_page(**({"viewport": {"width": 1300, "height": 1000}} | options))
    page.route(NOT_LOOPBACK, lambda route: route.abort())
    page.set_default_timeout(90_000)
    page.set_default_navigation_timeout(180_000)
    return page
