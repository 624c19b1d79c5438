"""A real JupyterHub over the tested recipe (``docs/jupyterhub_config.py``), two students, real Chromium.

The hub is PyPI's ``jupyterhub`` with npm's ``configurable-http-proxy``
(``make proxy`` installs it into ``build/node``), all on loopback ports. On top
of the recipe as a school runs it, the test puts its own users: a shared
password (``SharedPasswordAuthenticator``, alice and bob only) and
``SimpleLocalProcessSpawner`` (each server in a home of its own, as the test's
user: root here, hence ``--allow-root``). Each student logs in in a browser
context of their own, lands on the start page through Voilà as a server
extension (``/user/NAME/voila/render/index.ipynb``) and opens the My Gold Mine
lesson, which deals a board they can play; the start page links each game's
exploration notebook in the student's own JupyterLab, which opens it; a wrong
password is refused, and one student cannot open the other's server.

The class tables cross the students' servers through one PostgreSQL database
(a throwaway server, ``tests/pg.py``; the hub has ``MINEEDU_STORE`` and the
recipe passes it on): the two students join one My Gold Mine table by its code,
each from their own server, and play it with a bot; each move made on one page
reaches the other (another server, another kernel), and the store's log holds
every move.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from mineedu.store import open_store
from tests.browser.helpers import NOT_LOOPBACK, free_port
from tests.browser.lesson import CHANGED, CHOICE, READY, version, wait_ready
from tests.pg import pg_cluster  # noqa: F401  (the session's PostgreSQL server)

pytestmark = [pytest.mark.server, pytest.mark.slow, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
RECIPE = ROOT / "docs" / "jupyterhub_config.py"
PROXY = ROOT / "build" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
PASSWORD = "mines-et-probabilites"  # the test users' shared password
USERS = ("alice", "bob")
GAMES = ("coal_mine", "dragon_cave", "gold_mine", "silver_gold", "yukon")
SHOTS = ROOT / "test-artifacts" / "screenshots"
START_TIMEOUT = 180  # seconds for the hub, then for each student's server, on a busy machine

TEST_CONFIG = """\
c = get_config()  # noqa: F821
load_subconfig({recipe!r})  # noqa: F821
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.pid_file = {base!r} + "/proxy.pid"
c.JupyterHub.db_url = "sqlite:///" + {base!r} + "/hub.sqlite"
c.JupyterHub.cookie_secret_file = {base!r} + "/cookie_secret"
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = {password!r}
c.Authenticator.allowed_users = {users!r}
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {base!r} + "/home/{{username}}"
c.Spawner.args = [*c.Spawner.args, "--allow-root"]
c.Spawner.env_keep = ["PATH", "PYTHONPATH", "LANG"]
c.Spawner.start_timeout = {timeout}
c.Spawner.http_timeout = {timeout}
"""


@pytest.fixture(scope="module")
def store_url(pg_cluster) -> str:  # noqa: F811
    """The class store every student's server shares: a new database of the test's PostgreSQL server, migrated."""
    url = pg_cluster.new_database()
    open_store(url).close()
    return url


@pytest.fixture(scope="module")
def hub(tmp_path_factory, store_url) -> Iterator[str]:
    """The hub on a free loopback port (its URL); stopped, with the proxy and the students' servers, at the end."""
    if not os.access(PROXY, os.X_OK):
        pytest.fail(f"configurable-http-proxy is not installed at {PROXY}: make proxy (npm install --prefix build/node ...)")
    base = tmp_path_factory.mktemp("hub")
    port = free_port()
    config = base / "jupyterhub_config.py"
    config.write_text(TEST_CONFIG.format(recipe=str(RECIPE), hub_port=free_port(), api_port=free_port(), proxy=str(PROXY),
                                         base=str(base), password=PASSWORD, users=set(USERS), timeout=START_TIMEOUT))
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "MINEEDU_HUB_URL": url, "MINEEDU_STORE": store_url}
    log = base / "hub.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=base, env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            deadline = time.monotonic() + START_TIMEOUT
            while True:
                try:
                    urllib.request.urlopen(url + "/hub/api", timeout=5).close()
                    break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise AssertionError(f"the hub did not start (exit {proc.poll()}):\n{log.read_text()[-4000:]}") from None
                    time.sleep(0.5)
            yield url
        finally:
            proc.send_signal(signal.SIGTERM)  # the hub stops the students' servers and its proxy
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)  # anything left in the group


def student(browser):
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    context.route(NOT_LOOPBACK, lambda route: route.abort())
    context.set_default_timeout(90_000)
    context.set_default_navigation_timeout(START_TIMEOUT * 1000)
    return context


def log_in(page, hub: str, name: str, password: str = PASSWORD) -> None:
    page.goto(f"{hub}/hub/login")
    page.fill("#username_input", name)
    page.fill("#password_input", password)
    page.click("#login_submit")


def test_a_wrong_password_is_refused(hub, browser):
    context = student(browser)
    try:
        page = context.new_page()
        log_in(page, hub, "alice", "not-the-password")
        page.locator(".login_error, .alert-danger").first.wait_for()
        assert "/hub/login" in page.url
    finally:
        context.close()


