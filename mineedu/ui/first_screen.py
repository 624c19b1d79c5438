"""A lesson's first screen: its title, the board's picture and the odds in the HTML Voilà sends.

Voilà's front end (about 5 MB of JavaScript) loads before any widget shows,
then each widget's model; until then a page would show "Loading widget...".
:class:`FirstScreen` closes that gap without changing what a page reveals:

* displayed after the header and the board, it outputs (under Voilà only, as
  ``application/vnd.mineedu.first-screen+json``) a static copy of the DOM
  their widgets' views will build, made from the very values the widgets
  hold (the board's SVG for this viewer, its status, its panel), plus the CSS
  that copy needs before ipywidgets' own arrives. The notebook's bootstrap
  script (:data:`BOOT_SCRIPT`, a markdown cell right after it: Voilà sends
  markdown as HTML, and runs its scripts as the page streams in) mounts each
  copy in its widget's output area at once. The live views are drawn under
  the copies, hidden; once the board's picture is drawn (in its final layout)
  the copies go and the live page is in the same place;
* :data:`BOOT_STYLE` (a markdown cell before the address is read, so sent at
  once) hides Voilà's spinner and every "Loading widget..." line;
* :meth:`FirstScreen.later` displays a section below the board (predict,
  tournament, exercises) as an empty box and closes its widgets' models: the
  browser loads the header's and the board's models only, and the section's
  come (the same widgets, the same model ids) once the board is live.

Outside Voilà (JupyterLab, nbval) the first screen is a line of text and the
sections are displayed as they are.
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ipywidgets as W

from .board_view import NARROW_BELOW
from .canvas import Canvas
from .lesson import Lesson, Part
from .page import PROJECTOR, PROJECTOR_CLASS, PageMeta

HERE = Path(__file__).parent
MIME = "application/vnd.mineedu.first-screen+json"
LIVE_CLASS = "mineedu-live"
"""The class on ``<body>`` once the live board is drawn (the copies are then gone)."""
log = logging.getLogger(__name__)


def in_voila() -> bool:
    """Whether this kernel runs a page Voilà serves (a preheated kernel says so before its visitor comes)."""
    return "VOILA_PREHEAT" in os.environ or os.environ.get("SERVER_SOFTWARE", "").startswith("voila")


# --- the static copy of a widget's view ------------------------------------------------------


def _classes(*names: str) -> str:
    return html.escape(" ".join(n for n in names if n), quote=True)


def _layout_style(w: W.Widget) -> str:
    """The inline style ipywidgets' LayoutView gives the element: every layout trait that is set."""
    layout = getattr(w, "layout", None)
    if not isinstance(layout, W.Layout):
        return ""
    parts = []
    for name in layout.keys:
        if name.startswith("_") or name == "keys":
            continue
        value = getattr(layout, name)
        if value is not None and value != "":
            parts.append(f"{name.replace('_', '-')}: {value}")
    return "; ".join(parts)


def _attrs(w: W.Widget, *classes: str, style: str = "") -> str:
    css = "; ".join(s for s in (_layout_style(w), style) if s)
    own = getattr(w, "_dom_classes", ())
    out = f' class="{_classes(*classes, *own)}"'
    return out + (f' style="{html.escape(css, quote=True)}"' if css else "")


def _hidden(w: W.Widget) -> bool:
    layout = getattr(w, "layout", None)
    return isinstance(layout, W.Layout) and layout.display == "none"


def _label(w: W.Widget) -> str:
    return '<label class="widget-label" style="display: none;"></label>'


def _button(w: W.Button | W.ToggleButton, kind: str) -> str:
    mods = [f"mod-{w.button_style}" if w.button_style else ""]
    if isinstance(w, W.ToggleButton) and w.value:
        mods.append("mod-active")
    disabled = " disabled" if w.disabled else ""
    text = html.escape(w.description)
    return (f"<button{_attrs(w, 'lm-Widget', 'jupyter-widgets', 'jupyter-button', kind, *mods)}"
            f' tabindex="-1"{disabled}>{text}</button>')


def _toggle_buttons(w: W.ToggleButtons) -> str:
    width = getattr(w.style, "button_width", "") or ""
    style = f' style="width: {html.escape(width, quote=True)};"' if width else ""
    buttons = "".join(
        f'<button type="button" class="widget-toggle-button jupyter-button{" mod-active" if i == w.index else ""}"'
        f' tabindex="-1"{style}>{html.escape(label)}<i></i></button>'
        for i, label in enumerate(w._options_labels))
    return f"<div{_attrs(w, 'lm-Widget', 'widget-toggle-buttons')}>{_label(w)}<div>{buttons}</div></div>"


