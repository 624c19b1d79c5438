"""The class server's request handlers, each a small change to one of Voilà's.

* :class:`ClassRenderHandler` renders a lesson for one browser: it counts the
  browser's renders, makes room among its own kernels, refuses politely when
  the class is full, sets the ``_xsrf`` cookie that the page's shutdown beacon
  sends back when the tab closes, and tells the kernel manager whose kernel it is.
* :class:`OwnKernelHandler`, :class:`OwnKernelWebsocket` and
  :class:`OwnShutdownHandler` let a browser reach only the kernel rendered for it;
  no client may ``DELETE`` a kernel (only the page's own beacon shuts its kernel).
* :class:`TokenRequired` protects the routes that Voilà serves as plain files.
* :class:`JoinHandler` is the page a teacher projects: the class link and its QR code.
"""

from __future__ import annotations

import hmac
import html
import random
from dataclasses import dataclass, field
from typing import Any

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.handlers import KernelHandler
from tornado import web
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.voila_identity_provider import VoilaLoginHandler

from .kernels import OWNER
from .policy import RenderRates
from .teacher import is_teacher, is_teacher_page
from .texts import T

RETRY_SECONDS = (6, 14)  # a refused page tries again after a random pause in this range (no thundering herd)


@dataclass
class ClassSettings:
    """What the handlers need to know of the class (``settings["mineedu"]``)."""

    rates: RenderRates
    kernels_per_client: int
    join_url: str = ""
    refused: dict[str, int] = field(default_factory=lambda: {"full": 0, "busy": 0})


def _client(handler: web.RequestHandler) -> str | None:
    user = handler.current_user
    return getattr(user, "username", None) if user is not None else None


def check_owner(handler: Any, kernel_id: str) -> None:
    """Refuse (403) a request for a kernel that was not rendered for this browser."""
    owner = handler.kernel_manager.owners.owner(kernel_id)
    client = _client(handler)
    if owner is None or client is None or not hmac.compare_digest(owner, client):
        handler.log.warning("mineedu: refused %s %s: not this browser's kernel", handler.request.method, handler.request.path)
        raise web.HTTPError(403, "not this browser's kernel")


def page_lang(handler: web.RequestHandler) -> str:
    return "en" if handler.get_argument("lang", "") == "en" else "fr"


def notice_page(key: str, lang: str, seconds: int | None = None, extra: str = "", button: bool = True) -> str:
    """A small bilingual page (the reader's language first) that reloads itself after ``seconds``."""
    langs = (lang, "en" if lang == "fr" else "fr")
    refresh = f'<meta http-equiv="refresh" content="{seconds}">' if seconds else ""
    title = " / ".join(html.escape(T(f"title_{key}", la)) for la in langs)
    body = "".join(
        f'<p lang="{la}">{html.escape(T(key, la, s=seconds or 0))}</p>' for la in langs
    )
    reload = " / ".join(html.escape(T("reload", la)) for la in langs)
    button_html = f'<button onclick="location.reload()">{reload}</button>' if button else ""
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">{refresh}'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>body{{font:20px/1.5 system-ui,sans-serif;max-width:40em;margin:3em auto;padding:0 1em}}"
        "button,input{font:inherit;padding:.5em 1em}</style></head>"
        f'<body class="mineedu-notice mineedu-notice-{key}" data-mineedu-notice="{key}"><h1>{title}</h1>{body}{extra}'
        f"{button_html}</body></html>"
    )


class ClassRenderHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's page renderer, for one browser at a time (see the module docstring)."""

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        notebook = self.notebook_path or path or ""
        # the teacher's pages, and a lesson asked with ?teacher=1 ("show all": every hidden card of a
        # table), are the teacher's browser's only
        asks_teacher = self.get_query_argument("teacher", "0") != "0"
        if (is_teacher_page(notebook) or asks_teacher) and not is_teacher(self):
            self.log.warning("mineedu: %s refused (not the teacher) for %s", self.request.path, self.request.remote_ip)
            self.set_status(403)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(notice_page("teacher", page_lang(self), button=False))
            return
        client = _client(self)
        if client is None or not notebook.endswith(".ipynb"):
            await super().get(path)
            return
        _ = self.xsrf_token  # sets the _xsrf cookie: the page's shutdown beacon sends it back on closing
        cls: ClassSettings = self.settings["mineedu"]
        km = self.kernel_manager
        if not cls.rates.take(client):
            self.refuse("busy", 429)
            return
        reservation = await km.admit(client, cls.kernels_per_client)
        if isinstance(reservation, str):
            self.refuse(reservation, 429 if reservation == "busy" else 503)
            return
        token = OWNER.set((client, reservation))
        try:
            async for snippet in self.get_generator(path=path):
                self.write(snippet)
                self.flush()
        finally:
            OWNER.reset(token)
            km.release(reservation)

    def refuse(self, key: str, status: int) -> None:
        seconds = random.randint(*RETRY_SECONDS)
        self.settings["mineedu"].refused[key] += 1
        self.log.warning("mineedu: %s refused (%s) for %s", self.request.path, key, self.request.remote_ip)
        self.set_status(status)
        self.set_header("Retry-After", str(seconds))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(notice_page(key, page_lang(self), seconds))


