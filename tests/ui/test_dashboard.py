"""The teacher's dashboard and the lesson pages' class link, without a browser: a real SQLite store,
real lesson pages (My Gold Mine) reporting to it, the dashboard model and page reading it."""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import math
import re
import time
import zipfile
from fractions import Fraction

import numpy as np
import pytest

from mineedu.core.i18n import format_number
from mineedu.store import open_store
from mineedu.ui import charts
from mineedu.ui.classroom import Classroom, Pacing, clean_name
from mineedu.ui.dashboard import (
    Dashboard,
    Snapshot,
    exercises_html,
    presence_html,
    question_html,
    questions,
    read,
    tables_html,
    tournament_html,
)
from mineedu.ui.lesson import lesson, lesson_spec

LESSON = "gold_mine"


@pytest.fixture
def url(tmp_path):
    return f"sqlite://{tmp_path / 'class.db'}"


@pytest.fixture
def store(url):
    s = open_store(url)
    yield s
    s.close()


def student_page(url: str, name: str, seed: int, poll: float = 0.02):
    """A My Gold Mine page of a class whose student gave ``name`` (as the browser's bar does)."""
    page = lesson(LESSON, seed=seed)
    page.classroom.url = url
    page.classroom.poll = page.classroom.idle_poll = poll
    page.apply_query("")
    assert page.classroom.active and page.classroom.bar.state == "ask"
    page.classroom.bar.hello = {"name": name, "ticket": ""}
    assert page.classroom.bar.state == "in"
    return page


def until(test, timeout: float = 10.0) -> bool:
    """Wait for a page's watcher (a thread) to have seen the store change; no speed is asserted here."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if test():
            return True
        time.sleep(0.01)
    return bool(test())


def dots(svg: str) -> int:
    return svg.count('class="chart-dot"')


def revealed_only_then(store, q, before: str) -> None:
    """``before`` has no exact value; once the teacher reveals it, the question says it and both charts draw it."""
    exact = q.exact()
    assert f"{exact.numerator}/{exact.denominator}" not in before and "chart-exact" not in before
    store.reveal(LESSON, q.key)
    shown = question_html(q, read(store, LESSON), "en")
    assert f"{exact.numerator}/{exact.denominator}" in shown and shown.count("chart-exact") == 2


# --- the lesson page reports to the class ---------------------------------------------------------


def test_three_pages_report_predictions_and_samples_and_the_dashboard_pools_them(url, store):
    pages = [student_page(url, name, seed) for name, seed in (("Léa", 111111), ("Tom", 222222), ("Inès", 333333))]
    try:
        for page, guess in zip(pages, ("20 %", "0,35", "1/2"), strict=True):
            s = page.predict_sections[0]
            s.receive("commit", guess)
            s.trials.value = 1000
            s.receive("simulate", None)
        key = pages[0].predict_sections[0].key
        assert key == "q1-3"
        snap = read(store, LESSON)
        p = snap.predictions[key]
        assert p.count == 3 and sorted(v for _, _, v in p.values) == [0.2, 0.35, 0.5] and p.median == 0.35
        t = snap.trials[key]
        hits = [int(pg.predict_sections[0].last["values"].sum()) for pg in pages]
        assert t.trials == 3000 and t.successes == sum(hits) and t.students == 3
        q = next(q for q in questions(lesson_spec(LESSON), snap.keys) if q.key == key)
        page_html = question_html(q, snap, "fr")
        assert dots(page_html) == 3 and page_html.count('class="chart-student"') == 3
        assert "3\u202f000 essais" in page_html and "médiane 35\u00a0% (de 20\u00a0% à 50\u00a0%)" in page_html
        assert "3 prédictions, médiane" in page_html and "(3 élèves, 3 simulations)" in page_html
        assert "3 élèves connecté·e·s" in presence_html(snap, "fr") and "3 students connected" in presence_html(snap, "en")
        revealed_only_then(store, q, page_html)
    finally:
        for page in pages:
            page.classroom.stop()


def test_one_student_is_counted_in_the_singular_in_both_languages(url, store):
    """The dashboard counts its nouns the reader's way (it said "1 élève(s), 1 simulation(s)")."""
    page = student_page(url, "Léa", 7)
    try:
        s = page.predict_sections[0]
        s.receive("commit", "1/3")
        s.trials.value = 1000
        s.receive("simulate", None)
        snap = read(store, LESSON)
        q = next(q for q in questions(lesson_spec(LESSON), snap.keys) if q.key == s.key)
        fr, en = question_html(q, snap, "fr"), question_html(q, snap, "en")
        hits = int(s.last["values"].sum())
        assert "1 prédiction, médiane" in fr and "(1 élève, 1 simulation)" in fr and "sur 1\u202f000 essais" in fr
        assert "1 prediction, median" in en and "(1 student, 1 simulation)" in en
        assert f"{hits} successes in 1,000 trials" in en or (hits == 1 and "1 success in" in en)
        assert "1 élève connecté·e" in presence_html(snap, "fr") and "1 student connected" in presence_html(snap, "en")
    finally:
        page.classroom.stop()


