"""The picture of a Gold am Yukon position, drawn from a :class:`~mineedu.games.yukon.rules.YukonView`.

``render(view, lang)`` is a pure function: the claims (hexagons with their
values, tinted with their owner's colour once taken), the 228 spaces, the
chains of pawns, this turn's die throws and the nuggets of each team. Every
space is a choice region ``space:<n>`` and every claim a region ``claim:<n>``
(:func:`mineedu.core.svg.region`), so a board lets the player click them.

The claims are drawn once per layout of claim values (:func:`_claims`), the spaces
once (:data:`SPACES_LAYER`); a position adds its pawns, its taken claims and its
text. Text is at least 18 units high: on a 390 px phone (the picture about 360 px
wide) that is 12 px or more.

>>> import mineedu
>>> view = mineedu.make("yukon", 3).initial_state().observation(None)
>>> svg = render(view, "en")
>>> svg.count('data-region="space:'), svg.count('data-region="claim:')
(228, 37)
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from mineedu.core import Texts
from mineedu.core.i18n import player_name
from mineedu.core.svg import PLAYER_COLOUR_NAMES, PLAYER_COLOURS, document, region

from .board import CELL_XY, CELLS, RINGS, STARTS, XY
from .rules import NO_OWNER, YukonView

UNIT = 40.0  # pixels per cell corner radius (a step is UNIT / 2: room for legible pawns)
BOARD_W = UNIT * 2 * max(x for x, _ in XY)
BOARD_H = UNIT * 2 * max(y for _, y in XY)
WIDTH = 520.0
PAD = (WIDTH - BOARD_W) / 2  # around the board (the start spaces' rings reach out of it)
HEAD = 84.0  # two lines: whose turn, the die
ROW = 32.0  # one line of the key under the board
PER_ROW = 3  # players per line of the key
PAWN = 8.5  # pawn radius
HIT = 9.5  # a space's clickable disc (neighbours are 20 apart)
TEXT = "#222222"
VALUE_TEXT = "#2b2004"  # at least 6.4:1 on every claim's gold (WCAG AA asks 4.5:1)
FILLS = {0: "#f4f1ea", 1: "#f6ecc8", 2: "#f1d98a", 4: "#e6bb45", 6: "#d49a1a"}
OTHER_FILL = "#f1d98a"
TINT = 0.45  # a taken claim: its owner's colour at this opacity over white
FONT = 'font-family="sans-serif"'

T = Texts({
    "round": {"fr": "Manche {r} · {who}", "en": "Round {r} · {who}"},
    "to_play": {"fr": "{who} ({colour}) joue", "en": "{who} ({colour}) to play"},
    "start": {"fr": "choisit une case de départ", "en": "chooses a start space"},
    "throwing": {"fr": "lance le dé…", "en": "throws the die…"},
    "die": {"fr": "Dé", "en": "Die"},
    "again": {"fr": "relance…", "en": "rolls again…"},
    "left": {"fr": "= {t} · reste {n}", "en": "= {t} · {n} left"},
    "over": {"fr": "Partie finie · {w}", "en": "Game over · {w}"},
    "winner": {"fr": "gagnant : {w}", "en": "winner: {w}"},
    "winners": {"fr": "ex æquo : {w}", "en": "shared win: {w}"},
    "gone": {"fr": "(parti)", "en": "(left)"},
    "title": {"fr": "Gold am Yukon : plateau, pépites de chaque équipe", "en": "Gold am Yukon: the board, each team's nuggets"},
})


def _at(x: float, y: float) -> tuple[float, float]:
    # whole units: half a unit of rounding is invisible and keeps the picture small
    return (round(WIDTH / 2 + UNIT * x), round(HEAD + PAD + BOARD_H / 2 + UNIT * y))


SPACE_XY: tuple[tuple[float, float], ...] = tuple(_at(*xy) for xy in XY)
CLAIM_XY: tuple[tuple[float, float], ...] = tuple(_at(*xy) for xy in CELL_XY)


def height(players: int) -> float:
    return HEAD + 2 * PAD + BOARD_H + ROW * -(-players // PER_ROW) + 8


def tint(colour: str) -> str:
    """``colour`` at :data:`TINT` opacity over white, as one opaque colour.

    >>> tint("#0072B2")
    '#8cc0dc'
    """
    rgb = [int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(255 * (1 - TINT) + v * TINT):02x}" for v in rgb)


CORNERS: tuple[str, ...] = tuple(
    " ".join(f"{x:.0f},{y:.0f}" for x, y in (SPACE_XY[s] for s in RINGS[c][::2])) for c in range(len(CELLS)))
"""Each claim's hexagon as polygon points."""


