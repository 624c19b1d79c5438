"""The picture of a Silver & Gold table, drawn from what one viewer may see.

:func:`render` takes a :class:`~.rules.SilverGoldView` (never the state): every
kept card with its crossed boxes, every player's sheet, the display, the round's
expedition cards and the shape being played in all its orientations. Hidden
hands are drawn as card backs of the same size, so a picture's geometry
(:func:`layout`) is the same for every viewer of a position.

Two layouts: :func:`render` (850 units wide, the players in two columns: a
projector, a laptop, a tablet) and :func:`render_narrow` (480 units wide, one
column: a phone held upright, used by the board under 600 px). No text is
smaller than 17 units: 12 px or more wherever each layout is shown.

The regions a board can offer as choices (:func:`mineedu.core.svg.region`):
``card:P:S`` (player P's card in place S), ``box:P:S:R:C`` (a free box of it),
``hand:P:I`` (the I-th dealt card), ``display:ID`` (a display card) and
``turn:O`` (orientation O of the shape, framed while it is the one chosen).
Previews do not depend on the layout: each picture defines, for the players
still to choose, a highlight per free box (``<defs>``, ids ``sg-pv-P-S-R-C``
and, with a cross, ``sg-px-P-S-R-C``) and a preview is a list of ``<use>`` of
them (:func:`preview`).

>>> from mineedu.games.silver_gold import SilverGold
>>> view = SilverGold(2).initial_state().observation(None)
>>> render(view, "en").startswith("<svg"), 'viewBox="0 0 480 ' in render_narrow(view, "en")
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from mineedu.core import SEE_ALL, Texts
from mineedu.core.i18n import NBSP, count, player_name
from mineedu.core.svg import PLAYER_COLOURS, circle, document, rect, region, text

from .rules import CARDS, PlayerView, SilverGoldView, action_cells, display_palms
from .shapes import extent, orientations, placements
from .words import colour_name, shape_name

CARD_FILL = {"grey": "#B0B0B0", "green": "#7FBF7F", "orange": "#F0A860", "purple": "#B08CD0"}
INK = "#1a1a1a"
MUTED = "#4d4d4d"  # 8.5:1 on white
CROSSED_FILL = "#c8c8c8"
CHOICE = "#005fcc"
PALM = "#1e6b3c"
COIN, COIN_EDGE = "#E6B800", "#7a5c00"
RED = "#C00000"

NARROW, WIDE = 480.0, 850.0  # the two layouts' widths
MARGIN = 8.0
FONT = 17  # the smallest text
TITLE = 19
LINE = 22.0
HEADER = 160.0  # the header's height while a shape is played (less during the deal)
DEAL_HEADER = 122.0
SHEET_DX = 232.0  # the sheet's column, from the left of a player's part (two cards to its left)
BLOCK = 154.0  # one player's part of the table (narrow; wide adds the name line above)

T = Texts({
    "round": {"fr": "Manche {r}/{R} · expédition {k}/{K}", "en": "Round {r}/{R} · expedition {k}/{K}"},
    "over": {"fr": "Partie terminée", "en": "Game over"},
    "deal": {"fr": "Distribution des cartes trésor", "en": "Dealing the treasure cards"},
    "cups": {"fr": "Coupes libres : {c}", "en": "Cups left: {c}"},
    "no_cup": {"fr": "aucune", "en": "none"},
    "deck": {"fr": "Pioche :", "en": "Deck:"},
    "orientations": {"fr": "{s} : {k} orientations", "en": "{s}: {k} orientations"},
    "orientation1": {"fr": "{s} : 1 orientation", "en": "{s}: 1 orientation"},
    "keep": {"fr": "Chacun garde {k} cartes sur {n}", "en": "Everyone keeps {k} of {n} cards"},
    "replace": {"fr": "Carte complétée : {who} prend une carte de l'offre", "en": "Card completed: {who} takes a display card"},
    "waiting_reveal": {"fr": "Prochaine carte expédition…", "en": "Next expedition card…"},
    "display": {"fr": "Offre · {d} en pioche · {p}", "en": "Display · {d} in the deck · {p}"},
    "chosen": {"fr": "a choisi", "en": "has chosen"},
    "thinking": {"fr": "réfléchit", "en": "thinking"},
    "pending": {"fr": "croix rouge : +{k}", "en": "red cross: +{k}"},
    "takes": {"fr": "prend une carte", "en": "takes a card"},
    "winner": {"fr": "gagne !", "en": "wins!"},
    "coins": {"fr": "pièces {k}", "en": "coins {k}"},
    "cups_taken": {"fr": "coupes : {c}", "en": "cups: {c}"},
    "palms": {"fr": "palmiers : {p}", "en": "palms: {p}"},
    "completed": {"fr": "complétées : {k}", "en": "completed: {k}"},
    "total": {"fr": "total : {t}", "en": "total: {t}"},
    "empty": {"fr": "(vide)", "en": "(empty)"},
    "hidden": {"fr": "cachée", "en": "hidden"},
    "seal": {"fr": "★ {c}", "en": "★ {c}"},
    "card_title": {"fr": "{colour} {n}", "en": "{colour} {n}"},
    "out": {"fr": "déjà sortie", "en": "already out"},
    "current": {"fr": "en jeu", "en": "being played"},
    "left": {"fr": "encore possible", "en": "still to come"},
})


@dataclass(frozen=True)
class Layout:
    """Where everything goes; the same for every viewer of a position (hidden hands
    take the room of visible ones)."""

    width: float
    height: float
    header: tuple[float, float, float]
    """The header's left, top and width."""
    header_height: float
    display: tuple[float, float, float]
    """The display's left, top and width."""
    display_box: float
    blocks: tuple[tuple[float, float], ...]
    """The top-left corner of each player's part."""
    name_above: bool
    """The player's name on a line above the cards (wide), or atop the sheet column (narrow)."""
    slot_box: float
    hand_box: float
    hands: bool
    """Dealt hands are shown (the deal and the keep), rather than the kept cards."""

    def display_xy(self, i: int) -> tuple[float, float]:
        x, y, _w = self.display
        return x + i * (card_width(self.display_box) + 8), y + 30

    def slot(self, player: int, slot: int) -> tuple[float, float]:
        """The top-left corner of ``player``'s card in place ``slot``."""
        x, y = self.blocks[player]
        return x + slot * (card_width(self.slot_box) + 10), y + (LINE if self.name_above else 0)

    def hand(self, player: int, i: int) -> tuple[float, float]:
        x, y = self.blocks[player]
        return x + i * (card_width(self.hand_box) + 8), y + LINE

    def sheet(self, player: int) -> tuple[float, float]:
        """The top-left corner of the sheet's column (its first line is the name, when narrow)."""
        x, y = self.blocks[player]
        return x + SHEET_DX, y + (LINE if self.name_above else 0)

    def box(self, player: int, slot: int, r: int, c: int) -> tuple[float, float, float]:
        """The top-left corner and size of a box of a kept card."""
        x, y = self.slot(player, slot)
        return (*box_xy(x, y, self.slot_box, r, c), self.slot_box)


