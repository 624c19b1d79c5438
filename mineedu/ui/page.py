"""What a lesson page sets outside its widgets: the document's language, the tab's title, the styles.

:class:`PageMeta` is an invisible ``anywidget`` whose front end sets
``<html lang>`` (so a screen reader reads French as French) and the tab's
title, and whose stylesheet (``page.css``, shipped in the package) makes the
page readable on a projector and a phone. :func:`query` reads the page's
address (``?lang=en``) in Voilà, where preheated kernels run the notebook
before a student arrives.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import warnings
from pathlib import Path

import anywidget
import traitlets

HERE = Path(__file__).parent


class PageMeta(anywidget.AnyWidget):
    _esm = HERE / "page.js"
    _css = HERE / "page.css"
    lang = traitlets.Unicode("fr").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)

    def set(self, lang: str, title: str) -> None:
        self.lang, self.title = lang, title


def query() -> str:
    """The page's query string (``"lang=en"``) under Voilà; empty elsewhere.

    With preheated kernels this blocks until a browser takes the kernel, so a
    notebook calls it after its heavy cells and before displaying anything.

    It speaks Voilà's own protocol (what ``voila.utils.get_query_string`` does)
    without importing Voilà: that import brings the whole server (Jupyter Server,
    nbconvert, Jinja) into every student's kernel, about 40 MB each. The names
    are Voilà's (``tests/ui/test_page.py`` checks them against ``voila.utils``).
    """
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        info = _visitor_info(_query_url())
        if info:
            for key, value in json.loads(info).items():
                os.environ[str(key)] = str(value)
    return os.environ.get("QUERY_STRING", "")


def _query_url() -> str:
    """The websocket on which Voilà gives a preheated kernel its visitor's request."""
    env = os.environ.get
    protocol, ip, port = env("VOILA_WS_PROTOCOL", "ws"), env("VOILA_APP_IP", "127.0.0.1"), env("VOILA_APP_PORT", "8866")
    base = env("VOILA_WS_BASE_URL", env("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{ip}:{port}{base}voila/query/{env('VOILA_KERNEL_ID', '')}"


def _visitor_info(url: str) -> str | None:
    """Wait for Voilà's one message (the request's environment, as JSON) on ``url``; ``None`` if unreachable.

    The kernel's own event loop is running (a cell is executing), so the wait
    runs on a fresh loop in a thread, as Voilà does.
    """
    import websockets  # Voilà's own dependency

    async def receive() -> str | None:
        try:
            async with websockets.connect(url, open_timeout=5) as ws:
                message = await ws.recv()
        except (OSError, TimeoutError, websockets.WebSocketException):
            warnings.warn(f"mineedu: no visitor's request on {url}", stacklevel=3)
            return None
        return message if isinstance(message, str) else message.decode()

    out: list[str | None] = [None]
    thread = threading.Thread(target=lambda: out.__setitem__(0, asyncio.run(receive())), daemon=True)
    thread.start()
    thread.join()
    return out[0]
