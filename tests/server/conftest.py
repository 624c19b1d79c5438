"""Fixtures: the real class server on a loopback port, with a class token, and the lessons it serves."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest

from mineedu.launch import find_notebooks, lessons

from .serving import class_server
from .student import Student

R = TypeVar("R")
TOKEN = "class-test-token"


def lesson_notebooks() -> list[str]:
    """Every lesson notebook in notebooks/ (the start page is not a lesson)."""
    nbs = find_notebooks()
    assert nbs is not None, "no notebooks/ folder"
    return [f"{n}.ipynb" for n in lessons(nbs) if n != "index"]


def run(coro: Awaitable[R], timeout: float = 240.0) -> R:
    """Run one test's clients, bounded in time (in a thread of their own: Playwright may hold this one's loop)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coro, timeout)).result()  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: Any) -> Any:
    log = tmp_path_factory.mktemp("class") / "server.log"
    with class_server(log, token=TOKEN, pool_size=1, pools={nb: 2 for nb in lesson_notebooks()}) as server:
        yield server


@pytest.fixture(scope="module")
def lesson(classroom: Any) -> str:
    """The first lesson whose page shows a board (the hostile tests play on it)."""

    async def find() -> str | None:
        for nb in lesson_notebooks():
            s = Student(classroom.url, classroom.token)
            page = await s.render(nb)
            await page.connect()
            found = page.canvas is not None
            await page.close()
            if found:
                return nb
        return None

    nb = run(find())
    assert nb is not None, f"no lesson in notebooks/ shows a board ({lesson_notebooks()})"
    return nb


async def seated(server: Any, lesson: str, token: str | None = TOKEN, protocol: str | None = None) -> tuple[Student, Any]:
    """A student with the lesson open, connected (with the kernel websocket ``protocol``) and able to play."""
    s = Student(server.url, token)
    page = await s.render(lesson)
    assert page.status == 200 and page.complete, (page.status, page.notice, page.errors)
    await page.connect(protocol=protocol)
    assert await page.until_playable(), "the board offers nothing to pick"
    return s, page


Play = Callable[..., Awaitable[Any]]
