"""Kernels of a class: each one belongs to the browser it was rendered for.

:func:`class_manager_class` turns Voilà's kernel manager (preheated pools
included) into one that

* records the owner of each kernel it gives to a page (the browser's signed
  identity, passed down from the render handler in :data:`OWNER`);
* counts students' kernels against the class limit (see :mod:`.policy`), with
  a reservation while a fresh kernel starts, so a burst cannot overshoot;
* prepares the pools on every core while no student is in, then one kernel
  at a time, in order (a pool kernel's turn ends when its notebook waits in
  ``get_query_string`` for its visitor, or has run); while the class is
  arriving (a page opened in the last ``ARRIVING`` seconds) a pool with
  ``SPARES`` kernels still ready waits before it refills, so the students
  already in keep the processor (a refill runs the lesson notebook in a new
  kernel, and the server follows every message it sends); a pool kernel whose
  notebook did not run (Voilà gave up on a cell) is replaced before any page
  is given it;
* shuts down a student's kernel that died and was restarted empty (its page
  then says so, see ``templates/mineedu/static/guard.js``), and forgets every
  kernel that ends.

:class:`ClassKernelClient` is the client Voilà's executor runs a notebook with: its waits for a
kernel's messages look at the socket again every ``POLL_EVERY`` seconds, so a wakeup pyzmq's asyncio
poll misses (seen under load: a cell's outputs queued, unread, until Voilà gave up on the cell and the
page showed only "Cell execution timed out") costs a second, not the page.

:class:`ClassChannels` is the websocket bridge between a page and its kernel:
it lets through only what a lesson page sends (widget messages, the widget
manager's one ``comm_open`` and info requests), never a ``shutdown_request``,
an ``execute_request`` or a widget created by the client, drops malformed
frames, and limits the message rate of one connection.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import os
import time
from dataclasses import dataclass
from queue import Empty
from typing import Any

from jupyter_client.asynchronous.client import AsyncKernelClient
from jupyter_client.channels import AsyncZMQSocketChannel
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from traitlets import Type
from voila.request_info_handler import RequestInfoSocketHandler

from .policy import Owners

ALLOWED_MESSAGES = frozenset({"comm_msg", "comm_open", "comm_close", "comm_info_request", "kernel_info_request"})
WIDGET_CONTROL = "jupyter.widget.control"  # the widget manager's channel to ask for every widget's state
MESSAGE_BURST = 400  # messages one connection may send at once
MESSAGES_PER_SECOND = 100.0  # then this many per second (a dragged slider sends ~60)
REFILL_WAIT = 120.0  # seconds a pool refill may hold its slot while its notebook runs
VOILA_GAVE_UP = "Cell execution timed out, aborting notebook execution"
"""The start of what Voilà shows in place of a notebook one of whose cells timed out (``voila.execute``)."""
RETAKES = 3
"""The kernels one place of a pool may start, at most: the last one is kept whatever its notebook did."""
POLL_EVERY = 1.0  # seconds a wait for a kernel's message goes without looking at its socket again
ARRIVING = 5.0  # a page rendered less than this many seconds ago: the class is still arriving
SPARES = 2  # while it arrives, a pool refills only once it has fewer preheated kernels ready than this


def gave_up(cache: list[str]) -> bool:
    """Whether Voilà gave up on the notebook whose rendered cells are ``cache`` (a cell timed out)."""
    return any(VOILA_GAVE_UP in snippet for snippet in cache)


def waiting_for_visitor() -> Any:
    """Kernels whose notebook waits in ``voila.utils.get_query_string`` for the page's visitor."""
    return RequestInfoSocketHandler._waiters


@dataclass
class Reservation:
    """A place in the class kept for one render until its kernel is given to the page."""

    client: str
    open: bool = True


#: the browser a page is being rendered for, and its place in the class (set by the render handler)
OWNER: contextvars.ContextVar[tuple[str, Reservation] | None] = contextvars.ContextVar("mineedu_owner", default=None)