def test_two_students_land_on_the_start_page_and_play_a_lesson(hub, browser):
    SHOTS.mkdir(parents=True, exist_ok=True)
    contexts = {name: student(browser) for name in USERS}
    try:
        pages = {name: ctx.new_page() for name, ctx in contexts.items()}
        t0 = time.monotonic()
        for name, page in pages.items():  # both log in: the hub starts both servers
            log_in(page, hub, name)
        for name, page in pages.items():
            page.wait_for_url(re.compile(rf"/user/{name}/voila/render/index\.ipynb"), timeout=START_TIMEOUT * 1000)
            page.locator("a.mineedu-lesson-link").first.wait_for()
            print(f"\nhub: {name} on the start page {time.monotonic() - t0:.1f} s after logging in", file=sys.stderr)
            assert page.locator("a.mineedu-lesson-link").count() == len(GAMES), name
            page.screenshot(path=str(SHOTS / f"hub-{name}-start.png"))
        for name, page in pages.items():
            t0 = time.monotonic()
            page.locator("a.mineedu-lesson-link[href^='gold_mine.ipynb']").click()
            page.wait_for_url(re.compile(rf"/user/{name}/voila/render/gold_mine\.ipynb"))
            wait_ready(page, timeout=180_000)
            assert page.locator(CHOICE).count() > 0, name
            print(f"hub: {name}'s My Gold Mine board playable {time.monotonic() - t0:.1f} s after the click", file=sys.stderr)
            page.screenshot(path=str(SHOTS / f"hub-{name}-gold_mine.png"))
        # the start page links each game to its exploration notebook in the student's own JupyterLab
        bob = pages["bob"]
        bob.go_back()
        explore = bob.locator("a.mineedu-explore-link")
        explore.first.wait_for()
        hrefs = sorted(explore.nth(i).get_attribute("href") or "" for i in range(explore.count()))
        assert hrefs == sorted(f"/user/bob/lab/tree/explore/fr/{g}.ipynb" for g in (*GAMES, "getting_started"))
        bob.locator("a.mineedu-explore-link[href$='/gold_mine.ipynb']").click()
        bob.wait_for_url(re.compile(r"/user/bob/lab/tree/explore/fr/gold_mine\.ipynb"))
        bob.locator(".jp-Notebook .jp-RenderedMarkdown h1").first.wait_for(timeout=180_000)  # the notebook shown
        bob.screenshot(path=str(SHOTS / "hub-bob-lab.png"))
        # one student's session does not open the other's server
        alice = pages["alice"]
        response = alice.goto(f"{hub}/user/bob/voila/render/index.ipynb")
        assert response is not None and response.status == 403, (response and response.status, alice.url)
    finally:
        for ctx in contexts.values():
            ctx.close()


def test_two_students_play_one_table_through_postgresql(hub, browser, store_url):
    store = open_store(store_url)
    contexts = {name: student(browser) for name in USERS}
    try:
        code = store.create_table("gold_mine", players=3, bots=[None, "threshold:0.2", None]).code
        pages = {name: ctx.new_page() for name, ctx in contexts.items()}
        for name, page in pages.items():
            log_in(page, hub, name)
            page.wait_for_url(re.compile(rf"/user/{name}/voila/render/index\.ipynb"), timeout=START_TIMEOUT * 1000)
        seats = {"alice": "J1 (bleu), Alice", "bob": "J3 (vert), Bob"}
        for name, page in pages.items():  # each joins the table from their own server
            page.goto(f"{hub}/user/{name}/voila/render/gold_mine.ipynb?table={code}")
            box = page.locator(".mineedu-table-name input")
            box.wait_for(state="visible", timeout=180_000)
            box.fill(name.capitalize())
            page.locator(".mineedu-table-join-button").click()
            page.locator(".mineedu-table-banner").wait_for(state="visible")
            page.wait_for_function("() => document.querySelector('.me-canvas')?.dataset.version !== undefined")
            assert seats[name] in page.inner_text(".mineedu-table-banner")
        info = store.table(code)
        assert [s.name for s in info.seats] == ["Alice", None, "Bob"]
        movers: list[str] = []
        relays: list[float] = []
        deadline = time.monotonic() + 300
        while len(movers) < 6 and time.monotonic() < deadline:  # a few turns: each moves, the bot too
            ready = [n for n, p in pages.items() if p.evaluate(f"() => ({READY})()")]
            if not ready:
                pages["alice"].wait_for_timeout(200)
                continue
            mover, other = ready[0], next(n for n in USERS if n != ready[0])
            seen, before, logged = version(pages[other]), version(pages[mover]), store.table(code).moves
            t0 = time.monotonic()
            pages[mover].locator(CHOICE).first.click()
            pages[mover].wait_for_function(CHANGED, arg=before)
            if store.table(code).moves > logged:  # a move (not a step of one): the other server's page redraws
                pages[other].wait_for_function(CHANGED, arg=seen, timeout=60_000)
                relays.append(time.monotonic() - t0)
                movers.append(mover)
        assert set(movers) == set(USERS), movers
        moves = store.moves(code)
        assert [m.number for m in moves] == list(range(len(moves)))  # none lost or doubled
        assert {m.player for m in moves} >= {0, 2}
        pages["alice"].wait_for_timeout(1500)  # the bot's pauses: let the table settle
        logs = {n: p.inner_text(".mineedu-log") for n, p in pages.items()}
        assert logs["alice"] == logs["bob"], logs  # one game, seen alike from both servers
        pages["bob"].screenshot(path=str(SHOTS / "hub-bob-table.png"))
        print(f"\nhub: {len(relays)} moves relayed between the two servers through PostgreSQL: "
              f"median {sorted(relays)[len(relays) // 2] * 1000:.0f} ms, max {max(relays) * 1000:.0f} ms", file=sys.stderr)
    finally:
        for ctx in contexts.values():
            ctx.close()
        store.close()
