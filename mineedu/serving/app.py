"""The class server: Voilà, with each kernel tied to its browser and the load bounded.

``python -m mineedu.serving NOTEBOOKS [Voilà options] [--ClassServer.option=...]``
runs it (``mineedu serve`` builds that command, see :mod:`mineedu.launch`).
Everything Voilà does stays (preheated pools, rendering, widgets); this
subclass changes the handlers of :mod:`.handlers`, the kernel manager of
:mod:`.kernels`, the page template (``share/voila/templates/mineedu``: the page
guard) and a few settings:

* a page's kernel and its websocket answer only the browser the page was
  rendered for; no client can ``DELETE`` a kernel or send ``shutdown_request``;
* with a token (``--Voila.token``), every route asks for it (the link carries
  it once, a signed cookie afterwards); the teacher's pages (the dashboard) ask
  for the teacher's token instead (``--ClassServer.teacher_token``,
  :mod:`.teacher`); kernels reach the server's
  ``voila/query`` route through a secret path of their own;
* at most ``max_kernels`` kernels in all, ``kernels_per_client`` per browser,
  ``render_burst`` renders at once per browser then one per ``render_every`` s;
* websocket frames and request bodies are bounded in size, kernels use
  private IPC sockets (no TCP port to race for or to reach from outside);
* the page templates are compiled once per server (:mod:`.templates`).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import sys
from pathlib import Path
from typing import Any

from jupyter_core.paths import jupyter_data_dir
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.base.handlers import FileFindHandler
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.utils import url_path_join
from jupyterlab_server.themes_handler import ThemesHandler
from traitlets import Float, Integer, Unicode
from voila.app import Voila, _kernel_id_regex
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import AllowListFileHandler, MultiStaticFileHandler, TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.voila_identity_provider import VoilaLoginHandler

from .handlers import (
    ClassLoginHandler,
    ClassRenderHandler,
    ClassSettings,
    JoinHandler,
    OwnKernelHandler,
    OwnKernelWebsocket,
    OwnShutdownHandler,
    token_required,
)
from .kernels import ClassChannels, class_manager_class, configure
from .policy import RenderRates, default_max_kernels
from .teacher import TeacherIdentity
from .templates import keep_compiled
from .texts import guard_texts

SHARE = Path(__file__).parent / "share"  # holds voila/templates/mineedu
TEMPLATE = "mineedu"
WS_PING_MS = 15_000


def parse_pools(text: str) -> dict[str, int]:
    """``"gold_mine.ipynb:30,index.ipynb:2"`` -> ``{"gold_mine.ipynb": 30, "index.ipynb": 2}``.

    >>> parse_pools("gold_mine.ipynb:30, index.ipynb:2"), parse_pools("")
    ({'gold_mine.ipynb': 30, 'index.ipynb': 2}, {})
    """
    out: dict[str, int] = {}
    for item in filter(None, (x.strip() for x in text.split(","))):
        name, _, size = item.rpartition(":")
        if not name or not size.isdigit():
            raise ValueError(f"a pool is NOTEBOOK:SIZE, not {item!r}")
        out[name] = int(size)
    return out


def use_template_dir() -> None:
    """Let Voilà find the package's template: ``share`` joins the end of the folders Voilà searches.

    (Not ``JUPYTER_PATH``: Voilà takes the first ``voila`` folder there for its
    data too, themes included, which must stay its own.)
    """
    import voila.paths

    roots = voila.paths._default_root_dirs
    if getattr(roots, "mineedu", False):
        return

    def with_mineedu() -> list[str]:
        return [*roots(), str(SHARE)]

    with_mineedu.mineedu = True  # type: ignore[attr-defined]
    voila.paths._default_root_dirs = with_mineedu


COOKIE_KEY_FILE = "mineedu_cookie_key"
"""In Jupyter's data folder (beside Jupyter's own ``notebook_secret``): the key the login cookies are signed from."""


def class_cookie_secret(folder: Path | str, token: str, teacher_token: str = "") -> bytes:
    """The secret that signs the browsers' login cookies: from a random key kept in ``folder`` (made once,
    readable by this account only) and the class's tokens. A restarted server keeps every browser's
    identity (Voilà's default, a new secret each start, gave every student a new one: a page reloaded
    then could be told its own kernel was "not this browser's"); a new class token ends the old cookies.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     a, b, c = class_cookie_secret(d, "abc"), class_cookie_secret(d, "abc"), class_cookie_secret(d, "xyz")
    >>> a == b, a == c, len(a)
    (True, False, 32)
    """
    path = Path(folder) / COOKIE_KEY_FILE
    try:
        key = path.read_bytes()
    except FileNotFoundError:
        key = b""
    if len(key) < 32:
        path.parent.mkdir(parents=True, exist_ok=True)
        fresh = path.with_name(f"{path.name}.{os.getpid()}")
        fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(secrets.token_bytes(32))
        try:
            if key:
                os.replace(fresh, path)  # a damaged key: a new one
            else:
                os.link(fresh, path)  # the first server to write it wins; the others read its key
        except FileExistsError:
            pass
        finally:
            fresh.unlink(missing_ok=True)
        key = path.read_bytes()
    return hmac.new(key, f"mineedu-cookie|{token}|{teacher_token}".encode(), hashlib.sha256).digest()


class ClassServer(Voila):  # type: ignore[misc]
    """Voilà for a class (see the module docstring)."""

    max_kernels = Integer(0, config=True, help="kernels in the whole server (students' and preheated); 0: from memory")
    kernels_per_client = Integer(4, config=True, help="kernels one browser may hold; one more page closes its oldest")
    render_burst = Integer(8, config=True, help="pages one browser may open at once")
    render_every = Float(4.0, config=True, help="then one page per this many seconds")
    refills = Integer(1, config=True, help="preheated kernels prepared at a time (the rest of the processor stays with students)")
    pools = Unicode("", config=True, help="preheated kernels per lesson, beyond pool_size: 'gold_mine.ipynb:30,...'")
    join_url = Unicode("", config=True, help="the link students open (shown on /mineedu/join with its QR code)")
    max_message_bytes = Integer(4 * 2**20, config=True, help="largest websocket frame from a page")
    max_body_bytes = Integer(2**20, config=True, help="largest request body")
    teacher_token = Unicode("", config=True, help="the teacher's pages' token (the dashboard), not the class's")
    widget_wait = Integer(45, config=True, help="seconds a page waits for its widgets before offering a reload")

    def initialize(self, argv: Any = None) -> None:
        use_template_dir()
        keep_compiled()  # each page's templates are compiled once per server, not once per page
        super().initialize(argv)
        if not any("cookie_secret" in self.config.get(section, {}) for section in ("Voila", "ClassServer")):
            self.cookie_secret = class_cookie_secret(jupyter_data_dir(), self.token or "", self.teacher_token)
        self.kernel_secret = secrets.token_urlsafe(24)
        # the kernels' own way to voila/query (voila.utils.get_query_string): a path only they know
        base = self.server_url or self.base_url
        os.environ["VOILA_WS_BASE_URL"] = url_path_join(base, f"/mineedu-kernel/{self.kernel_secret}/")
        os.environ["VOILA_APP_IP"] = "127.0.0.1" if self.ip in ("", "0.0.0.0", "::") else self.ip
        self.kernel_websocket_connection_class = ClassChannels
        resources = self.config.VoilaConfiguration.get("resources")
        resources = dict(resources) if isinstance(resources, dict) else {}
        resources["mineedu"] = {"texts": guard_texts(), "widgetWait": self.widget_wait, "renderWait": 2 * self.widget_wait}
        self.config.VoilaConfiguration.resources = resources

    def init_settings(self) -> dict[str, Any]:
        pools = parse_pools(self.pools)
        if pools and self.voila_configuration.preheat_kernel:
            default = {"pool_size": max(self.voila_configuration.default_pool_size, 0), "kernel_env_variables": {}}
            lessons = {k: {"pool_size": n} for k, n in pools.items()}
            self.config.VoilaKernelManager.kernel_pools_config = {"default": default, **lessons}
        if self.identity_provider_class is PasswordIdentityProvider:  # type: ignore[has-type]
            self.identity_provider_class = TeacherIdentity  # the class token, and the teacher's for the dashboard
        import voila.app

        factory = voila.app.voila_kernel_manager_factory
        voila.app.voila_kernel_manager_factory = lambda *a, **k: class_manager_class(factory(*a, **k), self.refills)
        try:
            settings = super().init_settings()
        finally:
            voila.app.voila_kernel_manager_factory = factory
        if isinstance(self.identity_provider, TeacherIdentity):
            self.identity_provider.teacher_token = self.teacher_token
        km = self.kernel_manager
        pooled = 0
        if self.voila_configuration.preheat_kernel:
            config = km.kernel_pools_config
            pooled = sum(config.get(nb, config.get("default", {})).get("pool_size", 0) for nb in km._pools)
        self.total_kernels = self.max_kernels or default_max_kernels()
        students = self.total_kernels - pooled
        if students < 1:
            self.log.warning("mineedu: the pools (%d kernels) fill the kernel limit (%d): one student at a time",
                             pooled, self.total_kernels)
        configure(km, max(1, students))
        self.log.info("mineedu: up to %d students' kernels at once (+ %d preheated)", max(1, students), pooled)
        settings.update(
            mineedu=ClassSettings(
                rates=RenderRates(self.render_burst, self.render_every),
                kernels_per_client=self.kernels_per_client,
                join_url=self.join_url,
            ),
            websocket_max_message_size=self.max_message_bytes,
            # a page gone without closing its socket (a phone off the network) is let go within about a minute
            ws_ping_interval=WS_PING_MS,
            ws_ping_timeout=3 * WS_PING_MS,
        )
        from jupyter_server.log import log_request

        settings.setdefault("log_function", log_request)  # keeps the class token out of the log
        return dict(settings)

    def init_handlers(self) -> list[Any]:
        swap: dict[type, type] = {
            KernelHandler: OwnKernelHandler,
            VoilaKernelWebsocketHandler: OwnKernelWebsocket,
            VoilaShutdownKernelHandler: OwnShutdownHandler,
            TornadoVoilaHandler: ClassRenderHandler,
            VoilaLoginHandler: ClassLoginHandler,
        }
        files = (TemplateStaticFileHandler, MultiStaticFileHandler, AllowListFileHandler, FileFindHandler, ThemesHandler)
        out: list[Any] = [(url_path_join(self.server_url, "/mineedu/join"), JoinHandler)]
        for pattern, cls, *rest in super().init_handlers():
            if cls is RequestInfoSocketHandler:
                pattern = url_path_join(self.server_url, f"/mineedu-kernel/{self.kernel_secret}/voila/query/{_kernel_id_regex}")
            elif cls in swap:
                cls = swap[cls]
            elif cls in files:
                cls = token_required(cls)
            out.append((pattern, cls, *rest))
        return out

    def listen(self) -> None:
        listen = self.app.listen

        def bounded(port: int, address: str = "", **kwargs: Any) -> Any:
            kwargs.setdefault("max_body_size", self.max_body_bytes)
            return listen(port, address, **kwargs)

        self.app.listen = bounded
        super().listen()


def server_args(argv: list[str]) -> list[str]:
    """The class server's arguments: ``argv`` (Voilà's, plus ``--ClassServer.*``) with the defaults it lacks.

    >>> server_args(["nbs", "--template=lab"])[:2]
    ['nbs', '--template=lab']
    """
    args = list(argv)
    if not any(a.startswith(("--template", "--VoilaConfiguration.template")) for a in args):
        args.append(f"--template={TEMPLATE}")
    if os.name == "posix" and not any(a.startswith("--KernelManager.transport") for a in args):
        args.append("--KernelManager.transport=ipc")  # private socket files: no TCP port races under a burst
    if not any(a.startswith("--AsyncKernelManager.client_factory") for a in args):
        # the notebooks run by a client whose waits never miss a message for long (kernels.PatientChannel)
        args.append("--AsyncKernelManager.client_factory=mineedu.serving.kernels.ClassKernelClient")
    return args


def main(argv: list[str] | None = None) -> None:
    """Run the class server (the arguments are Voilà's, plus ``--ClassServer.*``)."""
    use_template_dir()
    ClassServer.launch_instance(server_args(sys.argv[1:] if argv is None else argv))
