"""While the class arrives, a pool with spares waits to refill; once it runs low, or the class is in, it refills
(the real class server, one lesson with a pool of 4 and no other pool).

The server's own kernel processes are counted: a refill starts a new one.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from mineedu.serving.kernels import ARRIVING, SPARES

from .conftest import TOKEN, lesson_notebooks, run
from .serving import class_server
from .student import Student

pytestmark = pytest.mark.server

POOL = 4


@pytest.fixture(scope="module")
def arriving_class(tmp_path_factory: Any) -> Any:
    log = tmp_path_factory.mktemp("refill") / "server.log"
    with class_server(log, token=TOKEN, pool_size=0, pools={lesson_notebooks()[0]: POOL}) as server:
        yield server


async def kernels_reach(server: Any, n: int, within: float) -> float | None:
    """Seconds until the server runs ``n`` kernels or more (``None``: not within ``within``)."""
    start = time.monotonic()
    while time.monotonic() - start < within:
        if len(server.kernels()) >= n:
            return time.monotonic() - start
        await asyncio.sleep(0.1)
    return None


def test_a_pool_refills_once_the_class_is_in_or_at_once_when_it_runs_low(arriving_class):
    lesson = lesson_notebooks()[0]
    assert POOL - 2 >= SPARES > POOL - 3  # two pages leave enough spares, a third does not

    async def scenario() -> None:
        assert len(arriving_class.kernels()) == POOL
        pages = []
        for _ in range(2):
            page = await Student(arriving_class.url, TOKEN).render(lesson)
            assert page.status == 200 and page.complete
            pages.append(page)
        last = time.monotonic()
        # pages keep coming, spares are ready: no refill yet, however long the pool waits inside that window
        await asyncio.sleep(ARRIVING / 2)
        assert len(arriving_class.kernels()) == POOL
        # once nobody has arrived for ARRIVING seconds, the two kernels taken are replaced
        took = await kernels_reach(arriving_class, POOL + 2, ARRIVING + 120)
        assert took is not None, "the pool never refilled"
        assert time.monotonic() - last >= ARRIVING - 0.5
        # a third page then a fourth, close together: with fewer than SPARES ready, the pool refills at once
        for _ in range(2):
            page = await Student(arriving_class.url, TOKEN).render(lesson)
            assert page.status == 200 and page.complete
            pages.append(page)
        await asyncio.sleep(0.5)
        busy = time.monotonic()
        page = await Student(arriving_class.url, TOKEN).render(lesson)  # the pool had 2 ready: it now has 1
        pages.append(page)
        assert await kernels_reach(arriving_class, POOL + 2 + 1, ARRIVING - 1.5) is not None, \
            "a pool running low waited for the class to settle"
        assert time.monotonic() - busy < ARRIVING
        for p in pages:
            await p.close()

    run(scenario(), timeout=300)