class ClassKernelsMixin:
    """Owner bookkeeping and the class limit, on top of Voilà's kernel manager (see the module docstring)."""

    max_students: int = 0  # set by the app: kernels that may belong to students at once (0: no limit)
    refills: int = 1  # set by the app before the manager is made: pool kernels prepared at a time

    def __init__(self, **kwargs: Any) -> None:
        # before Voilà's manager starts filling its pools (in its __init__)
        self.owners = Owners()
        self.reserved = 0
        self.in_flight: dict[str, int] = {}
        self.started_at: dict[str, float] = {}
        self._tickets = 0  # pool kernels asking to be prepared, in order
        self._prepared = 0  # of them, those whose preparation is over
        self._ending: set[asyncio.Future[Any]] = set()  # shutdowns under way (kept until done)
        self.pooled: set[str] = set()  # kernels a pool holds (preparing or waiting): the culler leaves them
        self.last_page = float("-inf")  # when a page last took a kernel (time.monotonic)
        super().__init__(**kwargs)

    # --- room -----------------------------------------------------------------
    def students(self) -> int:
        """Kernels given to pages, and places kept for renders under way."""
        return len(self.owners) + self.reserved

    def has_room(self) -> bool:
        return not self.max_students or self.students() < self.max_students

    def reserve(self, client: str) -> Reservation:
        """Keep a place for ``client``'s render (check :meth:`has_room` first: no ``await`` in between)."""
        self.reserved += 1
        self.in_flight[client] = self.in_flight.get(client, 0) + 1
        return Reservation(client)

    def release(self, place: Reservation) -> None:
        if place.open:
            place.open = False
            self.reserved -= 1
            left = self.in_flight.get(place.client, 0) - 1
            if left > 0:
                self.in_flight[place.client] = left
            else:
                self.in_flight.pop(place.client, None)

    def own(self, kernel_id: str, client: str) -> None:
        self.pooled.discard(kernel_id)
        self.owners.give(kernel_id, client)
        self.started_at[kernel_id] = self.last_page = time.monotonic()
        # a preheated kernel may have waited in its pool for long: its page gets the whole culling delay to connect
        kernel = self.get_kernel(kernel_id)  # type: ignore[attr-defined]
        kernel.last_activity = utcnow()
        self.add_restart_callback(kernel_id, lambda: self._restarted(kernel_id), "restart")  # type: ignore[attr-defined]

    def _own_for_render(self, kernel_id: str) -> None:
        current = OWNER.get()
        if current is not None:
            client, place = current
            self.release(place)
            self.own(kernel_id, client)

    def _restarted(self, kernel_id: str) -> None:
        """A student's kernel died and came back empty: the lesson is gone, so is the kernel."""
        if self.owners.owner(kernel_id) is not None:
            self.log.warning("mineedu: kernel %s died; shutting it down (its page says so)", kernel_id)  # type: ignore[attr-defined]
            self._ending.add(asyncio.ensure_future(self.shutdown_kernel(kernel_id)))

    # --- Voilà's entry points ---------------------------------------------------
    async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kwargs: Any) -> Any:
        """A preheated kernel taken from the pool for a page (its pool replaced any whose notebook did
        not run, see :meth:`_initialize`), now the page's."""
        render_task, cache, kernel_id = await super().get_rendered_notebook(notebook_name, *args, **kwargs)  # type: ignore[misc]
        self._own_for_render(kernel_id)
        return render_task, cache, kernel_id

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """A kernel started for a page when no preheated one waits (pools start theirs below this)."""
        kernel_id: str = await super().start_kernel(*args, **kwargs)  # type: ignore[misc]
        self._own_for_render(kernel_id)
        return kernel_id

    def _preparing_at_once(self) -> int:
        """Before any student is in, every core prepares the pools; then ``refills`` at a time."""
        return max(1, self.refills if self.started_at else max(self.refills, os.cpu_count() or 1))

    def _can_wait(self, notebook: str) -> bool:
        """Whether this pool kernel may wait for the class to have arrived: nobody's page waits for it
        (it is still in its pool), pages keep coming, and at least ``SPARES`` of the pool are ready."""
        me = asyncio.current_task()
        pool = self._pools.get(notebook, [])  # type: ignore[attr-defined]
        if me not in pool or time.monotonic() - self.last_page >= ARRIVING:
            return False
        return sum(1 for task in pool if task.done() and not task.cancelled()) >= SPARES

    async def _initialize(self, *args: Any, **kwargs: Any) -> Any:
        """A pool's kernel, prepared a few at a time (in the order asked), so that the students
        already in keep the processor while the pool refills behind them: its turn ends when its
        notebook has run, or reached ``get_query_string`` (where it waits for its visitor).
        While the class arrives, a pool with spares ready refills only once it has settled.
        A kernel whose notebook did not run (Voilà gave up on a cell: a page would show only that error)
        is shut down and another takes its place, up to ``RETAKES`` kernels in all."""
        notebook = args[0] if args else kwargs.get("notebook_path")
        restarting = (args[1] if len(args) > 1 else kwargs.get("kernel_id")) is not None  # Voilà's restart_kernel
        while isinstance(notebook, str) and self._can_wait(notebook):
            await asyncio.sleep(0.25)
        ticket = self._tickets
        self._tickets += 1
        try:  # a ticket given up (cancelled while waiting) counts as done too, so none waits for it
            while ticket >= self._prepared + self._preparing_at_once():
                await asyncio.sleep(0.1)
            for attempt in range(RETAKES):
                content = await super()._initialize(*args, **kwargs)  # type: ignore[misc]
                task, kernel_id = content["task"], content["kernel_id"]
                self.pooled.add(kernel_id)
                deadline = time.monotonic() + REFILL_WAIT
                while not task.done() and kernel_id not in waiting_for_visitor() and time.monotonic() < deadline:
                    await asyncio.sleep(0.1)
                if attempt == RETAKES - 1 or not gave_up(content["renderer"].rendered_cache) or restarting:
                    break
                self.log.warning("mineedu: the notebook of pool kernel %s did not run (a cell timed out): "  # type: ignore[attr-defined]
                                 "another kernel takes its place", kernel_id)
                await self.shutdown_kernel(kernel_id)
            return content
        finally:
            self._prepared += 1

    async def cull_kernel_if_idle(self, kernel_id: str) -> Any:
        """Jupyter's culler, except for a kernel still in its pool: idle while it waits for its turn to
        run the notebook (or once it has run it), it is no student's; culled, the next page given
        it would find no kernel (Voilà answers 404). Its pool ends it, or a page takes it."""
        if kernel_id in self.pooled and self.owners.owner(kernel_id) is None:
            return None
        return await super().cull_kernel_if_idle(kernel_id)  # type: ignore[misc]

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> Any:
        self.pooled.discard(kernel_id)
        self.owners.forget(kernel_id)
        self.started_at.pop(kernel_id, None)
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[misc]

    async def admit(self, client: str, per_client: int) -> Reservation | str:
        """A place for one more page of ``client``, or why not (``"busy"``, ``"full"``).

        The place is kept before anything is awaited, so pages arriving at once
        are counted; then ``client``'s oldest kernels beyond ``per_client`` are
        shut down (its own tabs, most likely reloaded or closed).
        """
        pending = self.in_flight.get(client, 0)
        if per_client > 0 and pending + 1 > per_client:
            return "busy"
        mine = self.owners.of(client)
        excess = mine[: max(0, len(mine) + pending + 1 - per_client)] if per_client > 0 else []
        if self.max_students and self.students() - len(excess) >= self.max_students:
            return "full"
        place = self.reserve(client)
        for kernel_id in excess:
            self.log.info("mineedu: a browser opened another page; its oldest kernel %s is shut down", kernel_id)  # type: ignore[attr-defined]
            await self.shutdown_kernel(kernel_id)
        return place


