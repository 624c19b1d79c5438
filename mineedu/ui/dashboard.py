"""The teacher's class dashboard (``notebooks/dashboard.ipynb``): the whole class on one page, live.

Two layers:

* the **model** (no widgets): :func:`read` takes a :class:`Snapshot` of one
  lesson from the class store, aggregates only (the store's SQL summaries:
  counts, sums, medians, running totals; never every record into Python), and
  the ``*_html`` functions draw its parts in French or English: who is
  connected and where, the shared tables (seats, whose turn, moves, a spectator
  link), for each predict → simulate → compute question the class's predictions
  (:func:`mineedu.ui.charts.dot_plot`, with the median) and pooled samples
  (:func:`mineedu.ui.charts.pooled`: the class frequency, or mean, inside its
  95 % band against the number of trials, each student a faint point), the exercises
  (how many tried, how many within tolerance: no names) and the pooled
  tournament win rates. An exact value is drawn only once revealed.
* the **page** (:class:`Dashboard`): the language switch, the lesson, the
  teacher's pacing (hold every exact value back on the students' pages, reveal
  one for everyone at once), table controls (create a table, give a seat to a
  bot), the export buttons (CSV or JSON, built by this kernel on the server and
  handed to the teacher's browser only) and a watcher that redraws the page
  whenever the store changes (``store.listen()``), at least every
  :data:`REFRESH` seconds (presence ages), with no reload.

Names appear only where the teacher asks for them ("names on hover", off by
default: the projector view shows dots and counts, never who is who).
"""

from __future__ import annotations

import asyncio
import base64
import csv
import functools
import html
import io
import json
import math
import threading
import time
import zipfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as W
import traitlets

from mineedu.core import Texts, game_class, make, wilson_interval
from mineedu.core.i18n import DEFAULT_LANG, LANGS, colon, count, format_count
from mineedu.core.lesson import LessonSpec, Predict, lesson_spec, value_text, words

from . import charts
from .board_view import LANG_OPTIONS
from .lesson import Part, exact_line
from .lesson import T as LT

HERE = Path(__file__).parent
REFRESH = 2.0  # seconds between two redraws when nothing changed (presence ages)
WAIT = 0.25  # seconds the watcher waits for a change before looking at the clock
PRESENT = 120  # seconds since a student was last seen for them to count as connected
Z = 1.959963984540054

# nouns a dashboard counts: French singular then plural, English singular then plural (core.i18n.count)
STUDENTS = ("élève", "élèves", "student", "students")
CONNECTED = ("élève connecté·e", "élèves connecté·e·s", "student connected", "students connected")
PREDICTIONS = ("prédiction", "prédictions", "prediction", "predictions")
TRIALS = ("essai", "essais", "trial", "trials")
SUCCESSES = ("succès", "succès", "success", "successes")
SIMULATIONS = ("simulation", "simulations", "simulation", "simulations")
GAMES = ("partie", "parties", "game", "games")

