"""What a game declares for its lesson, and how a student's typed number is read: no widgets.

A game's ``lesson.py`` holds ``SPEC``, a :class:`LessonSpec` (teacher notes, the rules in brief,
predict → simulate → compute questions, a tournament of bots, exercises), named in its
:class:`~mineedu.core.Hooks` (``lesson=``) and found by :func:`lesson_spec`. The lesson page
(:mod:`mineedu.ui.lesson`) is built from it; the command line, the decision review and the
exploration notebooks read it (and :func:`parse_answer`) without loading a widget.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from .i18n import SUPERSCRIPT_SIGNS
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

