"""French and English texts: every text a student sees exists in both."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, SupportsFloat

LANGS = ("fr", "en")
DEFAULT_LANG = "fr"


class Texts:
    """A table of texts, ``{key: {"fr": ..., "en": ...}}``, checked complete at creation.

    >>> T = Texts({"dragon": {"fr": "dragon", "en": "dragon"}, "gold": {"fr": "or", "en": "gold"}})
    >>> T("gold", "fr"), T("gold", "en")
    ('or', 'gold')
    >>> T("gold", "fr", n=2) if False else T.fmt("{n} or", "{n} gold", "en", n=2)
    '2 gold'

    French texts get French typography: a no-break space before ``:``, ``;``,
    ``?``, ``!``, ``%`` and ``»`` and after ``«`` (so "Scores :" never breaks
    before its colon), whichever space the table was typed with.

    >>> Texts({"s": {"fr": "Scores : {s}", "en": "Scores: {s}"}})("s", "fr", s=3)
    'Scores\xa0: 3'
    """

    def __init__(self, table: Mapping[str, Mapping[str, str]]) -> None:
        for key, texts in table.items():
            missing = [lang for lang in LANGS if not texts.get(lang)]
            if missing:
                raise ValueError(f"text {key!r} lacks {', '.join(missing)}")
        self.table = {key: {lang: french(text) if lang == "fr" else text for lang, text in texts.items()}
                      for key, texts in table.items()}

    def __call__(self, key: str, lang: str = DEFAULT_LANG, **fmt: object) -> str:
        text = self.table[key][lang if lang in LANGS else DEFAULT_LANG]
        return text.format(**fmt) if fmt else text

    def or_key(self, key: str, lang: str = DEFAULT_LANG) -> str:
        """The text of ``key``, or ``key`` itself where the table has none (a bot's spec with no name).

        >>> names = Texts({"open": {"fr": "garde de la place", "en": "keeps room"}})
        >>> names.or_key("open", "en"), names.or_key("mystery", "fr")
        ('keeps room', 'mystery')
        """
        return self(key, lang) if key in self.table else key

    @staticmethod
    def fmt(fr: str, en: str, lang: str, **fmt: object) -> str:
        return (en if lang == "en" else fr).format(**fmt)

    def merged(self, other: Mapping[str, Mapping[str, str]]) -> Texts:
        return Texts({**self.table, **other})


NBSP = "\u00a0"  # a no-break space: "13,8 %" never breaks before its "%"


_BEFORE = re.compile(r"[ \u202f]([:;?!%»])")  # a plain or narrow space before a high sign
_AFTER = re.compile(r"(«|\bn°)[ \u202f]")


def french(text: str) -> str:
    """``text`` with a no-break space before ``: ; ? ! % »`` and after ``«`` and ``n°``: the one
    place French typography is made (:class:`Texts`, :func:`typeset`).

    >>> french("Valeur refusée pour « x » : 3 %") == "Valeur refusée pour «\xa0x\xa0»\xa0: 3\xa0%"
    True
    >>> french("le gain n° 4") == "le gain n°\xa04"
    True
    """
    return _AFTER.sub(r"\1" + NBSP, _BEFORE.sub(NBSP + r"\1", text))


def typeset(x: Any) -> Any:
    """``x`` with French typography (:func:`french`) on every French text it holds: the one
    way a lesson's texts get it (its spec goes through here whole).

    A text table ``{"fr": ..., "en": ...}`` gets it on its French text; a mapping, tuple or
    frozen dataclass, on everything inside; a function called with the language last
    (``question(k, lang)``), on the French text it returns (or on the labels of the
    ``(label, value)`` pairs it returns). Anything else is returned as it is.

    >>> typeset({"fr": "Gain : 3 %", "en": "Gain: 3%"})["fr"] == "Gain\xa0: 3\xa0%"
    True
    >>> typeset(lambda k, lang: f"{k} cartes ?")(2, "fr") == "2 cartes\xa0?"
    True
    >>> typeset(lambda k, lang: [("avec remise : x", 1)])(2, "fr") == [("avec remise\xa0: x", 1)]
    True
    """
    if isinstance(x, str) or x is None:
        return x
    if isinstance(x, Mapping):
        if "fr" in x and set(x) <= set(LANGS) and isinstance(x["fr"], str):
            return {**x, "fr": french(x["fr"])}
        return {k: typeset(v) for k, v in x.items()}
    if isinstance(x, tuple):
        return tuple(typeset(v) for v in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return dataclasses.replace(x, **{f.name: typeset(getattr(x, f.name)) for f in dataclasses.fields(x) if f.init})
    if callable(x) and not isinstance(x, type):
        return _typeset_call(x)
    return x


def _typeset_out(out: Any) -> Any:
    if isinstance(out, str):
        return french(out)
    if isinstance(out, list):
        return [(french(a), *rest) if isinstance(a, str) else (a, *rest) for a, *rest in out] \
            if all(isinstance(o, tuple) and o for o in out) else out
    return out


def _typeset_call(f: Callable[..., Any]) -> Callable[..., Any]:
    if getattr(f, "_typeset", False):
        return f

    @functools.wraps(f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        out = f(*args, **kwargs)
        return _typeset_out(out) if args and args[-1] == "fr" else out

    wrapper._typeset = True  # type: ignore[attr-defined]
    return wrapper


def bilingual(text: Callable[[str], str]) -> dict[str, str]:
    """A text table ``{"fr": text("fr"), "en": text("en")}`` from a function of the language.

    >>> bilingual(lambda lang: "oui" if lang == "fr" else "yes")
    {'fr': 'oui', 'en': 'yes'}
    """
    return {lang: text(lang) for lang in LANGS}


def ordinal(n: int, lang: str = DEFAULT_LANG, feminine: bool = True) -> str:
    """An ordinal the reader's way: ``1re``/``1er``, ``2e`` / ``1st``, ``2nd``, ``3rd``, ``11th``.

    >>> ordinal(1, "fr"), ordinal(1, "fr", feminine=False), ordinal(2, "fr"), ordinal(1, "en"), ordinal(12, "en")
    ('1re', '1er', '2e', '1st', '12th')
    """
    if lang != "en":
        return f"{n}{('re' if feminine else 'er') if n == 1 else 'e'}"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def format_count(n: int, lang: str = DEFAULT_LANG) -> str:
    """A whole number with its thousands marked the reader's way (French: a narrow no-break space).

    >>> format_count(20000, "fr") == "20\u202f000", format_count(20000, "en"), format_count(776, "fr")
    (True, '20,000', '776')
    """
    return f"{int(n):,}".replace(",", "\u202f") if lang == "fr" else f"{int(n):,}"


def format_number(x: SupportsFloat, lang: str = DEFAULT_LANG, digits: int = 1, percent: bool = False) -> str:
    """A decimal number as a reader of ``lang`` writes it, for every text a lesson shows.

    French: decimal comma and a (no-break) space before ``%``; English: decimal
    point and ``%`` right after the number. With ``percent`` the number ``x`` is a
    probability, shown in percent: exactly 0 and 1 as ``0 %`` and ``100 %``, a
    probability too small (or too close to 1) to show with ``digits`` decimals
    as ``< 0,1 %`` (``> 99,9 %``) rather than a misleading ``0,0 %``.

    >>> format_number(8 / 58, "fr", percent=True), format_number(8 / 58, "en", percent=True)
    ('13,8\\xa0%', '13.8%')
    >>> format_number(33 / 29, "fr", 3), format_number(33 / 29, "en", 3)
    ('1,138', '1.138')
    >>> format_number(0, "fr", percent=True), format_number(8 / 409955, "fr", percent=True)
    ('0\\xa0%', '<\\xa00,1\\xa0%')
    >>> format_number(8 / 409955, "en", percent=True), format_number(1, "en", percent=True)
    ('<\\xa00.1%', '100%')
    >>> format_number(0.99999, "en", percent=True), format_number(1 / 3, "fr", 0, percent=True)
    ('>\\xa099.9%', '33\\xa0%')

    A number too small to show with ``digits`` decimals (other than 0) is written
    with its power of ten (:func:`scientific`), not as a misleading ``0,0000``.

    >>> format_number(1555 / 60466176, "fr", 4) == "2,57\u202f×\u202f10⁻⁵", format_number(0, "en", 4)
    (True, '0.0000')
    """
    en = lang == "en"

    def number(v: float) -> str:
        s = f"{v:.{digits}f}"
        return minus(s if en else s.replace(".", ","))

    if not percent:
        v = float(x)
        return scientific(v, lang) if 0 < abs(v) < 0.5 * 10.0 ** -digits else number(v)
    v = 100 * float(x)
    unit = "%" if en else NBSP + "%"
    half = 0.5 * 10.0 ** -digits  # below this, the number would print as 0
    if v == 0 or v == 100:
        return f"{v:.0f}{unit}"
    if 0 < v < half:
        return f"<{NBSP}{number(10.0 ** -digits)}{unit}"
    if 100 - half <= v < 100:
        return f">{NBSP}{number(100 - 10.0 ** -digits)}{unit}"
    return number(v) + unit


SUPERSCRIPT_SIGNS = "⁺⁻⁰¹²³⁴⁵⁶⁷⁸⁹"
"""The exponent's characters, as ``"+-0123456789"`` are written raised."""
SUPERSCRIPT = str.maketrans("+-0123456789", SUPERSCRIPT_SIGNS)


MINUS = "\u2212"


def minus(number: str) -> str:
    """A number's text with the minus sign of both languages' typography (−), not a hyphen (-).

    >>> minus("-67/47") == "\u221267/47", minus("1,43")
    (True, '1,43')
    """
    return MINUS + number[1:] if number.startswith("-") else number


def scientific(x: SupportsFloat, lang: str = DEFAULT_LANG, digits: int = 2) -> str:
    """A number with its power of ten, as a reader writes it (not a calculator's ``8.57e-07``): the
    mantissa with ``digits`` decimals the reader's way, ``×`` and ``10`` kept with it by narrow
    no-break spaces, the exponent in superscript.

    >>> scientific(311 / 362797056, "fr") == "8,57\u202f×\u202f10⁻⁷", scientific(4.5e-24, "en", 1)
    (True, '4.5\u202f×\u202f10⁻²⁴')
    >>> scientific(0.0, "fr")
    '0'
    """
    if float(x) == 0:
        return "0"
    mantissa, _, exponent = f"{float(x):.{digits}e}".partition("e")
    mantissa = minus(mantissa if lang == "en" else mantissa.replace(".", ","))
    return f"{mantissa}\u202f×\u202f10{str(int(exponent)).translate(SUPERSCRIPT)}"


def interval_text(lo: SupportsFloat, hi: SupportsFloat, lang: str = DEFAULT_LANG, digits: int = 0) -> str:
    """A probability's 95 % interval as a reader of ``lang`` writes it.

    >>> interval_text(0.38, 0.47, "fr"), interval_text(0.38, 0.47, "en")
    ('[38\xa0%\xa0; 47\xa0%]', '[38%, 47%]')
    """
    sep = NBSP + "; " if lang == "fr" else ", "
    return f"[{format_number(lo, lang, digits, percent=True)}{sep}{format_number(hi, lang, digits, percent=True)}]"


def colon(lang: str) -> str:
    """French puts a no-break space before a colon: ``"J1 : explorer"`` / ``"P1: explore"``."""
    return NBSP + ":" if lang == "fr" else ":"


def semicolon(lang: str) -> str:
    """French puts a no-break space before a semicolon too."""
    return NBSP + ";" if lang == "fr" else ";"


def join_clauses(clauses: Iterable[str], lang: str = DEFAULT_LANG) -> str:
    """Clauses joined by semicolons, as a reader of ``lang`` writes them.

    >>> join_clauses(["J1 recrute 3 cartes", "J2 recrute 4 cartes"], "fr") == "J1 recrute 3 cartes\xa0; J2 recrute 4 cartes"
    True
    >>> join_clauses(["P1 recruits 3 cards", "P2 recruits 4 cards"], "en")
    'P1 recruits 3 cards; P2 recruits 4 cards'
    """
    return (semicolon(lang) + " ").join(clauses)


def join_words(words: Sequence[str], lang: str = DEFAULT_LANG) -> str:
    """``J1``, ``J1 et J3``, ``J1, J2 et J4`` / ``P1, P2 and P4``.

    >>> join_words(["J1", "J2", "J4"], "fr"), join_words(["P1", "P3"], "en"), join_words([], "fr")
    ('J1, J2 et J4', 'P1 and P3', '')
    """
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + (" and " if lang == "en" else " et ") + words[-1]


def player_name(player: int, lang: str = DEFAULT_LANG) -> str:
    """A seat as players call it, numbered from 1: ``J1`` (joueur) / ``P1`` (player).

    >>> player_name(0, "fr"), player_name(2, "en")
    ('J1', 'P3')
    """
    return f"{'P' if lang == 'en' else 'J'}{player + 1}"


def round_name(r: int, lang: str = DEFAULT_LANG) -> str:
    """A round as the log's headings name it, numbered from 1: ``Manche 2`` / ``Round 2``."""
    return f"{'Round' if lang == 'en' else 'Manche'} {r}"


def chance_name(lang: str = DEFAULT_LANG) -> str:
    return "Chance" if lang == "en" else "Hasard"


def count(n: SupportsFloat, lang: str, fr_one: str, fr_many: str, en_one: str, en_many: str, digits: int = 2) -> str:
    """A number with its noun: French counts 0 and 1 as one (``0 carte``), English only 1 (``0 cards``);
    a whole number with its thousands marked (:func:`format_count`), one that is not with ``digits``
    decimals the reader's way, French singular below 2 (``1,50 tour``), English plural (``1.50 turns``).

    >>> count(0, "fr", "carte", "cartes", "card", "cards"), count(0, "en", "carte", "cartes", "card", "cards")
    ('0 carte', '0 cards')
    >>> [count(n, "fr", "pépite", "pépites", "nugget", "nuggets") for n in (1, 0, 3)]
    ['1 pépite', '0 pépite', '3 pépites']
    >>> from fractions import Fraction
    >>> count(Fraction(3, 2), "fr", "tour", "tours", "turn", "turns"), count(1.0, "en", "tour", "tours", "turn", "turns")
    ('1,50 tour', '1 turn')
    >>> count(12000, "en", "essai", "essais", "trial", "trials")
    '12,000 trials'
    """
    x = float(n)
    text = format_count(int(x), lang) if x.is_integer() else format_number(x, lang, digits)
    if lang == "en":
        return f"{text} {en_one if x == 1 else en_many}"
    return f"{text} {fr_one if abs(x) < 2 else fr_many}"
