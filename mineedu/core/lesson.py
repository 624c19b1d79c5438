"""What a game declares for its lesson, and how a student's typed number is read and judged: no widgets.

A game's ``lesson.py`` holds ``SPEC``, a :class:`LessonSpec` (teacher notes, the rules in brief,
predict → simulate → compute questions, a tournament of bots, exercises), named in its
:class:`~mineedu.core.Hooks` (``lesson=``) and found by :func:`lesson_spec`. The lesson page
(:mod:`mineedu.ui.lesson`) is built from it; the command line, the decision review and the
exploration notebooks read it (and :func:`parse_answer`) without loading a widget. An answer's
verdict (:func:`judge`, :func:`verdict_text`) reads the same on a lesson page and in a notebook.
"""

from __future__ import annotations

import importlib
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from .exact import fraction_text
from .i18n import SUPERSCRIPT, SUPERSCRIPT_SIGNS, Texts, format_number, minus
from .protocol import Words
from .registry import game_class

_MANTISSA = r"([+-]?\d+(?:[.,]\d*)?|[+-]?[.,]\d+)"  # a decimal, point or comma
_NUMBER = re.compile(rf"^\s*{_MANTISSA}\s*(%?)\s*$")
_FRACTION = re.compile(r"^\s*([+-]?\d+)\s*/\s*(\d+)\s*$")
_SCIENTIFIC = re.compile(rf"^\s*{_MANTISSA}\s*(?:[eE]\s*([+-]?\d+)|[×x*·]\s*10\s*(?:\^|\*\*)\s*\(?\s*([+-]?\d+)\s*\)?"
                         rf"|[×x*·]\s*10([{SUPERSCRIPT_SIGNS[:2]}]?[{SUPERSCRIPT_SIGNS[2:]}]+))\s*$")
"""A calculator's way: ``8,57E-7``, ``8.57e-07``, ``8,57 × 10^-7``, ``8,57×10⁻⁷``."""
_SUPERSCRIPT = str.maketrans(SUPERSCRIPT_SIGNS, "+-0123456789")
_MOST_DIGITS = 30  # a power of ten further than this is no answer to a lesson's question


def parse_answer(text: Any) -> Fraction | None:
    """A student's number: a fraction ``a/b``, a decimal (point or comma), a percentage, or a decimal
    times a power of ten as a calculator shows it.

    >>> parse_answer("4/29"), parse_answer("13,8 %"), parse_answer(" 0.25 "), parse_answer("−1")
    (Fraction(4, 29), Fraction(69, 500), Fraction(1, 4), Fraction(-1, 1))
    >>> parse_answer("8,57E-7"), parse_answer("8.57 × 10^-7"), parse_answer("8,57×10⁻⁷")
    (Fraction(857, 1000000000), Fraction(857, 1000000000), Fraction(857, 1000000000))
    >>> parse_answer("beaucoup") is None, parse_answer("1e999") is None
    (True, True)
    """
    if not isinstance(text, str) or len(text) > 40:
        return None
    text = text.replace("−", "-").replace("\u00a0", " ")
    m = _FRACTION.match(text)
    if m:
        num, den = int(m.group(1)), int(m.group(2))
        return Fraction(num, den) if den else None
    m = _NUMBER.match(text)
    if m:
        value = Fraction(m.group(1).replace(",", "."))
        return value / 100 if m.group(2) else value
    m = _SCIENTIFIC.match(text)
    if m:
        power = int((m.group(2) or m.group(3) or m.group(4)).translate(_SUPERSCRIPT))
        return Fraction(m.group(1).replace(",", ".")) * Fraction(10) ** power if abs(power) <= _MOST_DIGITS else None
    return None


VERDICTS = Texts({
    "tolerance": {"fr": "(réponse acceptée à {tol}\u00a0près)", "en": "(answers within {tol} are accepted)"},
    "exact_only": {"fr": "(réponse exacte attendue)", "en": "(an exact answer is expected)"},
    "right": {"fr": "Juste ! La valeur exacte est {exact} ≈ {approx}.", "en": "Right! The exact value is {exact} ≈ {approx}."},
    "right_whole": {"fr": "Juste ! La valeur exacte est {exact}.", "en": "Right! The exact value is {exact}."},
    "wrong": {"fr": "Pas encore : {given} ≈ {approx}{rule}.", "en": "Not yet: {given} ≈ {approx}{rule}."},
    "wrong_plain": {"fr": "Pas encore : {given}{rule}.", "en": "Not yet: {given}{rule}."},
    "hint": {"fr": "Indice : {hint}", "en": "Hint: {hint}"},
    "not_a_probability": {"fr": "Une probabilité est entre 0 et 1 (ou 0 % et 100 %) : {given} ne peut pas en être une.",
                          "en": "A probability lies between 0 and 1 (or 0% and 100%): {given} cannot be one."},
    "unreadable": {"fr": "Je ne lis pas « {text} » : écrivez une fraction (3/7), un décimal (0,43) ou un pourcentage (43 %).",
                   "en": "I cannot read \"{text}\": write a fraction (3/7), a decimal (0.43) or a percentage (43%)."},
})
"""What a student reads of an answer, on a lesson page and in a notebook (:func:`verdict_text`)."""