T = Texts(
    {
        "title": {"fr": "Tableau de bord de la classe", "en": "The class dashboard"},
        "lesson": {"fr": "Leçon", "en": "Lesson"},
        "names": {"fr": "Noms au survol (pas au projecteur)", "en": "Names on hover (not on the projector)"},
        "class_head": {"fr": "La classe", "en": "The class"},
        "nobody": {"fr": "Personne n'est connecté pour l'instant.", "en": "Nobody is connected yet."},
        "who": {"fr": "Prénom", "en": "First name"},
        "where": {"fr": "Leçon", "en": "Lesson"},
        "section": {"fr": "Partie", "en": "Part"},
        "seen": {"fr": "Vu·e", "en": "Seen"},
        "ago": {"fr": "il y a {s} s", "en": "{s} s ago"},
        "sec_header": {"fr": "début", "en": "start"},
        "sec_board": {"fr": "le jeu", "en": "the game"},
        "sec_predict": {"fr": "prédire, simuler", "en": "predict, simulate"},
        "sec_tournament": {"fr": "tournoi", "en": "tournament"},
        "sec_exercises": {"fr": "exercices", "en": "exercises"},
        "tables_head": {"fr": "Les tables", "en": "The tables"},
        "no_tables": {"fr": "Aucune table pour l'instant.", "en": "No table yet."},
        "code": {"fr": "Code", "en": "Code"},
        "game": {"fr": "Jeu", "en": "Game"},
        "seats": {"fr": "Places", "en": "Seats"},
        "turn": {"fr": "À qui", "en": "Whose turn"},
        "moves": {"fr": "Coups", "en": "Moves"},
        "watch": {"fr": "Regarder", "en": "Watch"},
        "free": {"fr": "libre", "en": "free"},
        "waiting": {"fr": "attend un·e élève", "en": "waiting for a student"},
        "bot": {"fr": "robot {b}", "en": "bot {b}"},
        "auto": {"fr": "automatique", "en": "automatic"},
        "over": {"fr": "partie finie", "en": "game over"},
        "chance": {"fr": "le hasard", "en": "chance"},
        "together": {"fr": "tout le monde choisit", "en": "everyone chooses"},
        "seat_n": {"fr": "place {n}", "en": "seat {n}"},
        "players": {"fr": "Joueurs", "en": "Players"},
        "bots_n": {"fr": "Robots", "en": "Bots"},
        "bot_kind": {"fr": "Robot", "en": "Bot"},
        "create": {"fr": "Créer une table", "en": "Create a table"},
        "created": {"fr": "Table {code} créée : les élèves tapent ce code sur la page de la leçon.",
                    "en": "Table {code} created: students type this code on the lesson page."},
        "give": {"fr": "Donner la place", "en": "Give the seat"},
        "no_bot": {"fr": "à un·e élève (place libre)", "en": "to a student (a free seat)"},
        "freed": {"fr": "Place {n} de la table {code} : libre pour un·e élève.",
                  "en": "Seat {n} of table {code}: free for a student."},
        "given": {"fr": "Place {n} de la table {code} : un robot y joue.", "en": "Seat {n} of table {code}: a bot plays it."},
        "table": {"fr": "Table", "en": "Table"},
        "seat": {"fr": "Place", "en": "Seat"},
        "predict_head": {"fr": "Prédictions et essais de la classe", "en": "The class's predictions and trials"},
        "hold": {"fr": "Retenir les valeurs exactes sur les pages des élèves jusqu'à ce que je les montre",
                 "en": "Hold the exact values back on the students' pages until I show them"},
        "reveal": {"fr": "Montrer la valeur exacte à toute la classe", "en": "Show the exact value to the whole class"},
        "unreveal": {"fr": "Cacher à nouveau", "en": "Hide it again"},
        "no_predictions": {"fr": "Pas encore de prédiction.", "en": "No prediction yet."},
        "pred_line": {"fr": "{n}, médiane {m} (de {lo} à {hi}).", "en": "{n}, median {m} (from {lo} to {hi})."},
        "no_trials": {"fr": "Pas encore d'essai simulé.", "en": "No simulated trial yet."},
        "trial_line": {"fr": "Essais de la classe : {s} sur {n} ({k}, {m}) = {f} (intervalle à 95\u00a0% : {lo} à {hi}).",
                       "en": "The class's trials: {s} in {n} ({k}, {m}) = {f} (95% interval: {lo} to {hi})."},
        "mean_line": {"fr": "Essais de la classe : moyenne {f} sur {n} ({k}, {m}) "
                            "(intervalle à 95\u00a0% : {lo} à {hi} ; approximation normale).",
                      "en": "The class's trials: mean {f} over {n} ({k}, {m}) "
                            "(95% interval: {lo} to {hi}; normal approximation)."},
        "mean_line_one": {"fr": "Essais de la classe : un seul essai, de valeur {f} (pas encore d'intervalle).",
                          "en": "The class's trials: a single trial, of value {f} (no interval yet)."},
        "held_note": {"fr": "Valeur exacte retenue : aucune page ne la montre avant que vous la montriez.",
                      "en": "Exact value held back: no page shows it before you show it."},
        "hidden_note": {"fr": "Valeur exacte : chaque élève la découvre après sa prédiction (ou montrez-la à tous).",
                        "en": "Exact value: each student finds it after their prediction (or show it to all)."},
        "x_pred": {"fr": "prédiction", "en": "prediction"},
        "median": {"fr": "médiane de la classe", "en": "class median"},
        "x_trials": {"fr": "nombre d'essais de la classe", "en": "the class's number of trials"},
        "y_freq": {"fr": "fréquence", "en": "frequency"},
        "y_mean": {"fr": "moyenne", "en": "mean"},
        "class_line": {"fr": "la classe (bande à 95\u00a0%)", "en": "the class (95% band)"},
        "one_student": {"fr": "un·e élève", "en": "one student"},
        "exercise": {"fr": "Exercice", "en": "Exercise"},
        "tried": {"fr": "Ont essayé", "en": "Tried"},
        "right": {"fr": "Juste (à la tolérance près)", "en": "Right (within tolerance)"},
        "attempts": {"fr": "Réponses en tout", "en": "Answers in all"},
        "tournament_head": {"fr": "Tournoi de la classe", "en": "The class's tournament"},
        "no_tournament": {"fr": "Personne n'a encore lancé le tournoi.", "en": "Nobody has run the tournament yet."},
        "t_line": {"fr": "{k}, {g} en tout.", "en": "{k}, {g} in all."},
        "export_csv": {"fr": "Exporter (tableur : CSV)", "en": "Export (spreadsheet: CSV)"},
        "export_json": {"fr": "Exporter (JSON)", "en": "Export (JSON)"},
        "exported": {"fr": "Fichier {name} préparé ({n}) : il se télécharge.",
                     "en": "File {name} ready ({n}): it is downloading."},
        "updated": {"fr": "Mis à jour à {t} (tout seul, sans recharger).", "en": "Updated at {t} (by itself, no reload)."},
        "no_store": {"fr": "Pas de classe : ce serveur n'a pas de base de la classe (lancez « mineedu serve --class »).",
                     "en": "No class: this server has no class store (run \"mineedu serve --class\")."},
        "store_error": {"fr": "La base de la classe ne répond pas : {why}. Nouvel essai dans un instant.",
                        "en": "The class store does not answer: {why}. Trying again in a moment."},
        "refused": {"fr": "Refusé : {why}", "en": "Refused: {why}"},
    }
)

SECTIONS = ("header", "board", "predict", "tournament", "exercises")


# --- the model -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    """One predict → simulate → compute question of a lesson, at one value of its parameter."""

    key: str
    index: int
    param: int | None
    spec: Predict

    def exact(self) -> Fraction:
        return self.spec.exact(self.param)

    def text(self, lang: str) -> str:
        return self.spec.question(self.param, lang)


def question_key(index: int, param: int | None) -> str:
    """The name a lesson page gives its question in the store (:attr:`mineedu.ui.lesson.PredictSection.key`).

    >>> question_key(0, 3), question_key(1, None)
    ('q1-3', 'q2')
    """
    return f"q{index + 1}" + (f"-{param}" if param is not None else "")


