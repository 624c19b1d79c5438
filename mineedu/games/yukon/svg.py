"""The picture of a Gold am Yukon position: hex claims with values, spaces, chains.

Pure function of the state; ``state._repr_svg_()`` shows it in Jupyter.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any

from mineedu.core import Texts
from mineedu.core.svg import PLAYER_COLOUR_NAMES, PLAYER_COLOURS, circle, document, text

from .board import CELL_XY, CELLS, RINGS, STARTS, XY

UNIT = 40.0  # pixels per cell corner radius (a step is UNIT / 2: room for legible pawns)
PAD = 20.0
TOP = 56.0  # room for the status lines
PAWN = 8.5  # pawn radius
WIDTH = 2 * PAD + UNIT * 2 * 6.2
HEIGHT = TOP + 2 * PAD + UNIT * 2 * 5.6 - 10
FILLS = {0: "#f4f1ea", 1: "#f6ecc8", 2: "#f1d98a", 4: "#e6bb45", 6: "#d49a1a"}

T = Texts({
    "turn": {"fr": "Tour {r} · {who}", "en": "Round {r} · {who}"},
    "player": {"fr": "Joueur {p} ({colour})", "en": "Player {p} ({colour})"},
    "throwing": {"fr": "lance le dé", "en": "throws the die"},
    "pips": {"fr": "{n} point(s) de dé à jouer", "en": "{n} pip(s) to play"},
    "start": {"fr": "choisit une case de départ", "en": "chooses a start space"},
    "over": {"fr": "Partie finie · gagnant(s) : {w}", "en": "Game over · winner(s): {w}"},
    "scores": {"fr": "Pépites :", "en": "Nuggets:"},
    "title": {"fr": "Gold am Yukon : plateau", "en": "Gold am Yukon: board"},
})


def _pt(xy: tuple[float, float]) -> tuple[float, float]:
    return (WIDTH / 2 + UNIT * xy[0], TOP + PAD + UNIT * 5.6 + UNIT * xy[1])


def _poly(points: list[tuple[float, float]], fill: str, stroke: str = "#8a7a5a", width: float = 1.0, **extra: str) -> str:
    pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    more = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in extra.items())
    return f'<polygon points="{pts}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"{more}/>'


@lru_cache(maxsize=8)
def _board(values: tuple[int, ...]) -> str:
    """The fixed layer: claims coloured by value, spaces, start spaces."""
    out = []
    for c in range(len(CELLS)):
        corners = [_pt(XY[s]) for s in RINGS[c][::2]]
        out.append(_poly(corners, FILLS.get(values[c], "#f1d98a")))
    for s, xy in enumerate(XY):
        x, y = _pt(xy)
        out.append(circle(x, y, 2.6, "#b5a888", stroke="none"))
    for s in STARTS:
        x, y = _pt(XY[s])
        out.append(circle(x, y, PAWN + 2.5, "none", stroke="#444", stroke_dasharray="3,2"))
    return "\n".join(out)


def render(state: Any, player: int | None = None, lang: str = "fr", show_all: bool = False) -> str:
    """SVG of ``state`` (nothing is hidden in this game, so ``player``/``show_all`` change nothing)."""
    cfg = state.config
    n = len(state.chains)
    names = PLAYER_COLOUR_NAMES["en" if lang == "en" else "fr"]

    def who(p: int) -> str:  # numbered from 1, as in the other games and the board's seats
        return T("player", lang, p=p + 1, colour=names[p])

    body = [_board(tuple(cfg.values))]
    for c, owner in enumerate(state.owners):  # values; a claimed claim shows its pawn
        x, y = _pt(CELL_XY[c])
        if owner < 0:
            body.append(text(x, y + 6, cfg.values[c], size=18, weight="bold", fill="#5a4510"))
            continue
        # the owner's tint over white, not over the gold (which would turn blue into
        # teal and vermilion into orange, another player's colour), its pawn, the value
        corners = [_pt(XY[s]) for s in RINGS[c][::2]]
        body.append(_poly(corners, "#ffffff", stroke="none"))
        body.append(_poly(corners, PLAYER_COLOURS[owner], stroke="#333", width=2.0, fill_opacity="0.45"))
        body.append(circle(x, y - 9, PAWN, PLAYER_COLOURS[owner], stroke="#fff", stroke_width="1.5"))
        body.append(text(x, y + 17, cfg.values[c], size=15, weight="bold", fill="#111"))
    for p, chain in enumerate(state.chains):
        colour = PLAYER_COLOURS[p]
        pts = [_pt(XY[s]) for s in chain]
        if len(pts) > 1:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
            body.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="5" stroke-opacity="0.6"/>')
        for i, (x, y) in enumerate(pts):
            lead = p == state.turn and state.head >= 0 and i == (len(pts) - 1 if state.head == 1 else 0)
            body.append(circle(x, y, PAWN, colour, stroke="#000" if lead else "#fff", stroke_width="3" if lead else "1.5"))
    scores = state.scores()
    if state.done:
        line = T("over", lang, w=", ".join(who(p) for p in state.winners()))
    else:
        p = state.turn
        what = (T("throwing", lang) if state.rolling else T("start", lang) if not state.chains[p]
                else T("pips", lang, n=state.pips))
        line = T("turn", lang, r=state.round + 1, who=who(p)) + " · " + what
    body.append(text(PAD, 24, line, size=17, anchor="start"))
    # the scores, each after a dot of the player's colour: the key to the picture
    runs = "".join(f'  <tspan fill="{PLAYER_COLOURS[p]}">●</tspan> {escape(names[p])} {scores[p]:g}' for p in range(n))
    body.append(
        f'<text x="{PAD:.1f}" y="46" font-size="15" text-anchor="start" font-family="sans-serif" fill="#222">'
        f'{escape(T("scores", lang))}{runs}</text>'
    )
    return document(WIDTH, HEIGHT, body, title=T("title", lang))