def card_width(box: float) -> float:
    return 4 * box + 8


def box_xy(x: float, y: float, box: float, r: int, c: int) -> tuple[float, float]:
    return x + 4 + c * box, y + LINE + r * box


def _fit(n: int, width: float, gap: float, most: float) -> float:
    """The largest box size (at most ``most``) that fits ``n`` cards into ``width``."""
    if n <= 0:
        return most
    return min(most, ((width - gap * (n - 1)) / n - 8) / 4)


@lru_cache(maxsize=256)
def layout(view: SilverGoldView, narrow: bool = False) -> Layout:
    """The geometry of the picture of ``view`` (from public facts only)."""
    cfg = view.config
    hands = view.phase in ("deal", "keep")
    head = DEAL_HEADER if hands else HEADER
    slot_box = _fit(cfg.keep, SHEET_DX - 14, 10, 24)
    if narrow:
        usable = NARROW - 2 * MARGIN
        d_box = _fit(cfg.display, usable, 8, 20)
        top = head + 30 + 46 + 4 * d_box + 14
        blocks = tuple((MARGIN, top + p * BLOCK) for p in range(view.players))
        return Layout(
            width=NARROW, height=top + view.players * BLOCK - 6, header=(MARGIN, 0, usable), header_height=head,
            display=(MARGIN, head, usable), display_box=d_box, blocks=blocks, name_above=False, slot_box=slot_box,
            hand_box=_fit(cfg.deal, usable, 8, (BLOCK - 12 - LINE - 46) / 4), hands=hands,
        )
    half = (WIDE - 3 * MARGIN - 10) / 2  # two columns
    d_box = _fit(cfg.display, half, 8, 22)
    top = max(head, 30 + 46 + 4 * d_box + 14)
    block = LINE + BLOCK
    rows = -(-view.players // 2)
    blocks = tuple((MARGIN + (p % 2) * (half + MARGIN + 10), top + (p // 2) * block) for p in range(view.players))
    return Layout(
        width=WIDE, height=top + rows * block - 6, header=(MARGIN, 0, half), header_height=head,
        display=(WIDE - MARGIN - half, 0, half), display_box=d_box, blocks=blocks, name_above=True,
        slot_box=slot_box, hand_box=_fit(cfg.deal, half, 8, (BLOCK - 12 - 46) / 4), hands=hands,
    )


# --- pieces --------------------------------------------------------------------------


def _cross_mark(x: float, y: float, size: float, colour: str = INK, width: float = 3.0) -> str:
    d = size * 0.32
    cx, cy = x + size / 2, y + size / 2
    return (f'<path d="M{cx - d:.1f},{cy - d:.1f} L{cx + d:.1f},{cy + d:.1f} M{cx + d:.1f},{cy - d:.1f} '
            f'L{cx - d:.1f},{cy + d:.1f}" stroke="{colour}" stroke-width="{width}" stroke-linecap="round"/>')


def _symbol(kind: str | None, x: float, y: float, size: float) -> str:
    cx, cy = x + size / 2, y + size / 2
    if kind == "coin":
        return circle(cx, cy, size * 0.28, fill=COIN, stroke=COIN_EDGE)
    if kind == "palm":
        s = size * 0.3
        return f'<polygon points="{cx:.1f},{cy - s:.1f} {cx - s:.1f},{cy + s:.1f} {cx + s:.1f},{cy + s:.1f}" fill="{PALM}"/>'
    if kind == "cross":
        s = size * 0.32
        return (f'<path d="M{cx:.1f},{cy - s:.1f} V{cy + s:.1f} M{cx - s:.1f},{cy:.1f} H{cx + s:.1f}" '
                f'stroke="{RED}" stroke-width="{max(2.0, size * 0.14):.1f}" stroke-linecap="round"/>')
    return ""


def card_svg(card_id: int | None, x: float, y: float, box: float, lang: str, *, crossed: int = 0,
             chosen: list[tuple[int, int]] | None = None, key: str | None = None, boxes_key: str | None = None) -> str:
    """One treasure card (``None``: its back, a hidden card) with its top-left corner at ``(x, y)``.

    ``chosen``: boxes of a choice not yet resolved (outlined); ``key``: the card's
    region; ``boxes_key``: the prefix of its free boxes' regions (``box:P:S``).
    """
    w = card_width(box)
    if card_id is None:
        h = LINE + 4 * box + 24
        parts = [rect(x, y, w, h, fill="#e9e4d8", stroke="#555", rx=5),
                 rect(x + 6, y + 6, w - 12, h - 12, fill="none", stroke="#8c7b57", rx=4, stroke_dasharray="5 4"),
                 text(x + w / 2, y + h / 2 + 6, T("hidden", lang), size=FONT, fill=MUTED)]
        return region(key, parts) if key else "".join(parts)
    card = CARDS[card_id]
    h = LINE + card.rows * box + 4 + (LINE if card.seal else 0)
    parts = [rect(x, y, w, h, fill=CARD_FILL[card.colour], stroke="#333", rx=5),
             text(x + w / 2, y + 17, T("card_title", lang, colour=colour_name(card.colour, lang), n=card.points),
                  size=FONT, fill=INK)]
    if card.seal:
        parts.append(text(x + w / 2, y + h - 5, T("seal", lang, c=colour_name(card.seal, lang)), size=FONT, fill=INK))
    free_parts = []
    for r in range(card.rows):
        for c in range(card.cols):
            if not card.is_box(r, c):
                continue
            bx, by = box_xy(x, y, box, r, c)
            done = bool(crossed >> (r * card.cols + c) & 1)
            cell = [rect(bx, by, box - 2, box - 2, fill=CROSSED_FILL if done else "white", stroke="#555", rx=2),
                    _symbol(card.symbol(r, c), bx, by, box - 2)]
            if done:
                cell.append(_cross_mark(bx, by, box - 2))
            if not done and boxes_key:
                free_parts.append(region(f"{boxes_key}:{r}:{c}", cell))
            else:
                parts += cell
    parts += free_parts
    for r, c in chosen or ():
        bx, by = box_xy(x, y, box, r, c)
        parts.append(rect(bx + 1, by + 1, box - 4, box - 4, fill=CHOICE, stroke=CHOICE, rx=2,
                          fill_opacity="0.35", stroke_width="2.5", stroke_dasharray="4 2"))
    return region(key, parts) if key else "".join(parts)


def _empty_place(x: float, y: float, box: float, lang: str) -> str:
    w, h = card_width(box), LINE + 4 * box + 4
    return (rect(x, y, w, h, fill="none", stroke="#777", rx=5, stroke_dasharray="5 4")
            + text(x + w / 2, y + h / 2 + 6, T("empty", lang), size=FONT, fill=MUTED))


def shape_icon(shape: str, o: int, x: float, y: float, box: float, fill: str = INK) -> str:
    return "".join(rect(x + c * box, y + r * box, box - 1, box - 1, fill=fill, stroke="none", rx=1)
                   for r, c in orientations(shape)[o])


# --- the parts of the table -------------------------------------------------------------


def _header(view: SilverGoldView, lay: Layout, lang: str) -> list[str]:
    cfg = view.config
    x0, y0, width = lay.header
    parts: list[str] = []
    if view.phase == "over":
        head = T("over", lang)
    elif view.phase in ("deal", "keep"):
        head = T("deal", lang)
    else:
        head = T("round", lang, r=view.round + 1, R=cfg.rounds, k=len(view.revealed), K=cfg.reveals_per_round)
    parts.append(text(x0, y0 + 24, head, size=TITLE, anchor="start", weight="bold", fill=INK))
    cups = " ".join(map(str, view.cups_left)) or T("no_cup", lang)
    parts.append(text(x0, y0 + 50, T("cups", lang, c=cups), size=FONT, anchor="start", fill=INK))
    parts += _deck_strip(view, lang, x0, y0 + 60, width)
    parts += _shape_strip(view, lang, x0, y0 + 98)
    return parts


def _deck_strip(view: SilverGoldView, lang: str, left: float, y: float, width: float) -> list[str]:
    """This round's expedition cards: out already, being played, still to come."""
    cfg = view.config
    parts = [text(left, y + 22, T("deck", lang), size=FONT, anchor="start", fill=INK)]
    deck = [s for s, k in cfg.expedition for _ in range(k)]
    if not deck:
        return parts
    x0 = left + 82
    pitch = min(44.0, (left + width - x0) / len(deck))
    out = dict.fromkeys(cfg.expedition_counts(), 0)
    for s in view.revealed:
        out[s] += 1
    current = view.shape if view.phase in ("place", "chain") else None
    seen: dict[str, int] = {}
    for i, s in enumerate(deck):
        k = seen[s] = seen.get(s, 0) + 1
        state = "out" if k <= out.get(s, 0) else "left"
        if s == current and k == out[s]:
            state = "current"
        x = x0 + i * pitch
        w = pitch - 6
        fill = {"out": "#dcdcdc", "current": "#fff6d6", "left": "white"}[state]
        stroke = {"out": "#999", "current": INK, "left": "#555"}[state]
        rows, cols = extent(s, 0)
        b = min(7.0, (w - 6) / max(cols, 1), 26 / max(rows, 1))
        label = f"{shape_name(s, lang)}{NBSP}: {T(state, lang)}" if lang != "en" else f"{shape_name(s, lang)}: {T(state, lang)}"
        icon = [f"<title>{label}</title>",
                rect(x, y, w, 32, fill=fill, stroke=stroke, rx=3, stroke_width="3" if state == "current" else "1"),
                shape_icon(s, 0, x + (w - cols * b) / 2, y + (32 - rows * b) / 2, b, fill="#8a8a8a" if state == "out" else INK)]
        if state == "out":
            icon.append(f'<path d="M{x + 3:.1f},{y + 29:.1f} L{x + w - 3:.1f},{y + 3:.1f}" stroke="#666" stroke-width="2"/>')
        parts.append("<g>" + "".join(icon) + "</g>")
    return parts


def _shape_strip(view: SilverGoldView, lang: str, left: float, y: float) -> list[str]:
    """The shape being played, in every orientation (those that fit none of the viewer's
    cards drawn faded); each is a ``turn:O`` region."""
    shape = view.shape
    cfg = view.config
    if view.phase in ("deal", "keep"):
        return [text(left, y + 16, T("keep", lang, k=cfg.keep, n=cfg.deal), size=FONT, anchor="start", fill=INK)]
    if view.phase == "over":
        return []
    if view.phase in ("replace", "refill"):
        who = player_name(view.queue[0], lang) if view.queue else ""
        return [text(left, y + 16, T("replace", lang, who=who), size=FONT, anchor="start", fill=INK)] if who else []
    if shape is None:
        return [text(left, y + 16, T("waiting_reveal", lang), size=FONT, anchor="start", fill=MUTED)]
    n = len(orientations(shape))
    words = T("orientations" if n > 1 else "orientation1", lang, s=shape_name(shape, lang), k=n)
    parts = [text(left, y + 16, words, size=FONT, anchor="start", weight="bold", fill=INK)]
    me = view.me
    fits = None
    if me is not None and view.phase == "place":
        fits = {o for s, cid in enumerate(me.cards) if cid is not None
                for o, _r, _c, _m in placements(me.free(s), shape, CARDS[cid].rows, CARDS[cid].cols)}
    b = 9.0
    x = left
    for o in range(n):
        rows, cols = extent(shape, o)
        w, h = cols * b + 10, 4 * b + 6
        faded = fits is not None and o not in fits
        body = [rect(x, y + 22, w, h, fill="#f2f2f2" if faded else "white", stroke="#999" if faded else "#555", rx=3),
                shape_icon(shape, o, x + 5, y + 22 + (h - rows * b) / 2, b, fill="#b5b5b5" if faded else INK)]
        parts.append(region(f"turn:{o}", body))
        x += w + 8
    return parts


def _display(view: SilverGoldView, lay: Layout, lang: str) -> list[str]:
    k = display_palms(view.display)
    palms = count(k, lang, "palmier", "palmiers", "palm", "palms")
    x0, y0, _w = lay.display
    parts = [text(x0, y0 + 20, T("display", lang, d=view.deck_size, p=palms), size=FONT, anchor="start", fill=INK)]
    for i in range(view.config.display):
        x, y = lay.display_xy(i)
        if i < len(view.display):
            cid = view.display[i]
            parts.append(card_svg(cid, x, y, lay.display_box, lang, key=f"display:{cid}"))
        else:
            parts.append(_empty_place(x, y, lay.display_box, lang))
    return parts


def _status(view: SilverGoldView, p: int, lang: str) -> str:
    b = view.boards[p]
    if view.phase == "over":
        return T("winner", lang) if p in view.winners else ""
    if b.pending:
        return T("pending", lang, k=b.pending)
    if view.phase in ("keep", "place"):
        return T("chosen", lang) if b.chosen else T("thinking", lang)
    if view.phase == "replace" and view.queue and view.queue[0] == p:
        return T("takes", lang)
    return ""


def _choice_cells(view: SilverGoldView, b: PlayerView, slot: int) -> list[tuple[int, int]] | None:
    """The boxes of a committed choice on this card, if the viewer may see it."""
    a, cid = b.choice, b.cards[slot]
    if a is None or a[0] not in ("place", "cross") or a[1] != slot or cid is None:
        return None
    return action_cells(a, view.shape)


def _player(view: SilverGoldView, lay: Layout, p: int, lang: str) -> list[str]:
    b = view.boards[p]
    bx, by = lay.blocks[p]
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    first = " ▶" if p == view.first and view.phase != "over" else ""
    status = _status(view, p, lang)
    name = player_name(p, lang) + first + (f" · {status}" if status else "")
    width = lay.width / 2 - MARGIN - 5 if lay.name_above else lay.width - 2 * MARGIN
    parts = [f'<line x1="{bx - 4:.1f}" y1="{by - 6:.1f}" x2="{bx + width + 4:.1f}" y2="{by - 6:.1f}" stroke="#bbb"/>']
    if lay.hands or lay.name_above:
        parts += _name(bx, by, colour, name)
    if lay.hands:
        for i in range(b.hand_size):
            x, hy = lay.hand(p, i)
            cid = b.hand[i] if b.hand is not None else None
            chosen = b.choice is not None and cid is not None and cid in b.choice[1:]
            parts.append(card_svg(cid, x, hy, lay.hand_box, lang, key=f"hand:{p}:{i}"))
            if chosen:
                w, h = card_width(lay.hand_box), LINE + 4 * lay.hand_box + 24
                parts.append(rect(x - 3, hy - 3, w + 6, h + 6, fill="none", stroke=CHOICE, rx=6,
                                  stroke_width="3", stroke_dasharray="6 3"))
        return parts
    for s in range(view.config.keep):
        x, sy = lay.slot(p, s)
        cid = b.cards[s] if s < len(b.cards) else None
        if cid is None:
            parts.append(_empty_place(x, sy, lay.slot_box, lang))
            continue
        parts.append(card_svg(cid, x, sy, lay.slot_box, lang, crossed=b.crossed[s], chosen=_choice_cells(view, b, s),
                              key=f"card:{p}:{s}", boxes_key=f"box:{p}:{s}"))
    sx, sy = lay.sheet(p)
    if not lay.name_above:
        parts += _name(sx, sy, colour, name)
        sy += LINE
    parts += _sheet(view, p, sx, sy, bx + width - sx, lang)
    return parts


def _name(x: float, y: float, colour: str, name: str) -> list[str]:
    """A player's seat colour and name, with their status ("J1 ▶ · a choisi")."""
    return [rect(x, y + 3, 14, 14, fill=colour, stroke=INK, rx=2),
            text(x + 20, y + 16, name, size=FONT, anchor="start", weight="bold", fill=INK)]


def _sheet(view: SilverGoldView, p: int, x: float, y: float, room: float, lang: str) -> list[str]:
    """The player's valuation sheet from ``(x, y)``: coins in rows, cups, palms, cards, total."""
    cfg = view.config
    b = view.boards[p]
    sheet = view.score_sheet(p)
    # the coin boxes: one small block per row of the sheet, a coin box gold once crossed
    parts = [text(x, y + 16, T("coins", lang, k=sheet["coins"]), size=FONT, anchor="start", fill=INK)]
    parts += coin_rows(cfg.coin_rows, cfg.coin_row_size, b.coins, x + 86, y + 1, room - 86)
    cups = " ".join(map(str, b.cups)) if len(b.cups) <= 3 else f"{len(b.cups)} = {sum(b.cups)}"
    lines = [
        T("cups_taken", lang, c=cups or "–"),
        T("palms", lang, p=" ".join(map(str, b.palms)) or "–"),
        T("completed", lang, k=len(b.completed)),
    ]
    for i, line in enumerate(lines):
        parts.append(text(x, y + 16 + LINE * (i + 1), line, size=FONT, anchor="start", fill=INK))
    parts.append(text(x, y + 16 + LINE * 4, T("total", lang, t=sheet["score"]), size=FONT, anchor="start",
                      weight="bold", fill=INK))
    return parts


def coin_rows(rows: int, per_row: int, coins: int, x: float, y: float, room: float) -> list[str]:
    """The sheet's coin boxes: ``rows`` small blocks of ``per_row`` boxes (two lines each), the
    first ``coins`` of them gold; at most 20 units tall and ``room`` wide."""
    if not rows:
        return []
    cols = -(-per_row // 2)
    gap = 4.0
    cell = max(2.0, min(9.0, (room - gap * (rows - 1)) / (rows * cols)))
    out = []
    for i in range(rows * per_row):
        row, k = divmod(i, per_row)
        line, col = divmod(k, cols)
        bx = x + row * (cols * cell + gap) + col * cell
        by = y + line * 10
        out.append(f'<rect x="{bx:.1f}" y="{by:.1f}" width="{cell - 1:.1f}" height="9" rx="1" '
                   f'fill="{COIN if i < coins else "white"}" stroke="{COIN_EDGE}" stroke-width="1"/>')
    return out


def _previews(view: SilverGoldView, lay: Layout) -> str:
    """The highlights a preview shows (``<defs>``): every free box of the players still to
    choose, plain (a placement) and crossed (a single box)."""
    out = []
    for p in view.to_move:
        b = view.boards[p]
        for s, cid in enumerate(b.cards):
            if cid is None or lay.hands:
                continue
            card = CARDS[cid]
            for r in range(card.rows):
                for c in range(card.cols):
                    if not b.free(s) >> (r * card.cols + c) & 1:
                        continue
                    x, y, size = lay.box(p, s, r, c)
                    mark = rect(x, y, size - 2, size - 2, fill=CHOICE, stroke="#003c82", rx=2, fill_opacity="0.55",
                                stroke_width="2.5")
                    out.append(f'<g id="sg-pv-{p}-{s}-{r}-{c}">{mark}</g>')
                    out.append(f'<g id="sg-px-{p}-{s}-{r}-{c}">{mark}{_cross_mark(x, y, size - 2, colour="white")}</g>')
    return f"<defs>{''.join(out)}</defs>" if out else ""


def preview(player: int, slot: int, cells: list[tuple[int, int]], cross: bool = False) -> str:
    """What a placement (or, ``cross``, a single box) would cross, drawn over either picture.

    >>> preview(0, 1, [(0, 0), (0, 1)])
    '<use href="#sg-pv-0-1-0-0"/><use href="#sg-pv-0-1-0-1"/>'
    """
    kind = "px" if cross else "pv"
    return "".join(f'<use href="#sg-{kind}-{player}-{slot}-{r}-{c}"/>' for r, c in cells)


def _picture(view: SilverGoldView, lang: str, narrow: bool) -> str:
    lay = layout(view, narrow)
    parts = [_previews(view, lay), *_header(view, lay, lang), *_display(view, lay, lang)]
    for p in range(view.players):
        parts += _player(view, lay, p, lang)
    title = "Silver & Gold"
    if view.viewer == SEE_ALL:
        title += " (tout)" if lang != "en" else " (everything)"
    return document(lay.width, lay.height, parts, title=title)


def render(view: SilverGoldView, lang: str = "fr") -> str:
    """The table as ``view``'s viewer sees it, as SVG text (wide: two columns of players)."""
    return _picture(view, lang, narrow=False)


def render_narrow(view: SilverGoldView, lang: str = "fr") -> str:
    """The same picture laid out in one column, for a phone held upright."""
    return _picture(view, lang, narrow=True)
