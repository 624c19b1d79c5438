"""What a lesson page sets outside its widgets: the document's language, the tab's title, the styles.

:class:`PageMeta` is an invisible ``anywidget`` whose front end sets
``<html lang>`` (so a screen reader reads French as French) and the tab's
title, and whose stylesheet (``page.css``, shipped in the package) makes the
page readable on a projector and a phone. :func:`query` reads the page's
address (``?lang=en``) in Voilà, where preheated kernels run the notebook
before a student arrives.
"""

from __future__ import annotations

import os
from pathlib import Path

import anywidget
import traitlets

HERE = Path(__file__).parent


class PageMeta(anywidget.AnyWidget):
    _esm = HERE / "page.js"
    _css = HERE / "page.css"
    lang = traitlets.Unicode("fr").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)

    def set(self, lang: str, title: str) -> None:
        self.lang, self.title = lang, title


def query() -> str:
    """The page's query string (``"lang=en"``) under Voilà; empty elsewhere.

    With preheated kernels this blocks until a browser takes the kernel, so a
    notebook calls it after its heavy cells and before displaying anything.
    """
    try:
        from voila.utils import get_query_string
    except ImportError:  # pragma: no cover - Voilà is in the app extra
        return os.environ.get("QUERY_STRING", "")
    return str(get_query_string() or "")  # outside a preheated Voilà kernel it returns at once
