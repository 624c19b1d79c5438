"""Fewer widget models for a page to load: default styles and layouts shared.

Every ipywidgets widget comes with its own ``Layout`` model, and most with a
``Style`` model, even when both are left at their defaults; a lesson page is
about 330 models, 210 of them such defaults, and a browser loads each model
from the kernel one by one before the page is interactive. :func:`share_defaults`
gives the widgets under a root one shared model per style class, and one shared
``Layout`` to the HTML widgets, when theirs is untouched, then closes the models
no widget uses any more.

Only what the code never changes after building is shared: styles (nothing
changes a style once a widget is built) and the layouts of HTML widgets (the
board hides and shows boxes and buttons through their layouts: those keep
their own).

>>> import ipywidgets as W
>>> a, b = W.HTML("a"), W.HTML("b")
>>> box = W.VBox([a, b, W.Button(description="ok")])
>>> share_defaults(box) >= 3  # two HTML layouts and one HTML style closed
True
>>> a.layout is b.layout and a.style is b.style
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import ipywidgets as W

_SHARED: dict[type, W.Widget] = {}


def _children(w: W.Widget) -> Iterator[W.Widget]:
    for name in w.keys:
        if name in ("layout", "style"):
            continue
        v = getattr(w, name, None)
        for x in v if isinstance(v, list | tuple) else (v,):
            if isinstance(x, W.Widget):
                yield x


def _walk(root: W.Widget) -> list[W.Widget]:
    seen: dict[int, W.Widget] = {}
    todo = [root]
    while todo:
        w = todo.pop()
        if id(w) not in seen:
            seen[id(w)] = w
            todo.extend(_children(w))
    return list(seen.values())


def _state(model: W.Widget) -> dict[str, Any]:
    return {k: v for k, v in model.get_state().items() if not k.startswith("_")}


def _shared(cls: type) -> W.Widget:
    if cls not in _SHARED or _SHARED[cls].comm is None:  # a closed one is made again
        _SHARED[cls] = cls()
    return _SHARED[cls]


def share_defaults(*roots: W.Widget) -> int:
    """Share the untouched styles (and HTML layouts) of every widget under ``roots``; the number of models closed."""
    widgets = [w for r in roots for w in _walk(r)]
    users: dict[int, int] = {}
    for w in widgets:
        for name in ("layout", "style"):
            m = getattr(w, name, None)
            if isinstance(m, W.Widget):
                users[id(m)] = users.get(id(m), 0) + 1
    closed = 0
    for w in widgets:
        for name in ("style", "layout"):
            m = getattr(w, name, None)
            if not isinstance(m, W.Widget) or (name == "layout" and type(w) is not W.HTML):
                continue
            shared = _shared(type(m))
            if m is shared or _state(m) != _state(shared):
                continue
            setattr(w, name, shared)
            if users.get(id(m)) == 1:
                m.close()
                closed += 1
    return closed
