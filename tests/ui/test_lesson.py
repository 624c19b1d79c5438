"""The lesson layer, driven in-process like a browser: predict → simulate → compute, exercises,
tournaments, the page's language and address — with the My Gold Mine lesson as its user."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import numpy as np
import pytest

from mineedu.core.i18n import format_count
from mineedu.ui.lesson import Exercise, ExerciseSpec, Language, Lesson, PredictSection, lesson, lesson_spec, parse_answer


@pytest.fixture(scope="module")
def page():
    return lesson("gold_mine", seed=12345)


def section(page, i=0) -> PredictSection:
    return page.predict_sections[i]


# --- predict -> simulate -> compute ----------------------------------------------------------


def test_the_exact_value_waits_for_a_committed_prediction(page):
    s = PredictSection(lesson_spec("gold_mine").predict[0], Language("fr"), seed=1)
    assert s.reveal_button.disabled and s.exact_box.value == ""
    s.receive("reveal", None)  # a client clicking the disabled button anyway
    assert not s.revealed and "prédiction" in s.message.value
    s.receive("commit", "150 %")  # not a probability
    assert s.prediction is None and "illisible" in s.message.value
    s.guess.value = "0,4"
    s.commit.click()
    assert s.prediction == Fraction(2, 5) and not s.reveal_button.disabled
    s.reveal_button.click()
    exact = s.exact()
    assert s.revealed and exact == 1 - Fraction(50 * 49 * 48, 58 * 57 * 56)
    assert f"{exact.numerator}/{exact.denominator}" in s.exact_box.value
    assert "50/58 × 49/57 × 48/56" in s.exact_box.value  # the derivation, with the numbers
    assert "avec remise" in s.exact_box.value  # with replacement, side by side
    assert s.guess.disabled and s.commit.disabled  # the prediction is locked once the answer is out


def test_the_chart_draws_the_prediction_the_running_frequency_then_the_exact_value():
    s = PredictSection(lesson_spec("gold_mine").predict[0], Language("en"), seed=3)
    s.receive("commit", "0.3")
    s.run()
    svg = s.chart.value
    assert "chart-running" in svg and "chart-prediction" in svg and "chart-exact" not in svg
    s.receive("reveal", None)
    assert "chart-exact" in s.chart.value
    assert s.progress.value == s.progress.max == s.trials.value
    assert s.progress.description == "Trials simulated"  # the bar says what it counts, in the page's language
    s.language.set("fr")
    assert s.progress.description == "Essais simulés"


def test_two_pages_draw_different_samples_and_a_seed_repeats_its_sample():
    spec = lesson_spec("gold_mine").predict[0]
    a, b, c = (PredictSection(spec, Language("fr"), seed=x) for x in (11, 22, 11))
    runs = [x.run()["values"] for x in (a, b, c)]
    assert not np.array_equal(runs[0], runs[1])
    assert np.array_equal(runs[0], runs[2])
    assert "Graine de cette page\u00a0: 11" in a.result.value


def test_pages_get_their_own_seed():
    assert lesson("gold_mine").seed != lesson("gold_mine").seed


def test_the_simulation_agrees_with_the_exact_value():
    """20,000 seeded shuffles: the frequency within 4 standard errors of 1 − C(50,k)/C(58,k), for each k."""
    from mineedu.games.gold_mine.lesson import exact_dragon_within, simulate_dragon_within

    rng = np.random.default_rng(7)
    for k in (1, 3, 6, 10):
        p = float(exact_dragon_within(k))
        freq = simulate_dragon_within(k, 20_000, rng).mean()
        assert abs(freq - p) < 4 * (p * (1 - p) / 20_000) ** 0.5, (k, freq, p)


def test_the_counts_sliders_write_their_number_the_readers_way(page):
    """ipywidgets' readout writes "10000" (or "10,000" in French too): the trials' and the games' sliders
    show their own number, grouped the reader's way, following the slider and the language switch."""
    s, t = section(page), page.tournament_section
    for slider in (s.trials, t.games):
        assert slider.readout is False
    number = s.widget.children[s.widget.children.index(s.step2) + 1].children[0].children[1]
    s.trials.value = 10_000
    page.language.set("fr")
    assert number.value == "10\u202f000"
    page.language.set("en")
    assert number.value == "10,000"
    s.trials.value = 2000
    assert number.value == "2,000"
    page.language.set("fr")
    assert number.value == "2\u202f000"
    games = t.widget.children[1].children[0].children[1]
    t.games.value = 400
    assert games.value == "400" == format_count(t.games.value, "fr")