def exact_text(x: Fraction | int) -> str:
    """An exact value as a page writes it: the fraction in lowest terms, a negative one with a minus sign.

    >>> exact_text(Fraction(-67, 47)) == "\u221267/47", exact_text(Fraction(8, 58))
    (True, '4/29')
    """
    return minus(fraction_text(x))


def value_text(x: Fraction | float, lang: str, percent: bool, *, typed: bool = False) -> str:
    """A lesson's number as its pages show it (a lesson page, the dashboard): a probability in percent
    with one decimal, another value with three; ``typed``, a student's prediction (or their median)
    with no more decimals than it has, as they typed it ("1,2" and "35 %", not "1,200" and "35,0 %").

    >>> value_text(Fraction(8, 58), "fr", True), value_text(Fraction(33, 29), "en", False)
    ('13,8\xa0%', '1.138')
    >>> value_text(1.2, "fr", False, typed=True), value_text(1.0, "en", False, typed=True)
    ('1,2', '1')
    >>> value_text(0.35, "fr", True, typed=True), value_text(0.375, "en", True, typed=True)
    ('35\xa0%', '37.5%')
    >>> value_text(1 / 3, "en", False, typed=True), value_text(0.0004, "fr", True, typed=True)
    ('0.333', '<\xa00,1\xa0%')
    """
    most = 1 if percent else 3
    if not typed:
        return format_number(x, lang, most, percent=percent)
    scaled = float(x) * (100 if percent else 1)
    digits = next(d for d in range(most + 1) if d == most or abs(round(scaled, d) - scaled) < 1e-9)
    return format_number(x, lang, digits, percent=percent)


def rule_text(tolerance: Fraction | None, lang: str) -> str:
    """How close an answer must be, written as the tolerance is, never cut from its number.

    >>> rule_text(Fraction(1, 200), "fr"), rule_text(Fraction(1, 1000), "en"), rule_text(None, "en")
    ('(réponse acceptée à 0,005\xa0près)', '(answers within 0.001 are accepted)', '(an exact answer is expected)')

    A power of ten too small to read in decimals is written as one (not ``0,000000001``):

    >>> rule_text(Fraction(1, 10**9), "fr"), rule_text(Fraction(1, 10**4), "en")
    ('(réponse acceptée à 10⁻⁹\xa0près)', '(answers within 0.0001 are accepted)')
    """
    if not tolerance:
        return VERDICTS("exact_only", lang)
    power = round(math.log10(tolerance))
    if power < -4 and tolerance == Fraction(10) ** power:
        return VERDICTS("tolerance", lang, tol="10" + str(power).translate(SUPERSCRIPT))
    decimals = next((d for d in range(13) if (tolerance * 10**d).denominator == 1),
                    2 - math.floor(math.log10(tolerance)))
    return VERDICTS("tolerance", lang, tol=format_number(tolerance, lang, decimals))


def judge(value: Fraction | None, shown: str, exact: Fraction, tolerance: Fraction | None,
          probability: bool) -> tuple[str, dict[str, Any]]:
    """A verdict on an answer read as ``value`` (``None``: unreadable), typed as ``shown``: its key in
    :data:`VERDICTS` and what its text needs (:func:`verdict_text` words it in any language).

    >>> judge(Fraction(3, 7), "3/7", Fraction(3, 7), None, True)[0], judge(None, "beaucoup", Fraction(1), None, True)[0]
    ('right', 'unreadable')
    >>> judge(Fraction(6, 5), "1,2", Fraction(1, 2), Fraction(1, 1000), True)[0]
    'not_a_probability'
    """
    if value is None:
        return "unreadable", {"text": shown}
    if probability and not 0 <= value <= 1:
        return "not_a_probability", {"given": shown}
    if value == exact or (tolerance and abs(value - exact) <= tolerance):
        return "right", {"exact": exact}
    return "wrong", {"given": shown, "value": value}


