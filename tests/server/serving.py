"""Start the real class server (``mineedu serve``'s command) on a free loopback port, for tests and benchmarks."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil

from mineedu.launch import find_notebooks, voila_command


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str
    token: str | None
    log: Path
    proc: subprocess.Popen[bytes]
    notebooks: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kernels(self) -> list[psutil.Process]:
        """The server's kernel processes."""
        try:
            children = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        return [p for p in children if _is_kernel(p)]

    def kernel_memory(self) -> list[int]:
        """Resident memory (bytes) of each kernel process."""
        out = []
        for p in self.kernels():
            with contextlib.suppress(psutil.Error):
                out.append(p.memory_info().rss)
        return out


def _is_kernel(p: psutil.Process) -> bool:
    try:
        return "ipykernel_launcher" in " ".join(p.cmdline())
    except psutil.Error:
        return False


@contextlib.contextmanager
def class_server(
    log: Path, *, token: str | None = "class-test-token", pool_size: int = 1, pools: dict[str, int] | None = None,
    wait_pools: bool = True, timeout: float = 240.0, extra: tuple[str, ...] = (), notebooks: Path | None = None,
    port: int | None = None, **options: object,
) -> Iterator[Server]:
    """Run the class server (on the project's notebooks, or ``notebooks``; on a free port, or ``port``); yield it
    once it answers (and, with ``wait_pools``, once every pool is filled)."""
    notebooks = notebooks or find_notebooks()
    assert notebooks is not None, "no notebooks/ folder"
    port = port or free_port()
    cmd = voila_command(notebooks, port, pool_size=pool_size, token=token, pools=pools, **options) + list(extra)
    out = open(log, "w")  # noqa: SIM115
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    server = Server(url, token, log, proc, notebooks)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                urllib.request.urlopen(url + "/voila/static/voila.js", timeout=2).close()
                break
            except urllib.error.HTTPError:
                break  # up (and asking for the token)
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    tail = server.log_text()[-3000:]
                    raise RuntimeError(f"the class server did not start (exit {proc.poll()}):\n{tail}") from None
                time.sleep(0.3)
        if wait_pools and pool_size + sum((pools or {}).values()) > 0:
            # every notebook has a pool of pool_size kernels, or of its own size in ``pools``
            n = sum(1 for nb in notebooks.glob("*.ipynb") if (pools or {}).get(nb.name, pool_size) > 0)
            while server.log_text().count("Kernel pool of") < n:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError(f"the kernel pools did not fill:\n{server.log_text()[-3000:]}")
                time.sleep(0.3)
        yield server
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)
        out.close()