def test_three_pages_simulate_a_mean_and_the_dashboard_pools_their_sums(url, store):
    pages = [student_page(url, name, seed) for name, seed in (("Léa", 41), ("Tom", 42), ("Inès", 43))]
    try:
        sizes = (1000, 2000, 500)
        for page, guess, n in zip(pages, ("1", "1,5", "2"), sizes, strict=True):
            s = page.predict_sections[1]
            assert s.spec.mean
            s.receive("commit", guess)
            s.trials.value = n
            s.receive("simulate", None)
        drawn = [pg.predict_sections[1].last["values"] for pg in pages]
        key = pages[0].predict_sections[1].key
        snap = read(store, LESSON)
        m = snap.means[key]
        every = np.concatenate(drawn)
        assert (m.trials, m.students, m.samples) == (3500, 3, 3) and key not in snap.trials
        assert m.total == pytest.approx(every.sum(), rel=1e-12) and m.total_sq == pytest.approx(np.square(every).sum(), rel=1e-12)
        assert sorted(mean for *_, mean in m.per_student) == pytest.approx(sorted(v.mean() for v in drawn), rel=1e-12)
        lo, hi = m.interval
        half = 1.959963984540054 * every.std(ddof=1) / math.sqrt(len(every))
        assert (lo, hi) == (pytest.approx(every.mean() - half, rel=1e-9), pytest.approx(every.mean() + half, rel=1e-9))
        q = next(q for q in questions(lesson_spec(LESSON), snap.keys) if q.key == key)
        fr, en = question_html(q, snap, "fr"), question_html(q, snap, "en")
        for lang, text in (("fr", fr), ("en", en)):
            words = (f"moyenne {format_number(every.mean(), 'fr', 3)} sur 3\u202f500 essais" if lang == "fr"
                     else f"mean {format_number(every.mean(), 'en', 3)} over 3,500 trials")
            assert words in text, text
            assert format_number(lo, lang, 3) in text and format_number(hi, lang, 3) in text
        assert "95\u00a0%\u00a0: " in fr and "approximation normale" in fr and "normal approximation" in en
        assert en.count('class="chart-student"') == 3 and "chart-band" in en and "chart-exact" not in en
        chart = re.search(r'<polyline points="([^"]+)"[^>]*class="chart-running"', en)
        assert chart and len(chart.group(1).split()) == 3  # the class's running mean: a point after each sample
        band = re.search(r'<polygon points="([^"]+)"[^>]*class="chart-band"', en)
        assert band
        ys = [float(xy.split(",")[1]) for xy in (*chart.group(1).split(), *band.group(1).split())]
        assert all(charts.TOP < y < charts.H - charts.BOTTOM for y in ys)  # zoomed on the mean: off the chart's edges
        revealed_only_then(store, q, en)
    finally:
        for page in pages:
            page.classroom.stop()


