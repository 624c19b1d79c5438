"""A student's browser, without the browser: what a lesson page does, over HTTP and the kernel websocket.

Used by the hostile-client tests and by ``benchmarks/class_load.py``. A
:class:`Student` keeps its cookies (its identity), renders a page
(:meth:`Student.render`), connects to the page's kernel as the page's widget
manager does (:meth:`Page.connect`: ``comm_open`` on ``jupyter.widget.control``
then ``request_states``), finds the board's picture controller (the widget
whose state has ``svg``, ``options`` and ``version``: any game's board) and
plays it as ``mineedu/ui/canvas.js`` does: a click is the custom message
``{"event": "pick", "token", "version"}``, bot pauses are answered by
``"tick"``, a hot-seat cover by ``"ready"``. Every wait is bounded in time.

Traffic goes only to the server's base URL (a loopback address in tests).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import re
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode

from jupyter_server.services.kernels.connection.base import (
    deserialize_binary_message,
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

AsyncHTTPClient.configure(None, max_clients=400)

CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">\s*(.*?)\s*</script>', re.S)
OUTPUT = re.compile(r'<script type="application/vnd.voila.cell-output\+json">\s*(.*?)\s*</script>', re.S)
NOTICE = re.compile(r'data-mineedu-notice="(\w+)"')
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
CONTROL_PROTOCOL = "1.0.0"  # ipywidgets' widget control protocol (request_states)
V1 = "v1.kernel.websocket.jupyter.org"  # the kernel websocket protocol a real page asks for (binary frames)


def is_canvas(state: dict[str, Any]) -> bool:
    """The board's picture controller (``mineedu.ui.canvas.Canvas``), whatever the game."""
    return {"svg", "options", "version"} <= set(state)


def playable(state: dict[str, Any] | None) -> bool:
    """A picture with at least one option to pick (a region of it or a button): a student can play."""
    return bool(state) and "<svg" in state.get("svg", "") and bool(state.get("options"))  # type: ignore[union-attr]


