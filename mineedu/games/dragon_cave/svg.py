"""The picture of the cave, drawn from one viewer's view: ``render(view, lang) -> str``.

The path snakes from the entrance in rows of slots (left to right, then right
to left, joined by a dashed bend): the entrance, the cards in front of the
dragon, the dragon itself in a slot of its own, then the cards it has passed
(greyed: nobody can reach them). Captured cards are gone (the path closes up,
D10). Every card shows its family's letter, its number from the entrance and
its value once known (``?`` face down). A pawn stands above its card with its
seat number and an arrow for its direction; pawns not yet in wait inside the
entrance. Under the path: the key to the family letters, the variants in play,
then one line per player (direction, carried cards, total once out).

Two layouts (:class:`Layout`): :func:`render` for a wide screen (:data:`WIDE`,
nine slots a row, three rows for the game's 24 cards) and :func:`render_narrow`
for a phone held upright (:data:`NARROW`, seven a row, 800 units wide: every
text is at least :data:`FONT` units high, 12.6 px on a 360 px picture).

The places a player can pick are regions (:func:`mineedu.core.svg.region`):
``card:<i>`` for card ``i`` of the path, ``exit`` for the entrance, and
``drop:<k>`` for the carried cards of the player to move.
"""

from __future__ import annotations

from dataclasses import dataclass

from mineedu.core import CHANCE, TERMINAL, Texts
from mineedu.core.i18n import colon, player_name
from mineedu.core.svg import PLAYER_COLOURS, circle, document, rect, region, text

from .rules import EATEN, ENTRANCE, IN, OUT, Card, DragonCave, Position, family_name
from .words import cards, points, steps

CARD_W, CARD_H, GAP = 100, 124, 12


@dataclass(frozen=True)
class Layout:
    """How many slots a row of the path holds, hence how wide the picture is."""

    name: str
    per_row: int

    @property
    def width(self) -> float:
        return self.per_row * (CARD_W + GAP) - GAP + 2 * LEFT


LEFT = 14  # the margin on either side of the rows (room for the dashed bends)
NARROW = Layout("narrow", 7)
"""A phone held upright: 800 units wide, so that 28-unit text is 12.6 px on a 360 px picture."""
WIDE = Layout("wide", 9)
"""A laptop, a tablet or a projector: 1024 units wide, three rows for the game's 24 cards."""
BAND = 58  # above each row of cards: the pawns, or the words "entrance" and "dragon"
ROW_PITCH = BAND + CARD_H + 26
TOP = 108  # the title and the headline
FONT, BIG = 28, 52
"""The text's sizes, in picture units; ``FONT``, the smallest, is 12.6 px when the picture is 360 px wide."""
LINE = 54  # one line of the key or of a player
CHAR_W = 0.6  # a generous average width of a character, in ems, to lay text out

INK, PAPER, MUTED = "#222222", "#FCFCFA", "#444444"
FAMILY_FILLS = ("#F3EFD9", "#D9E4C8", "#C3D3EA", "#CDB9E3", "#D6D6D6", "#EBD0AE")
"""One light fill per family (dark text on each stays above 4.5:1 contrast)."""
PASSED_FILL = "#EDEDED"  # a card behind the dragon
DRAGON_RED = "#B22222"

T = Texts({
    "entrance": {"fr": "entrée", "en": "entrance"},
    "dragon": {"fr": "dragon", "en": "dragon"},
    "turn": {"fr": "au tour de {p}", "en": "{p} to move"},
    "die": {"fr": "dé {v} − {cards} = {points}", "en": "die {v} − {cards} = {points}"},
    "roll": {"fr": "{p} lance le dé", "en": "{p} rolls the die"},
    "reveal": {"fr": "une carte capturée est retournée", "en": "a captured card is turned over"},
    "dragon_die": {"fr": "le dé du dragon est lancé", "en": "the dragon's die is rolled"},
    "over": {"fr": "partie terminée", "en": "game over"},
    "winner": {"fr": "gagnant{c} {who}", "en": "winner{c} {who}"},
    "winners": {"fr": "gagnants{c} {who}", "en": "winners{c} {who}"},
    "all_eaten": {"fr": "le dragon a dévoré tout le monde", "en": "the dragon ate everyone"},
    "key": {"fr": "{i} = {name} ({lo}–{hi})", "en": "{i} = {name} ({lo}–{hi})"},
    "in_fwd": {"fr": "avance", "en": "diving"},
    "in_back": {"fr": "revient", "en": "returning"},
    "out": {"fr": "sorti avec {t}", "en": "out with {t}"},
    "eaten": {"fr": "dévoré", "en": "eaten"},
    "nothing": {"fr": "rien", "en": "nothing"},
    "variants": {"fr": "Variantes{c}", "en": "Variants{c}"},
    "blind": {"fr": "aveugle (valeurs cachées)", "en": "blind (values hidden)"},
    "dice_movement": {"fr": "dé de déplacement (d{n})", "en": "movement die (d{n})"},
    "dice_dragon": {"fr": "dé du dragon (d{n})", "en": "dragon's die (d{n})"},
})


