"""``mineedu.ui.page.query``: Voilà's query-string protocol, spoken without importing Voilà.

A real websocket server plays Voilà's ``/voila/query/<kernel id>`` endpoint;
Voilà's own ``get_query_string`` and ours are asked the same thing.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest
import websockets

from mineedu.ui import page

KERNEL = "0b1c2d3e-aaaa-bbbb-cccc-000000000001"


@pytest.fixture
def voila_query_endpoint() -> Iterator[tuple[int, list[str]]]:
    """A websocket server that sends each connection one request environment; yields (port, paths asked)."""
    paths: list[str] = []
    ready = threading.Event()
    state: dict[str, object] = {}

    async def handler(ws) -> None:
        paths.append(ws.request.path)
        await ws.send(json.dumps({"QUERY_STRING": "lang=en&teacher=1", "SCRIPT_NAME": "/voila/render/x.ipynb"}))

    async def main() -> None:
        async with websockets.serve(handler, "127.0.0.1", 0) as server:
            state["port"] = server.sockets[0].getsockname()[1]
            state["stop"] = asyncio.get_running_loop().create_future()
            ready.set()
            await state["stop"]  # type: ignore[misc]

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    assert ready.wait(10)
    yield int(state["port"]), paths  # type: ignore[call-overload]
    loop.call_soon_threadsafe(state["stop"].set_result, None)  # type: ignore[union-attr]
    thread.join(10)


def preheated_env(monkeypatch: pytest.MonkeyPatch, port: int) -> None:
    for key, value in {"VOILA_PREHEAT": "True", "VOILA_APP_IP": "127.0.0.1", "VOILA_APP_PORT": str(port),
                       "VOILA_WS_BASE_URL": "/mineedu-kernel/tok/", "VOILA_KERNEL_ID": KERNEL}.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("SCRIPT_NAME", raising=False)


def test_the_environment_names_are_voilas() -> None:
    from voila.utils import ENV_VARIABLE

    names = {"VOILA_PREHEAT", "VOILA_WS_PROTOCOL", "VOILA_APP_IP", "VOILA_APP_PORT", "VOILA_SERVER_URL",
             "VOILA_WS_BASE_URL", "VOILA_KERNEL_ID", "QUERY_STRING"}
    assert names <= {e.value for e in ENV_VARIABLE}


def test_ours_and_voilas_ask_the_same_endpoint_and_get_the_same_answer(voila_query_endpoint, monkeypatch) -> None:
    port, paths = voila_query_endpoint
    preheated_env(monkeypatch, port)
    from voila.utils import get_query_string

    theirs = get_query_string()
    monkeypatch.delenv("QUERY_STRING")
    monkeypatch.delenv("SCRIPT_NAME")
    ours = page.query()
    assert ours == theirs == "lang=en&teacher=1"
    assert paths == [f"/mineedu-kernel/tok/voila/query/{KERNEL}"] * 2
    import os

    assert os.environ["SCRIPT_NAME"] == "/voila/render/x.ipynb"  # the whole request environment, as Voilà sets it


def test_outside_a_preheated_kernel_it_returns_at_once(monkeypatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "lang=en")
    assert page.query() == "lang=en"
    monkeypatch.delenv("VOILA_PREHEAT")
    monkeypatch.delenv("QUERY_STRING")
    assert page.query() == ""


def test_no_endpoint_warns_and_returns_the_empty_query(monkeypatch) -> None:
    from tests.browser.helpers import free_port

    preheated_env(monkeypatch, free_port())  # nothing listens there
    with pytest.warns(UserWarning, match="no visitor's request"):
        assert page.query() == ""


def test_a_lesson_kernel_does_not_import_voila() -> None:
    code = ("import sys; from mineedu.ui.lesson import lesson; from mineedu.ui.page import query; "
            "lesson('gold_mine').apply_query(query()); print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('voila', 'jupyter_server', 'nbconvert', 'jinja2')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]"
