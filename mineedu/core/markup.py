"""HTML pieces the games' panels and lessons write alike: a text as an element's content, a
percentage the reader's way, and an exact number tagged ``data-exact`` (what the tests and the
brute-force checks read, whatever the reader is shown)."""

from __future__ import annotations

import html
from fractions import Fraction

from .exact import fraction_text
from .i18n import format_number


def esc(text: str) -> str:
    """``text`` as an element's content (quotes kept: the texts are full of apostrophes)."""
    return html.escape(text, quote=False)


def percent(p: Fraction | float, lang: str) -> str:
    """``p`` as a percentage the reader's way, escaped: ``38,9 %`` / ``38.9%``."""
    return esc(format_number(p, lang, percent=True))


def exact(cls: str, x: Fraction, shown: str | None = None, tag: str = "b") -> str:
    """``<b class='odds-burn' data-exact='7/18'>7/18</b>``: an exact number, shown as ``shown`` if given."""
    text = fraction_text(x)
    return f"<{tag} class='{cls}' data-exact='{text}'>{esc(text if shown is None else shown)}</{tag}>"
