"""Pieces every lesson notebook shares: one language switch for the whole page,
answers typed by students, exercises the notebook checks, and progress.

>>> parse_answer("4/29"), parse_answer("13,8 %"), parse_answer(" 0.25 ")
(Fraction(4, 29), Fraction(69, 500), Fraction(1, 4))
>>> parse_answer("beaucoup") is None
True
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as W

from mineedu.core import Texts
from mineedu.core.i18n import DEFAULT_LANG, LANGS, format_number

from .board import LANG_OPTIONS

T = Texts(
    {
        "check": {"fr": "Vérifier", "en": "Check"},
        "answer": {"fr": "Réponse", "en": "Answer"},
        "right": {"fr": "Juste ! La valeur exacte est {exact} ≈ {approx}.", "en": "Right! The exact value is {exact} ≈ {approx}."},
        "wrong": {"fr": "Pas encore : {given} ≈ {approx}. Réessayez (une fraction comme 3/7, un décimal ou un pourcentage).", "en": "Not yet: {given} ≈ {approx}. Try again (a fraction such as 3/7, a decimal or a percentage)."},
        "unreadable": {"fr": "Je ne lis pas « {text} » : écrivez une fraction (3/7), un décimal (0,43) ou un pourcentage (43 %).", "en": "I cannot read \"{text}\": write a fraction (3/7), a decimal (0.43) or a percentage (43%)."},
    }
)

_NUMBER = re.compile(r"^\s*([+-]?\d+(?:[.,]\d*)?|[+-]?[.,]\d+)\s*(%?)\s*$")
_FRACTION = re.compile(r"^\s*([+-]?\d+)\s*/\s*(\d+)\s*$")


def parse_answer(text: Any) -> Fraction | None:
    """A student's number: a fraction ``a/b``, a decimal (point or comma) or a percentage."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    m = _FRACTION.match(text)
    if m:
        num, den = int(m.group(1)), int(m.group(2))
        return Fraction(num, den) if den else None
    m = _NUMBER.match(text)
    if m:
        value = Fraction(m.group(1).replace(",", "."))
        return value / 100 if m.group(2) else value
    return None


def as_fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


class Language:
    """One language switch for a whole page; parts register a callback ``f(lang)``."""

    def __init__(self, lang: str = DEFAULT_LANG) -> None:
        self.lang = lang if lang in LANGS else DEFAULT_LANG
        self.switch = W.ToggleButtons(options=LANG_OPTIONS, value=self.lang, style={"button_width": "6em"})
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

    def __init__(self, content: Callable[[str], str] | Mapping[str, str], language: Language) -> None:
        self.content = content if callable(content) else (lambda lang, c=content: c[lang])
        self.widget = W.HTML()
        language.register(self.render)

    def render(self, lang: str) -> None:
        self.widget.value = self.content(lang)


class Exercise:
    """A question whose answer the notebook checks: exact, or within ``tolerance``."""

    def __init__(self, question: Mapping[str, str], answer: Fraction, language: Language, tolerance: float = 5e-4) -> None:
        self.question = question
        self.answer = Fraction(answer)
        self.tolerance = tolerance
        self.language = language
        self.prompt = W.HTML()
        self.box = W.Text(layout=W.Layout(width="12em"))
        self.button = W.Button()
        self.feedback = W.HTML()
        self.feedback.add_class("mineedu-feedback")
        self.button.on_click(lambda _b: self.check(self.box.value))
        self.widget = W.VBox([self.prompt, W.HBox([self.box, self.button]), self.feedback])
        self._last: tuple[str, dict[str, Any]] | None = None
        language.register(self.render)

    def is_right(self, value: Fraction) -> bool:
        return value == self.answer or abs(float(value) - float(self.answer)) <= self.tolerance

    def check(self, text: Any) -> bool:
        value = parse_answer(text)
        if value is None:
            self._last = ("unreadable", {"text": str(text)[:40]})
            ok = False
        elif self.is_right(value):
            self._last = ("right", {"exact": as_fraction_text(self.answer), "approx": float(self.answer)})
            ok = True
        else:
            self._last = ("wrong", {"given": str(text).strip(), "approx": float(value)})
            ok = False
        self.render(self.language.lang)
        return ok

    def render(self, lang: str) -> None:
        self.prompt.value = f"<p>{self.question[lang]}</p>"
        self.box.placeholder = T("answer", lang)
        self.button.description = T("check", lang)
        if self._last:
            key, fmt = self._last
            if "approx" in fmt:  # numbers are written the reader's way: 0,1379 / 0.1379
                fmt = {**fmt, "approx": format_number(fmt["approx"], lang, 4)}
            colour = "#007A4D" if key == "right" else "#B00020"
            self.feedback.value = f"<span style='color:{colour}'>{html.escape(T(key, lang, **fmt))}</span>"
        else:
            self.feedback.value = ""


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
