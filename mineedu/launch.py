"""The launcher of ``mineedu serve``: finds the lessons, chooses the settings, starts the class server.

This runs in the teacher's terminal; the server itself is :mod:`mineedu.serving` (Voilà with
each kernel tied to its browser), which :func:`serve` starts as a process of its own with
these settings, prints its links, and stops:

* **loopback by default**: ``127.0.0.1``, no token (only this computer can
  connect). ``--class`` listens on the network instead, puts a class token on
  every page and websocket, and prints the link (with its QR code) that
  students open, and the teacher's dashboard link with a teacher token of its
  own (``$MINEEDU_TEACHER_TOKEN`` or a fresh one; a student's token does not
  open it);
* **preheated kernels**: Voilà executes each lesson ahead of the request in
  ``pool_size`` kernels per notebook (``--students N`` more for the lesson of
  ``--lesson``), so a page arrives already rendered; the pools refill one
  kernel at a time behind the students;
* **kernels end with their tab**: the page's shutdown beacon stops its kernel
  when the tab closes or reloads; a kernel with no page connected and idle for
  ``cull_after`` seconds is shut down too (checked every ``cull_interval``);
* **bounded load**: at most ``max_kernels`` kernels ("the class is full, wait
  a moment" beyond), a few pages at a time per browser, and a page that could
  not render or whose kernel ended says so and offers a reload;
* **one class store** (:mod:`mineedu.store`: the shared tables and the class's
  activity): ``--store URL``, else ``$MINEEDU_STORE``, else the SQLite file in
  the server's data folder; it is opened (and migrated) once here, then every
  kernel gets its address in ``$MINEEDU_STORE`` (:func:`store_url`).

>>> args = voila_args(Path("/srv/notebooks"), 9000, pool_size=2)
>>> "--Voila.ip=127.0.0.1" in args and "--pool_size=2" in args
True
>>> "--Voila.token=abc" in voila_args(Path("/srv/notebooks"), 9000, ip="0.0.0.0", token="abc")
True
"""

from __future__ import annotations

import ipaddress
import os
import secrets
import subprocess
import sys
from pathlib import Path

NOTEBOOKS_ENV = "MINEEDU_NOTEBOOKS"
TOKEN_ENV = "MINEEDU_CLASS_TOKEN"
TEACHER_TOKEN_ENV = "MINEEDU_TEACHER_TOKEN"
DASHBOARD = "/voila/render/dashboard.ipynb"  # the teacher's page (opens with the teacher's token only)
POOL_SIZE = 1
CULL_AFTER = 90  # seconds a kernel with no page connected may stay idle (then gone within CULL_AFTER + CULL_INTERVAL)
CULL_INTERVAL = 15
IOPUB_TIMEOUT = 60  # seconds to wait for a cell's outputs once it has run (Voilà's 4 s loses them on a busy machine)
DENIED_EXTENSIONS = ("jupyterlab-plotly", "jupyterlab_pygments")
START_PAGE = "/voila/render/index.ipynb"
EXPLORE_DIR = "explore"  # notebooks/explore/: the exploration notebooks, opened in JupyterLab


def find_notebooks(start: Path | None = None) -> Path | None:
    """The lessons folder: ``$MINEEDU_NOTEBOOKS``, else the package's own copy
    (``mineedu/notebooks/``, which a wheel carries: see ``setup.py``), else
    ``notebooks/`` next to the package's source tree (an editable install or a
    clone), else in the current directory or one of its parents. ``None`` if
    there is none."""
    env = os.environ.get(NOTEBOOKS_ENV)
    if env:
        p = Path(env)
        return p if (p / "index.ipynb").is_file() else None
    package = Path(__file__).resolve().parent
    candidates = [package / "notebooks", package.parent / "notebooks"]
    here = (start or Path.cwd()).resolve()
    candidates += [d / "notebooks" for d in (here, *here.parents)]
    for c in candidates:
        if (c / "index.ipynb").is_file():
            return c
    return None


def lessons(notebooks: Path) -> list[str]:
    """The notebooks a student's page can open, by name (``["gold_mine", "index"]``; not the teacher's dashboard)."""
    from mineedu.serving.teacher import is_teacher_page

    return sorted(p.stem for p in notebooks.glob("*.ipynb") if not is_teacher_page(p.name))