def test_hostile_values_are_refused_and_change_nothing():
    s = PredictSection(lesson_spec("gold_mine").predict[0], Language("fr"), seed=3)
    s.receive("param", 99)
    assert "99" in s.message.value and "entre 1 et 10" in s.message.value
    s.trials.set_state({"max": 10**9})
    s.trials.set_state({"value": 10**9})
    assert s.run() is None and "1000000000" in s.message.value
    s.seed_box.value = -3
    s.trials.value = 2000
    assert s.run() is None and "-3" in s.message.value


def test_a_mean_is_simulated_and_drawn_as_a_mean(page):
    s = section(page, 1)
    s.receive("commit", "1,2")
    r = s.run()
    assert set(np.unique(r["values"])) <= {0.0, 1.0, 2.0}
    assert "moyenne" in s.result.value
    s.receive("reveal", None)
    assert "33/29" in s.exact_box.value


# --- exercises ------------------------------------------------------------------------------


def exercise(answer=Fraction(8, 58), **kw):
    spec = ExerciseSpec({"fr": "Q ?", "en": "Q?"}, answer, {"fr": "compter les dragons", "en": "count the dragons"},
                        {"fr": "8/58 = 4/29", "en": "8/58 = 4/29"}, **kw)
    return Exercise(spec, 1, Language("fr"))


def test_an_exercise_states_its_tolerance_and_accepts_within_it():
    e = exercise()
    assert "à 0,001\u00a0près" in e.prompt.value
    assert e.check("4/29") and e.check("0,138") and e.check("13,8 %")
    assert not e.check("0,14")  # 0.002 away


def test_a_wrong_answer_gets_a_hint_and_a_probability_out_of_range_says_so():
    e = exercise()
    e.check("0,2")
    assert "Pas encore" in e.feedback.value and "Indice\u00a0: compter les dragons" in e.feedback.value
    e.check("1,4")
    assert "entre 0 et 1" in e.feedback.value
    e.check("-0.1")
    assert "entre 0 et 1" in e.feedback.value
    e.check("beaucoup")
    assert "Je ne lis pas" in e.feedback.value


def test_a_worked_solution_on_demand_in_both_languages():
    e = exercise()
    assert e.solution.value == ""
    e.solution_button.value = True
    assert "8/58 = 4/29" in e.solution.value and e.solution_button.description == "Cacher la solution"
    e.language.set("en")
    assert "within 0.001" in e.prompt.value and e.solution_button.description == "Hide the solution"


def test_an_exact_answer_is_asked_for_when_the_tolerance_is_zero():
    e = exercise(tolerance=Fraction(0))
    assert "réponse exacte" in e.prompt.value
    assert e.check("8/58") and not e.check("0,138")


def test_a_whole_answer_is_not_followed_by_its_decimals():
    e = exercise(answer=Fraction(12), probability=False, tolerance=Fraction(0))
    assert e.check("12") and e.feedback.value.endswith(">Juste\u00a0! La valeur exacte est 12.</p>")
    assert not e.check("11") and "Pas encore\u00a0: 11." in e.feedback.value and "11,0000" not in e.feedback.value
    e.check("23/2")  # not whole: its decimal helps
    assert "23/2 ≈ 11,5000" in e.feedback.value


def test_students_write_numbers_their_way():
    assert parse_answer("−0,5") == Fraction(-1, 2) and parse_answer("0.5") == parse_answer("50 %") == Fraction(1, 2)


def test_a_calculators_power_of_ten_is_read():
    """Yukon's exercise 3 (311/362797056 within 10⁻⁹): a calculator shows 8,572285658E-07; typed so, it was
    'unreadable'."""
    for typed in ("8,57E-7", "8.57e-07", "8,57 × 10^-7", "8,57×10⁻⁷", "8,57 x 10^(-7)", "8.57*10**-7"):
        assert parse_answer(typed) == Fraction(857, 10**9), typed
    for typed in ("e5", "10^-7", "8,57 × 10", "1e999", "1,2e3 %"):
        assert parse_answer(typed) is None, typed
    spec = next(e for e in lesson_spec("yukon").exercises if e.answer == Fraction(311, 362797056))
    e = Exercise(spec, 3, Language("fr"))
    assert e.check("8,572285658E-07") and e.check("8,57E-7") and not e.check("8,4E-7")  # within 10⁻⁹, and not


# --- the tournament -------------------------------------------------------------------------


