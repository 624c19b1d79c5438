"""French and English texts: every text a student sees exists in both."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import SupportsFloat

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

    @staticmethod
    def fmt(fr: str, en: str, lang: str, **fmt: object) -> str:
        return (en if lang == "en" else fr).format(**fmt)

    def merged(self, other: Mapping[str, Mapping[str, str]]) -> Texts:
        return Texts({**self.table, **other})


NBSP = "\u00a0"  # a no-break space: "13,8 %" never breaks before its "%"


_BEFORE = re.compile(r"[ \u202f]([:;?!%»])")  # a plain or narrow space before a high sign
_AFTER = re.compile(r"«[ \u202f]")


def french(text: str) -> str:
    """``text`` with a no-break space before ``: ; ? ! % »`` and after ``«``.

    >>> french("Valeur refusée pour « x » : 3 %") == "Valeur refusée pour «\xa0x\xa0»\xa0: 3\xa0%"
    True
    """
    return _AFTER.sub("«" + NBSP, _BEFORE.sub(NBSP + r"\1", text))


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
    """
    en = lang == "en"

    def number(v: float) -> str:
        s = f"{v:.{digits}f}"
        return s if en else s.replace(".", ",")

    if not percent:
        return number(float(x))
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


def colon(lang: str) -> str:
    """French puts a no-break space before a colon: ``"J1 : explorer"`` / ``"P1: explore"``."""
    return NBSP + ":" if lang == "fr" else ":"


def player_name(player: int, lang: str = DEFAULT_LANG) -> str:
    """A seat as players call it, numbered from 1: ``J1`` (joueur) / ``P1`` (player).

    >>> player_name(0, "fr"), player_name(2, "en")
    ('J1', 'P3')
    """
    return f"{'P' if lang == 'en' else 'J'}{player + 1}"


def chance_name(lang: str = DEFAULT_LANG) -> str:
    return "Chance" if lang == "en" else "Hasard"


def plural(n: int, one: str, many: str) -> str:
    """``1 point``, ``2 points``; French counts 0 and 1 as singular (``0 point``).

    >>> plural(1, "point", "points"), plural(0, "pépite", "pépites"), plural(3, "pépite", "pépites")
    ('1 point', '0 pépite', '3 pépites')
    """
    return f"{n} {one if abs(n) < 2 else many}"