@lru_cache(maxsize=8)
def _claims(values: tuple[int, ...]) -> str:
    """The claims, gold by value with the value (regions ``claim:<n>``); only the values change it.

    No element of the picture refers to another by id: a page may hold several
    pictures, some hidden, and a reference can land in a hidden one.
    """
    claims = []
    for c in range(len(CELLS)):
        x, y = CLAIM_XY[c]
        fill = FILLS.get(values[c], OTHER_FILL)
        claims.append(region(f"claim:{c}", f'<polygon points="{CORNERS[c]}" fill="{fill}"/>'
                                           f'<text x="{x:.0f}" y="{y + 8:.0f}" stroke="none">{values[c]}</text>'))
    return (f'<g stroke="#8a7a5a" {FONT} font-size="22" font-weight="bold" text-anchor="middle" '
            f'fill="{VALUE_TEXT}">{"".join(claims)}</g>')


SPACES_LAYER = (
    # a dot on every space and a ring on the start spaces (drawn over taken claims too)...
    # (one path of zero-length round-capped strokes: one element for 228 dots)
    '<g pointer-events="none"><path fill="none" stroke="#8f7f5c" stroke-width="5.2" stroke-linecap="round" d="'
    + "".join(f"M{x:.0f} {y:.0f}h0" for x, y in SPACE_XY)
    + '"/><g fill="none" stroke="#444" stroke-width="1.5" stroke-dasharray="3,2">'
    + "".join(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{PAWN + 3}"/>' for x, y in (SPACE_XY[s] for s in STARTS))
    + "</g></g>"
    # ...and over them each space's clickable disc (painted, transparent: a region ``space:<n>``)
    + '<g fill="#fff" fill-opacity="0">'
    + "".join(region(f"space:{s}", f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{HIT}"/>') for s, (x, y) in enumerate(SPACE_XY))
    + "</g>"
)


def _who(p: int, lang: str) -> str:
    return T("to_play", lang, who=player_name(p, lang), colour=PLAYER_COLOUR_NAMES[lang][p])


def _header(view: YukonView, lang: str) -> list[str]:
    """Line 1: the round and whose turn (or the winners); line 2: the die."""
    out = []
    if view.done:
        w = view.winners()
        names = ", ".join(player_name(p, lang) for p in w)
        line = T("over", lang, w=T("winner" if len(w) == 1 else "winners", lang, w=names))
    else:
        line = T("round", lang, r=view.round + 1, who=_who(view.turn, lang))
        out.append(f'<circle cx="{PAD + 9:.1f}" cy="24" r="9" fill="{PLAYER_COLOURS[view.turn]}" stroke="#222"/>')
    x0 = PAD + (0 if view.done else 26)
    out.append(f'<text x="{x0:.1f}" y="31" font-size="20" font-weight="bold">{escape(line)}</text>')
    if view.done:
        return out
    if not view.chains[view.turn]:
        out.append(f'<text x="{PAD:.1f}" y="68" font-size="20">{escape(T("start", lang))}</text>')
        return out
    if not view.throws:
        out.append(f'<text x="{PAD:.1f}" y="68" font-size="20">{escape(T("throwing", lang))}</text>')
        return out
    out.append(f'<text x="{PAD:.1f}" y="68" font-size="20">{escape(T("die", lang))}</text>')
    x = PAD + 46
    for i, v in enumerate(view.throws):  # each throw a die face; "+" between them
        if i:
            out.append(f'<text x="{x + 6:.1f}" y="68" font-size="20" text-anchor="middle">+</text>')
            x += 14
        out.append(f'<rect x="{x:.1f}" y="46" width="28" height="28" rx="5" fill="#fff" stroke="#222" stroke-width="1.5"/>'
                   f'<text x="{x + 14:.1f}" y="67" font-size="20" font-weight="bold" text-anchor="middle">{v}</text>')
        x += 34
    rest = T("again", lang) if view.rolling else T("left", lang, t=sum(view.throws), n=view.pips)
    out.append(f'<text x="{x + 4:.1f}" y="68" font-size="20">{escape(rest)}</text>')
    return out


def _claimed(view: YukonView, lang: str) -> str:
    """The taken claims: each in its owner's tint (over white: over the gold, blue would
    turn teal and vermilion orange, another player's colour), its value and its owner.
    Four layers, each with its shared attributes once."""
    taken = [(c, o) for c, o in enumerate(view.owners) if o != NO_OWNER]
    if not taken:
        return ""
    xy = CLAIM_XY
    tints = "".join(f'<polygon points="{CORNERS[c]}" fill="{tint(PLAYER_COLOURS[o])}"/>' for c, o in taken)
    values = "".join(f'<text x="{xy[c][0]:.0f}" y="{xy[c][1] - 4:.0f}">{view.config.values[c]}</text>' for c, _ in taken)
    owners = "".join(f'<circle cx="{xy[c][0] - 15:.0f}" cy="{xy[c][1] + 10:.0f}" r="6.5" fill="{PLAYER_COLOURS[o]}"/>'
                     for c, o in taken)
    names = "".join(f'<text x="{xy[c][0] + 7:.0f}" y="{xy[c][1] + 17:.0f}">{player_name(o, lang)}</text>' for c, o in taken)
    return (f'<g stroke="#222" stroke-width="2">{tints}</g><g font-size="22" font-weight="bold">{values}</g>'
            f'<g stroke="#222">{owners}</g><g font-size="18">{names}</g>')


def _chains(view: YukonView) -> list[str]:
    out = []
    for p, chain in enumerate(view.chains):
        colour = PLAYER_COLOURS[p]
        pts = [SPACE_XY[s] for s in chain]
        if len(pts) > 1:
            line = " ".join(f"{x:.0f},{y:.0f}" for x, y in pts)
            out.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="5" stroke-opacity=".6"/>')
        lead = -1
        if p == view.turn and view.head >= 0 and chain:
            lead = len(chain) - 1 if view.head == 1 else 0
        pawns = "".join(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{PAWN}"/>' for i, (x, y) in enumerate(pts) if i != lead)
        out.append(f'<g fill="{colour}" stroke="#fff" stroke-width="1.5">{pawns}</g>')
        if lead >= 0:  # the end that leads this turn (D15)
            x, y = pts[lead]
            out.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{PAWN}" fill="{colour}" stroke="#000" stroke-width="3"/>')
    return out


def _key(view: YukonView, lang: str) -> list[str]:
    """Under the board: each team's colour, name and nuggets (the key to the picture)."""
    out = []
    scores = view.scores()
    top = HEAD + 2 * PAD + BOARD_H
    cell = (WIDTH - 2 * PAD) / PER_ROW
    for p in range(view.players):
        x = PAD + cell * (p % PER_ROW)
        y = top + ROW * (p // PER_ROW) + 20
        gone = f" {T('gone', lang)}" if view.out[p] else ""
        weight = ' font-weight="bold"' if p == view.turn and not view.done else ""
        out.append(f'<circle cx="{x + 9:.1f}" cy="{y - 7:.1f}" r="8" fill="{PLAYER_COLOURS[p]}" stroke="#222"/>'
                   f'<text x="{x + 23:.1f}" y="{y:.1f}" font-size="20"{weight}>'
                   f'{escape(f"{player_name(p, lang)} {scores[p]:g}{gone}")}</text>')
    return out


def render(view: YukonView, lang: str = "fr") -> str:
    """SVG of a position as ``view`` shows it (everyone sees the whole board)."""
    lang = "en" if lang == "en" else "fr"
    w, h = WIDTH, height(view.players)
    taken = _claimed(view, lang)
    chains = "".join(_chains(view))
    text = "".join(_header(view, lang) + _key(view, lang))
    return document(w, h, (
        f'<rect width="{w:.0f}" height="{h:.0f}" fill="#fbfaf6"/>'
        f'{_claims(tuple(view.config.values))}'
        f'<g pointer-events="none" {FONT} text-anchor="middle" fill="#111">{taken}</g>'
        f'{SPACES_LAYER}<g pointer-events="none">{chains}</g>'
        f'<g {FONT} fill="{TEXT}">{text}</g>'
    ), T("title", lang))


def ghost(space_or_claim: tuple[float, float], colour: str) -> str:
    """A dashed pawn where a pick would put one (a board's preview on hover)."""
    x, y = space_or_claim
    return (f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{PAWN + 1}" fill="{colour}" fill-opacity=".55" stroke="#000" '
            f'stroke-width="2" stroke-dasharray="3,2"/>')


def leaving(space: int) -> str:
    """A cross over the pawn a pick would move away (the tail, D15)."""
    x, y = SPACE_XY[space]
    d = PAWN * 0.8
    return (f'<path d="M{x - d:.1f},{y - d:.1f}L{x + d:.1f},{y + d:.1f}M{x - d:.1f},{y + d:.1f}L{x + d:.1f},{y - d:.1f}" '
            f'stroke="#000" stroke-width="3"/>')
