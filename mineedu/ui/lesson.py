"""The lesson layer: one page per game, assembled from a small spec in the game's folder.

Every lesson teaches one concept in the same four movements
(``shared/LESSONS.md``): **play** the real game at a board whose panel shows
the exact odds of the decision at hand; **predict** a number before anything
is revealed; **simulate** with a seed of the page's own (two students get two
samples a class can pool, and the seed is shown so a run can be repeated);
**compute** the exact value with its derivation, then **exercises** the page
checks, each with its tolerance, a hint after a wrong answer and a worked
solution on demand. Plus teacher notes, the rules in brief, a tournament of
bots with 95 % intervals, and one language switch for the whole page.

A game declares its lesson as a :class:`~mineedu.core.lesson.LessonSpec`
(``games/<name>/lesson.py``; the spec and the reading of a typed answer live in
:mod:`mineedu.core.lesson`, without widgets); :class:`Lesson` builds the page.
Nothing heavy runs before a student asks: simulations and tournaments run
on their buttons, with a progress bar.
"""

from __future__ import annotations

import html
import math
import secrets
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as W
import numpy as np

from mineedu.core import State, Texts, first_decision, fraction_text, game_class, make, tournament
from mineedu.core.errors import whole
from mineedu.core.i18n import DEFAULT_LANG, LANGS, format_count, format_number, join_clauses
from mineedu.core.lesson import (
    ExerciseSpec,
    LessonSpec,
    Predict,
    TournamentSpec,
    exact_text,
    judge,
    lesson_spec,
    parse_answer,
    rule_text,
    value_text,
    verdict_text,
    words,
)
from mineedu.core.protocol import Words

from . import charts
from .board import Board
from .board_view import LANG_OPTIONS
from .classroom import Classroom, Pacing
from .review import progress_bar
from .sharing import share_defaults

T = Texts(
    {
        "check": {"fr": "Vérifier", "en": "Check"},
        "answer": {"fr": "Réponse", "en": "Answer"},
        "solution": {"fr": "Voir la solution", "en": "Show the solution"},
        "hide_solution": {"fr": "Cacher la solution", "en": "Hide the solution"},
        # predict -> simulate -> compute
        "predict_head": {"fr": "Prédire → simuler → calculer", "en": "Predict → simulate → compute"},
        "step1": {"fr": "1. Votre prédiction", "en": "1. Your prediction"},
        "step2": {"fr": "2. Simuler", "en": "2. Simulate"},
        "step3": {"fr": "3. La valeur exacte", "en": "3. The exact value"},
        "guess": {"fr": "Ma prédiction", "en": "My prediction"},
        "commit": {"fr": "Je m'engage sur cette prédiction", "en": "I commit to this prediction"},
        "committed": {"fr": "Prédiction notée : {g}.", "en": "Prediction recorded: {g}."},
        "need_guess": {"fr": "Notez d'abord votre prédiction : la valeur exacte se montre ensuite.",
                       "en": "Write your prediction first: the exact value shows after."},
        "trials": {"fr": "Essais", "en": "Trials"},
        "simulate": {"fr": "Simuler", "en": "Simulate"},
        "sim_progress": {"fr": "Essais simulés", "en": "Trials simulated"},
        "seed": {"fr": "Graine", "en": "Seed"},
        "seed_note": {"fr": "Graine de cette page : {seed} (une autre page tire d'autres essais ; "
                            "remettez la même graine pour refaire les mêmes).",
                      "en": "This page's seed: {seed} (another page draws other trials; put the same seed back to repeat them)."},
        "sim_freq": {"fr": "Simulé : {hits} sur {n} = {freq} (intervalle à 95\u00a0% : {lo} à {hi}).",
                     "en": "Simulated: {hits} of {n} = {freq} (95% interval: {lo} to {hi})."},
        "sim_mean": {"fr": "Simulé : moyenne de {n} essais = {mean} (intervalle à 95\u00a0% : {lo} à {hi}).",
                     "en": "Simulated: mean of {n} trials = {mean} (95% interval: {lo} to {hi})."},
        "reveal": {"fr": "Montrer la valeur exacte", "en": "Show the exact value"},
        "held": {"fr": "Votre enseignant·e montrera la valeur exacte à toute la classe en même temps.",
                 "en": "Your teacher will show the exact value to the whole class at once."},
        "exact_is": {"fr": "Valeur exacte : {exact} ≈ {approx}.", "en": "Exact value: {exact} ≈ {approx}."},
        "your_gap": {"fr": "Votre prédiction ({g}) s'en écarte de {d}.", "en": "Your prediction ({g}) is off by {d}."},
        "chart_x": {"fr": "nombre d'essais", "en": "number of trials"},
        "chart_freq": {"fr": "fréquence simulée", "en": "simulated frequency"},
        "chart_mean": {"fr": "moyenne simulée", "en": "simulated mean"},
        "chart_pred": {"fr": "ma prédiction", "en": "my prediction"},
        "chart_exact": {"fr": "valeur exacte", "en": "exact value"},
        "chart_sim": {"fr": "simulé", "en": "simulated"},
        "bad_value": {"fr": "Valeur refusée pour « {what} » : {v} (entre {lo} et {hi}).",
                      "en": "Value refused for \"{what}\": {v} (between {lo} and {hi})."},
        "bad_guess": {"fr": "Prédiction illisible : {v}.", "en": "Unreadable prediction: {v}."},
        # tournament
        "tournament_head": {"fr": "Tournoi de robots", "en": "A tournament of bots"},
        "games": {"fr": "Parties", "en": "Games"},
        "run": {"fr": "Lancer le tournoi", "en": "Run the tournament"},
        "t_progress": {"fr": "Parties jouées", "en": "Games played"},
        "win_rate": {"fr": "taux de victoire", "en": "win rate"},
        "bots": {"fr": "robots", "en": "bots"},
        "t_result": {"fr": "Sur {g} parties : {rows}.", "en": "Over {g} games: {rows}."},
        "t_row": {"fr": "{bot} gagne {w} (95\u00a0% : {lo} à {hi})", "en": "{bot} wins {w} (95%: {lo} to {hi})"},
        "t_seed": {"fr": "Graine du tournoi : {seed}.", "en": "Tournament seed: {seed}."},
        # page
        "exercises": {"fr": "Exercices", "en": "Exercises"},
        "notes": {"fr": "Pour l'enseignant·e", "en": "For the teacher"},
        "level": {"fr": "Niveau", "en": "Level"},
        "duration": {"fr": "Durée", "en": "Duration"},
        "objectives": {"fr": "Objectifs", "en": "Objectives"},
        "prerequisites": {"fr": "Prérequis", "en": "Prerequisites"},
        "rules": {"fr": "Les règles en bref", "en": "The rules in brief"},
        "back": {"fr": "← Toutes les leçons", "en": "← All lessons"},
        "play": {"fr": "Jouer", "en": "Play"},
    }
)


