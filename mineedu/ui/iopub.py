"""A lesson's first burst of outputs is never cut: the kernel's IOPub socket loses its high-water mark.

ipykernel publishes every output and widget message on one PUB socket, and libzmq drops what a
subscriber's queue cannot take beyond 1,000 messages, a count the kernel's I/O thread brings down by
acknowledging every 500 it has passed on. A lesson's first cell sends about 1,100 in a burst (Mine); on
a loaded machine the I/O thread fell behind and the end of the burst, the kernel's "idle" last, was
dropped: Voilà waited 60 s for that "idle", then gave the page up (the server had received exactly
1,000 messages; docs/serving.md). :func:`keep_every_output` lifts the mark for the subscribers
connected when it runs (Voilà's client, the server's activity monitor): a slow reader then gets
everything late rather than some of it never. A connection made later (a page's) keeps libzmq's mark:
libzmq gives it the options the socket had when it was bound.
"""

from __future__ import annotations

from typing import Any


def _iopub_thread() -> Any:
    """This kernel's IOPub thread (``None`` outside an ipykernel, or if ipykernel has none)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover
        return None
    thread = getattr(getattr(get_ipython(), "kernel", None), "iopub_thread", None)
    if getattr(thread, "socket", None) is None or not hasattr(thread, "schedule"):
        return None
    return thread


def keep_every_output() -> bool:
    """In an ipykernel, take the high-water mark off its IOPub socket's connections (on the thread that
    owns the socket, before any output sent after this call); whether there was a socket to change."""
    thread = _iopub_thread()
    if thread is None:
        return False
    socket = thread.socket
    thread.schedule(lambda: setattr(socket, "sndhwm", 0))  # libzmq applies it to the connections it has
    return True