class OwnKernelHandler(KernelHandler):
    """``GET /api/kernels/<id>`` for the browser that owns the kernel; ``DELETE`` for nobody."""

    @web.authenticated
    async def get(self, kernel_id: str) -> None:
        check_owner(self, kernel_id)
        await super().get(kernel_id)  # type: ignore[misc]

    @web.authenticated
    async def delete(self, kernel_id: str) -> None:
        self.log.warning("mineedu: refused DELETE of kernel %s from %s", kernel_id, self.request.remote_ip)
        raise web.HTTPError(403, "kernels are shut down by the server only")


class OwnKernelWebsocket(VoilaKernelWebsocketHandler):  # type: ignore[misc]
    """The page ↔ kernel websocket, for the browser that owns the kernel only."""

    async def pre_get(self) -> None:
        check_owner(self, self.kernel_id)
        await super().pre_get()


class OwnShutdownHandler(VoilaShutdownKernelHandler):  # type: ignore[misc]
    """The page's shutdown beacon (tab closed or reloaded): its own kernel only."""

    @web.authenticated
    async def post(self, kernel_id: str) -> None:
        check_owner(self, kernel_id)
        await super().post(kernel_id)


class TokenRequired:
    """For Voilà's plain file handlers: the class token (in the URL, a header or the login cookie)."""

    def prepare(self) -> Any:
        handler: Any = self
        idp = handler.settings.get("identity_provider")
        token = getattr(idp, "token", "") if idp is not None else ""
        if token:
            given = handler.get_argument("token", "")
            header = handler.request.headers.get("Authorization", "")
            if header.lower().startswith("token "):
                given = given or header[6:].strip()
            ok = bool(given) and hmac.compare_digest(given, token)
            if not ok:
                try:
                    ok = idp.get_user_cookie(handler) is not None
                except Exception:
                    ok = False
            if not ok:
                raise web.HTTPError(403, "the class token is required")
        return super().prepare()  # type: ignore[misc]


def token_required(cls: type) -> type:
    """``cls`` with :class:`TokenRequired` in front."""
    return type(cls.__name__, (TokenRequired, cls), {})


class JoinHandler(JupyterHandler):
    """The teacher's projector page: the class link, large, and its QR code."""

    @web.authenticated
    def get(self) -> None:
        cls: ClassSettings = self.settings["mineedu"]
        url = cls.join_url or self._own_link()
        try:
            import segno

            qr = segno.make(url, error="m").svg_inline(border=2, omitsize=True, title=url)
        except ImportError:
            qr = "<p>" + " / ".join(html.escape(T("no_qr", la)) for la in ("fr", "en")) + "</p>"
        hint = "".join(f'<p lang="{la}">{html.escape(T("join_hint", la))}</p>' for la in ("fr", "en"))
        title = f'{html.escape(T("join", "fr"))} / {html.escape(T("join", "en"))}'
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(
            f'<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>{title}</title>'
            "<style>body{font:28px/1.4 system-ui,sans-serif;text-align:center;margin:1em}"
            ".link{font:bold 34px ui-monospace,monospace;word-break:break-all}"
            ".qr svg{display:block;margin:0 auto;width:min(62vh,90vw);height:auto}</style>"
            f'</head><body><h1>{title}</h1><div class="qr">{qr}</div>'
            f'<p class="link">{html.escape(url)}</p>{hint}</body></html>'
        )


    def _own_link(self) -> str:
        """The start page at the address this page was opened with (when the server was given no link)."""
        idp = self.identity_provider
        token = f"?token={idp.token}" if getattr(idp, "token", "") else ""
        return f"{self.request.protocol}://{self.request.host}{self.base_url}voila/render/index.ipynb{token}"


class ClassLoginHandler(VoilaLoginHandler):  # type: ignore[misc]
    """Where a page without the class token lands: a bilingual form asking for the class code."""

    def _render(self, message: Any = None) -> None:
        lang = page_lang(self)
        langs = (lang, "en" if lang == "fr" else "fr")
        wrong = "".join(
            f'<p role="alert" lang="{la}"><b>{html.escape(T("token_wrong", la))}</b></p>' for la in langs
        ) if message else ""
        label = " / ".join(html.escape(T("token_label", la)) for la in langs)
        enter = " / ".join(html.escape(T("enter", la)) for la in langs)
        nxt = html.escape(self.get_argument("next", default=self.base_url), quote=True)
        form = (
            f'{wrong}<form method="post" action="{html.escape(self.request.path, quote=True)}">'
            f'{self.xsrf_form_html()}<input type="hidden" name="next" value="{nxt}"><label>{label}<br>'
            '<input name="password" type="password" autocomplete="off" required></label> '
            f"<button>{enter}</button></form>"
        )
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.write(notice_page("token", lang, extra=form, button=False))