def slider_layout() -> W.Layout:
    """A slider as wide as its label, track and number need at any font size (never over its neighbours)."""
    return W.Layout(width="30em", max_width="100%", margin="4px 16px 4px 0")


def count_slider(lo: int, hi: int, default: int, language: Language) -> tuple[W.IntSlider, W.HBox]:
    """A slider of a count (trials, games) beside its number written the reader's way ("10 000", "10,000"),
    the two kept on one line: ipywidgets' own readout groups thousands only the English way. The number
    follows the drag."""
    slider = W.IntSlider(value=default, min=lo, max=hi, step=lo, readout=False,
                         layout=W.Layout(flex="1 1 auto", width="auto", min_width="0", margin="4px 0"))
    number = W.HTML(layout=W.Layout(flex="0 0 5.5em", margin="4px 0 4px 8px"))
    number.add_class("mineedu-readout")

    def show(_lang: Any = None) -> None:
        number.value = format_count(slider.value, language.lang)

    slider.observe(show, names="value")
    language.register(show)
    row = W.HBox([slider, number], layout=slider_layout())
    row.layout.flex_flow, row.layout.align_items = "row nowrap", "center"
    return slider, row


def row_layout() -> W.Layout:
    """A row of controls (a slider, its button, its progress bar) that wraps on a phone, each level with the others."""
    return W.Layout(flex_flow="row wrap", align_items="center")


# --- the page's parts -------------------------------------------------------------------


class Language:
    """One language switch for a whole page; parts register a callback ``f(lang)``."""

    def __init__(self, lang: str = DEFAULT_LANG) -> None:
        self.lang = lang if lang in LANGS else DEFAULT_LANG
        self.switch = W.ToggleButtons(options=LANG_OPTIONS, value=self.lang, style={"button_width": "7em"})
        self.switch.add_class("mineedu-lang")
        self._parts: list[Callable[[str], None]] = []
        self.switch.observe(lambda ch: self.set(ch["new"]), names="value")

    def register(self, part: Callable[[str], None]) -> None:
        self._parts.append(part)
        part(self.lang)

    def set(self, lang: Any) -> None:
        if lang not in LANGS:  # a client may send anything; the toggle refuses it already
            return
        self.lang = lang
        if self.switch.value != lang:
            self.switch.value = lang
        for part in self._parts:
            part(lang)


