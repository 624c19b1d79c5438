"""A lesson's first burst of outputs with the kernel's I/O thread starved: figures, not a timed test.

    .venv/bin/python benchmarks/iopub_burst.py [--pairs 6] [--starve 3]

Each trial starts a real ipykernel on CPU 0, gives its libzmq I/O threads the idle scheduling class
(they run only when CPU 0 has nothing else to do) and a busy loop on CPU 0 for ``--starve`` seconds,
then runs Mine's first cell (about 1,100 widget messages) and counts what the client receives of it
until its "idle". Side by side, in pairs: the kernel as ``import mineedu.ui`` leaves it (no
high-water mark on its IOPub socket, ``mineedu.ui.iopub``), and with libzmq's mark of 1,000 put back.
Printed: messages received of the cell, and whether its "idle" came within 30 s. Linux only.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path
from queue import Empty

from jupyter_client.manager import start_new_kernel

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
FIRST_CELL = ('from mineedu.ui.first_screen import FirstScreen\nfrom mineedu.ui.lesson import lesson\n'
              'page = lesson("coal_mine")\nscreen = FirstScreen(page)')
MARK_BACK = ("from mineedu.ui.iopub import _iopub_thread\nt = _iopub_thread()\n"
             "t.schedule(lambda: setattr(t.socket, 'sndhwm', 1000))")


def starve_io_threads(pid: int) -> int:
    """Pin every thread of ``pid`` to CPU 0 and put its libzmq I/O threads in the idle class; how many."""
    starved = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        os.sched_setaffinity(int(tid), {0})
        if Path(f"/proc/{pid}/task/{tid}/comm").read_text().startswith("ZMQbg/IO"):
            os.sched_setscheduler(int(tid), os.SCHED_IDLE, os.sched_param(0))
            starved += 1
    return starved


def trial(mark_back: bool, starve: float) -> tuple[int, bool]:
    km, kc = start_new_kernel(kernel_name="python3", cwd=str(NOTEBOOKS))
    try:
        kc.execute_interactive("import mineedu.ui" + ("\n" + MARK_BACK if mark_back else ""), timeout=120,
                               output_hook=lambda m: None)
        assert starve_io_threads(km.provisioner.process.pid) > 0, "no libzmq I/O thread found"
        busy = subprocess.Popen(["taskset", "-c", "0", sys.executable, "-c",
                                 f"import time\nend = time.time() + {starve}\nwhile time.time() < end: pass"])
        msg_id = kc.execute(FIRST_CELL)
        received, idle, end = 0, False, time.monotonic() + 30
        while time.monotonic() < end and not idle:
            try:
                msg = kc.get_iopub_msg(timeout=1)
            except Empty:
                continue
            if msg["parent_header"].get("msg_id") == msg_id:
                received += 1
                idle = msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle"
        busy.kill()
        return received, idle
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=6)
    parser.add_argument("--starve", type=float, default=3.0, help="seconds CPU 0 stays busy during the cell")
    args = parser.parse_args()
    rows: dict[str, list[tuple[int, bool]]] = {"mineedu.ui (no mark)": [], "libzmq's mark put back": []}
    start = time.monotonic()
    for _ in range(args.pairs):
        rows["libzmq's mark put back"].append(trial(True, args.starve))
        rows["mineedu.ui (no mark)"].append(trial(False, args.starve))
    print(f"Mine's first cell, kernel I/O threads starved for {args.starve:g} s ({args.pairs} pairs, "
          f"{time.monotonic() - start:.0f} s)")
    full = max(n for results in rows.values() for n, _ in results)  # the cell's messages, none lost
    for name, results in rows.items():
        whole = sum(1 for n, idle in results if idle and n == full)
        print(f"  {name:24} messages received {sorted(n for n, _ in results)}  'idle' came {sum(i for _, i in results)}"
              f"/{len(results)}  whole {whole}/{len(results)}")


if __name__ == "__main__":
    main()
