"""Every lesson's content, line by line: what a mathematics teacher checks (issue 28).

For every exercise of every lesson:

* the decimal its worked solution shows for the answer is accepted by the page's checker;
* its hint, applied literally (each lesson's ``HINT_CHECKS``, one computation per hint),
  gives the answer;
* nothing shown before it (the predict questions, derivations, exact values and
  comparisons, at every value of their slider, and the earlier exercises with their hints
  and solutions) prints its answer.

And every text of every lesson has French typography (one helper: ``core.i18n``) and
no "1 cards".
"""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from mineedu.core import fraction_text
from mineedu.core.i18n import LANGS, french
from mineedu.ui.lesson import Exercise, Language, LessonSpec, lesson_spec, parse_answer, words

GAMES = ("gold_mine", "dragon_cave", "yukon", "silver_gold", "coal_mine")


def spec_of(game: str) -> LessonSpec:
    spec = lesson_spec(game)
    assert spec is not None
    return spec


def params(p: Any) -> list[int | None]:
    return list(range(p.param.lo, p.param.hi + 1)) if p.param else [None]


def predict_texts(spec: LessonSpec, lang: str) -> Iterator[str]:
    """Everything the predict sections can show, at every value of their slider."""
    for p in spec.predict:
        for k in params(p):
            yield p.question(k, lang)
            yield p.derivation(k, lang)
            yield fraction_text(p.exact(k))
            for label, value in (p.compare(k, lang) if p.compare else []):
                yield f"{label} {fraction_text(value)}"


def page_texts(spec: LessonSpec, lang: str) -> Iterator[str]:
    """Every text of the lesson page in ``lang`` (the tournament's reading aside: it needs a result)."""
    yield words(spec.title, lang)
    yield words(spec.blurb, lang)
    yield words(spec.rules, lang)
    for field in ("level", "duration", "objectives", "prerequisites"):
        yield words(getattr(spec.notes, field), lang)
    if spec.tournament:
        yield words(spec.tournament.question, lang)
    yield from predict_texts(spec, lang)
    for e in spec.exercises:
        for part in (e.question, e.hint, e.solution):
            yield words(part, lang)


def plain(text: str) -> str:
    """The text a reader sees: no tags, no entities, one space where tags were."""
    return re.sub(r" {2,}", " ", html.unescape(re.sub(r"<[^>]+>", " ", text)).replace("\xa0", " "))


_DECIMAL = re.compile(r"(?:≈|=)\s*(−|-)?\s*(\d+[,.]\d+)\s*(%?)")


def shown_decimals(solution: str, answer: Fraction) -> list[tuple[Fraction, str]]:
    """The decimals the solution shows for ``answer`` (``≈ 0,576``, ``= 0,875``, ``≈ 40,4 %``), with
    the text a student would type: those within 10 % of it (a solution shows other numbers on its way)."""
    out = []
    for sign, number, percent in _DECIMAL.findall(plain(solution)):
        typed = f"{'-' if sign else ''}{number}{' %' if percent else ''}"
        value = parse_answer(typed)
        assert value is not None
        if abs(value - answer) <= Fraction(1, 10) * max(abs(answer), Fraction(1, 100)):
            out.append((value, typed))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_decimal_a_worked_solution_shows_is_accepted(game: str) -> None:
    spec = spec_of(game)
    language = Language("fr")
    for i, e in enumerate(spec.exercises, 1):
        checker = Exercise(e, i, language)
        for lang in LANGS:
            shown = shown_decimals(words(e.solution, lang), e.answer)
            if e.answer.denominator != 1:
                assert shown, f"{game} exercise {i} ({lang}): its solution shows no decimal of {e.answer}"
            for value, typed in shown:
                assert checker.is_right(value), f"{game} exercise {i} ({lang}): the shown {typed} is refused"
                assert checker.check(typed), f"{game} exercise {i}: typing {typed} is refused"


