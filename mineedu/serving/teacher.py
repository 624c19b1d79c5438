"""The teacher's pages: a second token, distinct from the class token, opens them.

``mineedu serve --class`` gives students the class token and the teacher a
teacher token (``--ClassServer.teacher_token``). :class:`TeacherIdentity` is
Jupyter's password identity provider that also lets the teacher token in: the
browser that came with it gets the usual login cookie plus a signed
``mineedu-teacher`` cookie naming its identity. :func:`is_teacher` reads that
cookie (or the token in the request itself); the render handler asks it for
every notebook of :data:`TEACHER_PAGES` and answers anyone else with a short
bilingual page ("this page is for the teacher") and nothing of the notebook.

On a server without a class token (loopback, this computer only) whoever can
connect is the teacher.
"""

from __future__ import annotations

import hmac
import typing as t

from jupyter_server.auth.identity import PasswordIdentityProvider, User
from tornado import web
from traitlets import Unicode

TEACHER_PAGES = frozenset({"dashboard.ipynb"})
COOKIE = "mineedu-teacher"
COOKIE_DAYS = 1  # a class day; the token in the link logs the teacher in again


def is_teacher_page(notebook: str) -> bool:
    """Whether ``notebook`` (a path under the notebooks folder) is for the teacher only.

    >>> is_teacher_page("dashboard.ipynb"), is_teacher_page("./dashboard.ipynb"), is_teacher_page("gold_mine.ipynb")
    (True, True, False)
    """
    return notebook.removeprefix("./").lstrip("/") in TEACHER_PAGES


class TeacherIdentity(PasswordIdentityProvider):
    """The class token logs a browser in; the teacher token too, and marks it as the teacher's."""

    teacher_token = Unicode("", config=True, help="the token of the teacher's pages (distinct from the class token)")

    def given_token(self, handler: web.RequestHandler) -> str:
        return self.get_token(handler) or ""

    def is_teacher_token(self, given: str) -> bool:
        return bool(self.teacher_token) and bool(given) and hmac.compare_digest(given, self.teacher_token)

    async def get_user_token(self, handler: web.RequestHandler) -> User | None:
        user = await super().get_user_token(handler)
        if user is not None or not self.is_teacher_token(self.given_token(handler)):
            return user
        cookie_user = self.get_user_cookie(handler)
        if isinstance(cookie_user, t.Awaitable):
            cookie_user = await cookie_user
        user = cookie_user or self.generate_anonymous_user(handler)
        handler.set_secure_cookie(COOKIE, user.username, expires_days=COOKIE_DAYS, httponly=True, samesite="Strict",
                                  path=getattr(handler, "base_url", "/"))
        handler._mineedu_teacher = True  # type: ignore[attr-defined]
        return user


def is_teacher(handler: t.Any) -> bool:
    """Whether the browser behind ``handler`` (already authenticated) is the teacher's."""
    idp = handler.settings.get("identity_provider")
    if idp is None or not getattr(idp, "token", ""):
        return True  # no class token: this computer only, its user is the teacher
    if not isinstance(idp, TeacherIdentity) or not idp.teacher_token:
        return False
    user = handler.current_user
    if user is None:
        return False
    if getattr(handler, "_mineedu_teacher", False):
        return True
    signed = handler.get_secure_cookie(COOKIE, max_age_days=COOKIE_DAYS)
    return signed is not None and hmac.compare_digest(signed.decode(), user.username)