def _svg(svg: str) -> str:
    """The picture as canvas.js shows it: the root ``<svg>`` without its width and height (CSS sizes it)."""
    head, sep, rest = svg.partition(">")
    head = re.sub(r'\s(width|height)="[^"]*"', "", head)
    return head + ' focusable="false"' + sep + rest


def _canvas(w: Canvas, narrow_svg: str | None) -> str:
    """What canvas.js draws: the prompt, the picture (or the cover), the controls and the options as buttons."""
    prompt = f'<div class="me-prompt">{html.escape(w.prompt)}</div>'
    if w.cover:  # hot-seat: the screen waits for the next human, and so does the copy (no picture in it)
        cover = (f'<div class="me-cover"><p class="me-cover-text">{html.escape(w.cover)}</p>'
                 f'<button class="me-button me-ready" tabindex="-1">{html.escape(w.cover_button)}</button></div>')
        return f"<div{_attrs(w, 'lm-Widget', 'me-canvas')}>{prompt}{cover}</div>"
    wide = f'<div class="me-picture mineedu-first-wide">{_svg(w.svg)}</div>'
    narrow = f'<div class="me-picture mineedu-first-narrow">{_svg(narrow_svg)}</div>' if narrow_svg else ""
    controls = "".join(f'<button class="me-button me-control" tabindex="-1">{html.escape(c["label"])}</button>'
                       for c in w.controls)
    options = "".join(f'<button class="me-button me-option" tabindex="-1">{html.escape(o["label"])}</button>'
                      for o in w.options if not o.get("region"))
    return (f"<div{_attrs(w, 'lm-Widget', 'me-canvas')}>{prompt}{wide}{narrow}"
            f'<div class="me-controls">{controls}</div><div class="me-options">{options}</div></div>')


def _meta(w: PageMeta) -> str:
    words = w.switch or {}
    pressed = "true" if w.view == PROJECTOR else "false"
    return (f"<div{_attrs(w, 'lm-Widget')}><button type=\"button\" class=\"mineedu-project\" tabindex=\"-1\""
            f' aria-pressed="{pressed}">{html.escape(words.get("label", ""))}</button></div>')


def static_view(w: W.Widget, narrow: Callable[[Canvas], str | None] = lambda _c: None) -> str:
    """The DOM a widget's live view builds, as static HTML (a hidden widget: nothing).

    Boxes, HTML, buttons, toggle buttons, the board's canvas and the page's
    meta widget are copied; any other widget leaves an empty element of its
    layout (a lesson's header and board use none above the fold).
    """
    if _hidden(w):
        return ""
    if isinstance(w, PageMeta):
        return _meta(w)
    if isinstance(w, Canvas):
        return _canvas(w, narrow(w))
    if isinstance(w, W.Box):
        kind = "widget-vbox" if isinstance(w, W.VBox) else "widget-hbox" if isinstance(w, W.HBox) else ""
        inner = "".join(static_view(c, narrow) for c in w.children)
        return (f"<div{_attrs(w, 'lm-Widget', 'lm-Panel', 'jupyter-widgets', 'widget-container', 'widget-box', kind)}>"
                f"{inner}</div>")
    if isinstance(w, W.HTML):
        return (f"<div{_attrs(w, 'lm-Widget', 'jupyter-widgets', 'widget-inline-hbox', 'widget-html')}>{_label(w)}"
                f'<div class="widget-html-content">{w.value}</div></div>')
    if isinstance(w, W.ToggleButton):
        return _button(w, "widget-toggle-button")
    if isinstance(w, W.Button):
        return _button(w, "widget-button")
    if isinstance(w, W.ToggleButtons):
        return _toggle_buttons(w)
    return f"<div{_attrs(w, 'lm-Widget')}></div>"


def _tree(w: W.Widget) -> Iterator[W.Widget]:
    """Every widget model reachable from ``w`` (its layout and style included), children before parents."""
    seen: set[int] = set()

    def walk(x: W.Widget) -> Iterator[W.Widget]:
        if id(x) in seen:
            return
        seen.add(id(x))
        for name in x.keys:
            value = getattr(x, name, None)
            for v in value if isinstance(value, list | tuple) else (value,):
                if isinstance(v, W.Widget):
                    yield from walk(v)
        yield x

    return walk(w)


# --- the page's first screen ---------------------------------------------------------------------


