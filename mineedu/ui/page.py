"""What a lesson page sets outside its widgets: the document's language, the tab's title, the styles, the view.

:class:`PageMeta` is an ``anywidget`` whose front end sets ``<html lang>`` (so
a screen reader reads French as French) and the tab's title, whose stylesheet
(``page.css``, shipped in the package) makes the page readable on a projector
and a phone, and which shows the page's "Projeter / Project" switch: the
projector view (``view="projector"``, or ``?view=projector`` in the address)
gives the whole screen to the board and its headline odds, large, and folds the
header, the notes and the sections below the board away. :func:`query` reads
the page's address (``?lang=en``) in Voilà, where preheated kernels run the
notebook before a student arrives.

Any page with a board can use the projector view: display a ``PageMeta`` (it
carries the styles) and set its ``view`` to :data:`PROJECTOR` (the shared table's
spectator page does); the view is the class :data:`PROJECTOR_CLASS` on ``<body>``,
which ``page.css`` styles for any ``.mineedu-board`` on the page. A page without a
board says ``PageMeta(projectable=False)``: no switch, and ``?view=projector`` is
ignored.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import warnings
from pathlib import Path
from urllib.parse import parse_qs

import anywidget
import traitlets

from mineedu.core import Texts
from mineedu.core.i18n import DEFAULT_LANG, LANGS

HERE = Path(__file__).parent
PROJECTOR = "projector"
PROJECTOR_CLASS = "mineedu-projector"
"""The class on ``<body>`` in the projector view (page.css styles it)."""
VIEWS = ("", PROJECTOR)

T = Texts({
    "project": {"fr": "Projeter", "en": "Project"},
    "project_help": {"fr": "Le plateau et ses probabilités en grand, sur tout l'écran (pour un projecteur)",
                     "en": "The board and its odds, large, on the whole screen (for a projector)"},
})


class PageMeta(anywidget.AnyWidget):
    """The page's language, title and view; its front end shows the projector switch."""

    _esm = HERE / "page.js"
    _css = HERE / "page.css"
    lang = traitlets.Unicode(DEFAULT_LANG).tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    view = traitlets.Enum(VIEWS, "").tag(sync=True)
    """``""`` (the whole lesson) or :data:`PROJECTOR`; the switch sets it from the browser too."""
    switch = traitlets.Dict({}).tag(sync=True)
    """The switch's words in the page's language: ``{"label", "help"}``."""
    projectable = traitlets.Bool(True).tag(sync=True)
    """Whether the page has a projector view (a board to show large): the start page and the teacher's
    dashboard have none, and show no switch (the view would fold their text away and show nothing)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.add_class("mineedu-meta")
        self.set(self.lang, self.title)

    def set(self, lang: str, title: str) -> None:
        lang = lang if lang in LANGS else DEFAULT_LANG
        self.lang, self.title = lang, title
        self.switch = {"label": T("project", lang), "help": T("project_help", lang)}

    def apply_query(self, query: str) -> None:
        """``view=projector`` from the page's address (anything else leaves the view as it is)."""
        view = (parse_qs(query or "").get("view") or [""])[0]
        if view in VIEWS and view and self.projectable:
            self.view = view


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