def test_every_lessons_mean_questions_pool_what_their_pages_drew(url, store):
    from mineedu.ui.dashboard import lessons

    seen = 0
    for game in lessons():
        page = lesson(game, seed=51)
        page.classroom.url = url
        page.apply_query("")
        page.classroom.bar.hello = {"name": "Léa", "ticket": ""}
        try:
            for s in (s for s in page.predict_sections if s.spec.mean):
                s.trials.value = s.spec.trials[0]
                s.receive("simulate", None)
                values = s.last["values"]
                m = read(store, game).means[s.key]
                assert m.trials == len(values) and m.total == pytest.approx(values.sum(), rel=1e-12, abs=1e-12)
                q = next(q for q in questions(lesson_spec(game), {s.key}) if q.key == s.key)
                text = question_html(q, read(store, game), "en")
                assert "chart-running" in text and not re.search(r"\b(nan|inf)\b", text, re.I), (game, s.key)
                seen += 1
        finally:
            page.classroom.stop()
    assert seen >= 5  # one mean question at least in each game's lesson


def test_a_mean_of_one_trial_or_none_draws_without_a_band(url, store):
    sid, _ = store.student(name="Léa")
    spec = lesson_spec(LESSON)
    q = next(q for q in questions(spec) if q.spec.mean)
    assert "Pas encore d'essai simulé" in html.unescape(question_html(q, read(store, LESSON), "fr"))
    store.record(sid, LESSON, "trials", q.key, {"sum": 3.0, "sumsq": 9.0, "trials": 1})
    text = question_html(q, read(store, LESSON), "en")
    assert "a single trial, of value 3.000 (no interval yet)" in text and "chart-band" in text
    assert not re.search(r"\b(nan|inf)\b", text, re.I)


def test_pacing_holds_the_exact_value_on_every_page_until_the_teacher_reveals_it(url, store):
    store.set_pacing(LESSON, True)
    pages = [student_page(url, name, seed) for name, seed in (("Léa", 1), ("Tom", 2))]
    try:
        for page in pages:
            s = page.predict_sections[0]
            s.receive("commit", "0,3")
            s.receive("reveal", None)  # the student asks anyway: held
            assert not s.shown() and s.exact_box.value == "" and s.reveal_button.disabled
            assert "enseignant" in s.result.value and "montrera" in page.predict_sections[0].message.value
        key = pages[0].predict_sections[0].key
        store.reveal(LESSON, key)
        exact = pages[0].predict_sections[0].exact()
        for page in pages:
            s = page.predict_sections[0]
            assert until(lambda s=s: s.shown())
            assert f"{exact.numerator}/{exact.denominator}" in s.exact_box.value
        # the other question is still held
        other = pages[0].predict_sections[1]
        assert not other.shown() and other.exact_box.value == ""
    finally:
        for page in pages:
            page.classroom.stop()


def test_a_reveal_reaches_a_page_whose_student_has_no_prediction_yet(url, store):
    store.set_pacing(LESSON, True)
    page = student_page(url, "Léa", 5)
    try:
        s = page.predict_sections[0]
        store.reveal(LESSON, s.key)
        assert until(s.shown)
        assert "mineedu-exact-value" in s.exact_box.value and "prédiction (" not in s.exact_box.value
    finally:
        page.classroom.stop()