def voila_args(
    notebooks: Path,
    port: int,
    *,
    pool_size: int = POOL_SIZE,
    cull_after: int = CULL_AFTER,
    cull_interval: int = CULL_INTERVAL,
    ip: str = "127.0.0.1",
    token: str | None = None,
    pools: dict[str, int] | None = None,
    max_kernels: int = 0,
    join_url: str = "",
    fill_delay: float = 0,
    teacher_token: str | None = None,
) -> list[str]:
    """The class server's command-line options (Voilà's and ``--ClassServer.*``), without the executable."""
    args = [
        str(notebooks),
        f"--Voila.ip={ip}",
        f"--Voila.port={port}",
        "--Voila.port_retries=0",
        "--Voila.open_browser=False",  # serve() opens the page itself
        "--show_tracebacks=False",
        # the page loads only the widget extensions (ipywidgets, anywidget for the boards and charts): where plotly
        # is installed for something else, its mime renderer (a 4.8 MB bundle parsed on every page) stays out
        *(f"--VoilaConfiguration.extension_denylist={x}" for x in DENIED_EXTENSIONS),
        # a cell's outputs may come late on a busy machine: wait for them, and say so if they never come
        # (no time limit on a cell itself: a preheated lesson waits in get_query_string for its visitor,
        # however long that takes; a page that never finishes is caught by the page guard)
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
        "--VoilaExecutor.raise_on_iopub_timeout=True",
        # preheated kernels: each notebook is executed ahead of the request
        "--preheat_kernel=True",
        f"--pool_size={pool_size}",
        f"--VoilaKernelManager.fill_delay={fill_delay:g}",  # seconds before a used pool kernel is replaced
        # the exploration notebooks (notebooks/explore/) are for JupyterLab: no kernel runs them ahead
        f"--VoilaKernelManager.preheat_denylist={EXPLORE_DIR}/",
        # kernels with no page connected (a tab closed without its beacon) are shut down
        f"--MappingKernelManager.cull_idle_timeout={cull_after}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
    ]
    if token:
        args.append(f"--Voila.token={token}")
    if teacher_token:
        args.append(f"--ClassServer.teacher_token={teacher_token}")
    if pools:
        args.append("--ClassServer.pools=" + ",".join(f"{k}:{n}" for k, n in pools.items()))
    if max_kernels:
        args.append(f"--ClassServer.max_kernels={max_kernels}")
    if join_url:
        args.append(f"--ClassServer.join_url={join_url}")
    return args


def store_url(url: str | None = None) -> str:
    """The class store every kernel uses: ``url``, else ``$MINEEDU_STORE``, else the default SQLite
    file; a relative SQLite path made absolute (the kernels run in the lessons folder).

    >>> store_url("sqlite:///srv/class.db")
    'sqlite:///srv/class.db'
    >>> store_url("sqlite:class.db") == "sqlite://" + str(Path("class.db").resolve())
    True
    """
    from mineedu.store import default_url

    url = url or default_url()
    if url.startswith("sqlite:"):
        rest = url[len("sqlite:"):]
        rest = rest[2:] if rest.startswith("//") else rest
        if rest and not Path(rest).expanduser().is_absolute():
            url = "sqlite://" + str(Path(rest).expanduser().resolve())
    return url


def open_class_store(url: str) -> tuple[bool, str]:
    """Open (create, migrate) the store once before the kernels need it: ``(True, how it is named,
    password masked)`` or ``(False, the error's words)``."""
    from mineedu.store import StoreError, open_store

    try:
        store = open_store(url)
    except StoreError as exc:
        return False, str(exc)
    store.close()
    return True, repr(store)


def voila_command(notebooks: Path, port: int, **options: object) -> list[str]:
    """The full command line: the class server (:mod:`mineedu.serving`) from this Python environment."""
    return [sys.executable, "-m", "mineedu.serving", *voila_args(notebooks, port, **options)]  # type: ignore[arg-type]


def network_address() -> str | None:
    """This computer's address on its local network (the first private IPv4 of an interface that is up),
    found without sending anything."""
    import psutil

    up = {name for name, s in psutil.net_if_stats().items() if s.isup}
    found = []
    for name, addrs in psutil.net_if_addrs().items():
        for a in addrs:
            if a.family.name == "AF_INET" and name in up:
                ip = ipaddress.ip_address(a.address)
                if not ip.is_loopback and not ip.is_link_local:
                    found.append((not ip.is_private, a.address))
    return min(found)[1] if found else None


def class_link(base: str, page: str, token: str | None) -> str:
    """``base`` + the page + the token.

    >>> class_link("http://192.168.1.20:8866", "/voila/render/gold_mine.ipynb", "k3y")
    'http://192.168.1.20:8866/voila/render/gold_mine.ipynb?token=k3y'
    """
    return base.rstrip("/") + page + (f"?token={token}" if token else "")


def print_qr(text: str) -> bool:
    """The link as a QR code in the terminal (with ``segno``, the ``app`` extra); whether it could."""
    try:
        import segno
    except ImportError:
        return False
    segno.make(text, error="m").terminal(out=sys.stderr, compact=True)
    return True