def test_the_tournament_draws_rates_with_95_percent_intervals(page):
    t = page.tournament_section
    r = t.run(20)
    assert r["games"] == 20 and len(r["bots"]) == 4
    assert t.chart.value.count("chart-ci") == 4
    for row in r["bots"]:
        lo, hi = row["win"]["ci95"]
        assert lo <= row["win"]["mean"] <= hi
    import html

    text = html.unescape(t.result.value)
    assert "P(grillé) < 20\u00a0%" in text and "95\u00a0%" in text
    assert t.progress.value == 20
    assert t.progress.description == "Parties jouées"  # the bar says what it counts
    page.language.set("en")
    assert t.progress.description == "Games played"
    page.language.set("fr")


def test_a_hostile_number_of_games_is_refused(page):
    t = page.tournament_section
    assert t.run(10**7) is None and "10000000" in t.result.value


# --- the page ------------------------------------------------------------------------------------


def test_the_page_has_teacher_notes_rules_and_a_back_link(page):
    head = page.header.widget.children[2].value + page.header.widget.children[3].value
    assert "Niveau" in head and "Durée" in head and "Objectifs" in head and "Prérequis" in head
    assert "index.ipynb?lang=fr" in head and "<svg" in head and "Les règles en bref" in head


def test_one_switch_changes_the_language_of_every_part():
    p = lesson("gold_mine", seed=5)
    p.language.set("en")
    texts = [p.header.widget.children[2].value, p.game_board.status.value, p.game_board.panel.value,
             p.predict_sections[0].question.value, p.tournament_section.intro.value, p.exercise_list[0].prompt.value]
    assert all(re.search(r"[A-Za-z]", t) for t in texts)
    assert "All lessons" in texts[0] and "Your turn" in texts[1] and "P(burned)" in texts[2]
    assert p.meta.lang == "en" and p.meta.title.startswith("My Gold Mine")


def test_the_address_opens_the_page_in_english_and_the_teacher_view():
    p = lesson("gold_mine", seed=5)
    p.apply_query("lang=en&teacher=1")
    assert p.language.lang == "en" and p.game_board.lang == "en"
    assert p.game_board.teacher and p.game_board.show_all_box.layout.display is None
    q = lesson("gold_mine", seed=5)
    q.apply_query("lang=xx&teacher=0")
    assert q.language.lang == "fr" and not q.game_board.teacher and q.game_board.show_all_box.layout.display == "none"


def test_part_summaries_are_what_a_saved_notebook_keeps(page):
    assert repr(page.board).startswith("My Gold Mine board: seats human, burn:0.2")
    assert "P(next card is a dragon) = 8/58" in repr(page.board)
    assert repr(page.exercises) == "4 exercises: answers 19/47, 780/1081, -67/47, 1267/3243"


def test_lessons_are_built_from_their_specs_only():
    assert isinstance(lesson("gold_mine", seed=1), Lesson)
    with pytest.raises(ValueError):
        lesson("no_such_game")


def test_the_projector_view_draws_the_games_wide_picture() -> None:
    """Mine's one tall column (520 units) becomes its boards side by side (1060) in the projector view, the
    same position and regions; back to the whole lesson, the column again. A game with no wide layout
    (My Gold Mine) keeps its picture; a phone's narrow layout comes first."""
    import mineedu

    def width(svg: str) -> str:
        return re.search(r'viewBox="0 0 (\d+)', svg).group(1)

    def regions(svg: str) -> set[str]:
        return set(re.findall(r'data-region="([^"]+)"', svg))

    page = lesson("coal_mine", seed=5)
    column = page.game_board.canvas.svg
    page.meta.apply_query("view=projector")
    assert page.game_board.wide and width(page.game_board.canvas.svg) == "1060"
    assert regions(page.game_board.canvas.svg) == regions(column) != set()
    page.meta.view = ""
    assert page.game_board.canvas.svg == column and width(column) == "520"
    game = mineedu.make("coal_mine", 3)
    s = game.initial_state()
    assert width(game.render_svg(s, 0, "fr", wide=True, narrow=True)) == "520"
    gold = lesson("gold_mine", seed=5)
    before = gold.game_board.canvas.svg
    gold.meta.view = "projector"
    assert gold.game_board.canvas.svg == before


@pytest.mark.parametrize("typed", ["4/29", "0,14", "13 %", "2/3", "1,5", "beaucoup"])
def test_a_notebook_and_a_lesson_page_judge_an_answer_in_the_same_words(typed):
    """``mineedu.explore.check`` (a notebook) and an exercise of a lesson page: one verdict; the notebook
    adds the tolerance a page shows beside its question."""
    from mineedu.explore import check

    e = exercise()
    right = e.check(typed)
    page = html.unescape(re.sub(r"<[^>]+>", "", e.feedback.value))
    notebook = check(typed, Fraction(8, 58), "fr", hint="compter les dragons")
    assert notebook.right == right
    assert notebook.text.replace(" (réponse acceptée à 0,001\u00a0près)", "") == page