def test_exercises_and_tournaments_are_reported_and_pooled_without_names(url, store):
    page = student_page(url, "Léa", 7)
    other = student_page(url, "Tom", 8)
    try:
        ex = page.exercise_list[0]
        ex.check("n'importe quoi")  # unreadable: not an attempt
        ex.check("0")
        ex.check(str(ex.spec.answer))
        other.exercise_list[0].check(str(ex.spec.answer))
        page.tournament_section.run(20)
        other.tournament_section.run(20)
        snap = read(store, LESSON)
        e1 = snap.exercises["e1"]
        assert (e1.students, e1.correct, e1.attempts) == (2, 2, 3)
        spec = lesson_spec(LESSON)
        text = exercises_html(spec, snap, "fr")
        assert "Léa" not in text and "Tom" not in text
        rows = re.findall(r"<tr><td>(\d+)</td><td>(\d+)</td><td>(\d+) ", text)
        assert rows[0] == ("1", "2", "2") and rows[1] == ("2", "0", "0")
        bots = spec.tournament.bots
        for b in bots:
            mine = next(r for r in page.tournament_section.last["bots"] if r["bot"] == b)["win"]["mean"] * 20
            theirs = next(r for r in other.tournament_section.last["bots"] if r["bot"] == b)["win"]["mean"] * 20
            assert snap.tournament[b].games == 40 and snap.tournament[b].wins == round(mine) + round(theirs)
        t = tournament_html(spec, snap, "en")
        assert "2 students, 40 games in all" in t and t.count('class="chart-bar"') == len(bots)
    finally:
        page.classroom.stop()
        other.classroom.stop()


def test_reports_made_before_the_name_wait_for_it(url, store):
    page = lesson(LESSON, seed=9)
    page.classroom.url = url
    page.apply_query("")
    try:
        page.predict_sections[0].receive("commit", "0,25")
        assert store.prediction_summary(LESSON) == {}
        page.classroom.bar.hello = {"name": "  Léa  ", "ticket": ""}
        p = store.prediction_summary(LESSON)["q1-3"]
        assert p.count == 1 and p.values[0][1:] == ("Léa", 0.25)
        # the same browser again (a reload): the same student
        ticket = page.classroom.bar.ticket
        again = lesson(LESSON, seed=10)
        again.classroom.url = url
        again.apply_query("")
        again.classroom.bar.hello = {"name": "Léa", "ticket": ticket}
        assert again.classroom.sid == page.classroom.sid
        again.classroom.stop()
    finally:
        page.classroom.stop()


@pytest.mark.parametrize("hello", [None, "Léa", {"name": ""}, {"name": "x" * 41}, {"name": 3}, {"name": "Léa\x00"},
                                   {"name": "Léa", "ticket": 12}, {"name": "Léa", "ticket": "t" * 5000}])
def test_a_hostile_hello_is_refused_or_ignored_without_a_crash(url, store, hello):
    page = lesson(LESSON, seed=11)
    page.classroom.url = url
    page.apply_query("")
    try:
        page.classroom.hello(hello)
        ok = page.classroom.bar.state == "in"
        names = [p.name for p in store.presence(3600)]
        assert ok == (isinstance(hello, dict) and hello.get("name") == "Léa")  # a bad ticket: a new student
        assert names == (["Léa"] if ok else [])
    finally:
        page.classroom.stop()


def test_without_a_store_the_lesson_is_solo_and_with_an_unreachable_one_it_says_so(monkeypatch, tmp_path):
    monkeypatch.delenv("MINEEDU_STORE", raising=False)
    page = lesson(LESSON, seed=12)
    page.apply_query("")
    assert not page.classroom.active and page.classroom.bar.state == "off"
    gone = lesson(LESSON, seed=13)
    gone.classroom.url = f"postgresql://nobody@/class?host={tmp_path}"  # no server listens there
    gone.apply_query("lang=en")
    assert gone.classroom.bar.state == "solo" and "cannot be reached" in gone.classroom.bar.texts["solo"]
    s = gone.predict_sections[0]
    s.receive("commit", "0,3")
    s.receive("simulate", None)
    s.receive("reveal", None)
    assert s.shown() and "mineedu-exact-value" in s.exact_box.value


def test_a_store_that_goes_away_mid_lesson_turns_the_page_solo(url, store):
    page = student_page(url, "Léa", 14)
    try:
        page.classroom.store.close()  # the database went away under the page
        s = page.predict_sections[0]
        s.receive("commit", "0,3")
        assert page.classroom.bar.state == "solo" and page.classroom.error
        s.receive("simulate", None)
        assert s.last is not None
    finally:
        page.classroom.stop()