# --- colours -----------------------------------------------------------------------


def _luminance(colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#RRGGBB`` colours (1 to 21; text wants 4.5 or more).

    >>> round(contrast("#000000", "#FFFFFF"), 1)
    21.0
    """
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (a seat number on its pawn)."""
    return "#000000" if contrast(fill, "#000000") >= contrast(fill, "#FFFFFF") else "#FFFFFF"


def seat_colour(p: int) -> str:
    return PLAYER_COLOURS[p % len(PLAYER_COLOURS)]


def family_fill(f: int) -> str:
    return FAMILY_FILLS[f % len(FAMILY_FILLS)]


def initial(f: int, lang: str = "fr") -> str:
    """The letter printed on a card of family ``f`` (the family's number beyond the four named ones)."""
    return family_name(f, lang)[0] if f < 4 else str(f + 1)


def card_code(card: Card, lang: str) -> str:
    """``M5``, ``H?``: a card's family letter and value."""
    return initial(card[0], lang) + ("?" if card[1] is None else str(card[1]))


def text_width(s: str, size: float) -> float:
    """A generous estimate of how wide ``s`` is drawn (to lay lines out without a font)."""
    return len(s) * size * CHAR_W


# --- where things are ------------------------------------------------------------------


def slot_of(view: Position, index: int) -> int:
    """The slot of path card ``index`` (``ENTRANCE``: slot 0; the dragon has a slot of its own)."""
    if index == ENTRANCE:
        return 0
    return index + 1 if index < view.dragon else index + 2


def slots(view: Position) -> int:
    return len(view.path) + 2


def slot_xy(k: int, lay: Layout = NARROW) -> tuple[float, float]:
    """Top-left corner of the card in slot ``k`` (rows of ``lay.per_row``, odd rows right to left)."""
    row, col = divmod(k, lay.per_row)
    if row % 2:
        col = lay.per_row - 1 - col
    return LEFT + col * (CARD_W + GAP), TOP + BAND + row * ROW_PITCH


def walks_right(view: Position, player: int, lay: Layout = NARROW) -> bool:
    """Whether ``player``'s way (deeper, or back once turned) runs to the right on the picture."""
    row = slot_of(view, view.pos[player]) // lay.per_row
    return (row % 2 == 0) != view.returning[player]


def waiting(view: Position) -> list[int]:
    """The players still at the entrance, about to go in."""
    return [q for q in range(len(view.pos)) if view.status[q] == IN and view.pos[q] < 0]


def pawn_xy(view: Position, player: int, lay: Layout = NARROW) -> tuple[float, float, float]:
    """Where ``player``'s pawn is drawn, and its radius: above their card (beside its
    arrow), or in the entrance box (two a row)."""
    x, y = slot_xy(slot_of(view, view.pos[player]), lay)
    if view.pos[player] >= 0:
        return x + CARD_W / 2 - (8 if walks_right(view, player, lay) else -8), y - BAND / 2, 24
    at_door = waiting(view)
    k = at_door.index(player) if player in at_door else 0
    if len(at_door) == 1:
        return x + CARD_W / 2, y + CARD_H / 2, 24
    if len(at_door) == 2:
        return x + 27 + 46 * k, y + CARD_H / 2, 22
    return x + 27 + 46 * (k % 2), y + 21 + 41 * (k // 2), 19


def path_height(view: Position, lay: Layout = NARROW) -> float:
    rows = -(-slots(view) // lay.per_row)
    return rows * ROW_PITCH


# --- drawing ------------------------------------------------------------------------------


def headline(view: Position, lang: str) -> str:
    """Whose turn it is, what chance decides next, or who won."""
    c = colon(lang)
    cp = view.to_move()
    if cp == TERMINAL:
        if all(s == EATEN for s in view.status):
            return f"{T('over', lang)} — {T('all_eaten', lang)}"
        won = [player_name(p, lang) for p in view.winners()]
        key = "winner" if len(won) == 1 else "winners"
        return f"{T('over', lang)} — {T(key, lang, c=c, who=', '.join(won))}"
    if cp == CHANCE:
        ev = view.chance_event() or ("reveal",)
        if ev[0] == "roll":
            return T("roll", lang, p=player_name(view.turn, lang))
        return T("dragon_die" if ev[0] == "dragon" else "reveal", lang)
    line = T("turn", lang, p=player_name(cp, lang))
    if view.roll is not None:
        n = len(view.carried[cp])
        line += " — " + T("die", lang, v=view.roll, cards=cards(n, lang), points=steps(view.points(cp, n), lang))
    return line


def die_face(x: float, y: float, size: float, value: int, fill: str = "#FFFFFF", pip: str = INK) -> str:
    """A die showing ``value`` (pips for 1 to 6, the number beyond)."""
    parts = [rect(x, y, size, size, fill=fill, stroke=INK, rx=size / 6, stroke_width="2")]
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
             5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}
    if value in spots:
        for cx, cy in spots[value]:
            parts.append(circle(x + size * (0.25 + 0.25 * cx), y + size * (0.25 + 0.25 * cy), size / 11, pip, stroke=pip))
    else:
        parts.append(text(x + size / 2, y + size * 0.7, value, size=FONT, fill=pip, weight="bold"))
    return "".join(parts)


def _bends(view: Position, lay: Layout) -> list[str]:
    out = []
    rows = -(-slots(view) // lay.per_row)
    for r in range(rows - 1):
        x0, y0 = slot_xy((r + 1) * lay.per_row - 1, lay)
        _, y1 = slot_xy((r + 1) * lay.per_row, lay)
        side, bulge = (x0 + CARD_W, LEFT - 2) if r % 2 == 0 else (x0, -(LEFT - 2))
        ya, yb = y0 + CARD_H / 2, y1 + CARD_H / 2
        out.append(f'<path d="M{side:.1f},{ya:.1f} C{side + bulge:.1f},{ya:.1f} {side + bulge:.1f},{yb:.1f} '
                   f'{side:.1f},{yb:.1f}" fill="none" stroke="#777" stroke-width="3" stroke-dasharray="6,5"/>')
    return out


def _card(view: Position, i: int, lang: str, lay: Layout) -> str:
    card = view.path[i]
    x, y = slot_xy(slot_of(view, i), lay)
    passed = i >= view.dragon
    fill = PASSED_FILL if passed else family_fill(card[0])
    body = [rect(x, y, CARD_W, CARD_H, fill=fill, stroke="#888" if passed else "#333", rx=8, stroke_width="2",
                 **({"stroke_dasharray": "6,4"} if passed else {}))]
    body.append(text(x + 10, y + 32, initial(card[0], lang), size=FONT, anchor="start", fill=INK, weight="bold"))
    body.append(text(x + CARD_W - 10, y + 32, i + 1, size=FONT, anchor="end", fill=MUTED))
    body.append(text(x + CARD_W / 2, y + 98, "?" if card[1] is None else card[1], size=BIG, fill=INK, weight="bold"))
    return "".join(body) if passed else region(f"card:{i}", body)


def _entrance(view: Position, lang: str, lay: Layout) -> str:
    x, y = slot_xy(0, lay)
    body = [rect(x, y, CARD_W, CARD_H, fill="#FFFFFF", stroke="#555", rx=8, stroke_width="2", stroke_dasharray="6,4")]
    label = text(x - LEFT + 6, y - 16, T("entrance", lang), size=FONT, anchor="start", fill=INK, weight="bold")
    return region("exit", body) + label


def _dragon(view: Position, lang: str, lay: Layout) -> str:
    x, y = slot_xy(view.dragon + 1, lay)
    parts = [rect(x, y, CARD_W, CARD_H, fill=DRAGON_RED, stroke="#222", rx=8, stroke_width="2")]
    # a dragon's head in profile: a snout, an eye, teeth
    cx, cy = x + CARD_W / 2, y + CARD_H / 2
    parts.append(f'<path d="M{cx - 34:.1f},{cy + 30:.1f} L{cx - 34:.1f},{cy - 18:.1f} L{cx - 6:.1f},{cy - 40:.1f} '
                 f'L{cx + 8:.1f},{cy - 20:.1f} L{cx + 38:.1f},{cy - 10:.1f} L{cx + 38:.1f},{cy + 10:.1f} '
                 f'L{cx - 2:.1f},{cy + 12:.1f} L{cx + 20:.1f},{cy + 30:.1f} Z" fill="#FFE4D6" stroke="#222" stroke-width="2"/>')
    parts.append(circle(cx - 4, cy - 16, 6, "#222", stroke="#222"))
    parts.append(f'<path d="M{cx + 4:.1f},{cy + 12:.1f} l6,8 l6,-8 l6,8 l6,-8" fill="none" stroke="#222" stroke-width="2"/>')
    parts.append(text(x + CARD_W / 2, y - 16, T("dragon", lang), size=FONT, fill=DRAGON_RED, weight="bold"))
    return "".join(parts)


def _arrow(cx: float, cy: float, right: bool) -> str:
    """A small triangle beside a pawn, pointing the way it walks on the picture."""
    d = 1 if right else -1
    x0 = cx + d * 30
    return (f'<polygon points="{x0:.1f},{cy - 11:.1f} {x0 + d * 16:.1f},{cy:.1f} {x0:.1f},{cy + 11:.1f}" '
            f'fill="{INK}" stroke="{INK}"/>')


def _pawn(view: Position, p: int, lay: Layout) -> str:
    cx, cy, r = pawn_xy(view, p, lay)
    colour = seat_colour(p)
    parts = [circle(cx, cy, r, colour, stroke=INK, stroke_width="2"),
             text(cx, cy + 10, p + 1, size=FONT, fill=ink_on(colour), weight="bold")]
    if view.pos[p] >= 0:
        parts.append(_arrow(cx, cy, walks_right(view, p, lay)))
    return "".join(parts)


def _wrap(words: list[str], width: float, size: float, sep: str = " · ") -> list[str]:
    lines: list[str] = []
    for w in words:
        if lines and text_width(lines[-1] + sep + w, size) <= width:
            lines[-1] += sep + w
        else:
            lines.append(w)
    return lines


def _player_line(view: Position, p: int, y: float, lang: str, lay: Layout) -> tuple[list[str], float]:
    """One player's line (the pawn, direction or result, carried cards); returns its height."""
    c = colon(lang)
    st = view.status[p]
    if st == OUT:
        word = T("out", lang, t=points(view.treasure(p), lang))
    elif st == EATEN:
        word = T("eaten", lang)
    else:
        word = T("in_back" if view.returning[p] else "in_fwd", lang)
    mine = view.to_move() == p
    label = f"{player_name(p, lang)}{c} {word}"
    colour = seat_colour(p)
    parts = [circle(LEFT + 22, y + LINE / 2, 21, colour, stroke=INK, stroke_width="2"),
             text(LEFT + 22, y + LINE / 2 + 10, p + 1, size=FONT, fill=ink_on(colour), weight="bold"),
             text(LEFT + 56, y + LINE / 2 + 10, label, size=FONT, anchor="start", fill=INK,
                  weight="bold" if mine else "normal")]
    x = LEFT + 56 + text_width(label, FONT) + 12
    chip_w, chip_h = 74, 44
    height = LINE
    if not view.carried[p]:
        parts.append(text(x, y + LINE / 2 + 10, f"({T('nothing', lang)})", size=FONT, anchor="start", fill=MUTED))
    for k, card in enumerate(view.carried[p]):
        if x + chip_w > lay.width - LEFT:
            x, height = LEFT + 56, height + LINE
        cy = y + height - LINE + (LINE - chip_h) / 2
        lost = st == EATEN  # greyed like the cards the dragon has passed
        chip = [rect(x, cy, chip_w, chip_h, fill=PASSED_FILL if lost else family_fill(card[0]), stroke="#888" if lost else "#333",
                     rx=6, stroke_width="2", **({"stroke_dasharray": "6,4"} if lost else {})),
                text(x + chip_w / 2, cy + chip_h / 2 + 10, card_code(card, lang), size=FONT, fill=INK, weight="bold")]
        parts.append(region(f"drop:{k}", chip) if mine else "".join(chip))
        x += chip_w + 8
    return parts, height


def hops(view: Position, player: int, back: bool, n: int, lay: Layout) -> str:
    """The arcs of a move of ``n`` steps (turning back now if ``back``): one hop a step, from the
    pawn over any occupied cards to the next free one (D9)."""
    stops = view.stops(player, returning=back or view.returning[player])[:n]
    x0, y0, _ = pawn_xy(view, player, lay)
    colour = DRAGON_RED if back or view.returning[player] else "#005fcc"
    parts = []
    for dest in stops:
        x, y = slot_xy(slot_of(view, dest), lay)
        x1, y1 = x + CARD_W / 2, y + (CARD_H / 2 if dest == ENTRANCE else -10)
        mx, my = (x0 + x1) / 2, min(y0, y1) - 50
        parts.append(f'<path d="M{x0:.1f},{y0:.1f} Q{mx:.1f},{my:.1f} {x1:.1f},{y1:.1f}" fill="none" '
                     f'stroke="{colour}" stroke-width="5" stroke-dasharray="10,6"/>')
        parts.append(f'<circle cx="{x1:.1f}" cy="{y1:.1f}" r="9" fill="{colour}" stroke="#fff" stroke-width="2"/>')
        x0, y0 = x1, y1
    return "".join(parts)


STYLE = ('<style>svg[data-dc-layout="wide"] .dc-narrow, svg[data-dc-layout="narrow"] .dc-wide '
         '{ display: none; }</style>')
"""Each picture says its layout; a preview brings its hops for both, and shows the one that fits."""


def preview_hops(view: Position, player: int, back: bool, n: int) -> str:
    """The hops of a move for either layout (see :data:`STYLE`)."""
    return "".join(f'<g class="dc-{lay.name}">{hops(view, player, back, n, lay)}</g>' for lay in (WIDE, NARROW))


def render(view: Position, lang: str = "fr") -> str:
    """An SVG picture of what ``view`` shows, for a wide screen (see the module docstring).

    >>> from mineedu.games.dragon_cave import DragonCave
    >>> svg = render(DragonCave(3).initial_state().observation(None), "en")
    >>> svg.startswith("<svg"), 'data-region="card:0"' in svg, 'data-region="exit"' in svg
    (True, True, True)
    """
    return draw(view, lang, WIDE)


def render_narrow(view: Position, lang: str = "fr") -> str:
    """The same picture for a phone held upright (seven slots a row, 800 units wide)."""
    return draw(view, lang, NARROW)


def draw(view: Position, lang: str, lay: Layout) -> str:
    """The picture of ``view`` in layout ``lay``."""
    width = lay.width
    cfg = view.game.config
    c = colon(lang)
    body: list[str] = [STYLE]
    body.append(text(LEFT, 42, DragonCave.title[lang], size=30, anchor="start", fill=INK, weight="bold"))
    body.append(text(LEFT, 88, headline(view, lang), size=FONT, anchor="start", fill=INK))
    if view.roll is not None and view.to_move() >= 0:
        body.append(die_face(width - LEFT - 56, 50, 56, view.roll))
    body += _bends(view, lay)
    body.append(_entrance(view, lang, lay))
    for i in range(len(view.path)):
        body.append(_card(view, i, lang, lay))
    body.append(_dragon(view, lang, lay))
    for p in range(len(view.pos)):
        if view.status[p] == IN:
            body.append(_pawn(view, p, lay))
    y = TOP + path_height(view, lay) + 4
    # the key to the family letters, two a line
    for f, fam in enumerate(cfg.families):
        kx, ky = LEFT + (f % 2) * (width - 2 * LEFT) / 2, y + (f // 2) * LINE
        body.append(rect(kx, ky + 12, 30, 30, fill=family_fill(f), stroke="#333", rx=4, stroke_width="2"))
        words = T("key", lang, i=initial(f, lang), name=family_name(f, lang), lo=min(fam), hi=max(fam))
        body.append(text(kx + 40, ky + 38, words, size=FONT, anchor="start", fill=INK))
    y += -(-len(cfg.families) // 2) * LINE
    on = [T(name, lang, n=cfg.die_sides) for name in ("blind", "dice_movement", "dice_dragon") if getattr(cfg, name)]
    if on:
        lines = _wrap([T("variants", lang, c=c) + " " + on[0], *on[1:]], width - 2 * LEFT, FONT)
        for k, line in enumerate(lines):
            body.append(text(LEFT + (24 if k else 0), y + 38, line, size=FONT, anchor="start", fill=INK))
            y += LINE
    y += 10
    for p in range(len(view.pos)):
        parts, h = _player_line(view, p, y, lang, lay)
        body += parts
        y += h
    height = y + 16
    frame = rect(1, 1, width - 2, height - 2, fill=PAPER, stroke="#999", rx=10, stroke_width="2")
    svg = document(width, height, [frame, *body], title=DragonCave.title[lang])
    return svg.replace("<svg ", f'<svg data-dc-layout="{lay.name}" ', 1)