def _read(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


BOOT_STYLE = f"<style class=\"mineedu-boot\">\n{_read('first_screen_boot.css').strip()}\n</style>"
"""The notebook's first markdown cell: Voilà's spinner and "Loading widget..." lines never show."""
BOOT_SCRIPT = f"<script class=\"mineedu-boot\">\n{_read('first_screen.js').strip()}\n</script>"
"""The markdown cell after the first screen's output: mounts the copies, then gives way to the live views."""


class FirstScreen:
    """A lesson page's first screen (see the module docstring); ``FirstScreen(page)`` in the notebook's first cell."""

    def __init__(self, page: Lesson) -> None:
        self.page = page
        self.shown = (page.header.widget, page.board.widget)
        self.live = False
        # what waits for the board to be live: (each box with the children it gets back, the models to open)
        self._pending: list[tuple[list[tuple[W.Box, tuple[W.Widget, ...]]], list[W.Widget]]] = []
        page.game_board.canvas.observe(self._board_live, names="client_width")  # its first report: it is drawn
        page.meta.on_msg(lambda _w, content, _b: self._board_live() if content == {"event": "live"} else None)

    def apply_query(self, query: str) -> None:
        """The page's address: ``lang=en``, ``teacher=1`` (the lesson's), ``view=projector``; then the
        board's folded parts wait, closed, until the board is live (:meth:`fold_until_live`)."""
        self.page.apply_query(query)
        self.page.meta.apply_query(query)
        self.fold_until_live()

    def fold_until_live(self) -> None:
        """The board's parts hidden on the first screen (the new game's dialog, the saved game, a
        table's join box while folded) are emptied and their models closed: the browser loads the
        header's and the board's visible models only, and these come back (the same models) first
        once the board is live, before the sections below it."""
        if self.live:
            return
        board = self.page.game_board
        folded = [box for box in (board.dialog, board.saved_box, board.table.join_box)
                  if box.layout.display == "none" and box.children]
        if not folded:
            return
        kids = [(box, box.children) for box in folded]
        for box in folded:
            box.children = ()
        kept = {id(x) for root in self.shown for x in _tree(root)}
        closed = [x for _box, children in kids for k in children for x in _tree(k) if id(x) not in kept]
        closed = list({id(x): x for x in closed if x.comm is not None}.values())  # a style two parts share: once
        for x in closed:
            x.close()
        self._pending.insert(0, (kids, closed))

    # --- the copy -------------------------------------------------------------------------
    def _narrow(self, canvas: Canvas) -> str | None:
        """The board's narrow picture (a phone's), when the game draws one and the board shows the wide one."""
        board = self.page.game_board
        if canvas is not board.canvas or board.narrow or canvas.cover:
            return None
        svg = board.game.render_svg(board.session.state, board.viewer(), board.lang, board.show_all, narrow=True)
        return svg if svg != canvas.svg else None

    def payload(self) -> dict[str, Any]:
        """The output Voilà sends: the copies by model id, their CSS, the page's language, title and view."""
        meta = self.page.meta
        return {
            "parts": {w.model_id: static_view(w, self._narrow) for w in self.shown},
            "css": "\n".join(_read(f) for f in ("first_screen.css", "page.css", "canvas.css", "table.css")),
            "lang": meta.lang, "title": meta.title,
            "body": ["mineedu-page", *([PROJECTOR_CLASS] if meta.view == PROJECTOR else [])],
            "live": LIVE_CLASS, "narrow_below": NARROW_BELOW,
        }

    def summary(self) -> str:
        return "first screen: the title, the board's picture and its odds, in the page Voilà sends"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        if in_voila():
            return {MIME: self.payload()}  # no text/plain: Voilà's front end renders nothing for it
        return {"text/plain": self.summary()}

    def __repr__(self) -> str:
        return self.summary()

    # --- the sections below the board ------------------------------------------------------------
    def later(self, part: Part) -> Part:
        """``part`` shown in an empty box whose models load once the board is live (see the module docstring)."""
        box = W.VBox()
        box.add_class("mineedu-section")
        part.widget.add_class("mineedu-section-body")
        kept = {id(x) for root in self.shown for x in _tree(root)}
        closed = [x for x in _tree(part.widget) if id(x) not in kept and x.comm is not None]
        self._pending.append(([(box, (part.widget,))], closed))
        for x in closed:
            x.close()
        if self.live:
            self._open_next()
        return Part(box, part.summary)

    def _board_live(self, _change: Any = None) -> None:
        if self.live:
            return
        self.live = True
        self._open_next()

    def _open_next(self) -> None:
        """Open the next waiting section, then let the kernel answer the browser before the one after."""
        if not self._pending:
            return
        boxes, closed = self._pending.pop(0)
        try:
            for x in closed:  # children first: a box's state names its children's models
                x.open()
            for box, children in boxes:
                box.children = children
        except Exception:  # a section that cannot open must not stop the others (the page guard shows a gap)
            log.exception("mineedu: a section below the board did not open")
        if self._pending:
            try:
                asyncio.get_running_loop().call_soon(self._open_next)
            except RuntimeError:  # no loop runs this kernel's messages (a script): open them all now
                self._open_next()