@dataclass
class Page:
    """One rendered page: what the HTML said, and its kernel connection once :meth:`connect` ran."""

    student: Student
    url: str
    status: int
    body: str
    seconds: float  # to the whole HTML
    kernel_id: str | None = None
    outputs: list[dict[str, Any]] = field(default_factory=list)
    ws: WebSocketClientConnection | None = None
    states: dict[str, dict[str, Any]] = field(default_factory=dict)
    canvas: str | None = None
    inbox: asyncio.Queue[dict[str, Any]] | None = None
    reader: asyncio.Task[None] | None = None
    closed: bool = False

    @property
    def notice(self) -> str | None:
        """``"full"`` or ``"busy"`` for the server's polite refusals."""
        m = NOTICE.search(self.body)
        return m.group(1) if m else None

    @property
    def complete(self) -> bool:
        """The HTML arrived whole (the template's last marker) with no cell in error."""
        return 'id="mineedu-render-end"' in self.body and not self.errors

    @property
    def errors(self) -> list[dict[str, Any]]:
        return [o for o in self.outputs if o.get("output_type") == "error"]

    @property
    def widget_views(self) -> int:
        return sum(1 for o in self.outputs if WIDGET_VIEW in (o.get("data") or {}))

    # --- the kernel --------------------------------------------------------------
    async def connect(self, timeout: float = 60.0, protocol: str | None = None) -> None:
        """Open the page's kernel websocket and load every widget's state, as the page does.

        ``protocol=V1`` speaks the binary protocol a real page asks for; by default, the older JSON
        text protocol (which the server also accepts, and which the hostile tests write junk into)."""
        assert self.kernel_id, "this page has no kernel"
        s = self.student
        await s.get(f"/api/kernels/{self.kernel_id}")
        url = s.ws_base + f"/api/kernels/{self.kernel_id}/channels?" + urlencode({"session_id": uuid.uuid4().hex})
        req = HTTPRequest(url, headers=s.headers(), connect_timeout=timeout, request_timeout=timeout)
        self.ws = await asyncio.wait_for(
            websocket_connect(req, subprotocols=[protocol] if protocol else None, max_message_size=64 * 2**20), timeout
        )
        self.inbox = asyncio.Queue()
        self.reader = asyncio.ensure_future(self._read())
        self.states = await self.fetch_states(timeout)
        self.canvas = next((k for k, v in self.states.items() if is_canvas(v)), None)

    async def fetch_states(self, timeout: float = 60.0) -> dict[str, dict[str, Any]]:
        """Every widget's state as the kernel holds it now (the widget manager's ``request_states``)."""
        control = uuid.uuid4().hex
        opening = {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}
        self.send("comm_open", opening, {"version": CONTROL_PROTOCOL})
        self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        msg = await self.wait_for(
            lambda m: m["msg_type"] == "comm_msg" and m["comm_id"] == control and m["data"].get("method") == "update_states",
            timeout,
        )
        self.send("comm_close", {"comm_id": control, "data": {}})
        return {model_id: dict(model["state"]) for model_id, model in msg["data"]["states"].items()}

    @property
    def v1(self) -> bool:
        return self.ws is not None and self.ws.selected_subprotocol == V1

    def send(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None,
             channel: str = "shell") -> None:
        assert self.ws is not None
        msg = self.message(msg_type, content, metadata, channel)
        if self.v1:
            self.ws.write_message(serialize_msg_to_ws_v1(msg, channel, pack=lambda o: json.dumps(o).encode()), binary=True)
        else:
            self.ws.write_message(json.dumps(msg))

    def message(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None,
                channel: str = "shell") -> dict[str, Any]:
        header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "", "session": uuid.uuid4().hex,
                  "date": "", "version": "5.3"}
        return {"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content,
                "buffers": [], "channel": channel}

    async def _read(self) -> None:
        assert self.ws is not None and self.inbox is not None
        while True:
            raw = await self.ws.read_message()
            if raw is None:
                self.closed = True
                await self.inbox.put({"msg_type": "closed", "data": {}, "content": {}})
                return
            msg = self.decode(raw)
            content = msg.get("content") or {}
            kind = msg.get("header", {}).get("msg_type") or msg.get("msg_type")
            event = {"msg_type": kind, "content": content, "data": content.get("data") or {},
                     "comm_id": content.get("comm_id"), "time": time.monotonic()}
            if kind == "comm_msg" and event["data"].get("method") in ("update", "echo_update"):
                self.states.setdefault(event["comm_id"], {}).update(event["data"].get("state") or {})
            await self.inbox.put(event)

    def decode(self, raw: str | bytes) -> dict[str, Any]:
        if isinstance(raw, str):
            return dict(json.loads(raw))
        if not self.v1:
            return dict(deserialize_binary_message(raw))
        channel, parts = deserialize_msg_from_ws_v1(raw)
        header, parent, metadata, content = (json.loads(p) for p in parts[:4])
        return {"header": header, "parent_header": parent, "metadata": metadata, "content": content, "channel": channel,
                "buffers": parts[4:]}

    async def wait_for(self, test: Any, timeout: float) -> dict[str, Any]:
        """The next message that passes ``test`` (messages before it are dropped), within ``timeout``."""
        assert self.inbox is not None
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message from the kernel")
            msg = await asyncio.wait_for(self.inbox.get(), left)
            if msg["msg_type"] == "closed":
                raise ConnectionError("the kernel websocket closed")
            if test(msg):
                return msg

    # --- the board ----------------------------------------------------------------
    @property
    def board(self) -> dict[str, Any] | None:
        return self.states.get(self.canvas) if self.canvas else None

    def canvas_event(self, event: str, token: Any = None, version: Any = None) -> None:
        board = self.board or {}
        content = {"event": event, "token": token, "version": board.get("version") if version is None else version}
        self.send("comm_msg", {"comm_id": self.canvas, "data": {"method": "custom", "content": content}})

    async def _answer(self, event: str, token: Any, timeout: float) -> None:
        before = (self.board or {}).get("version")
        self.canvas_event(event, token)
        await self.wait_for(lambda m: m["comm_id"] == self.canvas and (self.board or {}).get("version") != before, timeout)

    async def until_playable(self, timeout: float = 60.0, max_steps: int = 200) -> bool:
        """Let bot pauses pass (``tick``) and take the screen (``ready``) until a pick is offered."""
        deadline = time.monotonic() + timeout
        for _ in range(max_steps):
            board = self.board
            if board is None or playable(board):
                return playable(board)
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            if board.get("cover"):
                await self._answer("ready", None, left)
            elif board.get("tick_ms", 0) > 0:
                await asyncio.sleep(min(board["tick_ms"] / 1000, left))
                await self._answer("tick", None, max(0.1, deadline - time.monotonic()))
            else:
                return False  # nothing to pick and nobody to wait for: the game is over
        return False

    async def click(self, timeout: float = 30.0) -> float | None:
        """Pick the first option shown; the seconds until the board's next version arrives (``None``: nothing to pick)."""
        board = self.board
        if not playable(board):
            return None
        assert board is not None
        token, version = board["options"][0]["token"], board["version"]
        start = time.monotonic()
        self.canvas_event("pick", token, version)
        await self.wait_for(lambda m: m["comm_id"] == self.canvas and (self.board or {}).get("version") != version, timeout)
        return time.monotonic() - start

    async def close(self, beacon: bool = True) -> None:
        """Close the tab: the shutdown beacon (as Voilà's page sends it), then the socket."""
        if beacon and self.kernel_id:
            xsrf = self.student.cookies.get("_xsrf", "")
            with contextlib.suppress(HTTPClientError):
                await self.student.post(f"/voila/api/shutdown/{self.kernel_id}", urlencode({"_xsrf": xsrf}),
                                        content_type="application/x-www-form-urlencoded")
        if self.ws is not None:
            self.ws.close()
        if self.reader is not None:
            self.reader.cancel()