class BilingualHTML:
    """An HTML widget whose content is a function of the language."""

    def __init__(self, content: Callable[[str], str] | Words, language: Language) -> None:
        if callable(content):
            self.content: Callable[[str], str] = content
        else:
            table = content
            self.content = lambda lang: table[lang]
        self.widget = W.HTML()
        language.register(self.render)

    def render(self, lang: str) -> None:
        self.widget.value = self.content(lang)


class Part:
    """A widget shown in a notebook with a short text summary as its ``text/plain``.

    Voilà and Jupyter show the widget; the summary is what a saved notebook
    keeps as plain text (and what nbval compares), instead of a widget's long repr.
    """

    def __init__(self, widget: W.Widget, summary: Callable[[], str]) -> None:
        self.widget = widget
        self.summary = summary

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        data = dict(self.widget._repr_mimebundle_(include=include, exclude=exclude) or {})
        data["text/plain"] = self.summary()
        return data

    def __repr__(self) -> str:
        return self.summary()


def exact_line(exact: Fraction, lang: str, percent: bool) -> str:
    """"Valeur exacte : 201/551 ≈ 36,5 %.": a question's exact value, on its page and on the dashboard."""
    return T("exact_is", lang, exact=exact_text(exact), approx=value_text(exact, lang, percent))


def _alert(text: str) -> str:
    return f"<div role='alert' class='mineedu-alert'>{html.escape(text)}</div>"


class Exercise:
    """A question whose answer the page checks, with its tolerance, a hint and a solution."""

    def __init__(self, spec: ExerciseSpec, number: int, language: Language, classroom: Classroom | None = None) -> None:
        self.spec = spec
        self.number = number
        self.language = language
        self.classroom = classroom
        self.prompt = W.HTML()
        self.box = W.Text(layout=W.Layout(width="14em"), continuous_update=False)  # Enter sends it
        self.box.add_class("mineedu-answer")
        self.box.observe(lambda ch: self.check(ch["new"]) if ch["new"].strip() else None, names="value")
        self.button = W.Button(button_style="primary")
        self.button.add_class("mineedu-check")
        self.feedback = W.HTML()
        self.feedback.add_class("mineedu-feedback")
        self.solution_button = W.ToggleButton(value=False, layout=W.Layout(width="auto"))
        self.solution_button.add_class("mineedu-solution-toggle")
        self.solution = W.HTML()
        self.solution.add_class("mineedu-solution")
        self.button.on_click(lambda _b: self.check(self.box.value))
        self.solution_button.observe(lambda _ch: self.render(self.language.lang), names="value")
        self.widget = W.VBox([self.prompt, W.HBox([self.box, self.button, self.solution_button],
                                                   layout=W.Layout(flex_flow="row wrap")), self.feedback, self.solution])
        self.widget.add_class("mineedu-exercise")
        self._last: tuple[str, dict[str, Any]] | None = None
        language.register(self.render)

    def is_right(self, value: Fraction) -> bool:
        return self._judge(value, "")[0] == "right"

    def _judge(self, value: Fraction | None, shown: str) -> tuple[str, dict[str, Any]]:
        return judge(value, shown, self.spec.answer, self.spec.tolerance, self.spec.probability)

    def check(self, text: Any) -> bool:
        shown = str(text).strip()[:40]
        self._last = self._judge(parse_answer(text), shown)
        self.render(self.language.lang)
        right = self._last[0] == "right"
        if self.classroom is not None and self._last[0] in ("right", "wrong"):
            self.classroom.record("exercise", self.key, {"correct": right, "answer": shown}, section="exercises")
        return right

    @property
    def key(self) -> str:
        """The exercise's name in the class store."""
        return f"e{self.number}"

    def render(self, lang: str) -> None:
        rule = rule_text(self.spec.tolerance, lang)
        self.prompt.value = f"<p><b>{self.number}.</b> {words(self.spec.question, lang)} <i>{html.escape(rule)}</i></p>"
        self.box.placeholder = T("answer", lang)
        self.button.description = T("check", lang)
        self.solution_button.description = T("hide_solution" if self.solution_button.value else "solution", lang)
        self.solution.value = (f"<div class='mineedu-worked'>{words(self.spec.solution, lang)}</div>"
                               if self.solution_button.value else "")
        if not self._last:
            self.feedback.value = ""
            return
        key, fmt = self._last
        text = verdict_text(key, fmt, lang, hint=words(self.spec.hint, lang))
        colour = "#0a6b3d" if key == "right" else "#B00020"
        self.feedback.value = f"<p role='status' style='color:{colour}'>{html.escape(text)}</p>"


