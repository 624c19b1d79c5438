"""The picture as a controller: an ``anywidget`` that shows a game's SVG and sends picks.

The kernel sets what the browser may show: the picture (already drawn from
the viewer's observation), the options of the current step as opaque tokens
with their words, the controls of a cycled step and a prompt. The browser
(``canvas.js``, shipped in this package and sent over the widget channel:
nothing comes from a CDN) marks the regions of the picture that stand for an
option (``data-region`` attributes), highlights them on hover and focus,
draws the previews, and sends back ``{"event", "token", "version"}``. Those
messages reach :meth:`Canvas.handler` and nothing else. The one trait the
browser sets, ``client_width``, reaches the board as an input like the others
(checked, then it only chooses the narrow layout); no other trait is read back
as input. ``answered`` counts the student's inputs handled:
until it catches up with a click, the page offers nothing more to click (a
redraw for another seat's move in between shows options no longer meant).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

HERE = Path(__file__).parent


class Canvas(anywidget.AnyWidget):
    """The board's picture and the choices of the current step (see the module docstring)."""

    _esm = HERE / "canvas.js"
    _css = HERE / "canvas.css"

    svg = traitlets.Unicode("").tag(sync=True)
    options = traitlets.List(traitlets.Dict()).tag(sync=True)
    """``[{"token", "region" (or None: a button), "label", "preview" (SVG or None)}]``"""
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """Regions already picked in this action (highlighted)."""
    controls = traitlets.List(traitlets.Dict()).tag(sync=True)
    """``[{"token", "label", "shortcut"}]``: rotate, mirror, back..."""
    prompt = traitlets.Unicode("").tag(sync=True)
    cover = traitlets.Unicode("").tag(sync=True)
    """Non-empty: the picture is hidden behind this text (hot-seat: pass the screen)."""
    cover_button = traitlets.Unicode("").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    tick_ms = traitlets.Int(0).tag(sync=True)
    """Above 0: the browser asks for the next bot move after this pause."""
    lang = traitlets.Unicode("fr").tag(sync=True)
    answered = traitlets.Int(0).tag(sync=True)
    """How many of the student's inputs (picks, controls, "ready": not the pauses' ticks) the kernel has handled."""
    client_width = traitlets.Int(0).tag(sync=True)
    """Set by the browser: the width the picture has on screen (chooses a narrow layout)."""

    def __init__(self, handler: Callable[[Any], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.handler = handler
        self.inputs = 0
        """The student's inputs received; the handler's redraw sends it as ``answered``."""
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not (isinstance(content, dict) and content.get("event") == "tick"):
            self.inputs += 1
        try:
            self.handler(content)
        finally:  # answered even if the handler failed before its redraw: the page must not wait forever
            if self.answered != self.inputs:
                self.answered = self.inputs