def serve(
    port: int = 8866,
    open_browser: bool = False,
    pool_size: int = POOL_SIZE,
    *,
    for_class: bool = False,
    address: str | None = None,
    token: str | None = None,
    lesson: str | None = None,
    students: int = 30,
    cull_after: int = CULL_AFTER,
    max_kernels: int = 0,
    public_url: str | None = None,
    store: str | None = None,
) -> int:
    """Run the server over the lessons until interrupted; returns its exit status.

    Loopback (the default): ``http://127.0.0.1:<port>/voila/render/index.ipynb``.
    ``for_class``: listen on ``address`` (default every interface), require
    ``token`` (default ``$MINEEDU_CLASS_TOKEN`` or a fresh random one) and print
    the students' link (to ``lesson``, else the start page) with its QR code.
    ``store``: the class store's URL (see :func:`store_url`).
    """
    notebooks = find_notebooks()
    if notebooks is None:
        print(
            "mineedu: error: no lessons folder found (a 'notebooks' folder holding index.ipynb, "
            f"looked next to the package and from {Path.cwd()} upwards); run from the repository "
            f"or set {NOTEBOOKS_ENV}=/path/to/notebooks",
            file=sys.stderr,
        )
        return 2
    names = lessons(notebooks)
    page = START_PAGE
    pools: dict[str, int] = {}
    if lesson:
        name = lesson.removesuffix(".ipynb")
        if name not in names:
            print(f"mineedu: error: no lesson {lesson!r} in {notebooks} (there are: {', '.join(names)})", file=sys.stderr)
            return 2
        page = f"/voila/render/{name}.ipynb"
        pools[f"{name}.ipynb"] = max(pool_size, students)
    ip = address or ("0.0.0.0" if for_class else "127.0.0.1")
    teacher_token: str | None = None
    if for_class:
        token = token or os.environ.get(TOKEN_ENV) or secrets.token_urlsafe(9)
        teacher_token = os.environ.get(TEACHER_TOKEN_ENV) or secrets.token_urlsafe(12)
        if teacher_token == token:
            print(f"mineedu: error: {TEACHER_TOKEN_ENV} must differ from the class token", file=sys.stderr)
            return 2
        host = network_address() if ip in ("0.0.0.0", "::") else ip
        base = public_url or f"http://{host or '127.0.0.1'}:{port}"
    else:
        base = public_url or f"http://{ip}:{port}"
    link = class_link(base, page, token)
    local = f"http://127.0.0.1:{port}" if ip in ("0.0.0.0", "::", "127.0.0.1") else f"http://{ip}:{port}"
    join = class_link(local, "/mineedu/join", token)
    cmd = voila_command(notebooks, port, pool_size=pool_size, cull_after=cull_after, ip=ip, token=token,
                        pools=pools, max_kernels=max_kernels, join_url=link, teacher_token=teacher_token)
    print(f"mineedu: serving {notebooks} (Ctrl-C to stop)", file=sys.stderr)
    if for_class:
        print(f"mineedu: students open  {link}", file=sys.stderr)
        if not print_qr(link):
            print("mineedu: (pip install segno, or the 'app' extra, to print the link as a QR code)", file=sys.stderr)
        print(f"mineedu: for the projector (link and QR code, large): {join}", file=sys.stderr)
        print(f"mineedu: the teacher's dashboard (keep this link to yourself): {class_link(local, DASHBOARD, teacher_token)}",
              file=sys.stderr)
        if pools:
            print(f"mineedu: preparing {sum(pools.values())} pages of {page} ahead of the class…", file=sys.stderr)
    else:
        print(f"mineedu: start page {link}", file=sys.stderr)
        print(f"mineedu: the teacher's dashboard {class_link(base, DASHBOARD, None)}", file=sys.stderr)
    url = store_url(store)
    ok, said = open_class_store(url)
    if not ok:
        print(f"mineedu: error: {said}", file=sys.stderr)
        return 2
    print(f"mineedu: class store {said}", file=sys.stderr)
    from mineedu.store import STORE_ENV  # the class store's URL, passed to every kernel

    proc = subprocess.Popen(cmd, env=os.environ | {STORE_ENV: url})
    try:
        if open_browser:
            _open_when_up(join if for_class else link, local, proc)
        return proc.wait()
    except KeyboardInterrupt:
        return stop(proc)


def stop(proc: subprocess.Popen[bytes]) -> int:
    """Ctrl-C reached us: stop the server we started (20 s to finish its work, then killed); its exit status."""
    proc.terminate()
    try:
        return proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        return 1


def _open_when_up(url: str, local: str, proc: subprocess.Popen[bytes]) -> None:
    import time
    import urllib.error
    import urllib.request
    import webbrowser

    for _ in range(120):
        if proc.poll() is not None:
            return
        try:
            urllib.request.urlopen(local + "/mineedu/join", timeout=2).close()
        except urllib.error.HTTPError:
            pass  # up (asking for the token)
        except OSError:
            time.sleep(0.5)
            continue
        webbrowser.open(url)
        return
