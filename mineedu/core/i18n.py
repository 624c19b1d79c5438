"""French and English texts: every text a student sees exists in both."""

from __future__ import annotations

from collections.abc import Mapping

LANGS = ("fr", "en")
DEFAULT_LANG = "fr"


class Texts:
    """A table of texts, ``{key: {"fr": ..., "en": ...}}``, checked complete at creation.

    >>> T = Texts({"dragon": {"fr": "dragon", "en": "dragon"}, "gold": {"fr": "or", "en": "gold"}})
    >>> T("gold", "fr"), T("gold", "en")
    ('or', 'gold')
    >>> T("gold", "fr", n=2) if False else T.fmt("{n} or", "{n} gold", "en", n=2)
    '2 gold'
    """

    def __init__(self, table: Mapping[str, Mapping[str, str]]) -> None:
        for key, texts in table.items():
            missing = [lang for lang in LANGS if not texts.get(lang)]
            if missing:
                raise ValueError(f"text {key!r} lacks {', '.join(missing)}")
        self.table = dict(table)

    def __call__(self, key: str, lang: str = DEFAULT_LANG, **fmt: object) -> str:
        text = self.table[key][lang if lang in LANGS else DEFAULT_LANG]
        return text.format(**fmt) if fmt else text

    @staticmethod
    def fmt(fr: str, en: str, lang: str, **fmt: object) -> str:
        return (en if lang == "en" else fr).format(**fmt)

    def merged(self, other: Mapping[str, Mapping[str, str]]) -> Texts:
        return Texts({**self.table, **other})