class PredictSection:
    """Predict → simulate → compute for one :class:`Predict` (see the module docstring)."""

    CHUNK = 20_000

    def __init__(self, spec: Predict, language: Language, seed: int, index: int = 0,
                 classroom: Classroom | None = None) -> None:
        self.spec = spec
        self.language = language
        self.seed = seed
        self.index = index
        self.classroom = classroom
        self.pacing = Pacing()
        self.runs = 0
        self.question = W.HTML()
        self.param = W.IntSlider(value=spec.param.default, min=spec.param.lo, max=spec.param.hi,
                                 continuous_update=False, layout=slider_layout()) if spec.param else None
        self.guess = W.Text(layout=W.Layout(width="12em"))
        self.guess.add_class("mineedu-guess")
        self.commit = W.Button(layout=W.Layout(width="auto"))
        self.commit.add_class("mineedu-commit")
        lo, hi, default = spec.trials
        self.trials, trials_row = count_slider(lo, hi, default, language)
        self.seed_box = W.IntText(value=seed, layout=W.Layout(width="20em", max_width="100%"))  # 12 digits seen
        self.seed_box.add_class("mineedu-seed")
        self.simulate_button = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        self.simulate_button.add_class("mineedu-simulate")
        self.progress = progress_bar()
        self.reveal_button = W.Button(disabled=True, layout=W.Layout(width="auto"))
        self.reveal_button.add_class("mineedu-reveal")
        self.message = W.HTML()
        self.result = W.HTML()
        self.result.add_class("mineedu-sim-result")
        self.chart = W.HTML()
        self.chart.add_class("mineedu-chart-box")
        self.exact_box = W.HTML()
        self.exact_box.add_class("mineedu-exact")
        self.prediction: Fraction | None = None
        self.revealed = False
        self.last: dict[str, Any] | None = None
        self._message: tuple[str, dict[str, Any]] | None = None
        self.commit.on_click(lambda _b: self.receive("commit", self.guess.value))
        self.simulate_button.on_click(lambda _b: self.receive("simulate", None))
        self.reveal_button.on_click(lambda _b: self.receive("reveal", None))
        if self.param is not None:
            self.param.observe(lambda ch: self.receive("param", ch["new"]), names="value")
        rows: list[W.Widget] = [self.question]
        if self.param is not None:
            rows.append(self.param)
        self.step1, self.step2, self.step3 = W.HTML(), W.HTML(), W.HTML()
        rows += [self.step1, W.HBox([self.guess, self.commit], layout=W.Layout(flex_flow="row wrap")),
                 self.step2, W.HBox([trials_row, self.simulate_button, self.progress], layout=row_layout()),
                 self.seed_box, self.result, self.chart,
                 self.step3, W.HBox([self.reveal_button]), self.exact_box, self.message]
        self.widget = W.VBox(rows)
        self.widget.add_class("mineedu-predict")
        language.register(self.render)
        if classroom is not None:
            classroom.on_pacing(self.set_pacing)

    @property
    def key(self) -> str:
        """The question's name in the class store: its number, and its parameter (``q1-3``: k = 3)."""
        v = self.param_value()
        return f"q{self.index + 1}" + (f"-{v}" if v is not None else "")

    def shown(self) -> bool:
        """Whether the exact value shows: revealed by the teacher, or by the student unless the teacher holds it."""
        return self.key in self.pacing.revealed or (self.revealed and not self.pacing.held)

    def set_pacing(self, pacing: Pacing) -> None:
        """The teacher's pacing changed (the class store's watcher): redraw if this question is concerned."""
        before = self.shown(), self.pacing.hides(self.key)
        self.pacing = pacing
        if (self.shown(), pacing.hides(self.key)) != before:
            self.render(self.language.lang)

    def _report(self, kind: str, value: Any) -> None:
        if self.classroom is not None:
            self.classroom.record(kind, self.key, value, section="predict")

    # every input enters here and is checked (a client can send any value)
    def receive(self, kind: str, value: Any) -> None:
        self._message = None
        if kind == "commit":
            g = parse_answer(value)
            if g is None or (not self.spec.mean and not 0 <= g <= 1):
                self._message = ("bad_guess", {"v": repr(str(value)[:40])})
            elif not self.shown():
                self.prediction = g
                self._report("prediction", {"value": float(g)})
        elif kind == "param":
            p = self.spec.param
            assert p is not None
            if not whole(value, p.lo, p.hi):
                what = words(p.words, self.language.lang)
                self._message = ("bad_value", {"what": what, "v": repr(value)[:40], "lo": p.lo, "hi": p.hi})
            else:  # a new question: a new prediction, a new simulation
                self.prediction, self.revealed, self.last = None, False, None
        elif kind == "simulate":
            self.run()
            return
        elif kind == "reveal":
            if self.prediction is None:
                self._message = ("need_guess", {})
            elif self.pacing.hides(self.key):
                self._message = ("held", {})
            else:
                self.revealed = True
        self.render(self.language.lang)

    def param_value(self) -> int | None:
        return self.param.value if self.param is not None else None

    def run(self) -> dict[str, Any] | None:
        """Simulate (checked values, chunks with progress), then redraw."""
        lo, hi, _ = self.spec.trials
        n, seed = self.trials.value, self.seed_box.value
        if not whole(n, lo, hi):
            self._message = ("bad_value", {"what": T("trials", self.language.lang), "v": repr(n)[:40], "lo": lo, "hi": hi})
        elif not whole(seed, 0, 2**63 - 1):
            self._message = ("bad_value", {"what": T("seed", self.language.lang), "v": repr(seed)[:40], "lo": 0, "hi": "2^63"})
        if self._message:
            self.render(self.language.lang)
            return None
        self.runs += 1
        rng = np.random.default_rng([seed, self.index, self.runs])
        self.progress.max, self.progress.value = n, 0
        parts, done = [], 0
        while done < n:
            m = min(self.CHUNK, n - done)
            parts.append(np.asarray(self.spec.simulate(self.param_value(), m, rng), dtype=float))
            done += m
            self.progress.value = done
        values = np.concatenate(parts)
        self.last = {"n": n, "seed": seed, "values": values, "param": self.param_value(),
                     "running": np.cumsum(values) / np.arange(1, n + 1)}
        self.render(self.language.lang)
        if self.spec.mean:  # a mean pools by the sum and the sum of squares of the values drawn here
            self._report("trials", {"sum": float(values.sum()), "sumsq": float(np.square(values).sum()), "trials": n})
        else:
            self._report("trials", {"successes": int(values.sum()), "trials": n})
        return self.last

    def exact(self) -> Fraction:
        return self.spec.exact(self.param_value())

    def render(self, lang: str) -> None:
        s = self.spec
        self.question.value = f"<div class='mineedu-question'>{s.question(self.param_value(), lang)}</div>"
        if self.param is not None:
            self.param.description = words(s.param.words, lang)  # type: ignore[union-attr]
            self.param.style.description_width = "initial"
        self.step1.value = f"<h4>{T('step1', lang)}</h4>"
        self.step2.value = f"<h4>{T('step2', lang)}</h4>"
        self.step3.value = f"<h4>{T('step3', lang)}</h4>"
        self.guess.placeholder = T("guess", lang)
        shown, held = self.shown(), self.pacing.hides(self.key)
        self.guess.disabled = shown
        self.commit.description = T("commit", lang)
        self.commit.disabled = shown
        self.trials.description = T("trials", lang)
        self.seed_box.description = T("seed", lang)
        self.simulate_button.description = T("simulate", lang)
        self.progress.description = T("sim_progress", lang)  # what the bar counts
        self.reveal_button.description = T("reveal", lang)
        self.reveal_button.disabled = self.prediction is None or shown or held
        percent = not s.mean
        notes = []
        if self.prediction is not None:
            notes.append(T("committed", lang, g=value_text(self.prediction, lang, percent, typed=True)))
        elif not shown:
            notes.append(T("need_guess", lang))
        if held:
            notes.append(T("held", lang))
        notes.append(T("seed_note", lang, seed=self.seed_box.value))
        text = " ".join(notes)
        exact = self.exact() if shown else None
        if self.last is not None:
            vals, n = self.last["values"], self.last["n"]
            if s.mean:
                m, sd = float(vals.mean()), float(vals.std(ddof=1)) if n > 1 else 0.0
                h = 1.959963984540054 * sd / math.sqrt(n)
                text += " " + T("sim_mean", lang, n=format_count(n, lang), mean=value_text(m, lang, False),
                                lo=value_text(m - h, lang, False), hi=value_text(m + h, lang, False))
            else:
                from mineedu.core import wilson_interval

                hits = int(vals.sum())
                a, b = wilson_interval(hits, n)
                text += " " + T("sim_freq", lang, hits=format_count(hits, lang), n=format_count(n, lang),
                                freq=value_text(hits / n, lang, True), lo=value_text(a, lang, True), hi=value_text(b, lang, True))
            self.chart.value = self._chart(lang, exact)
        else:
            self.chart.value = ""
        self.result.value = f"<p role='status'>{html.escape(text)}</p>"
        if exact is not None:
            is_ = exact_line(exact, lang, percent)
            parts = [f"<p class='mineedu-exact-value'><b>{html.escape(is_)}</b></p>"]
            if self.prediction is not None:
                gap = T("your_gap", lang, g=value_text(self.prediction, lang, percent, typed=True),
                        d=value_text(abs(self.prediction - exact), lang, percent))
                parts.append(f"<p>{html.escape(gap)}</p>")
            parts.append(s.derivation(self.param_value(), lang))
            if s.compare is not None:
                rows = "".join(f"<tr><th scope='row'>{html.escape(name)}</th><td>{exact_text(v)}</td>"
                               f"<td>{value_text(v, lang, percent)}</td></tr>"
                               for name, v in s.compare(self.param_value(), lang))
                parts.append(f"<table class='mineedu-compare'>{rows}</table>")
            self.exact_box.value = "".join(parts)
        else:
            self.exact_box.value = ""
        if self._message:
            key, fmt = self._message
            self.message.value = _alert(T(key, lang, **fmt))
        else:
            self.message.value = ""

    def _chart(self, lang: str, exact: Fraction | None) -> str:
        assert self.last is not None
        s, vals, n = self.spec, self.last["values"], self.last["n"]
        if s.distribution is not None:
            law = s.distribution(self.param_value())
            xs = sorted(set(law) | {int(v) for v in np.unique(vals)})
            counts = {int(v): int(c) for v, c in zip(*np.unique(vals.astype(int), return_counts=True), strict=True)}
            sim = [counts.get(x, 0) / n for x in xs]
            return charts.histogram(xs, sim, [float(law.get(x, 0)) for x in xs] if exact is not None else None, lang=lang,
                                    labels={"x": words(s.param.words, lang) if s.param else "", "y": T("chart_freq", lang),
                                            "simulated": T("chart_sim", lang), "exact": T("chart_exact", lang)})
        points = np.unique(np.geomspace(1, n, num=min(n, 120)).astype(int))
        running = self.last["running"][points - 1]
        return charts.convergence(
            points.tolist(), running.tolist(), prediction=float(self.prediction) if self.prediction is not None else None,
            exact=float(exact) if exact is not None else None, lang=lang, percent=not s.mean,
            labels={"x": T("chart_x", lang), "y": T("chart_mean" if s.mean else "chart_freq", lang),
                    "prediction": T("chart_pred", lang), "exact": T("chart_exact", lang)},
        )

    def summary(self) -> str:
        v = self.param_value()
        return f"predict/simulate/compute: exact {fraction_text(self.exact())}" + (f" at {v}" if v is not None else "")


