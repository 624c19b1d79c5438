"""Kernels end with their page, a full class says so, a dead kernel is reported (the real class server).

One server for the module, with short culling (10 s, checked every 5 s) and a
class of two students' kernels (4 kernels in all, 2 of them preheated), so
every wait below is short and bounded.
"""

from __future__ import annotations

import asyncio
import json
import signal
import time
from typing import Any

import pytest

from .conftest import TOKEN, lesson_notebooks, run, seated
from .serving import class_server, free_port
from .student import Student

pytestmark = pytest.mark.server

CULL_AFTER, CULL_INTERVAL = 10, 5


@pytest.fixture(scope="module")
def small_class(tmp_path_factory: Any) -> Any:
    log = tmp_path_factory.mktemp("small") / "server.log"
    lesson = lesson_notebooks()[0]
    # no pool for the other notebooks: the limit's arithmetic stays the same however many lessons there are
    with class_server(log, token=TOKEN, pool_size=0, pools={lesson: 2}, max_kernels=4,
                      cull_after=CULL_AFTER, cull_interval=CULL_INTERVAL) as server:
        yield server


def kernel_process(server: Any, kernel_id: str) -> Any:
    found = [p for p in server.kernels() if any(kernel_id in part for part in p.cmdline())]
    assert len(found) == 1, f"kernel {kernel_id}: {len(found)} processes"
    return found[0]


async def gone(server: Any, kernel_id: str, within: float) -> float | None:
    """Seconds until the server has shut the kernel down (``None``: not within ``within``)."""
    start = time.monotonic()
    while time.monotonic() - start < within:
        if f"Kernel shutdown: {kernel_id}" in server.log_text():
            return time.monotonic() - start
        await asyncio.sleep(0.5)
    return None


def test_a_closed_tab_ends_its_kernel_with_or_without_its_beacon(small_class):
    lesson = lesson_notebooks()[0]

    async def scenario() -> None:
        _, page = await seated(small_class, lesson)
        await page.close(beacon=True)  # the tab closes normally: its beacon
        assert await gone(small_class, page.kernel_id, 10) is not None
        _, page = await seated(small_class, lesson)
        _, kept = await seated(small_class, lesson)
        await page.close(beacon=False)  # the browser died: no beacon, the socket just drops
        took = await gone(small_class, page.kernel_id, CULL_AFTER + CULL_INTERVAL + 30)
        assert took is not None and took <= CULL_AFTER + CULL_INTERVAL + 30
        # a page still open keeps its kernel, however long it stays idle
        await asyncio.sleep(max(0.0, CULL_AFTER + 2 * CULL_INTERVAL - took))
        assert f"Kernel shutdown: {kept.kernel_id}" not in small_class.log_text()
        assert await kept.click() is not None
        await kept.close()

    run(scenario())


def test_a_full_class_says_so_and_lets_the_next_one_in(small_class):
    lesson = lesson_notebooks()[0]

    async def scenario() -> None:
        _, first = await seated(small_class, lesson)
        _, second = await seated(small_class, lesson)
        late = Student(small_class.url, TOKEN)
        page = await late.render(lesson)
        assert page.status == 503 and page.notice == "full"
        assert "La classe est complète" in page.body and "The class is full" in page.body
        assert 'http-equiv="refresh"' in page.body  # it tries again by itself
        await first.close()
        assert await gone(small_class, first.kernel_id, 10) is not None
        page = await late.render(lesson)
        assert page.status == 200 and page.complete
        await page.connect()
        assert await page.until_playable()
        assert await second.click() is not None
        await page.close()
        await second.close()

    run(scenario())


def test_a_kernel_that_dies_is_reported_to_its_page_and_ended(small_class):
    lesson = lesson_notebooks()[0]

    async def scenario() -> None:
        student, page = await seated(small_class, lesson)
        kernel_process(small_class, page.kernel_id).send_signal(signal.SIGKILL)
        msg = await page.wait_for(
            lambda m: m["msg_type"] == "status" and m["content"].get("execution_state") in ("restarting", "dead"), 60
        )
        assert msg is not None  # what the page guard turns into "this page has stopped, reload"
        assert await gone(small_class, page.kernel_id, 30) is not None
        r = await student.get(f"/api/kernels/{page.kernel_id}", raise_error=False)
        assert r.code in (403, 404)  # the guard's check: the kernel is no longer there for this page
        assert small_class.alive()
        await page.close()

    run(scenario())


def test_a_restarted_server_knows_its_browsers_again_until_the_class_token_changes(tmp_path: Any, monkeypatch: Any) -> None:
    """The login cookies are signed from a key kept in Jupyter's data folder and the class token: a server
    restarted (same address, same token) takes a browser's cookie as it was, the same identity, so the page
    it reloads may use the kernel it is given; restarted with a new token, the old cookie lets no one in."""
    from mineedu.serving.app import COOKIE_KEY_FILE

    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "notebooks"
    folder.mkdir()
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "hello", "metadata": {}, "outputs": [],
                     "source": "print('hello from the notebook')"}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / "hello.ipynb").write_text(json.dumps(nb))
    said, port = "hello from the notebook", free_port()
    with class_server(tmp_path / "first.log", token=TOKEN, pool_size=0, notebooks=folder, port=port) as server:
        student = Student(server.url, TOKEN)
        assert said in run(student.render("hello.ipynb")).body
    assert (tmp_path / "data" / COOKIE_KEY_FILE).stat().st_mode & 0o777 == 0o600
    cookies = dict(student.cookies)
    assert any(name.startswith("username-") for name in cookies)
    with class_server(tmp_path / "again.log", token=TOKEN, pool_size=0, notebooks=folder, port=port) as server:
        page = run(student.render("hello.ipynb"))  # the cookie alone: no token in the address
        assert said in page.body, server.log_text()[-2000:]
        assert "Clearing invalid/expired login cookie" not in server.log_text()
    student.cookies = dict(cookies)
    with class_server(tmp_path / "new-token.log", token="another-class", pool_size=0, notebooks=folder,
                      port=port) as server:
        assert said not in run(student.render("hello.ipynb")).body
        assert "Clearing invalid/expired login cookie" in server.log_text()