@pytest.mark.parametrize("game", GAMES)
def test_each_hint_applied_literally_gives_the_answer(game: str) -> None:
    spec = spec_of(game)
    checks = importlib.import_module(f"mineedu.games.{game}.lesson").HINT_CHECKS
    assert len(checks) == len(spec.exercises)
    for i, (e, hinted) in enumerate(zip(spec.exercises, checks), 1):
        assert hinted() == e.answer, f"{game} exercise {i}: the hint gives {hinted()}, the answer is {e.answer}"


def common(answer: Fraction) -> bool:
    """A fraction too common to mean anything where it appears (1/2 is a gain, a chance, a mix; a
    die's k/6 is in every race table): the denominator is 6 or less and it is no whole number."""
    return answer.denominator <= 6 and answer.denominator != 1


def giveaways(answer: Fraction, solutions: list[str]) -> list[str]:
    """How an answer shows in a text: its fraction and the decimals its solutions show (not for a
    whole number, "3" is everywhere: then as "the best: card n")."""
    if common(answer):
        return []
    if answer.denominator != 1:
        return [fraction_text(answer)] + [typed for s in solutions for _, typed in shown_decimals(s, answer)]
    n = answer.numerator
    return [f"best: card {n}", f"meilleur : la carte {n}", f"best card is {n}", f"meilleure carte est la {n}"]


def _found(needle: str, haystack: str) -> bool:
    """``needle`` in ``haystack`` as a whole number (``3/4`` is not in ``13/45``)."""
    return re.search(rf"(?<![\d/.,]){re.escape(needle)}(?![\d/])", haystack) is not None


@pytest.mark.parametrize("game", GAMES)
def test_nothing_shown_before_an_exercise_prints_its_answer(game: str) -> None:
    spec = spec_of(game)
    for lang in LANGS:
        before = [plain(t) for t in predict_texts(spec, lang)]
        for i, e in enumerate(spec.exercises, 1):
            own = [plain(words(e.question, lang)), plain(words(e.hint, lang))]
            for needle in giveaways(e.answer, [words(e.solution, lang)]):
                for text in before + own:
                    assert not _found(needle, text), f"{game} exercise {i} ({lang}): {needle!r} shown before: {text[:300]!r}"
            before += own + [plain(words(e.solution, lang))]


@pytest.mark.parametrize("game", GAMES)
def test_french_typography_and_plurals_in_every_text(game: str) -> None:
    spec = spec_of(game)
    for text in page_texts(spec, "fr"):
        assert french(text) == text, f"{game}: plain space before a French sign in {plain(text)[:200]!r}"
        assert not re.search(r"\b1(ère|ere|e|er) manche", text), text
    for lang in LANGS:
        for text in page_texts(spec, lang):
            seen = plain(text)
            assert not re.search(r"(?<![\d,.])1 (cards|cartes|dragons|pips|turns|tours|cases|boxes|coal|charbons)\b", seen), \
                f"{game}: a plural after 1 in {seen[:200]!r}"


@pytest.mark.parametrize("seed", [0, 1])
def test_the_mine_tournaments_reading_says_what_its_table_shows(seed: int) -> None:
    """Issue 28, item 8: the text under the chart names the bot the table shows winning most, from
    the lesson's own tournament (its bots, its table, its default number of games)."""
    from mineedu.core import make, tournament
    from mineedu.games.coal_mine.bots import bot_name

    spec = spec_of("coal_mine")
    t = spec.tournament
    assert t is not None and t.reading is not None
    result = tournament(make("coal_mine", t.players, **dict(t.config)), list(t.bots), t.games[2], seed)
    best = max(result["bots"], key=lambda r: r["win"]["mean"])["bot"]
    for lang in LANGS:
        head = t.reading(result, lang).split(".")[0]  # "Best here: <the bot>."
        assert head.endswith(bot_name(best, lang)), (head, best)
