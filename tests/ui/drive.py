"""Drive a board in-process exactly as its browser front end would: the same
messages (``{"event", "token", "version"}``) through the same entry point."""

from __future__ import annotations

from typing import Any

from ipywidgets.widgets.widget import _instances as _INSTANCES  # every live widget, by model id


def options(board) -> list[dict[str, Any]]:
    return list(board.canvas.options)


def labels(board) -> list[str]:
    return [o["label"] for o in board.canvas.options]


def send(board, event: str, token: Any = None, version: Any = None) -> None:
    content = {"event": event, "token": token, "version": board.canvas.version if version is None else version}
    board.canvas._message(board.canvas, content, [])  # the widget's own entry: it counts what it answers


def pick(board, *, label: str | None = None, region: str | None = None, index: int | None = None) -> dict[str, Any]:
    """Click the option with that label, region or position (as a click or Enter would)."""
    opts = options(board)
    if index is not None:
        option = opts[index]
    else:
        found = [o for o in opts if (label is not None and o["label"] == label) or (region is not None and o["region"] == region)]
        assert found, f"no option {label or region!r} among {[o['label'] for o in opts]}"
        option = found[0]
    send(board, "pick", option["token"])
    return option


def control(board, shortcut: str) -> None:
    c = next(c for c in board.canvas.controls if c["shortcut"] == shortcut)
    send(board, "control", c["token"])


def tick(board) -> None:
    """The browser's pause after a bot move has passed."""
    send(board, "tick")


def run_bots(board, limit: int = 100_000) -> None:
    for _ in range(limit):
        if not board.canvas.tick_ms:
            return
        tick(board)
    raise AssertionError("the bots did not stop")


def widget_states(widget) -> list[tuple[str, dict[str, Any]]]:
    """Every value the browser receives for ``widget`` and its children, model ids
    replaced by their order in the tree (so two boards can be compared byte for byte)."""
    order: dict[str, int] = {}
    out: list[tuple[str, dict[str, Any]]] = []

    def visit(w) -> None:
        if w.model_id in order:
            return
        order[w.model_id] = len(order)
        state = w.get_state()
        out.append((type(w).__name__, state))
        for v in state.values():
            for item in (v if isinstance(v, (list, tuple)) else [v]):
                if isinstance(item, str) and item.startswith("IPY_MODEL_"):
                    child = _INSTANCES.get(item[len("IPY_MODEL_"):])
                    if child is not None:
                        visit(child)

    visit(widget)

    def norm(v):
        if isinstance(v, str) and v.startswith("IPY_MODEL_"):
            return f"MODEL_{order.get(v[len('IPY_MODEL_'):], '?')}"
        if isinstance(v, (list, tuple)):
            return [norm(x) for x in v]
        if isinstance(v, dict):
            return {k: norm(x) for k, x in v.items()}
        return v

    return [(name, norm(state)) for name, state in out]