class Student:
    """One browser: its cookies (identity), the class token it came with, its pages."""

    def __init__(self, base: str, token: str | None = None, timeout: float = 120.0) -> None:
        assert base.startswith(("http://127.", "http://localhost")), "students only visit this machine"
        self.base = base.rstrip("/")
        self.ws_base = "ws" + self.base[4:]
        self.token = token
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.http = AsyncHTTPClient()

    def headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        h = dict(extra or {})
        if self.cookies:
            h["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return h

    def _keep(self, headers: Any) -> None:
        for raw in headers.get_list("Set-Cookie"):
            c: SimpleCookie = SimpleCookie()
            c.load(raw)
            for k, morsel in c.items():
                self.cookies[k] = morsel.value

    async def fetch(self, path: str, method: str = "GET", body: str | None = None, headers: dict[str, str] | None = None,
                    content_type: str | None = None, raise_error: bool = True) -> Any:
        h = self.headers(headers)
        if content_type:
            h["Content-Type"] = content_type
        req = HTTPRequest(self.base + path, method=method, body=body, headers=h, follow_redirects=False,
                          request_timeout=self.timeout, connect_timeout=self.timeout,
                          allow_nonstandard_methods=True)
        resp = await self.http.fetch(req, raise_error=False)
        self._keep(resp.headers)
        if raise_error and resp.code >= 400:
            raise HTTPClientError(resp.code, response=resp)
        return resp

    async def get(self, path: str, **kw: Any) -> Any:
        return await self.fetch(path, **kw)

    async def post(self, path: str, body: str, **kw: Any) -> Any:
        return await self.fetch(path, method="POST", body=body, **kw)

    async def render(self, notebook: str, query: Iterable[tuple[str, str]] = ()) -> Page:
        """GET a lesson page (with the token the first time) and read it."""
        params = list(query)
        if self.token and not self.cookies:
            params.append(("token", self.token))
        path = f"/voila/render/{notebook}" + (f"?{urlencode(params)}" if params else "")
        start = time.monotonic()
        resp = await self.fetch(path, raise_error=False)
        body = resp.body.decode("utf-8", "replace") if resp.body else ""
        page = Page(self, path, resp.code, body, time.monotonic() - start)
        m = CONFIG.search(body)
        if m:
            page.kernel_id = json.loads(html.unescape(m.group(1))).get("kernelId")
        for raw in OUTPUT.findall(body):
            try:
                page.outputs.append(json.loads(raw))
            except ValueError:
                page.outputs.append({"output_type": "error", "ename": "unreadable output"})
        return page