def verdict_text(key: str, fmt: Mapping[str, Any], lang: str, rule: str = "", hint: str = "") -> str:
    """The words of a :func:`judge` verdict: the exact value only when the answer is right, and for a
    wrong one what was read (``3/7 ≈ 0,4286``; a decimal as typed), ``rule`` (a tolerance's words,
    for a page that does not show them beside the question) and ``hint``.

    >>> verdict_text(*judge(Fraction(3, 7), "3/7", Fraction(1, 2), None, True), "fr", hint="les yeux aussi.")
    'Pas encore\xa0: 3/7 ≈ 0,4286. Indice\xa0: les yeux aussi.'
    >>> verdict_text(*judge(Fraction(1, 2), "0.5", Fraction(1, 2), None, True), "en")
    'Right! The exact value is 1/2 ≈ 0.5000.'
    >>> verdict_text(*judge(Fraction(38, 100), "0,38", Fraction(1, 2), None, True), "fr", rule=" (…)")
    'Pas encore\xa0: 0,38 (…).'
    """
    if key == "right":
        exact = Fraction(fmt["exact"])
        if exact.denominator == 1:  # a whole number needs no decimal beside it ("12", not "12 ≈ 12,0000")
            return VERDICTS("right_whole", lang, exact=exact_text(exact))
        return VERDICTS("right", lang, exact=exact_text(exact), approx=format_number(exact, lang, 4))
    if key != "wrong":
        return VERDICTS(key, lang, **fmt)
    value, given = Fraction(fmt["value"]), str(fmt["given"])
    if value.denominator == 1 or (_NUMBER.match(given) and "%" not in given):  # read as typed: no decimal beside it
        text = VERDICTS("wrong_plain", lang, given=given, rule=rule)
    else:
        text = VERDICTS("wrong", lang, given=given, approx=format_number(value, lang, 4), rule=rule)
    return text + (" " + VERDICTS("hint", lang, hint=hint) if hint else "")


def words(w: Words | Callable[[str], str], lang: str) -> str:
    """A spec's text in ``lang``: a table ``{"fr": ..., "en": ...}`` or a function of the language."""
    return w(lang) if callable(w) else w[lang]


# --- the spec a game writes ----------------------------------------------------------


@dataclass(frozen=True)
class TeacherNotes:
    """One line for the teacher: level, duration, objectives, prerequisites."""

    level: Words
    duration: Words
    objectives: Words
    prerequisites: Words


@dataclass(frozen=True)
class Param:
    """A whole number the student picks for a question (k cards, a depth d)."""

    words: Words
    lo: int
    hi: int
    default: int


@dataclass(frozen=True)
class Predict:
    """One predict → simulate → compute question.

    ``simulate(param, trials, rng)`` returns one number per trial (0/1 for a
    probability, the value for a mean), vectorized; ``exact(param)`` the exact
    answer; ``derivation(param, lang)`` its derivation in HTML (formula, table
    or tree); ``compare(param, lang)`` other exact values shown beside it
    (the same draw *with* replacement...). With ``distribution`` (value ->
    exact probability) the chart is a histogram against the exact law.
    """

    question: Callable[[int | None, str], str]
    exact: Callable[[int | None], Fraction]
    simulate: Callable[[int | None, int, np.random.Generator], np.ndarray]
    derivation: Callable[[int | None, str], str]
    param: Param | None = None
    mean: bool = False
    trials: tuple[int, int, int] = (100, 20_000, 2_000)
    compare: Callable[[int | None, str], list[tuple[str, Fraction]]] | None = None
    distribution: Callable[[int | None], Mapping[int, Fraction]] | None = None


@dataclass(frozen=True)
class TournamentSpec:
    """Bots against each other: which plays best? Seats rotate; win rates with 95 % intervals."""

    question: Words
    bots: tuple[str, ...]
    players: int
    games: tuple[int, int, int] = (20, 400, 100)
    bot_words: Callable[[str, str], str] | None = None
    config: Mapping[str, Any] = field(default_factory=dict)
    reading: Callable[[Mapping[str, Any], str], str] | None = None
    """(result, lang) -> what the chart says, in words."""


@dataclass(frozen=True)
class ExerciseSpec:
    """A question the page checks; ``tolerance`` 0 means an exact answer."""

    question: Words
    answer: Fraction
    hint: Words
    solution: Words
    tolerance: Fraction = Fraction(1, 1000)
    probability: bool = True


@dataclass(frozen=True)
class LessonSpec:
    """Everything a lesson page shows, declared by the game's folder."""

    game: str
    title: Words
    blurb: Words
    notes: TeacherNotes
    rules: Words
    notebook: str
    players: int = 4
    seats: tuple[str | None, ...] | None = None
    bot_choices: tuple[str, ...] | None = None
    predict: tuple[Predict, ...] = ()
    tournament: TournamentSpec | None = None
    exercises: tuple[ExerciseSpec, ...] = ()
    summary: Callable[[Any], str] | None = None
    """(board) -> the board's one-line text summary (what a saved notebook keeps); the board is a
    :class:`mineedu.ui.Board`, named here only in words: this module loads no widget."""
    config: Mapping[str, Any] = field(default_factory=dict)
    """Settings of the board's game (Mine's dummy player on the last seat)."""


def lesson_spec(name: str) -> LessonSpec | None:
    """The lesson a registered game declares (``Hooks.lesson``), or ``None``."""
    module = game_class(name).hooks.lesson
    if module is None:
        return None
    spec = importlib.import_module(module).SPEC
    assert isinstance(spec, LessonSpec)
    return spec