def questions(spec: LessonSpec, keys: Iterable[str] = ()) -> list[Question]:
    """The lesson's questions in page order: each one at its default parameter, and at every other
    value the class has answered (``keys`` seen in the store)."""
    seen = set(keys)
    out = []
    for i, p in enumerate(spec.predict):
        if p.param is None:
            out.append(Question(question_key(i, None), i, None, p))
            continue
        values = {p.param.default} | {v for v in range(p.param.lo, p.param.hi + 1) if question_key(i, v) in seen}
        out += [Question(question_key(i, v), i, v, p) for v in sorted(values)]
    return out


@dataclass(frozen=True)
class TableRow:
    """A shared table as the dashboard shows it: its info and whose turn it is (from the replayed log)."""

    info: Any  # mineedu.store.TableInfo
    turn: tuple[int, ...] | None  # the seats that owe a move; None: finished (or the log does not replay)
    chance: bool = False


@dataclass(frozen=True)
class Snapshot:
    """One lesson's class activity, read at ``at`` (aggregates from the store's SQL)."""

    lesson: str
    held: bool
    revealed: frozenset[str]
    presence: tuple[Any, ...]
    tables: tuple[TableRow, ...]
    predictions: Mapping[str, Any]
    trials: Mapping[str, Any]
    exercises: Mapping[str, Any]
    tournament: Mapping[str, Any]
    means: Mapping[str, Any] = field(default_factory=dict)
    at: float = field(default_factory=time.time)

    @property
    def keys(self) -> set[str]:
        return set(self.predictions) | set(self.trials) | set(self.means)


class Turns:
    """Whose turn at each table, replayed from its log once per table version (a cache)."""

    def __init__(self) -> None:
        self.known: dict[str, tuple[int, TableRow]] = {}

    def row(self, store: Any, info: Any) -> TableRow:
        version = getattr(info, "version", info.moves)
        hit = self.known.get(info.code)
        if hit is not None and hit[0] == version:
            return TableRow(info, hit[1].turn, hit[1].chance)
        from mineedu.store import StoreError, replay

        try:
            _, state, _ = replay(store, info.code)
            turn = None if state.is_terminal() else state.players_to_move()
            row = TableRow(info, turn, state.is_chance())
        except StoreError:
            row = TableRow(info, None)
        self.known[info.code] = (version, row)
        return row


def read(store: Any, lesson: str, turns: Turns | None = None, since: float = PRESENT) -> Snapshot:
    """The class's activity in ``lesson``, aggregates only (the store's summaries)."""
    turns = turns or Turns()
    return Snapshot(
        lesson=lesson,
        held=store.pacing(lesson),
        revealed=frozenset(store.revealed(lesson)),
        presence=tuple(store.presence(since_seconds=since)),
        tables=tuple(turns.row(store, t) for t in store.tables()),
        predictions=store.prediction_summary(lesson),
        trials=store.trial_summary(lesson),
        exercises=store.exercise_summary(lesson),
        tournament=store.tournament_summary(lesson),
        means=store.mean_summary(lesson),
    )


def lessons() -> list[str]:
    """The games that have a lesson, in the start page's order."""
    from .start import lessons as rows

    return [n for n, spec in rows() if spec is not None]


