"""The class token is required on every route of the class server.

``test_every_route_has_a_probe`` reads the server's own route table (the
application built in-process, not started), so a route added later without a
probe fails here; ``test_the_token_is_required_on_every_route`` then sends
each probe to the running server without the token (refused) and as a class
member (answered), so a probe that is refused for another reason is caught.
"""

from __future__ import annotations

import html
import re
import uuid
from typing import Any

import pytest
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from .conftest import TOKEN, run, seated
from .student import Student

# (method, path, what a member gets): KID is the member's own kernel, NB a lesson
PROBES = [
    ("GET", "/", "ok"),
    ("GET", "/voila/tree", "ok"),
    ("GET", "/voila/render/NB", "skip"),  # rendered by `seated` below
    ("GET", "/voila/render/index.ipynb", "skip"),
    ("GET", "/voila/static/voila.js", "ok"),
    ("GET", "/voila/templates/mineedu/static/guard.js", "ok"),
    ("GET", "/voila/labextensions/@jupyter-widgets/jupyterlab-manager/package.json", "ok"),
    ("GET", "/voila/api/themes/@jupyterlab/theme-light-extension/index.css", "ok"),
    ("GET", "/voila/files/NB", "any"),  # a notebook file is not on Voilà's allow list: 403 or 404 for members too
    ("GET", "/voila/api/contents", "ok"),
    ("GET", "/api/kernels/KID", "ok"),
    ("DELETE", "/api/kernels/KID", "refused"),
    ("POST", "/voila/api/shutdown/KID", "skip"),  # a member's beacon would end its page: see test_hostile
    ("WS", "/api/kernels/KID/channels", "ok"),
    ("GET", "/mineedu/join", "ok"),
    ("WS", "/mineedu-kernel/SECRET/voila/query/KID", "skip"),  # the kernels' own route: the secret is theirs
]
EXEMPT = {"/login", "/logout"}  # the way in (a form asking for the class code) and out


def routes() -> tuple[list[str], str]:
    from mineedu.launch import find_notebooks
    from mineedu.serving.app import ClassServer, use_template_dir

    use_template_dir()
    app = ClassServer()
    app.initialize([str(find_notebooks()), "--Voila.token=x", "--preheat_kernel=True", "--pool_size=0", "--template=mineedu",
                    "--Voila.log_level=WARN"])
    app.init_settings()
    return [h[0] for h in app.init_handlers()], app.kernel_secret


def test_every_route_has_a_probe():
    kid = str(uuid.uuid4())
    table, secret = routes()
    paths = [p.replace("KID", kid).replace("NB", "gold_mine.ipynb").replace("SECRET", secret) for _, p, _ in PROBES]
    missing = [r for r in table if r not in EXEMPT and not any(re.fullmatch(r, p) for p in paths)]
    assert not missing, f"routes with no probe: {missing}"


@pytest.mark.server
def test_the_token_is_required_on_every_route(classroom, lesson):
    async def scenario() -> None:
        member, page = await seated(classroom, lesson)
        for method, template, expect in PROBES:
            path = template.replace("KID", page.kernel_id).replace("NB", lesson).replace("SECRET", "s3cret")
            stranger = Student(classroom.url, None)
            if method == "WS":
                assert await ws_status(stranger, path) in (302, 403, 404), path
                if expect == "ok":
                    assert await ws_status(member, path) == 101, path
                continue
            r = await stranger.fetch(path, method=method, raise_error=False, body="" if method == "POST" else None)
            assert r.code in (302, 403), (method, path, r.code)
            if r.code == 302:
                assert "/login" in r.headers["Location"]
            if expect == "ok":
                r = await member.fetch(path, method=method, raise_error=False)
                assert r.code == 200, (method, path, r.code)
            elif expect == "refused":
                xsrf = {"X-XSRFToken": member.cookies.get("_xsrf", "")}
                r = await member.fetch(path, method=method, raise_error=False, headers=xsrf)
                assert r.code == 403, (method, path, r.code)
        # without the token, the lesson itself sends its visitor to a form asking for the class code, in both languages
        stranger = Student(classroom.url, None)
        r = await stranger.fetch(f"/voila/render/{lesson}", raise_error=False)
        assert r.code == 302
        form = await stranger.fetch(r.headers["Location"], raise_error=False)
        text = form.body.decode()
        assert "Code de la classe" in text and "Class code" in text and 'name="password"' in text
        # the code typed in the form opens the lesson
        xsrf = stranger.cookies["_xsrf"]
        r = await stranger.post(r.headers["Location"], f"password={TOKEN}&_xsrf={xsrf}", raise_error=False,
                                content_type="application/x-www-form-urlencoded")
        assert r.code == 302 and lesson in r.headers["Location"]
        wrong = Student(classroom.url, None)
        r0 = await wrong.fetch(f"/voila/render/{lesson}", raise_error=False)
        await wrong.fetch(r0.headers["Location"], raise_error=False)
        r = await wrong.post(r0.headers["Location"], f"password=guess&_xsrf={wrong.cookies['_xsrf']}", raise_error=False,
                             content_type="application/x-www-form-urlencoded")
        assert r.code == 401 and "Ce code n'est pas le bon" in html.unescape(r.body.decode())
        await page.close()

    run(scenario())


async def ws_status(student: Student, path: str) -> int:
    req = HTTPRequest(student.ws_base + path + "?session_id=x", headers=student.headers(), follow_redirects=False)
    try:
        ws = await websocket_connect(req)
    except Exception as exc:
        code: Any = getattr(exc, "code", None)
        return int(code) if code else 0
    ws.close()
    return 101
