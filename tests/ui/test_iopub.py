"""A kernel's IOPub thread sends an output whose wakeup was lost (mineedu.ui.iopub), in a real ipykernel.

The lost wakeup is made on purpose: after the cell has finished (its "idle" sent), a thread of the
kernel queues one output on the IOPub thread without signalling it, as when the thread's event loop
missed the signal. Without the tick nothing sends it (checked too, so that an ipykernel that mends
this upstream shows); with it, it arrives within a second.
"""

from __future__ import annotations

import time
from queue import Empty

import pytest
from jupyter_client.manager import start_new_kernel

LOSE_A_WAKEUP = """
import threading
from IPython import get_ipython
k = get_ipython().kernel
t = k.iopub_thread
def lost():
    msg = k.session.msg("stream", {"name": "stdout", "text": "after a lost wakeup"})
    frames = k.session.serialize(msg, ident=b"stream.stdout")
    t._events.append(lambda: t._really_send(frames))  # queued, not signalled
threading.Timer(0.5, lost).start()
"""


def _arrives(setup: str, within: float) -> bool:
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        kc.execute_interactive(setup, timeout=60, output_hook=lambda m: None)
        kc.execute_interactive(LOSE_A_WAKEUP, timeout=60, output_hook=lambda m: None)
        end = time.monotonic() + within
        while time.monotonic() < end:
            try:
                m = kc.get_iopub_msg(timeout=0.2)
            except Empty:
                continue
            if m["header"]["msg_type"] == "stream" and m["content"]["text"] == "after a lost wakeup":
                return True
        return False
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


@pytest.mark.slow
def test_an_output_behind_a_lost_wakeup_is_sent_by_the_tick() -> None:
    assert not _arrives("pass", 3.0)  # ipykernel alone: it waits for the next wakeup, which never comes
    assert _arrives("import mineedu.ui", 3.0)  # the tick sends it (within TICK_MS of being queued)