class PatientChannel(AsyncZMQSocketChannel):
    """A kernel channel whose wait looks at its socket again every ``POLL_EVERY`` seconds.

    ``zmq.asyncio`` wakes a waiting poll on the edge-triggered ``zmq.FD``; a wakeup that edge never
    brings (zeromq/pyzmq#1558, #2173) leaves a queued message unread until the poll's timeout, and
    nbclient waits for a cell's outputs with none: Voilà then gives up on the cell. Each bounded poll
    that ends looks at the socket itself (``zmq_poll``), so the message is read at the latest then.
    """

    async def get_msg(self, timeout: float | None = None) -> dict[str, Any]:  # type: ignore[override]
        assert self.socket is not None
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = POLL_EVERY if deadline is None else max(0.0, min(POLL_EVERY, deadline - time.monotonic()))
            if await self.socket.poll(int(left * 1000)):
                return await self._recv()
            if deadline is not None and time.monotonic() >= deadline:
                raise Empty


class ClassKernelClient(AsyncKernelClient):
    """The kernel client Voilà's executor runs a notebook with (``AsyncKernelManager.client_factory``)."""

    shell_channel_class = Type(PatientChannel)
    iopub_channel_class = Type(PatientChannel)
    stdin_channel_class = Type(PatientChannel)
    control_channel_class = Type(PatientChannel)


