"""A kernel's outputs never wait for a wakeup that was lost: its IOPub thread looks for them twice a second.

ipykernel sends every output (and every widget message) from one thread, woken for each by a message
on an in-process pipe; the thread's event loop can miss such a wakeup (pyzmq's edge-triggered
sockets, zeromq/pyzmq#1558), and then the outputs queued behind it wait for the next one. A lesson's
first cell sends about a thousand widget messages in a burst; when the wakeup of the last ones,
the kernel's "idle", was missed, nothing came after it in a preheated kernel, and Voilà gave the
page up after 60 s ("Timeout waiting for IOPub output"). :func:`keep_iopub_moving` gives the thread
a tick that sends whatever waits, in order; the server's side has its own (``serving.kernels``).
"""

from __future__ import annotations

from typing import Any

TICK_MS = 500
_TICKING: set[int] = set()


def _iopub_thread() -> Any:
    """This kernel's IOPub thread (``None`` outside an ipykernel, or if ipykernel has none)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover
        return None
    shell = get_ipython()
    thread = getattr(getattr(shell, "kernel", None), "iopub_thread", None)
    if thread is None or not hasattr(thread, "_events") or not hasattr(thread, "_handle_event"):
        return None
    return thread


def keep_iopub_moving() -> bool:
    """In an ipykernel, make its IOPub thread send what waits at least every ``TICK_MS`` ms; whether a
    tick was started now (once per kernel)."""
    thread = _iopub_thread()
    if thread is None or id(thread) in _TICKING or getattr(thread, "io_loop", None) is None:
        return False
    from tornado.ioloop import PeriodicCallback

    def tick() -> None:
        if thread._events:  # a wakeup was missed: send them, as the wakeup would have
            thread._handle_event(None)

    _TICKING.add(id(thread))
    thread.io_loop.add_callback(lambda: PeriodicCallback(tick, TICK_MS).start())  # started on the thread's own loop
    return True