def _table(head: Iterable[str], rows: Iterable[Iterable[str]], cls: str) -> str:
    """An HTML table (cells already escaped)."""
    th = "".join(f"<th scope='col'>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table class='{cls}'><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def _e(text: Any) -> str:
    return html.escape(str(text))


def presence_html(snap: Snapshot, lang: str) -> str:
    """Who is connected (first names), in which lesson and part, seen how long ago."""
    if not snap.presence:
        return f"<p class='mineedu-nobody'>{_e(T('nobody', lang))}</p>"
    rows = []
    for p in snap.presence:
        title = _lesson_title(p.lesson, lang) if p.lesson else ""
        part = T(f"sec_{p.section}", lang) if p.section in SECTIONS else (p.section or "")
        ago = max(0, round(snap.at - p.last_seen))
        rows.append([_e(p.name), _e(title), _e(part), _e(T("ago", lang, s=ago))])
    head = [_e(T(k, lang)) for k in ("who", "where", "section", "seen")]
    return (f"<p class='mineedu-connected'><b>{_e(count(len(snap.presence), lang, *CONNECTED))}</b></p>"
            + _table(head, rows, "mineedu-presence"))


def _lesson_title(name: str, lang: str) -> str:
    try:
        return str(game_class(name).title.get(lang, name))
    except Exception:
        return name


def _seat_text(seat: Any, lang: str, game: str) -> str:
    n = seat.index + 1
    if getattr(seat, "auto", False):
        who = T("auto", lang)
    elif seat.bot:
        who = T("bot", lang, b=_bot_name(game, seat.bot, lang))
    elif seat.name:
        who = seat.name
    else:
        who = T("free", lang)
    return f"{n}.\u00a0{_e(who)}"


@functools.cache
def _bot_name(game: str, spec: str, lang: str) -> str:
    """A bot spec in the game's words."""
    try:
        return make(game, game_class(game).min_players).bot_name(spec, lang)
    except Exception:
        return spec


def _turn_text(row: TableRow, lang: str) -> str:
    info = row.info
    if info.finished or row.turn is None:
        return T("over", lang)
    if row.chance:
        return T("chance", lang)
    if len(row.turn) > 1:
        return T("together", lang)
    if not row.turn:
        return T("chance", lang)
    seat = info.seats[row.turn[0]] if row.turn[0] < len(info.seats) else None
    if seat is None:
        return T("seat_n", lang, n=row.turn[0] + 1)
    if not seat.bot and not seat.name and not getattr(seat, "auto", False):
        return f"{T('seat_n', lang, n=seat.index + 1)} ({T('waiting', lang)})"
    return f"{T('seat_n', lang, n=seat.index + 1)}{colon(lang)} {_seat_plain(seat, lang, info.game)}"


def _seat_plain(seat: Any, lang: str, game: str) -> str:
    if seat.bot:
        return T("bot", lang, b=_bot_name(game, seat.bot, lang))
    return str(seat.name or T("free", lang))


def tables_html(snap: Snapshot, lang: str) -> str:
    """The shared tables: code, game, seats, whose turn, moves so far, a spectator's link for the projector."""
    if not snap.tables:
        return f"<p>{_e(T('no_tables', lang))}</p>"
    rows = []
    for row in snap.tables:
        info = row.info
        spec = lesson_spec(info.game)
        page = spec.notebook if spec else f"{info.game}.ipynb"
        link = (f"<a class='mineedu-watch' target='_blank' rel='noopener' "
                f"href='{_e(page)}?table={_e(info.code)}&amp;watch=1&amp;view=projector&amp;lang={lang}'>"
                f"{_e(T('watch', lang))}</a>")
        seats = " · ".join(_seat_text(s, lang, info.game) for s in info.seats)
        rows.append([f"<b class='mineedu-code'>{_e(info.code)}</b>", _e(_lesson_title(info.game, lang)), seats,
                     _e(_turn_text(row, lang)), _e(format_count(info.moves, lang)), link])
    head = [_e(T(k, lang)) for k in ("code", "game", "seats", "turn", "moves", "watch")]
    return _table(head, rows, "mineedu-tables")


def _percent(q: Question) -> bool:
    return not q.spec.mean


def shown_exact(q: Question, snap: Snapshot) -> Fraction | None:
    """The exact value the dashboard draws: only once revealed to the class (the teacher reads it in the line below)."""
    return q.exact() if q.key in snap.revealed else None


def prediction_chart(q: Question, snap: Snapshot, lang: str, names: bool) -> str:
    s = snap.predictions.get(q.key)
    if s is None or not s.count:
        return ""
    exact = shown_exact(q, snap)
    return charts.dot_plot(
        [v for _, _, v in s.values], median=s.median, exact=float(exact) if exact is not None else None, lang=lang,
        percent=_percent(q), names=[n for _, n, _ in s.values] if names else None,
        labels={"x": T("x_pred", lang), "median": T("median", lang), "exact": LT("chart_exact", lang),
                "title": T("x_pred", lang)},
    )


def trial_band(successes: int, trials: int) -> tuple[float, float]:
    """The 95 % interval of a pooled frequency (Wilson).

    >>> [round(x, 3) for x in trial_band(30, 100)]
    [0.219, 0.396]
    """
    return wilson_interval(successes, trials)


def mean_band(mean: float, low: float, high: float) -> tuple[float, float]:
    """A pooled mean's 95 % interval to draw (:attr:`mineedu.store.MeanSummary.interval`, a normal
    approximation); a single trial has none: the point itself.

    >>> mean_band(3.0, 2.076, 3.924), mean_band(2.0, -math.inf, math.inf)
    ((2.076, 3.924), (2.0, 2.0))
    """
    return (low, high) if math.isfinite(low) and math.isfinite(high) else (mean, mean)


def mean_chart(q: Question, snap: Snapshot, lang: str, names: bool) -> str:
    """The class mean after each sample inside its 95 % band, each student's mean a faint point."""
    s = snap.means.get(q.key)
    if s is None or not s.trials:
        return ""
    running = list(s.convergence) or [(s.trials, s.mean, *s.interval)]
    xs = [n for n, _, _, _ in running]
    means = [m for _, m, _, _ in running]
    bands = [mean_band(m, lo, hi) for _, m, lo, hi in running]
    students = [(n, m, name if names else None) for _, name, n, m in s.per_student if n]
    exact = shown_exact(q, snap)
    return charts.pooled(xs, means, bands, students=students, exact=float(exact) if exact is not None else None, lang=lang,
                         percent=False,
                         labels={"x": T("x_trials", lang), "y": T("y_mean", lang), "class": T("class_line", lang),
                                 "student": T("one_student", lang), "exact": LT("chart_exact", lang)})


def trials_chart(q: Question, snap: Snapshot, lang: str, names: bool) -> str:
    if q.spec.mean:
        return mean_chart(q, snap, lang, names)
    s = snap.trials.get(q.key)
    if s is None or not s.trials:
        return ""
    running = list(s.running) or [(s.trials, s.successes)]
    xs = [n for n, _ in running]
    freq = [k / n for n, k in running]
    bands = [trial_band(k, n) for n, k in running]
    students = [(n, k / n, name if names else None) for _, name, k, n in s.per_student if n]
    exact = shown_exact(q, snap)
    return charts.pooled(xs, freq, bands, students=students, exact=float(exact) if exact is not None else None, lang=lang,
                         labels={"x": T("x_trials", lang), "y": T("y_freq", lang), "class": T("class_line", lang),
                                 "student": T("one_student", lang), "exact": LT("chart_exact", lang)})


def question_lines(q: Question, snap: Snapshot, lang: str) -> list[str]:
    """What the class did on one question, in sentences (the charts' numbers)."""
    percent = _percent(q)
    out = []
    p = snap.predictions.get(q.key)
    if p is None or not p.count:
        out.append(T("no_predictions", lang))
    else:
        out.append(T("pred_line", lang, n=count(p.count, lang, *PREDICTIONS), m=value_text(p.median, lang, percent, typed=True),
                     lo=value_text(p.low, lang, percent, typed=True), hi=value_text(p.high, lang, percent, typed=True)))
    if q.spec.mean:
        m = snap.means.get(q.key)
        if m is None or not m.trials:
            out.append(T("no_trials", lang))
        elif m.trials < 2:
            out.append(T("mean_line_one", lang, f=value_text(m.mean, lang, False)))
        else:
            a, b = mean_band(m.mean, *m.interval)
            out.append(T("mean_line", lang, f=value_text(m.mean, lang, False), n=count(m.trials, lang, *TRIALS),
                         k=count(m.students, lang, *STUDENTS), m=count(m.samples, lang, *SIMULATIONS),
                         lo=value_text(a, lang, False), hi=value_text(b, lang, False)))
    else:
        t = snap.trials.get(q.key)
        if t is None or not t.trials:
            out.append(T("no_trials", lang))
        else:
            a, b = trial_band(t.successes, t.trials)
            out.append(T("trial_line", lang, s=count(t.successes, lang, *SUCCESSES), n=count(t.trials, lang, *TRIALS),
                         k=count(t.students, lang, *STUDENTS), m=count(t.samples, lang, *SIMULATIONS),
                         f=value_text(t.successes / t.trials, lang, True), lo=value_text(a, lang, True),
                         hi=value_text(b, lang, True)))
    if q.key in snap.revealed:  # the page may be on the projector: the exact value only once revealed
        exact = q.exact()
        out.append(exact_line(exact, lang, percent))
    else:
        out.append(T("held_note" if snap.held else "hidden_note", lang))
    return out


def question_html(q: Question, snap: Snapshot, lang: str, names: bool = False) -> str:
    lines = "".join(f"<p class='mineedu-dash-line'>{_e(x)}</p>" for x in question_lines(q, snap, lang))
    charts_ = "".join(f"<div class='mineedu-dash-chart'>{c}</div>" for c in (prediction_chart(q, snap, lang, names),
                                                                          trials_chart(q, snap, lang, names)) if c)
    return (f"<div class='mineedu-dash-question' data-key='{_e(q.key)}'><div class='mineedu-question'>{q.text(lang)}</div>"
            f"{lines}<div class='mineedu-dash-charts'>{charts_}</div></div>")


def exercises_html(spec: LessonSpec, snap: Snapshot, lang: str) -> str:
    """How many students tried each exercise and how many got it within tolerance (counts only, no names)."""
    rows = []
    for i, _ in enumerate(spec.exercises):
        s = snap.exercises.get(f"e{i + 1}")
        tried, right, attempts = (s.students, s.correct, s.attempts) if s else (0, 0, 0)
        bar = (f"<span class='mineedu-bar' style='width:{(100 * right / tried) if tried else 0:.0f}%'></span>")
        rows.append([_e(i + 1), _e(format_count(tried, lang)), f"{_e(format_count(right, lang))} <span class='mineedu-barbox'>"
                     f"{bar}</span>", _e(format_count(attempts, lang))])
    head = [_e(T(k, lang)) for k in ("exercise", "tried", "right", "attempts")]
    return _table(head, rows, "mineedu-exercise-counts")


def tournament_html(spec: LessonSpec, snap: Snapshot, lang: str) -> str:
    """The class's pooled win rates per bot, with their 95 % intervals."""
    if spec.tournament is None:
        return ""
    rows = [(b, s) for b in spec.tournament.bots if (s := snap.tournament.get(b)) is not None and s.games]
    if not rows:
        return f"<p>{_e(T('no_tournament', lang))}</p>"
    t = spec.tournament
    names = [t.bot_words(b, lang) if t.bot_words else _bot_name(spec.game, b, lang) for b, _ in rows]
    rates = [s.wins / s.games for _, s in rows]
    bands = [wilson_interval(s.wins, s.games) for _, s in rows]
    students = max(s.students for _, s in rows)
    games = max(s.games for _, s in rows)
    line = T("t_line", lang, k=count(students, lang, *STUDENTS), g=count(games, lang, *GAMES))
    return (f"<p>{_e(line)}</p><div class='mineedu-dash-chart'>"
            + charts.interval_bars(names, rates, bands, lang=lang, labels={"x": LT("bots", lang), "y": LT("win_rate", lang)})
            + "</div>")


# --- export ----------------------------------------------------------------------------------

def export_zip(data: Mapping[str, Any]) -> bytes:
    """The class export as the spreadsheets ``mineedu class export --csv DIR`` writes (one CSV per kind:
    students, predictions, trials, exercises, tournaments), in one zip file for a download."""
    from mineedu.cli import export_rows

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, rows in export_rows(dict(data)).items():
            text = io.StringIO()
            csv.writer(text).writerows(rows)
            z.writestr(f"{name}.csv", "\ufeff" + text.getvalue())  # the mark lets a spreadsheet read the accents
    return out.getvalue()


# --- the page --------------------------------------------------------------------------------


class Download(anywidget.AnyWidget):
    """Hands a file built by the kernel to the teacher's browser (a download, nothing stored elsewhere)."""

    _esm = HERE / "dashboard.js"
    _css = HERE / "dashboard.css"
    file = traitlets.Dict().tag(sync=True)
    """``{"name", "mime", "data" (base64), "n"}``: each new value downloads once."""


class Dashboard:
    """The teacher's page (see the module docstring). ``store`` None: the class store named by the server."""

    def __init__(self, store: Any = None, lesson: str = "gold_mine", lang: str = DEFAULT_LANG, live: bool = True) -> None:
        self.store = store
        self.error: str | None = None
        self.lang = lang if lang in LANGS else DEFAULT_LANG
        names = lessons()
        self.lesson = lesson if lesson in names else names[0]
        self.turns = Turns()
        self.snap: Snapshot | None = None
        self.live = live
        self._stop = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._exports = 0
        self._message: tuple[str, dict[str, Any]] | None = None
        self._question_keys: list[str] = []
        self.title = W.HTML()
        self.switch = W.ToggleButtons(options=LANG_OPTIONS, value=self.lang, style={"button_width": "7em"})
        self.switch.add_class("mineedu-lang")
        self.switch.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        self.lesson_box = W.Dropdown(options=[(n, n) for n in names], value=self.lesson)
        self.lesson_box.add_class("mineedu-dash-lesson")
        self.lesson_box.observe(lambda ch: self.set_lesson(ch["new"]), names="value")
        self.names = W.Checkbox(value=False, indent=False)
        self.names.add_class("mineedu-dash-names")
        self.names.observe(lambda _ch: self.redraw(), names="value")
        self.csv_button = W.Button(layout=W.Layout(width="auto"))
        self.csv_button.add_class("mineedu-export-csv")
        self.json_button = W.Button(layout=W.Layout(width="auto"))
        self.json_button.add_class("mineedu-export-json")
        self.csv_button.on_click(lambda _b: self.export("csv"))
        self.json_button.on_click(lambda _b: self.export("json"))
        self.download = Download()
        self.status = W.HTML()
        self.status.add_class("mineedu-dash-status")
        self.message = W.HTML()
        self.class_head, self.class_box = W.HTML(), W.HTML()
        self.class_box.add_class("mineedu-dash-class")
        self.tables_head, self.tables_box = W.HTML(), W.HTML()
        self.tables_box.add_class("mineedu-dash-tables")
        # creating a table, giving a seat to a bot
        self.game_box = W.Dropdown(options=[(n, n) for n in names], value=self.lesson)
        self.players_box = W.Dropdown()
        self.bots_box = W.Dropdown()
        self.bot_kind = W.Dropdown()
        self.create_button = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        self.create_button.add_class("mineedu-create-table")
        self.game_box.observe(lambda _ch: self._game_options(), names="value")
        self.create_button.on_click(lambda _b: self.create_table())
        self.seat_table = W.Dropdown()
        self.seat_index = W.Dropdown()
        self.seat_bot_kind = W.Dropdown()
        self.seat_table.observe(lambda _ch: self._seat_options(), names="value")
        self.give_button = W.Button(layout=W.Layout(width="auto"))
        self.give_button.add_class("mineedu-seat-bot")
        self.give_button.on_click(lambda _b: self.seat_bot())
        row = W.Layout(flex_flow="row wrap", align_items="center")
        self.table_controls = W.VBox([
            W.HBox([self.game_box, self.players_box, self.bots_box, self.bot_kind, self.create_button], layout=row),
            W.HBox([self.seat_table, self.seat_index, self.seat_bot_kind, self.give_button], layout=row),
        ])
        self.predict_head = W.HTML()
        self.hold = W.Checkbox(value=False, indent=False)
        self.hold.add_class("mineedu-hold")
        self.hold.observe(lambda ch: self.set_hold(ch["new"]), names="value")
        self.question_box = W.VBox()
        self.question_parts: dict[str, tuple[W.HTML, W.Button]] = {}
        self.exercises_head, self.exercises_box = W.HTML(), W.HTML()
        self.exercises_box.add_class("mineedu-dash-exercises")
        self.tournament_head, self.tournament_box = W.HTML(), W.HTML()
        self.tournament_box.add_class("mineedu-dash-tournament")
        top = W.HBox([self.switch, self.lesson_box, self.names, self.csv_button, self.json_button], layout=row)
        top.add_class("mineedu-dash-top")
        self.widget = W.VBox([
            self.title, top, self.status, self.message, self.download,
            self.class_head, self.class_box,
            self.tables_head, self.tables_box, self.table_controls,
            self.predict_head, self.hold, self.question_box,
            self.exercises_head, self.exercises_box,
            self.tournament_head, self.tournament_box,
        ])
        self.widget.add_class("mineedu-dashboard")
        from .page import PageMeta

        self.meta = PageMeta(projectable=False)  # no board: no projector view
        self.page = Part(W.VBox([self.meta, self.widget]), self.summary)
        self._game_options()
        self.set_lang(self.lang)

    # --- life ------------------------------------------------------------------------------
    def start(self) -> None:
        """Open the class store (if none was given) and, when ``live``, redraw by itself on every change."""
        if self.store is None:
            import os

            from mineedu.store import STORE_ENV

            url = os.environ.get(STORE_ENV)
            if not url:
                self.error = "no_store"
                self.redraw()
                return
            try:
                from mineedu.store import open_store

                self.store = open_store(url)
            except Exception as exc:
                self._fail(exc)
                return
        self.refresh()
        if self.live:
            try:
                self._loop = asyncio.get_running_loop()
            except RuntimeError:
                self._loop = None
            threading.Thread(target=self._watch, name="mineedu-dashboard", daemon=True).start()

    def stop(self) -> None:
        self._stop.set()

    def _fail(self, exc: BaseException) -> None:
        text = getattr(exc, "text", None)
        try:
            self.error = str(text(self.lang) if callable(text) else type(exc).__name__)[:200]
        except Exception:
            self.error = type(exc).__name__
        self.redraw()

    def refresh(self) -> bool:
        """Read the class again (aggregates) and redraw; whether the store answered."""
        if self.store is None:
            return False
        try:
            snap = read(self.store, self.lesson, self.turns)
        except Exception as exc:
            self._fail(exc)
            return False
        self.error = None
        self.snap = snap
        self.redraw()
        return True

    def _soon(self, fn: Callable[[], Any]) -> None:
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(fn)
        else:
            fn()

    def _refresh_then(self, done: threading.Event) -> None:
        try:
            self.refresh()
        finally:
            done.set()

    def _watch(self) -> None:
        """Redraw on every change the store announces, and every ``REFRESH`` s (presence ages)."""
        listener = None
        last = time.monotonic()
        while not self._stop.is_set():
            try:
                if listener is None:
                    listener = self.store.listen()
                changed = listener.wait(WAIT)
            except Exception:
                listener = None
                changed = {""}
                self._stop.wait(1.0)
            now = time.monotonic()
            if changed or now - last >= REFRESH:
                last = now
                done = threading.Event()
                self._soon(functools.partial(self._refresh_then, done))
                done.wait(10)
        if listener is not None:
            listener.close()

    # --- the teacher's actions ----------------------------------------------------------------
    def _act(self, fn: Callable[[], Any], ok: tuple[str, dict[str, Any]] | None = None) -> bool:
        if self.store is None:
            return False
        try:
            fn()
        except Exception as exc:
            text = getattr(exc, "text", None)
            why = text(self.lang) if callable(text) else str(exc)
            self._message = ("refused", {"why": str(why)[:200]})
            self.refresh()
            return False
        self._message = ok
        self.refresh()
        return True

    def set_lang(self, lang: Any) -> None:
        if lang not in LANGS:
            return
        self.lang = lang
        if self.switch.value != lang:
            self.switch.value = lang
        self._game_options()
        self.redraw()

    def set_lesson(self, lesson: Any) -> None:
        if lesson not in lessons():
            return
        self.lesson = lesson
        if self.lesson_box.value != lesson:
            self.lesson_box.value = lesson
        if not self.refresh():
            self.redraw()

    def set_hold(self, on: Any) -> None:
        if isinstance(on, bool) and self.snap is not None and on != self.snap.held:
            self._act(lambda: self.store.set_pacing(self.lesson, on))

    def reveal(self, key: str, revealed: bool = True) -> bool:
        """Show (or hide again) one question's exact value on every student's page."""
        return self._act(lambda: self.store.reveal(self.lesson, key, revealed))

    def create_table(self, game: Any = None, players: Any = None, bots: Any = None, bot: Any = None) -> str | None:
        """A new shared table: ``players`` seats, the last ``bots`` of them played by ``bot``; its code."""
        game = self.game_box.value if game is None else game
        players = self.players_box.value if players is None else players
        bots = self.bots_box.value if bots is None else bots
        bot = self.bot_kind.value if bot is None else bot
        if game not in lessons():
            return None
        cls = game_class(game)
        if not (isinstance(players, int) and cls.min_players <= players <= cls.max_players
                and isinstance(bots, int) and 0 <= bots < players and (bots == 0 or bot in self._bot_choices(game))):
            return None
        spec = lesson_spec(game)
        seats = [None] * (players - bots) + [bot] * bots
        made: list[Any] = []
        self._act(lambda: made.append(self.store.create_table(game=game, players=players, bots=seats,
                                                              config=dict(spec.config) if spec else {})))
        if not made:
            return None
        code = made[0].code
        self._message = ("created", {"code": code})
        self.redraw()
        return str(code)

    def seat_bot(self, code: Any = None, seat: Any = None, bot: Any = None) -> bool:
        """Give a seat (an absent student's, a free one) to a bot; ``bot`` ``""``: a student's free seat again
        (the undo of a bot given by mistake)."""
        code = self.seat_table.value if code is None else code
        seat = self.seat_index.value if seat is None else seat
        bot = self.seat_bot_kind.value if bot is None else bot
        if not isinstance(code, str) or not isinstance(seat, int) or not isinstance(bot, str):
            return False
        said = ("given" if bot else "freed", {"code": code, "n": seat + 1})
        return self._act(lambda: self.store.seat_bot(code, seat, bot or None), said)

    def export(self, kind: str) -> dict[str, Any] | None:
        """The class's data as a file the teacher's browser downloads (built here, on the server)."""
        if self.store is None or kind not in ("csv", "json"):
            return None
        try:
            data: dict[str, Any] = self.store.export()
        except Exception as exc:
            self._fail(exc)
            return None
        stamp = time.strftime("%Y-%m-%d-%H%M")
        if kind == "json":
            body, mime, name = json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"), "application/json", "json"
        else:
            body, mime, name = export_zip(data), "application/zip", "csv.zip"
        self._exports += 1
        name = f"classe-{stamp}.{name}"
        self.download.file = {"name": name, "mime": mime, "n": self._exports, "data": base64.b64encode(body).decode("ascii")}
        students = len(data.get("students", []))
        self._message = ("exported", {"name": name, "n": lambda lang: count(students, lang, *STUDENTS)})
        self.redraw()
        return data

    # --- options of the controls -----------------------------------------------------------------
    def _bot_choices(self, game: str) -> list[str]:
        spec = lesson_spec(game)
        if spec and spec.bot_choices:
            return list(spec.bot_choices)
        return sorted(game_class(game).bots)

    def _game_options(self) -> None:
        lang = self.lang
        names = lessons()
        self.game_box.options = [(_lesson_title(n, lang), n) for n in names]
        game = self.game_box.value
        cls = game_class(game)
        spec = lesson_spec(game)
        default = spec.players if spec else cls.min_players
        default = min(max(default, cls.min_players), cls.max_players)
        players = self.players_box.value if self.players_box.value in range(cls.min_players, cls.max_players + 1) else default
        self.players_box.options = [(f"{T('players', lang)}{colon(lang)} {n}", n)
                                    for n in range(cls.min_players, cls.max_players + 1)]
        self.players_box.value = players
        bots = self.bots_box.value if isinstance(self.bots_box.value, int) and self.bots_box.value < players else 1
        self.bots_box.options = [(f"{T('bots_n', lang)}{colon(lang)} {n}", n)
                                 for n in range(0, cls.max_players)]
        self.bots_box.value = min(bots, players - 1)
        choices = self._bot_choices(game)
        kind = self.bot_kind.value if self.bot_kind.value in choices else choices[0]
        self.bot_kind.options = [(_bot_name(game, c, lang), c) for c in choices]
        self.bot_kind.value = kind
        self.lesson_box.options = [(_lesson_title(n, lang), n) for n in names]
        self.lesson_box.value = self.lesson

    def _seat_options(self) -> None:
        lang = self.lang
        tables = [r.info for r in self.snap.tables if not r.info.finished] if self.snap else []
        codes = [t.code for t in tables]
        code = self.seat_table.value if self.seat_table.value in codes else (codes[0] if codes else None)
        self.seat_table.options = [(f"{T('table', lang)} {c}", c) for c in codes]
        self.seat_table.value = code
        info = next((t for t in tables if t.code == code), None)
        seats = [s for s in info.seats if not getattr(s, "auto", False)] if info else []  # an absent student's too
        keep = self.seat_index.value if self.seat_index.value in [s.index for s in seats] else None
        self.seat_index.options = [(f"{T('seat_n', lang, n=s.index + 1)}{colon(lang)} {_seat_plain(s, lang, info.game)}", s.index)
                                   for s in seats] if info else []
        self.seat_index.value = keep if keep is not None else (seats[0].index if seats else None)
        choices = self._bot_choices(info.game) if info else []
        kind = self.seat_bot_kind.value if self.seat_bot_kind.value in [*choices, ""] else (choices[0] if choices else None)
        self.seat_bot_kind.options = ([(_bot_name(info.game, c, lang), c) for c in choices] + [(T("no_bot", lang), "")]
                                      if info else [])
        self.seat_bot_kind.value = kind
        self.give_button.disabled = not seats

    # --- drawing ---------------------------------------------------------------------------------
    def redraw(self) -> None:
        lang = self.lang
        spec = lesson_spec(self.lesson)
        assert spec is not None
        self.meta.set(lang, T("title", lang))
        self.title.value = f"<h1>{_e(T('title', lang))} · {_e(words(spec.title, lang))}</h1>"
        self.lesson_box.description = T("lesson", lang)
        self.names.description = T("names", lang)
        self.csv_button.description = T("export_csv", lang)
        self.json_button.description = T("export_json", lang)
        self.create_button.description = T("create", lang)
        self.give_button.description = T("give", lang)
        self.hold.description = T("hold", lang)
        self.class_head.value = f"<h2>{_e(T('class_head', lang))}</h2>"
        self.tables_head.value = f"<h2>{_e(T('tables_head', lang))}</h2>"
        self.predict_head.value = f"<h2>{_e(T('predict_head', lang))}</h2>"
        self.exercises_head.value = f"<h2>{_e(LT('exercises', lang))}</h2>"
        self.tournament_head.value = f"<h2>{_e(T('tournament_head', lang))}</h2>" if spec.tournament else ""
        if self.error is not None:
            key = "no_store" if self.error == "no_store" else "store_error"
            self.status.value = f"<p role='alert' class='mineedu-alert'>{_e(T(key, lang, why=self.error))}</p>"
        elif self.snap is not None:
            at = time.strftime("%H:%M:%S", time.localtime(self.snap.at))
            self.status.value = f"<p role='status'>{_e(T('updated', lang, t=at))}</p>"
        message = ""
        if self._message:
            key, fmt = self._message
            message = _e(T(key, lang, **{k: v(lang) if callable(v) else v for k, v in fmt.items()}))
        self.message.value = f"<p role='status' class='mineedu-dash-message'>{message}</p>" if message else ""
        snap = self.snap
        if snap is None or snap.lesson != self.lesson:
            return
        self.class_box.value = presence_html(snap, lang)
        self.tables_box.value = tables_html(snap, lang)
        self._seat_options()
        self.hold.value = snap.held
        self._draw_questions(spec, snap, lang)
        self.exercises_box.value = exercises_html(spec, snap, lang)
        self.tournament_box.value = tournament_html(spec, snap, lang)

    def _draw_questions(self, spec: LessonSpec, snap: Snapshot, lang: str) -> None:
        qs = questions(spec, snap.keys)
        keys = [q.key for q in qs]
        if keys != self._question_keys:
            for key in keys:
                if key not in self.question_parts:
                    box, button = W.HTML(), W.Button(layout=W.Layout(width="auto", align_self="flex-start"))
                    button.add_class("mineedu-dash-reveal")
                    button.add_class(f"mineedu-reveal-{key}")
                    button.on_click(lambda _b, k=key: self.reveal(k, k not in (self.snap.revealed if self.snap else ())))
                    self.question_parts[key] = (box, button)
            self.question_box.children = [W.VBox([self.question_parts[k][1], self.question_parts[k][0]]) for k in keys]
            self._question_keys = keys
        names = bool(self.names.value)
        for q in qs:
            box, button = self.question_parts[q.key]
            box.value = question_html(q, snap, lang, names)
            button.description = T("unreveal" if q.key in snap.revealed else "reveal", lang)
            button.button_style = "" if q.key in snap.revealed else "warning"

    def summary(self) -> str:
        return f"the class dashboard ({self.lesson}): the class, the tables, predictions, trials, exercises, tournament"


def dashboard(lesson: str = "gold_mine", lang: str = DEFAULT_LANG) -> Dashboard:
    """The teacher's page for the class store the server names (see :class:`Dashboard`)."""
    return Dashboard(lesson=lesson, lang=lang)


def apply_query(board: Dashboard, query: str) -> None:
    """``lang=en`` and ``lesson=NAME`` from the page's address; then the page reads the class and goes live."""
    from urllib.parse import parse_qs

    q = parse_qs(query or "")
    lang = q.get("lang", [""])[0]
    lesson = q.get("lesson", [""])[0]
    if lesson in lessons():
        board.set_lesson(lesson)
    if lang in LANGS:
        board.set_lang(lang)
    board.start()