def class_manager_class(voila_class: type, refills: int = 1) -> type:
    """Voilà's kernel manager class (with or without preheated pools) with :class:`ClassKernelsMixin` in front.

    Voilà builds that class at run time; the app has its factory return this one instead.
    """
    return type("ClassKernelManager", (ClassKernelsMixin, voila_class), {"refills": refills})


def configure(manager: Any, max_students: int) -> Any:
    """The class limit and the messages a page may send, once the manager exists."""
    manager.max_students = max_students
    manager.allowed_message_types = sorted(ALLOWED_MESSAGES)
    return manager


MAX_V1_PARTS = 64


def split_v1_frame(frame: bytes) -> tuple[str, list[bytes]]:
    """A v1-protocol frame's channel and parts, checked before anything is trusted.

    (Jupyter server's own reader loops over the frame's claimed number of
    offsets: a frame claiming 2**40 of them freezes the whole server.)

    >>> split_v1_frame(bytes(8))
    Traceback (most recent call last):
    ...
    ValueError: a v1 frame has 3 to 64 offsets, not 0
    """
    n = int.from_bytes(frame[:8], "little")
    if not 3 <= n <= MAX_V1_PARTS or len(frame) < 8 * (n + 1):
        raise ValueError(f"a v1 frame has 3 to {MAX_V1_PARTS} offsets, not {n}")
    offsets = [int.from_bytes(frame[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(n)]
    if offsets != sorted(offsets) or offsets[0] < 8 * (n + 1) or offsets[-1] > len(frame):
        raise ValueError("the offsets of a v1 frame do not fit it")
    channel = frame[offsets[0] : offsets[1]].decode("utf-8")
    return channel, [frame[offsets[i] : offsets[i + 1]] for i in range(1, n - 1)]


class ClassChannels(ZMQChannelsWebsocketConnection):
    """The page ↔ kernel bridge that lets through only what a lesson page sends."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._tokens = float(MESSAGE_BURST)
        self._stamp = time.monotonic()
        self.refused = 0

    def refusal(self, ws_msg: Any) -> str | None:
        """Why a message from the page is refused, or ``None``."""
        now = time.monotonic()
        self._tokens = min(float(MESSAGE_BURST), self._tokens + (now - self._stamp) * MESSAGES_PER_SECOND)
        self._stamp = now
        if self._tokens < 1:
            return "over the message rate"
        self._tokens -= 1
        channel: Any
        header: Any
        if self.subprotocol == "v1.kernel.websocket.jupyter.org":
            if not isinstance(ws_msg, bytes):
                return "not a binary frame"
            channel, parts = split_v1_frame(ws_msg)
            header = self.session.unpack(parts[0])
            content: Any = lambda: self.session.unpack(parts[3])
        else:
            msg = json.loads(ws_msg)
            if not isinstance(msg, dict):
                return "not a message"
            channel, header = msg.get("channel"), msg.get("header")
            content = lambda: msg.get("content")
        if channel not in ("shell", "control", "iopub", "stdin"):
            return f"channel {str(channel)[:20]!r}"
        if not isinstance(header, dict):
            return "no header"
        kind = header.get("msg_type")
        if kind not in ALLOWED_MESSAGES:
            return f"type {str(kind)[:40]!r}"
        if kind == "comm_open":
            body = content()
            target = body.get("target_name") if isinstance(body, dict) else None
            if target != WIDGET_CONTROL:
                return f"comm_open for {str(target)[:40]!r}"
        return None

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        try:
            why = self.refusal(incoming_msg)
        except Exception as exc:  # a malformed frame: refused, the connection stays
            why = f"malformed ({type(exc).__name__})"
        if why is not None:
            self.refused += 1
            if self.refused <= 20 or self.refused % 1000 == 0:
                self.log.warning("mineedu: refused a message to kernel %s: %s (%d refused)", self.kernel_id, why, self.refused)
            return
        try:
            super().handle_incoming_message(incoming_msg)
        except Exception as exc:
            self.log.warning("mineedu: dropped a message to kernel %s: %s", self.kernel_id, type(exc).__name__)