def test_the_class_cleared_by_the_teacher_asks_the_student_again(url, store):
    page = student_page(url, "Léa", 15)
    try:
        store.clear()
        page.predict_sections[0].receive("commit", "0,3")
        assert page.classroom.bar.state == "ask" and page.classroom.pending
        page.classroom.bar.hello = {"name": "Léa", "ticket": "", "at": 2}  # the browser's form, sent again
        assert store.prediction_summary(LESSON)["q1-3"].count == 1 and not page.classroom.pending
    finally:
        page.classroom.stop()


def test_clean_name_and_pacing(monkeypatch):
    assert clean_name(" Marie  Curie ") == "Marie Curie" and clean_name("\n") is None
    p = Pacing(True, frozenset({"q1-3"}))
    assert not p.hides("q1-3") and p.hides("q2") and not Pacing().hides("q2")
    monkeypatch.delenv("MINEEDU_STORE", raising=False)
    c = Classroom(LESSON)
    assert c.start() is False and not c.active and c.bar.state == "off"
    c.record("prediction", "q1-3", {"value": 0.3})  # no class: nothing kept, nothing sent
    assert c.pending == []


# --- the dashboard page ---------------------------------------------------------------------------


def test_the_dashboard_holds_reveals_creates_tables_and_exports(url, store):
    page = student_page(url, "Léa", 21)
    board = Dashboard(store=store, live=False)
    try:
        board.start()
        assert "Léa" in board.class_box.value and "début" in board.class_box.value
        board.hold.value = True
        assert store.pacing(LESSON)
        key = questions(lesson_spec(LESSON))[0].key
        _, button = board.question_parts[key]
        button.click()
        assert key in store.revealed(LESSON) and "cacher" in button.description.lower()
        button.click()
        assert key not in store.revealed(LESSON)
        code = board.create_table("gold_mine", 3, 1, board._bot_choices("gold_mine")[0])
        assert code and store.table(code).seats[2].bot == board._bot_choices("gold_mine")[0]
        assert code in board.tables_box.value and f"?table={code}&amp;watch=1" in board.tables_box.value
        assert board.seat_bot(code, 0, board._bot_choices("gold_mine")[-1])
        assert store.table(code).seats[0].bot == board._bot_choices("gold_mine")[-1]
        assert not board.seat_bot(code, 7, "greedy") and "Refusé" in board.message.value
        assert board.seat_bot(code, 0, "") and store.table(code).seats[0].bot is None  # the undo: a free seat again
        # an absent student's seat goes to a bot
        store.join(code, name="Tom")
        board.refresh()
        tom = next(s.index for s in store.table(code).seats if s.name == "Tom")
        assert (f"place {tom + 1}\u00a0: Tom", tom) in board.seat_index.options
        assert board.seat_bot(code, tom, board._bot_choices("gold_mine")[0]) and store.table(code).seats[tom].bot
        assert board.create_table("gold_mine", 99, 0, None) is None
        assert until(lambda: page.classroom.pacing == Pacing(True, frozenset()))  # the page saw the hide again
        page.predict_sections[0].receive("commit", "0,4")
        board.refresh()
        data = board.export("json")
        assert data is not None and board.download.file["name"].endswith(".json")
        sent = json.loads(base64.b64decode(board.download.file["data"]))
        assert [s["name"] for s in sent["students"]] == ["Léa"] and sent["students"][0]["predictions"][0]["value"] == 0.4
        board.export("csv")
        assert board.download.file["name"].endswith(".csv.zip") and board.download.file["n"] == 2
        with zipfile.ZipFile(io.BytesIO(base64.b64decode(board.download.file["data"]))) as z:
            assert sorted(z.namelist()) == ["exercises.csv", "mean_trials.csv", "means.csv", "predictions.csv", "students.csv",
                                            "tournaments.csv", "trials.csv"]
            rows = list(csv.DictReader(io.StringIO(z.read("predictions.csv").decode("utf-8-sig"))))
        assert [(r["name"], r["question"], r["value"]) for r in rows] == [("Léa", "q1-3", "0.4")]
        board.set_lang("en")
        assert "The class dashboard" in board.title.value and "connected" in board.class_box.value
        board.set_lang("de")  # hostile: ignored
        assert board.lang == "en"
    finally:
        page.classroom.stop()


