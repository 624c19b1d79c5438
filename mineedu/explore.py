"""What the exploration notebooks (``notebooks/explore/``) call besides each game's own odds.

Three small things a student's notebook needs, each in French and English:

* :func:`show`: a state's picture in the reader's language (a state shown
  bare in a notebook draws itself in French, with every card: whoever holds
  the state object knows it all); ``player=`` draws what that seat sees;
* :func:`check`: a verdict on the student's own answer (a fraction, a decimal
  with a point or a comma, a percentage, or a ``Fraction``), with a hint when
  it is not yet right, and never the exact value unless the answer is right
  (the words a lesson page uses, :func:`mineedu.core.lesson.verdict_text`);
* :func:`frequency`: a simulated frequency with its 95 % interval, and
  :func:`percent`: a probability as a percentage, both written the reader's way;
* :func:`review` (each game's ``<game>.review(saved, seat)``): a game's decisions of one seat, each
  with its exact figures and its chance of winning (:mod:`mineedu.review`), shown as the
  board shows them; :func:`bot_game` plays a seeded game to review.

>>> from fractions import Fraction
>>> check("4/29", Fraction(8, 58), "en")
Right! The exact value is 4/29 ≈ 0.1379.
>>> check("0.25", Fraction(8, 58), "en", hint="how many dragons, how many cards?")
Not yet: 0.25 (answers within 0.001 are accepted). Hint: how many dragons, how many cards?
>>> check(None, Fraction(8, 58), "en")
Write your answer in place of None, then run the cell again.
>>> frequency(137, 1000, "en")
'137 of 1,000 = 13.7% (95% interval: 11.7% to 16.0%)'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

from mineedu.core import SavedGame, State, Texts, fraction_text, wilson_interval
from mineedu.core.i18n import colon, format_count, format_number
from mineedu.core.lesson import judge, parse_answer, rule_text, verdict_text
from mineedu.core.trials import Proportion
from mineedu.review import Review, bot_game
from mineedu.review import T as RT

T = Texts({
    "empty": {"fr": "Écrivez votre réponse à la place de None, puis relancez la cellule.",
              "en": "Write your answer in place of None, then run the cell again."},
    "freq": {"fr": "{hits} sur {n} = {f} (intervalle à 95\u00a0%\u00a0: {lo} à {hi})",
             "en": "{hits} of {n} = {f} (95% interval: {lo} to {hi})"},
})


@dataclass(frozen=True)
class Picture:
    """An SVG picture that shows itself in a notebook (its text form names what it shows)."""

    svg: str
    name: str = "picture"

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<{self.name}>"


def show(state: State | str, lang: str = "fr", player: int | None = None, *, narrow: bool = False) -> Picture:
    """The picture of ``state`` in ``lang``: every card (``player=None``), or what ``player`` sees.

    An SVG text (a chart from :mod:`mineedu.ui.charts`) is shown as it is.

    >>> import mineedu
    >>> show(mineedu.make("gold_mine", 4).initial_state(), "en")
    <My Gold Mine: the whole table>
    """
    if isinstance(state, str):
        return Picture(state, "chart")
    game = state.game
    svg = game.render_svg(state, player, lang, show_all=player is None, narrow=narrow)
    who = ({"fr": "toute la table", "en": "the whole table"}[lang] if player is None
           else {"fr": f"ce que voit J{player + 1}", "en": f"what P{player + 1} sees"}[lang])
    return Picture(svg, f"{game.title.get(lang, game.name)}{colon(lang)} {who}")


@dataclass(frozen=True)
class Verdict:
    """What :func:`check` says about an answer: ``right`` and the words, shown as a coloured line."""

    right: bool
    text: str

    def __repr__(self) -> str:
        return self.text

    def __bool__(self) -> bool:
        return self.right

    def _repr_html_(self) -> str:
        colour = "#1a7f37" if self.right else "#9a3412"
        mark = "✔" if self.right else "✘"
        return f"<p style='color:{colour};font-size:1.1em'><b>{mark}</b> {escape(self.text)}</p>"


def _read(answer: Any) -> Fraction | None:
    if isinstance(answer, bool):
        return None
    if isinstance(answer, Fraction | int):
        return Fraction(answer)
    if isinstance(answer, float):
        return Fraction(answer).limit_denominator(10**9)
    if isinstance(answer, str):
        return parse_answer(answer)
    return None


def check(answer: Any, exact: Fraction | int, lang: str = "fr", *, tolerance: Fraction | None = Fraction(1, 1000),
          hint: str | None = None, probability: bool = True) -> Verdict:
    """A verdict on a student's ``answer`` to a question whose value is ``exact``.

    ``answer``: a ``Fraction``, a number, or a text (``"21/54"``, ``"0,39"``,
    ``"38.9 %"``); ``None`` (not answered yet) asks for an answer.
    ``tolerance``: how far a decimal may be from ``exact`` (``None``: the exact
    value only). ``probability``: the answer must lie in [0, 1].
    """
    if answer is None:
        return Verdict(False, T("empty", lang))
    value = _read(answer)
    given = str(answer)
    if isinstance(answer, Fraction | int) and value is not None:
        given = fraction_text(value)
    elif isinstance(answer, float):
        given = format_number(answer, lang, max(1, len(repr(answer).split(".")[-1])))
    key, fmt = judge(value, given, Fraction(exact), tolerance, probability)
    text = verdict_text(key, fmt, lang, rule=" " + rule_text(tolerance, lang), hint=hint or "")
    return Verdict(key == "right", text)


def whole(n: int, lang: str = "fr") -> str:
    """A whole number with its thousands marked the reader's way (``200 000`` / ``200,000``).

    >>> whole(200_000, "en"), whole(999, "fr")
    ('200,000', '999')
    """
    return format_count(n, lang)


def percent(p: Fraction | float, lang: str = "fr", digits: int = 1) -> str:
    """A probability as a percentage, written the reader's way (``13,8 %`` / ``13.8%``).

    >>> percent(Fraction(8, 58), "en"), percent(Fraction(1, 2), "en", 0)
    ('13.8%', '50%')
    """
    return format_number(p, lang, digits, percent=True)


def frequency(hits: int | Proportion, trials: int | None = None, lang: str = "fr", digits: int = 1) -> str:
    """``hits`` of ``trials`` as a percentage with its 95 % (Wilson) interval, in the reader's way.

    ``hits`` may be a game simulator's :class:`~mineedu.core.trials.Proportion` (its trials with it).

    >>> from mineedu.core.trials import Proportion
    >>> frequency(Proportion(1, 4), lang="en", digits=0)
    '1 of 4 = 25% (95% interval: 5% to 70%)'
    """
    if isinstance(hits, Proportion):
        trials = hits.trials
        hits = hits.hits
    if trials is None:
        raise TypeError("frequency(hits, trials): the number of trials is missing")
    lo, hi = wilson_interval(hits, trials)

    def pc(x: float) -> str:
        return format_number(x, lang, digits, percent=True)

    return T("freq", lang, hits=whole(hits, lang), n=whole(trials, lang), f=pc(hits / trials if trials else 0),
             lo=pc(lo), hi=pc(hi))


@dataclass(frozen=True)
class Shown:
    """HTML (a decision's picture and table, a review's summary) that shows itself in a notebook."""

    html: str
    text: str

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text


class Reviewed:
    """A review in a notebook: ``len(r)`` decisions, ``r.decision(k)`` (0-based) the position and
    its options, ``r.summary()`` the whole game in words, ``r.review`` the
    :class:`~mineedu.review.Review` (its ``to_json()`` as ``mineedu review --json`` prints)."""

    def __init__(self, review: Review, lang: str) -> None:
        self.review = review
        self.lang = lang

    def __len__(self) -> int:
        return len(self.review)

    def __repr__(self) -> str:
        return f"<{self.review.game.title.get(self.lang, self.review.game.name)}: {len(self)} decisions>"

    def choices(self) -> list[int]:
        """The decisions with more than one option (the others were forced), by number from 0."""
        return [k for k in range(len(self)) if len(self.review.options(k)) > 1]

    def decision(self, k: int) -> Shown:
        """Decision ``k`` as the seat saw it, with its options (their rollouts run now, then kept)."""
        from mineedu.ui.review import STYLE, options_html

        if not -len(self) <= k < len(self):
            raise ValueError(f"decision {k}: this game has decisions 0 to {len(self) - 1}")
        k %= len(self)
        d = self.review.decision(k)
        lang = self.lang
        title = RT("decision", lang, k=k + 1, n=len(self))
        page = (f"{STYLE}<h4>{escape(title)}</h4><div class='mineedu-review-svg' style='max-width:640px'>"
                f"{d.picture(lang)}</div>{options_html(self.review, d.options, lang, False)}")
        lines = [title] + [("* " if o.chosen else "  ") + o.labels[lang]
                           + (f"  {percent(o.win.mean, lang, 0)}" if o.win is not None else "")
                           + ("  <- " + RT("best", lang) if o.best else "") for o in d.options]
        return Shown(page, "\n".join(lines))

    def summary(self) -> Shown:
        """The whole game in words (every decision's rollouts run first)."""
        text = self.review.summary(self.lang)
        return Shown("".join(f"<p>{escape(line)}</p>" for line in text.split("\n")), text)


def review(saved: SavedGame | str, seat: int = 0, lang: str = "fr", *, rollouts: int | None = None,
           seed: int = 0) -> Reviewed:
    """The decisions of ``seat`` in ``saved`` (a :class:`~mineedu.core.SavedGame` or its JSON text):
    each option's exact figures and its chance of winning by rollouts (``rollouts`` per option, or
    as many as ±5 points need), from what that seat knew.

    >>> import mineedu
    >>> r = review(bot_game(mineedu.make("dragon_cave", 2), seed=1), 0, "en", rollouts=4)
    >>> len(r) > 0, r.decision(0).text.startswith("Decision 1 of")
    (True, True)
    """
    if isinstance(saved, str):
        saved = SavedGame.loads(saved)
    return Reviewed(Review(saved, seat, rollouts=rollouts, seed=seed), lang)


__all__ = ["Picture", "Reviewed", "Shown", "Verdict", "bot_game", "check", "frequency", "percent", "review", "show",
           "whole"]
