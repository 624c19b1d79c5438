"""The teacher's dashboard on the real class server, in real Chromium: three students' My Gold Mine pages
report to a real SQLite class store, the teacher's page pools them live, holds the exact value back
and reveals it on every page; a student's token cannot open the dashboard.

``MINEEDU_SHOTS=/some/dir`` keeps the dashboard's screenshots (1920x1080, 1280x800, 768x1024, 390x844).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urljoin

import pytest

from mineedu.core.i18n import format_count
from mineedu.store import open_store
from tests.server.serving import class_server

from .helpers import new_page
from .lesson import MENU_CUT, PICTURE_GAP, SIZES

CLASS_TOKEN = "class-token-students"
TEACHER_TOKEN = "teacher-token-private"
LESSON = "/voila/render/gold_mine.ipynb"
DASHBOARD = "/voila/render/dashboard.ipynb"
STUDENTS = (("Léa", "20 %", "1"), ("Tom", "0,35", "1,2"), ("Inès", "1/2", "1,5"))  # name, then a guess per question
QUESTION = ".mineedu-dash-question[data-key='q1-3']"
MEAN_QUESTION = ".mineedu-dash-question[data-key='q2']"  # the gold one card brings on average: a mean
# Voilà's page scrolls inside an element of its own: the height of everything there is to see
PAGE_HEIGHT = """() => { let m = document.documentElement.scrollHeight;
  for (const e of document.querySelectorAll('body *')) {
    const s = getComputedStyle(e);
    if ((s.overflowY === 'auto' || s.overflowY === 'scroll') && e.scrollHeight > e.clientHeight)
      m = Math.max(m, e.scrollHeight + e.getBoundingClientRect().top);
  }
  return Math.ceil(m); }"""


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    root = tmp_path_factory.mktemp("dashboard")
    url = f"sqlite://{root / 'class.db'}"
    before = os.environ.get("MINEEDU_STORE")
    os.environ["MINEEDU_STORE"] = url  # the server's kernels inherit it: the lessons join this class
    try:
        with class_server(root / "server.log", token=CLASS_TOKEN, teacher_token=TEACHER_TOKEN, pool_size=0,
                          pools={"gold_mine.ipynb": len(STUDENTS), "dashboard.ipynb": 1}) as server:
            yield server, url
    finally:
        if before is None:
            os.environ.pop("MINEEDU_STORE", None)
        else:
            os.environ["MINEEDU_STORE"] = before


def first_section(page):
    return page.locator(".mineedu-predict").first


def predict_and_simulate(section, guess: str) -> None:
    section.locator(".mineedu-guess input").fill(guess)
    section.locator(".mineedu-commit").click()
    section.locator(".mineedu-sim-result").filter(has_text="Prédiction notée").wait_for()
    section.locator(".mineedu-simulate").click()
    section.locator(".mineedu-sim-result").filter(has_text="Simulé").wait_for()


def join(page, name: str) -> None:
    page.locator(".mineedu-first-name").fill(name)
    page.locator(".mineedu-join-class").click()
    page.locator(".mineedu-joined").wait_for()


def sample_size(section) -> int:
    """The number of trials a section says it simulated (its own words: "Simulé : 732 sur 2 000 = ...",
    "Simulé : moyenne de 2 000 essais = ...")."""
    text = section.locator(".mineedu-sim-result").inner_text()
    m = re.search(r"(?:sur|moyenne de) ([\d\u202f\u00a0 ]+?) (?:=|essais)", text)
    assert m, text
    return int(re.sub(r"\D", "", m.group(1)))


def test_three_students_the_teacher_pools_holds_and_reveals(classroom, browser):
    server, url = classroom
    base = server.url
    teacher = new_page(browser, viewport={"width": 1920, "height": 1080})
    students = [new_page(browser, viewport={"width": 1280, "height": 900}) for _ in STUDENTS]
    requests: list[str] = []
    try:
        teacher.goto(f"{base}{DASHBOARD}?token={TEACHER_TOKEN}")
        teacher.locator(".mineedu-dashboard").wait_for()
        teacher.locator(".mineedu-lang").wait_for()
        assert not teacher.locator(".mineedu-project").is_visible()  # no board: no projector switch
        teacher.locator(".mineedu-hold input").check()  # hold the exact values back
        store = open_store(url)
        deadline = time.monotonic() + 30
        while not store.pacing("gold_mine") and time.monotonic() < deadline:
            time.sleep(0.1)
        assert store.pacing("gold_mine")
        frames: list[str] = []  # everything the students' pages receive from their kernels
        for page in students:
            page.on("request", lambda r: requests.append(r.url))
            page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(
                f if isinstance(f, str) else f.decode("utf-8", errors="replace"))))
            page.goto(f"{base}{LESSON}?token={CLASS_TOKEN}")
        sizes, mean_sizes = [], []
        shots = Path(os.environ.get("MINEEDU_SHOTS") or server.log.parent)
        shots.mkdir(parents=True, exist_ok=True)
        students[0].locator(".mineedu-name-form").screenshot(path=str(shots / "student-name-1280.png"))
        for page, (name, guess, mean_guess) in zip(students, STUDENTS, strict=True):
            join(page, name)
            predict_and_simulate(first_section(page), guess)
            sizes.append(sample_size(first_section(page)))
            mean_section = page.locator(".mineedu-predict").nth(1)
            predict_and_simulate(mean_section, mean_guess)
            mean_sizes.append(sample_size(mean_section))
        # the teacher's page shows the three predictions and the pooled trials, by itself (no reload)
        question = teacher.locator(QUESTION)
        teacher.wait_for_function(f"() => document.querySelectorAll(\"{QUESTION} .chart-dot\").length === 3")
        total = format_count(sum(sizes), "fr")
        question.filter(has_text=f"sur {total} essais").wait_for()
        assert "3 prédictions, médiane 35\u00a0%" in question.inner_text()
        assert question.locator(".chart-student").count() == 3 and question.locator(".chart-exact").count() == 0
        assert teacher.locator(".mineedu-dash-class").inner_text().count("gold") == 0  # titles, not file names
        for name, *_ in STUDENTS:
            assert name in teacher.locator(".mineedu-dash-class").inner_text()
        # the mean question pools the three samples' sums: the class mean in its band, each student a faint point
        mean_question = teacher.locator(MEAN_QUESTION)
        mean_question.filter(has_text=f"sur {format_count(sum(mean_sizes), 'fr')} essais").wait_for()
        assert "moyenne" in mean_question.inner_text() and "approximation normale" in mean_question.inner_text()
        assert mean_question.locator(".chart-student").count() == 3 and mean_question.locator(".chart-band").count() == 1
        assert mean_question.locator(".chart-exact").count() == 0
        # the class export lists them (the command line, on the same store)
        out = subprocess.run([sys.executable, "-m", "mineedu", "class", "export", "--json", "--store", url],
                             capture_output=True, text=True, timeout=120,
                             env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
        assert out.returncode == 0, out.stderr
        data = json.loads(out.stdout)
        exported = {s["name"]: s for s in data["students"]}
        assert set(exported) == {n for n, *_ in STUDENTS}
        assert sorted(p["value"] for s in exported.values() for p in s["predictions"] if p["key"] == "q1-3") == [0.2, 0.35, 0.5]
        assert sum(t["trials"] for s in exported.values() for t in s["trials"] if "successes" in t) == sum(sizes)
        assert sum(t["trials"] for s in exported.values() for t in s["trials"] if "sum" in t) == sum(mean_sizes)
        assert [(q["key"], q["trials"], len(q["per_student"])) for q in data["means"]] == [("q2", sum(mean_sizes), 3)]
        # held: no student page shows (or has received) the exact value
        exact = "201/551"  # P(at least one dragon in the first 3 of 58 cards, 8 dragons) = 1 - C(50,3)/C(58,3)
        for page in students:
            section = first_section(page)
            section.locator(".mineedu-sim-result").filter(has_text="montrera la valeur exacte").wait_for()
            assert section.locator(".mineedu-exact-value").count() == 0 and section.locator(".mineedu-reveal").is_disabled()
            assert exact not in page.content()
        assert frames and not [f for f in frames if exact in f]  # not even inside a widget's state
        first_section(students[0]).screenshot(path=str(shots / "student-held-1280.png"))
        # the teacher reveals it: every page shows it
        teacher.locator(".mineedu-reveal-q1-3").click()
        clicked = time.monotonic()
        seen = []
        for page in students:
            first_section(page).locator(".mineedu-exact-value").wait_for(timeout=30_000)
            seen.append(time.monotonic() - clicked)
            assert exact in first_section(page).inner_text()
        print(f"\nreveal -> shown on the 3 student pages after {', '.join(f'{s:.2f}' for s in seen)} s")
        first_section(students[0]).screenshot(path=str(shots / "student-revealed-1280.png"))
        question.locator(".chart-exact").first.wait_for(state="attached")  # a vertical line: no width to be "visible"
        assert exact in question.inner_text()
        teacher.locator(".mineedu-reveal-q2").click()  # the mean's exact value: a line on its convergence chart
        mean_question.locator(".chart-exact").nth(1).wait_for(state="attached")
        assert "Valeur exacte" in mean_question.inner_text()
        # the teacher creates a table; its spectator's link is on the page
        teacher.locator(".mineedu-create-table").click()
        teacher.locator(".mineedu-dash-tables .mineedu-code").wait_for()
        code = teacher.locator(".mineedu-dash-tables .mineedu-code").first.inner_text()
        assert store.table(code).game == "gold_mine"
        href = teacher.locator(".mineedu-watch").first.get_attribute("href") or ""
        assert f"?table={code}&watch=1&view=projector" in href
        # that link, on the projector: the table's board in the projector view, the whole of it on a 1920x1080 screen
        spectator = new_page(browser, viewport={"width": 1920, "height": 1080})
        spectator.goto(urljoin(teacher.url, href) + f"&token={CLASS_TOKEN}")
        spectator.locator(".mineedu-table-banner").wait_for(state="visible")
        spectator.locator(".me-canvas .me-picture svg").first.wait_for(state="visible")
        spectator.wait_for_timeout(500)
        body = spectator.evaluate("() => document.body.className")
        assert "mineedu-projector" in body and "mineedu-watching" in body, body
        assert code in spectator.inner_text(".mineedu-table-banner")
        fits = spectator.evaluate("""() => { const r = [...document.querySelectorAll('.me-canvas .me-picture svg')]
          .find(s => s.getClientRects().length).getBoundingClientRect();
          return [r.top >= 0 && r.bottom <= innerHeight + 1, document.documentElement.scrollHeight <= innerHeight + 1,
            Math.round(r.top), Math.round(r.bottom)]; }""")
        spectator.screenshot(path=str(shots / "spectator-projector-1920x1080.png"))
        assert fits[:2] == [True, True], fits
        assert spectator.evaluate(PICTURE_GAP) <= 24  # the board right under the status, no band above it
        under = spectator.evaluate("""() => document.querySelector('.me-canvas .me-picture svg').getBoundingClientRect().top
          - document.querySelector('.mineedu-board .mineedu-status').getBoundingClientRect().bottom""")
        assert under <= 24, under  # no empty line kept for a prompt a spectator never gets
        spectator.close()
        for w, h in SIZES.values():  # a student's header with the class bar ("Connecté·e à la classe : Léa")
            students[0].set_viewport_size({"width": w, "height": h})
            students[0].locator(".mineedu-student-bar").scroll_into_view_if_needed()
            students[0].wait_for_timeout(300)
            assert students[0].evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"), (w, h)
            students[0].screenshot(path=str(shots / f"student-{w}x{h}.png"))
        for w, h in SIZES.values():
            teacher.set_viewport_size({"width": w, "height": h})
            teacher.wait_for_timeout(500)
            assert teacher.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"), (w, h)
            assert not teacher.evaluate(MENU_CUT), (w, h, teacher.evaluate(MENU_CUT))  # a bot's long name whole
            tall = teacher.evaluate(PAGE_HEIGHT)
            teacher.set_viewport_size({"width": w, "height": min(max(h, tall), 12_000)})  # the whole page in one picture
            teacher.wait_for_timeout(300)
            teacher.screenshot(path=str(shots / f"dashboard-{w}x{h}.png"))
        # a student's page loads nothing of plotly (the dashboard draws its own SVG charts)
        assert not [r for r in requests if "plotly" in r.lower()]
    finally:
        for page in (teacher, *students):
            page.close()


def test_a_student_token_cannot_open_the_dashboard(classroom, browser):
    server, _ = classroom
    page = new_page(browser)
    try:
        for address in (f"{server.url}{DASHBOARD}?token={CLASS_TOKEN}", f"{server.url}{DASHBOARD}"):
            response = page.goto(address)
            assert response is not None and response.status == 403
            text = page.locator("body").inner_text()
            assert "pour l'enseignant" in text and "for the teacher" in text
            assert page.locator(".jupyter-widgets, .mineedu-dashboard").count() == 0
            assert "mineedu.ui.dashboard" not in page.content()
        # the same browser with the teacher's link is the teacher's
        response = page.goto(f"{server.url}{DASHBOARD}?token={TEACHER_TOKEN}")
        assert response is not None and response.status == 200
        page.locator(".mineedu-dashboard").wait_for()
    finally:
        page.close()