class TournamentSection:
    """Bots against each other (seats rotate), win rates with 95 % intervals, on demand."""

    def __init__(self, spec: TournamentSpec, game_name: str, language: Language, seed: int,
                 classroom: Classroom | None = None) -> None:
        self.spec = spec
        self.game_name = game_name
        self.language = language
        self.seed = seed
        self.classroom = classroom
        lo, hi, default = spec.games
        self.intro = W.HTML()
        self.games, games_row = count_slider(lo, hi, default, language)
        self.button = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        self.button.add_class("mineedu-run")
        self.progress = progress_bar()
        self.result = W.HTML()
        self.result.add_class("mineedu-tournament")
        self.chart = W.HTML()
        self.last: dict[str, Any] | None = None
        self._message: tuple[str, dict[str, Any]] | None = None
        self.button.on_click(lambda _b: self.run(self.games.value))
        self.widget = W.VBox([self.intro, W.HBox([games_row, self.button, self.progress], layout=row_layout()),
                              self.result, self.chart])
        self.widget.add_class("mineedu-tournament-box")
        language.register(self.render)

    def run(self, games: Any) -> dict[str, Any] | None:
        lo, hi, _ = self.spec.games
        if not whole(games, lo, hi):
            self._message = ("bad_value", {"what": T("games", self.language.lang), "v": repr(games)[:40], "lo": lo, "hi": hi})
            self.render(self.language.lang)
            return None
        self._message = None
        game = make(self.game_name, self.spec.players, **dict(self.spec.config))
        self.progress.max, self.progress.value = games, 0
        self.last = tournament(game, list(self.spec.bots), games, self.seed,
                               progress=lambda g: setattr(self.progress, "value", g))
        self.render(self.language.lang)
        if self.classroom is not None:  # each bot's wins add to the class's (a bot's rows pooled over seats)
            for row in self.last["bots"]:
                self.classroom.record("tournament", str(row["bot"]),
                                      {"wins": round(float(row["win"]["mean"]) * games), "games": games}, section="tournament")
        return self.last

    def bot_name(self, spec: str, lang: str) -> str:
        if self.spec.bot_words:
            return self.spec.bot_words(spec, lang)
        return game_class(self.game_name).bot_name(make(self.game_name, self.spec.players), spec, lang)

    def render(self, lang: str) -> None:
        self.intro.value = f"<h3>{T('tournament_head', lang)}</h3><p>{words(self.spec.question, lang)}</p>"
        self.games.description = T("games", lang)
        self.button.description = T("run", lang)
        self.progress.description = T("t_progress", lang)
        if self._message:
            key, fmt = self._message
            self.result.value = _alert(T(key, lang, **fmt))
            return
        if self.last is None:
            self.result.value = self.chart.value = ""
            return
        rows = self.last["bots"]
        names = [self.bot_name(r["bot"], lang) for r in rows]
        rates = [r["win"]["mean"] for r in rows]
        cis = [(float(r["win"]["ci95"][0]), float(r["win"]["ci95"][1])) for r in rows]
        def pct(x: float) -> str:
            return format_number(x, lang, 0, percent=True)

        parts = join_clauses((T("t_row", lang, bot=nm, w=pct(w), lo=pct(a), hi=format_number(b, lang, 0, percent=True))
                              for nm, w, (a, b) in zip(names, rates, cis, strict=True)), lang)
        text = T("t_result", lang, g=format_count(self.last["games"], lang), rows=parts) + " " + T("t_seed", lang, seed=self.seed)
        reading = self.spec.reading(self.last, lang) if self.spec.reading else ""
        self.result.value = f"<p role='status'>{html.escape(text)}</p>" + (f"<p>{reading}</p>" if reading else "")
        self.chart.value = charts.interval_bars(names, rates, cis, lang=lang,
                                                labels={"x": T("bots", lang), "y": T("win_rate", lang)})

    def summary(self) -> str:
        return f"tournament of {', '.join(self.spec.bots)} ({self.spec.players} players, run on demand)"