def test_the_dashboard_redraws_by_itself_when_the_class_changes(url, store):
    board = Dashboard(store=store, live=True)
    board.start()
    try:
        assert "Léa" not in board.class_box.value
        page = student_page(url, "Léa", 22)
        assert until(lambda: "Léa" in board.class_box.value)
        page.predict_sections[0].receive("commit", "0,4")
        key = page.predict_sections[0].key
        assert until(lambda: dots(board.question_parts[key][0].value) == 1)
        page.classroom.stop()
    finally:
        board.stop()


def test_names_appear_only_when_the_teacher_asks(url, store):
    page = student_page(url, "Léa", 23)
    try:
        s = page.predict_sections[0]
        s.receive("commit", "0,3")
        s.receive("simulate", None)
        snap = read(store, LESSON)
        q = questions(lesson_spec(LESSON), snap.keys)[0]
        assert "Léa" not in question_html(q, snap, "fr", names=False)
        assert question_html(q, snap, "fr", names=True).count("<title>Léa</title>") == 2
    finally:
        page.classroom.stop()


def test_without_a_store_the_dashboard_says_so(monkeypatch):
    monkeypatch.delenv("MINEEDU_STORE", raising=False)
    board = Dashboard(live=False)
    board.start()
    assert "mineedu serve --class" in board.status.value.replace("&quot;", '"').replace("«\u00a0", "").replace("\u00a0»", "")


def test_tables_show_whose_turn_from_the_replayed_log(store):
    info = store.create_table(game="gold_mine", players=3, bots=[None, None, "random"], seed=3)
    store.join(info.code, name="Léa")
    snap = read(store, LESSON)
    text = tables_html(snap, "fr")
    assert "1.\u00a0Léa" in text and "2.\u00a0libre" in text and info.code in text
    assert snap.tables[0].turn is not None


def test_charts_draw_what_they_are_given():
    svg = charts.dot_plot([0.1] * 30, median=0.1, exact=0.2, lang="fr",
                          labels={"x": "prédiction", "median": "médiane", "exact": "exacte"})
    assert dots(svg) == 30 and "chart-exact" in svg and "chart-median" in svg
    ys = [float(y) for y in re.findall(r'<circle cx="[\d.]+" cy="([\d.]+)"', svg)]
    assert len(ys) == 30 and min(ys) >= charts.TOP and max(ys) <= charts.H - charts.BOTTOM  # a tall stack stays inside
    one = charts.pooled([100], [0.3], [(0.2, 0.4)], exact=Fraction(1, 4), lang="en",
                        labels={"x": "trials", "y": "frequency", "class": "class", "student": "one", "exact": "exact"})
    assert "chart-band" in one and "chart-exact" in one
    with pytest.raises(ValueError):
        charts.pooled([], [], [], exact=None, lang="en", labels={"x": "", "y": "", "class": "", "student": "", "exact": ""})


def test_snapshot_keys_bring_other_parameters_into_the_questions():
    spec = lesson_spec(LESSON)
    snap = Snapshot(LESSON, False, frozenset(), (), (), {"q1-5": None}, {}, {}, {})
    keys = [q.key for q in questions(spec, snap.keys)]
    assert keys == ["q1-3", "q1-5", "q2"]


def test_a_page_of_the_server_uses_the_kernels_one_store(monkeypatch, url):
    from mineedu.ui import table

    monkeypatch.setenv("MINEEDU_STORE", url)
    monkeypatch.setattr(table, "_STORE", None)
    page = lesson(LESSON, seed=31)
    page.apply_query("")
    try:
        assert page.classroom.active and page.classroom.store is table.class_store()
        page.classroom.bar.hello = {"name": "Léa", "ticket": ""}
        assert [p.name for p in table.class_store().presence(60)] == ["Léa"]
    finally:
        page.classroom.stop()