def rules_picture(name: str, players: int, lang: str, config: Mapping[str, Any] | None = None) -> str:
    """The game's picture at the first decision of a fresh game (a fixed deal, for the rules)."""
    game = make(name, players, **dict(config or {}))
    state: State = first_decision(game.initial_state(), np.random.default_rng(1))
    return game.render_svg(state, None, lang)


class Lesson:
    """A lesson page built from a :class:`LessonSpec`: each attribute named in :attr:`parts`
    is one :class:`Part` a notebook cell displays."""

    def __init__(self, spec: LessonSpec, lang: str = DEFAULT_LANG, seed: int | None = None, teacher: bool = False) -> None:
        from .page import PageMeta

        if seed is None:  # a fresh deal and fresh samples for every page (each preheated kernel draws its own)
            seed = 100_000 + secrets.randbelow(900_000)  # six digits a student can read out and type again
        self.spec = spec
        self.seed = seed
        self.language = Language(lang)
        self.meta = PageMeta()
        self.language.register(lambda lg: self.meta.set(lg, words(spec.title, lg)))
        self.classroom = Classroom(spec.game)  # joins the class once the page has a visitor (apply_query)
        self.language.register(self.classroom.render)
        game = make(spec.game, spec.players, **dict(spec.config))
        self.game_board = Board(game, seats=spec.seats, seed=seed, lang=self.language.lang, teacher=teacher,
                                bot_choices=spec.bot_choices)
        self.game_board.lang_switch.layout.display = "none"  # the page's switch drives the board
        self.language.register(lambda lg: self.game_board.receive("lang", lg) if self.game_board.lang != lg else None)
        head = BilingualHTML(self._head, self.language)
        rules = BilingualHTML(self._rules, self.language)
        self.header = Part(W.VBox([self.meta, self.language.switch, head.widget, rules.widget, self.classroom.bar]),
                           lambda: f"{spec.title['en']} ({spec.game}): teacher notes, rules in brief")
        self.header.widget.add_class("mineedu-header")
        self.board = Part(self.game_board.widget, self.board_summary)
        self.predict_sections = [PredictSection(p, self.language, seed, i, self.classroom) for i, p in enumerate(spec.predict)]
        predict_head = BilingualHTML(lambda lg: f"<h2>{T('predict_head', lg)}</h2>", self.language)
        self.predict = Part(W.VBox([predict_head.widget, *(s.widget for s in self.predict_sections)]),
                            lambda: "; ".join(s.summary() for s in self.predict_sections))
        self.tournament_section = (TournamentSection(spec.tournament, spec.game, self.language, seed % 100_000,
                                                     self.classroom) if spec.tournament else None)
        self.tournament = Part(self.tournament_section.widget if self.tournament_section else W.HTML(),
                               lambda: self.tournament_section.summary() if self.tournament_section else "no tournament")
        self.exercise_list = [Exercise(e, i + 1, self.language, self.classroom) for i, e in enumerate(spec.exercises)]
        ex_head = BilingualHTML(lambda lg: f"<h2>{T('exercises', lg)}</h2>", self.language)
        self.exercises = Part(W.VBox([ex_head.widget, *(e.widget for e in self.exercise_list)]),
                              lambda: f"{len(self.exercise_list)} exercises: answers "
                              + ", ".join(fraction_text(e.spec.answer) for e in self.exercise_list))
        share_defaults(*(getattr(self, p).widget for p in self.parts))  # a third fewer models for the page to load
        # one first name for the class and its tables: given to either, the other has it
        self.classroom.bar.observe(self._class_name, names="name")
        self.game_board.table.named.append(self._table_name)
        self.meta.observe(self._view_changed, names="view")  # the projector view: the game's wide picture

    parts = ("header", "board", "predict", "tournament", "exercises")

    def _view_changed(self, change: Any) -> None:
        from .page import PROJECTOR

        wide = change["new"] == PROJECTOR
        if self.game_board.wide != wide:
            self.game_board.wide = wide
            self.game_board.redraw()

    def _class_name(self, change: Any) -> None:
        """The student joined the class: a table's join box (still asking) has the name ready."""
        box = self.game_board.table.name_box
        if change["new"] and not box.value and self.game_board.table.state != "seated":
            box.value = change["new"]

    def _table_name(self, name: str) -> None:
        """A seat taken with a first name: the class bar, still asking, joins the class with it."""
        c = self.classroom
        if c.active and c.sid is None and c.bar.state == "ask":
            c.hello({"name": name, "ticket": ""})

    def _head(self, lang: str) -> str:
        s = self.spec
        n = s.notes
        note = " · ".join(f"<b>{T(k, lang)}</b> : {words(getattr(n, k), lang)}" if lang == "fr" else
                          f"<b>{T(k, lang)}</b>: {words(getattr(n, k), lang)}"
                          for k in ("level", "duration", "objectives", "prerequisites"))
        return (f"<p class='mineedu-back'><a href='index.ipynb?lang={lang}'>{T('back', lang)}</a></p>"
                f"<h1>{html.escape(words(s.title, lang))}</h1>"
                f"<details class='mineedu-notes'><summary>{T('notes', lang)}</summary><p>{note}</p></details>")

    def _rules(self, lang: str) -> str:
        picture = rules_picture(self.spec.game, self.spec.players, lang, self.spec.config)
        return (f"<details class='mineedu-rules'><summary>{T('rules', lang)}</summary>{words(self.spec.rules, lang)}"
                f"<div class='mineedu-rules-picture'>{picture}</div></details>")

    def board_summary(self) -> str:
        b = self.game_board
        if self.spec.summary is not None:
            return self.spec.summary(b)
        seats = ", ".join("human" if s is None else s for s in b.session.seats)
        return f"{self.spec.game} board: seats {seats}"

    def apply_query(self, query: str) -> None:
        """``lang=en`` (and ``teacher=1``) from the page's address; then the page joins the class, if there is one."""
        from urllib.parse import parse_qs

        q = parse_qs(query or "")
        lang = q.get("lang", [""])[0]
        if lang in LANGS:
            self.language.set(lang)
        if (q.get("teacher") or ["0"])[0] == "1":
            self.game_board.set_teacher(True)
        self.classroom.start()


def lesson(name: str, lang: str = DEFAULT_LANG, seed: int | None = None) -> Lesson:
    """The lesson page of game ``name`` (see :class:`Lesson`)."""
    spec = lesson_spec(name)
    if spec is None:
        raise ValueError(f"{name} has no lesson yet")
    return Lesson(spec, lang, seed)


__all__ = [  # the spec's names too (mineedu.core.lesson), which the page reads and tests import from here
    "BilingualHTML", "Exercise", "ExerciseSpec", "Language", "Lesson", "LessonSpec", "Part", "Predict",
    "PredictSection", "TournamentSection", "TournamentSpec", "lesson", "lesson_spec", "parse_answer", "words",
]
