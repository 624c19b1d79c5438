"""The picture of a Mine (coal) position, drawn from one viewer's :class:`CoalMineView`.

At the top, the round die (its value is the round and the sale cap), the
variant's die card, the central stock, the piles and the gear track with a
pawn per player. Then the board of the seat the picture is for (the viewer,
or the seat to move in the teacher's "show all"), with its hand as cards to
pick and its five spaces to lay them on; and every other board: face-down
cards as card backs (a count per space, nothing more), face-up cards with
their helmets and, on the Raiders' shelter, whom they raid.

Two layouts of the same picture: :func:`render_narrow` puts the boards one
under the other (520 units wide: a phone held upright, and any screen while
the picture is not too high), :func:`render_wide` side by side (1060 units: a
projector or a laptop, with five or six players). :func:`render` picks for a
wide screen.
In both the smallest text is 18 units, so it stays readable (12 px and more)
on a phone 390 px wide and on a tablet; text colours keep a contrast of 4.5:1
or more with what they are written on (:data:`TEXT_ON`).

Every place that stands for a choice is a region (:func:`mineedu.core.svg.region`):
``card:<kind>`` a card of the hand, ``space:<space>`` a space of the board,
``target:<seat>`` another player's board (the raid's target).

>>> from mineedu.games.coal_mine import CoalMineGame
>>> s = CoalMineGame(2).initial_state()
>>> svg = render(s.observation(0), "en")
>>> svg.startswith("<svg") and 'data-region="card:miner"' in svg and 'data-region="target:1"' in svg
True
"""

from __future__ import annotations

from mineedu.core import Texts
from mineedu.core.i18n import player_name
from mineedu.core.svg import PLAYER_COLOUR_NAMES, PLAYER_COLOURS, circle, document, rect, region, text

from .rules import SPACES, CoalMineView
from .words import card_name, coal_text, points_text, space_name

T = Texts({
    "round": {"fr": "Manche {r} sur {n}", "en": "Round {r} of {n}"},
    "sale_cap": {"fr": "Vente max : {coal}", "en": "Sell up to {coal}"},
    "mine_cap": {"fr": "Mine max : {coal}", "en": "Mine up to {coal}"},
    "die_cards": {"fr": "Cartes dé restantes : {n}", "en": "Die cards left: {n}"},
    "central": {"fr": "Réserve : {coal}", "en": "Central stock: {coal}"},
    "no_central": {"fr": "Pas de réserve (variante)", "en": "No central stock (variant)"},
    "piles": {"fr": "Pioche {d} · défausse {r}", "en": "Deck {d} · discard {r}"},
    "track": {"fr": "Engrenage : points", "en": "Gear track: points"},
    "helmets": {"fr": "= casques", "en": "= helmets"},
    "over": {"fr": "Partie finie", "en": "Game over"},
    "winner": {"fr": "Gagnant : {who}", "en": "Winner: {who}"},
    "winners": {"fr": "Gagnants : {who}", "en": "Winners: {who}"},
    "won": {"fr": "Gagnant", "en": "Winner"},
    "you": {"fr": "vous", "en": "you"},
    "to_play": {"fr": "à jouer", "en": "to play"},
    "dummy": {"fr": "fictif", "en": "dummy"},
    "hand": {"fr": "main {n}", "en": "hand {n}"},
    "passed": {"fr": "a passé", "en": "passed"},
    "hand_of": {"fr": "Main :", "en": "Hand:"},
    "no_card": {"fr": "aucune carte posée", "en": "no card laid"},
    "empty_hand": {"fr": "aucune carte", "en": "no cards"},
    "event_card": {"fr": "évènement", "en": "event"},
})

W = 520  # a column's width in user units (the narrow picture is one column)
GAP = 20
WIDE = 2 * W + GAP  # the wide picture: two columns
TALL = 800  # a one-column picture higher than this is drawn in two columns on a wide screen
M = 10  # margin
F = 18  # the smallest text: 18 units = 12.3 px on a phone (picture 355 px wide)
F_TITLE = 21
INK = "#111"  # text
SOFT_INK = "#444"  # secondary text
PAPER = "#ffffff"
BOARD_FILL = "#fbfaf7"
JOB_FILL = "#f3ead7"
EVENT_FILL = "#cfe3f7"
CARD_BACK = "#4a4a4a"
HELMET_FILL = "#f2c200"
TRACK_FILL = "#e9e9e9"
GOAL_FILL = "#ffd27f"
TEXT_ON = (
    (INK, PAPER), (INK, BOARD_FILL), (INK, JOB_FILL), (INK, EVENT_FILL), (INK, HELMET_FILL), (INK, TRACK_FILL),
    (INK, GOAL_FILL), (SOFT_INK, PAPER), (SOFT_INK, BOARD_FILL),
)
"""Every (text colour, background) pair the picture writes (checked ≥ 4.5:1 by the tests)."""


_EM = {**dict.fromkeys("ijl|!.,:;'", 0.25), **dict.fromkeys("frt()-I ·", 0.32), **dict.fromkeys("mwMW→", 0.88),
       **dict.fromkeys("0123456789×J", 0.56)}


def text_width(s: str, size: float = F, bold: bool = False) -> float:
    """A generous estimate of a text's width in sans-serif (Arial's widths, 12 % more for
    wider fonts such as DejaVu Sans), used to lay out chips and lines.

    >>> round(text_width("Abri des pilleurs", 18, bold=True))
    157
    """
    em = sum(_EM.get(c, 0.68 if c.isupper() else 0.54) for c in s)
    return em * size * 1.12 * (1.07 if bold else 1.0)


def helmet(x: float, y: float, r: float = 7) -> str:
    """A miner's helmet (a dome on a brim) standing on the point ``(x, y)``."""
    return (
        f'<path class="helmet" d="M {x - r:.1f} {y:.1f} A {r} {r} 0 0 1 {x + r:.1f} {y:.1f} Z" '
        f'fill="{HELMET_FILL}" stroke="#333" stroke-width="1"/>'
        f'<rect x="{x - r - 2:.1f}" y="{y - 0.5:.1f}" width="{2 * r + 4:.1f}" height="2.2" fill="#333"/>'
    )


def die(x: float, y: float, size: float, value: int) -> str:
    """The round die showing ``value`` (pips for 1..6, else the number)."""
    out = [rect(x, y, size, size, fill=PAPER, stroke="#222", rx=7, stroke_width="2")]
    pips = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
            5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}
    if value in pips:
        step = size / 4
        for cx, cy in pips[value]:
            out.append(circle(x + step * (cx + 1), y + step * (cy + 1), size / 11, "#222", stroke="none"))
    else:
        out.append(text(x + size / 2, y + size / 2 + 7, value, size=F_TITLE, weight="bold", fill=INK))
    return "".join(out)


def seat_label(view: CoalMineView, p: int, lang: str) -> str:
    """``J2``, ``J3 (fictif)`` for the dummy player."""
    name = player_name(p, lang)
    return f"{name} ({T('dummy', lang)})" if p == view.dummy else name


def focus_seat(view: CoalMineView) -> int | None:
    """Whose board is drawn in full: the viewer's, or (show all) the seat to move."""
    if view.player is not None:
        return view.player
    if view.see_all and view.turn is not None:
        return view.turn
    return None


class Flow:
    """Lays out chips left to right, wrapping at the picture's right margin."""

    def __init__(self, x0: float, x1: float, y: float, line_h: float = 34) -> None:
        self.x0, self.x1, self.x, self.y, self.line_h = x0, x1, x0, y, line_h
        self.out: list[str] = []

    def place(self, width: float, gap: float = 8) -> tuple[float, float]:
        """Where the next item of ``width`` goes (on a new line if it does not fit)."""
        if self.x > self.x0 and self.x + width > self.x1:
            self.newline()
        at = (self.x, self.y)
        self.x += width + gap
        return at

    def newline(self) -> None:
        self.x, self.y = self.x0, self.y + self.line_h

    def bottom(self) -> float:
        """The y below the last line that holds something."""
        return self.y + self.line_h if self.x > self.x0 else self.y


def card_chip(view: CoalMineView, kind: str, target: int, n: int, lang: str) -> tuple[float, str]:
    """A face-up card (or ``n`` alike) as a chip: its name, its helmets, whom it raids.
    Returns (width, SVG drawn at the origin)."""
    h = view.helmets.get(kind, 0)
    name = (f"{n}× " if n > 1 else "") + card_name(kind, lang)
    w = 10 + text_width(name)
    parts = [text(10, 21, name, size=F, anchor="start", fill=INK)]
    if h:
        parts.append(helmet(w + 10, 22))
        parts.append(text(w + 22, 22, h, size=F, anchor="start", fill=INK, weight="bold"))
        w += 22 + text_width(str(h), F, True)
    if target >= 0:
        arrow = "→ " + player_name(target, lang)
        parts.append(circle(w + 14, 15, 6, PLAYER_COLOURS[target], stroke="#222"))
        parts.append(text(w + 24, 21, arrow, size=F, anchor="start", fill=INK, weight="bold"))
        w += 24 + text_width(arrow, F, True)
    w += 10
    fill = EVENT_FILL if kind in view.game.event_kinds else JOB_FILL
    return w, rect(0, 0, w, 28, fill=fill, stroke="#666", rx=5) + "".join(parts)


def backs(n: int) -> tuple[float, str]:
    """``n`` cards face down: their backs, side by side."""
    out = [rect(i * 12, 1, 18, 26, fill=CARD_BACK, stroke="#111", rx=3) for i in range(n)]
    return 18 + 12 * (n - 1), "".join(out)


def at(x: float, y: float, svg: str) -> str:
    return f'<g transform="translate({x:.1f},{y:.1f})">{svg}</g>'


def grouped(cards: tuple[tuple[str, str, int], ...], space: str) -> list[tuple[str, int, int]]:
    """The cards on ``space`` as ``(kind, target, how many)``, in the order first laid."""
    counts: dict[tuple[str, int], int] = {}
    for sp, kind, target in cards:
        if sp == space:
            counts[(kind, target)] = counts.get((kind, target), 0) + 1
    return [(k, t, c) for (k, t), c in counts.items()]


def render(view: CoalMineView, lang: str = "fr") -> str:
    """SVG of the position as ``view``'s viewer sees it, for a screen wider than high (a
    projector, a laptop): in one column while that is at most :data:`TALL` high, else
    :func:`render_wide` (with five or six players, or once the cards are turned up)."""
    body, height = one_column(view, lang)
    return _document(view, W, height, body, lang) if height <= TALL else render_wide(view, lang)


def render_wide(view: CoalMineView, lang: str = "fr") -> str:
    """The picture in two columns, 1060 units wide: the viewer's board at the top left, the
    others beside and under it."""
    g = view.game
    out: list[str] = []
    top = header(view, lang, out, WIDE)
    f = focus_seat(view)
    others = [p for p in range(g.num_players) if p != f]
    columns: list[list[str]] = [[], []]
    bottoms = [top, top]
    if f is not None:
        bottoms[0] = own_board(view, f, lang, columns[0], top) + 8
    for p in others:  # each in the column that ends higher, so that the picture stays short
        c = 1 if bottoms[1] < bottoms[0] else 0
        bottoms[c] = other_board(view, p, lang, columns[c], bottoms[c], f) + 8
    out.append("".join(columns[0]))
    out.append(at(W + GAP, 0, "".join(columns[1])))
    return _document(view, WIDE, max(bottoms), out, lang)


def render_narrow(view: CoalMineView, lang: str = "fr") -> str:
    """The picture in one column 520 units wide (a phone held upright): the viewer's board,
    then the others'."""
    body, height = one_column(view, lang)
    return _document(view, W, height, body, lang)


def one_column(view: CoalMineView, lang: str) -> tuple[list[str], float]:
    """The one-column picture's parts and its height."""
    out: list[str] = []
    y = header(view, lang, out, W)
    f = focus_seat(view)
    if f is not None:
        y = own_board(view, f, lang, out, y) + 8
    for p in range(view.game.num_players):
        if p != f:
            y = other_board(view, p, lang, out, y, f) + 8
    return out, y


def _document(view: CoalMineView, width: float, height: float, body: list[str], lang: str) -> str:
    title = view.game.title
    return document(width, height, body, title=title.get(lang, title["fr"]))


def header(view: CoalMineView, lang: str, out: list[str], width: float) -> float:
    """The die, the caps, the stock and piles, the gear track; returns the next free y."""
    cfg = view.game.config
    mine_cap, sale_cap = view.caps
    out.append(die(M, 8, 48, view.round))
    if view.phase == "over":
        win = [seat_label(view, p, lang) for p in view.winner]
        lines = [T("over", lang), T("winner" if len(win) == 1 else "winners", lang, who=", ".join(win))]
    else:
        lines = [T("round", lang, r=view.round, n=cfg.rounds), T("sale_cap", lang, coal=coal_text(sale_cap, lang))]
        if mine_cap is not None:
            lines.append(T("mine_cap", lang, coal=coal_text(mine_cap, lang)))
    out.append(text(M + 60, 27, lines[0], size=F_TITLE, anchor="start", weight="bold", fill=INK))
    for i, line in enumerate(lines[1:]):
        out.append(text(M + 60, 51 + 24 * i, line, size=F, anchor="start", fill=INK))
    right = [T("no_central", lang) if view.central is None else T("central", lang, coal=coal_text(view.central, lang)),
             T("piles", lang, d=view.deck_size, r=sum(view.discard))]
    if cfg.variant:
        right.append(T("die_cards", lang, n=len(view.die_cards)))
    for i, line in enumerate(right):
        out.append(text(width - M, 27 + 24 * i, line, size=F, anchor="end", fill=INK))
    y = 36 + 24 * max(len(lines), len(right))
    return track(view, lang, out, y, width)


def track(view: CoalMineView, lang: str, out: list[str], y: float, width: float) -> float:
    """The gear track 0..target with each player's pawn; returns the next free y."""
    goal = view.game.config.target_points
    out.append(text(M, y + 4, T("track", lang), size=F, anchor="start", fill=SOFT_INK))
    key = T("helmets", lang)
    x = width - M - text_width(key) - 12
    out.append(helmet(x, y + 3))
    out.append(text(x + 12, y + 4, key, size=F, anchor="start", fill=SOFT_INK))
    top = y + 12
    cw = (width - 2 * M) / (goal + 1)
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100) if s * cw >= 40 and (width > W or goal / s <= 5))
    ticks = [v for v in range(0, goal + 1, step) if goal - v >= step / 2] + [goal]
    if cw >= 8:
        for v in range(goal + 1):
            out.append(rect(M + v * cw, top, cw - 1, 28, fill=GOAL_FILL if v == goal else TRACK_FILL, stroke="#888", rx=3))
    else:
        out.append(rect(M, top, width - 2 * M, 28, fill=TRACK_FILL, stroke="#888", rx=3))
        out.append(rect(M + goal * cw, top, max(cw, 3), 28, fill=GOAL_FILL, stroke="none", rx=0))
    for v in ticks:
        x = M + (v + 0.5) * cw
        x = min(max(x, M + 12), width - M - 12)
        out.append(text(x, top + 21, v, size=F, fill=INK, weight="bold"))
    stacks: dict[int, int] = {}
    changes = last_changes(view)
    bottom = top + 28
    for p in range(view.game.num_players):
        v = min(view.points[p], goal)
        k = stacks.get(v, 0)
        stacks[v] = k + 1
        cx = M + (v + 0.5) * cw + (6 * (1 if k % 2 else -1) if cw >= 12 else 0)
        cy = bottom + 9 + (13 * (k // 2) if cw >= 12 else 12 * k)
        if changes is not None and changes[1][p]:  # the last sale moved the pawn: its trail from where it stood
            was = M + (min(view.points[p] - changes[1][p], goal) + 0.5) * cw
            colour = PLAYER_COLOURS[p]
            out.append(f'<line class="trail" x1="{was:.1f}" y1="{cy:.1f}" x2="{cx - 6:.1f}" y2="{cy:.1f}" '
                       f'stroke="{colour}" stroke-width="3"/>')
            out.append(circle(was, cy, 5, "#ffffff", stroke=colour, stroke_width="2.5"))
        out.append(circle(cx, cy, 6, PLAYER_COLOURS[p], stroke="#222"))
    rows = max((k + 1) // 2 if cw >= 12 else k for k in stacks.values())
    return bottom + 16 + 13 * rows


def last_changes(view: CoalMineView) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """What the last resolution changed, while it is news (its round's cards still up, or the next
    round's placement): each player's coal (raids, sales, mining) and coal sold (points)."""
    placing = view.phase in ("die_card", "dummy", "dummy_target", "place")
    news = view.log_round and (view.log_round == view.round or (view.log_round == view.round - 1 and placing))
    if not news:
        return None
    n = view.game.num_players
    coal, sold = [0] * n, [0] * n
    for entry in view.log:
        if entry[0] == "raid":
            _, r, t, _, _, x = entry
            coal[r] += x
            coal[t] -= x
        elif entry[0] == "sell":
            coal[entry[1]] -= entry[2]
            sold[entry[1]] += entry[2]
        elif entry[0] == "mine":
            coal[entry[1]] += entry[2]
    return tuple(coal), tuple(sold)


def board_head(view: CoalMineView, p: int, lang: str, out: list[str], y: float, note: str = "") -> None:
    """A board's first line: the seat's colour and name, points and coal; hand size on the right."""
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    out.append(circle(M + 18, y + 18, 9, colour, stroke="#222"))
    name = seat_label(view, p, lang) + (f" ({note})" if note else "")
    out.append(text(M + 34, y + 24, name, size=F, anchor="start", weight="bold", fill=INK))
    facts = f"{points_text(view.points[p], lang)} · {coal_text(view.coal[p], lang)}"
    changes = last_changes(view)
    if changes is not None and changes[0][p]:  # the coal the last resolution brought or took
        facts += f" ({changes[0][p]:+d})".replace("-", "−")
    out.append(text(M + 46 + text_width(name, F, True), y + 24, facts, size=F, anchor="start", fill=INK))
    if view.phase == "over" and p in view.winner:
        w = text_width(T("won", lang), F, True) + 16
        out.append(rect(W - M - 8 - w, y + 6, w, 26, fill=HELMET_FILL, stroke="#333", rx=8))
        out.append(text(W - M - 8 - w / 2, y + 25, T("won", lang), size=F, weight="bold", fill=INK))
        return
    right = T("hand", lang, n=view.hand_sizes[p])
    if view.phase == "place" and view.passed[p] and p != view.dummy:
        right += " · " + T("passed", lang)
    out.append(text(W - M - 10, y + 24, right, size=F, anchor="end", fill=INK))


def _frame(view: CoalMineView, p: int, y: float, height: float) -> str:
    """The board's outline in the seat's colour, thicker for the seat to move."""
    width = "5" if view.turn == p else "3"
    return rect(M, y, W - 2 * M, height, fill=BOARD_FILL, stroke=PLAYER_COLOURS[p % len(PLAYER_COLOURS)], rx=8,
                stroke_width=width)


def own_board(view: CoalMineView, p: int, lang: str, out: list[str], y: float) -> float:
    """The board drawn in full: the hand as cards to pick, the five spaces to lay them on
    (once the cards are turned up, as compactly as the others', with the hand to discard from)."""
    body: list[str] = []
    note = T("you", lang) if view.player == p else T("to_play", lang)
    board_head(view, p, lang, body, y, note)
    yy = y + 38
    if view.revealed and not (view.phase == "discard" and view.turn == p):  # no card to pick: the hand in one line
        flow = Flow(M + 14, W - M - 12, yy)
        hand_flow(view, p, lang, flow)
        body.extend(flow.out)
        yy = flow.bottom() + 4
    else:
        yy = hand_tiles(view, p, lang, body, yy)
    if view.revealed:  # nothing to lay: the cards turned up, as compactly as the others'
        flow = Flow(M + 14, W - M - 12, yy)
        spaces_flow(view, p, lang, flow)
        body.extend(flow.out)
        yy = flow.bottom()
    else:
        yy = space_rows(view, p, lang, body, yy)
    out.append(_frame(view, p, y, yy - y + 6))
    out.extend(body)
    return yy + 6


def hand_tiles(view: CoalMineView, p: int, lang: str, body: list[str], y: float) -> float:
    """The hand as cards to pick, three to a row (regions ``card:<kind>``); returns the next free y."""
    held = [(k, c) for k, c in zip(view.game.kinds, view.hands[p] or ()) if c]
    tile_w, tile_h, per_row = 152.0, 56.0, 3
    for i, (kind, c) in enumerate(held):
        x = M + 14 + (i % per_row) * (tile_w + 8)
        ty = y + (i // per_row) * (tile_h + 8)
        body.append(region(f"card:{kind}", hand_tile(view, kind, c, x, ty, tile_w, tile_h, lang)))
    if not held:
        body.append(text(M + 14, y + 24, T("empty_hand", lang), size=F, anchor="start", fill=SOFT_INK))
    rows = (len(held) + per_row - 1) // per_row
    return y + max(rows, 1) * (tile_h + 8) + 4


def space_rows(view: CoalMineView, p: int, lang: str, body: list[str], y: float) -> float:
    """The five spaces as rows to lay a card on (regions ``space:<space>``); returns the next free y."""
    cards = view.boards[p].cards or ()
    chips_x = M + 32 + max(text_width(space_name(sp, lang), F, True) for sp in SPACES)
    for sp in SPACES:
        flow = Flow(chips_x, W - M - 12, y + 5)
        for kind, target, k in grouped(cards, sp):
            w, chip = card_chip(view, kind, target, k, lang)
            flow.out.append(at(*flow.place(w), chip))
        height = flow.y - (y + 5) + 42
        space_rect = rect(M + 8, y, W - 2 * M - 16, height - 4, fill=PAPER, stroke="#888", rx=6)
        word = text(M + 20, y + 26, space_name(sp, lang), size=F, anchor="start", weight="bold", fill=INK)
        body.append(region(f"space:{sp}", [space_rect, word, *flow.out]))
        y += height
    return y


def hand_tile(view: CoalMineView, kind: str, count: int, x: float, y: float, w: float, h: float, lang: str) -> str:
    """A card of the hand: its name, its helmets (or "event"), how many are held."""
    event = kind in view.game.event_kinds
    parts = [rect(x, y, w, h, fill=EVENT_FILL if event else JOB_FILL, stroke="#555", rx=7, stroke_width="1.5"),
             text(x + 10, y + 22, card_name(kind, lang), size=F, anchor="start", fill=INK)]
    if event:
        parts.append(text(x + 10, y + 46, T("event_card", lang), size=F, anchor="start", fill=INK))
    else:
        parts.append(helmet(x + 19, y + 45))
        parts.append(text(x + 32, y + 46, view.helmets.get(kind, 0), size=F, anchor="start", weight="bold", fill=INK))
    parts.append(text(x + w - 10, y + 47, f"×{count}", size=F_TITLE, anchor="end", weight="bold", fill=INK))
    return "".join(parts)


def spaces_flow(view: CoalMineView, p: int, lang: str, flow: Flow) -> None:
    """Each space holding cards: its name, then its cards (backs if face down), kept on one
    line when they fit; a space whose cards needed several lines ends its line."""
    board = view.boards[p]
    for sp in SPACES:
        if not board.on(sp):
            continue
        label = space_name(sp, lang)
        if board.cards is None:
            items = [backs(board.on(sp))]
        else:
            items = [card_chip(view, k, t, c, lang) for k, t, c in grouped(board.cards, sp)]
        lw = text_width(label, F, True) + 8
        whole = lw + sum(w + 8 for w, _ in items)
        if flow.x > flow.x0 and flow.x + whole > flow.x1:
            flow.newline()
        first_line, x0 = flow.y, flow.x0
        x, yy = flow.place(lw + items[0][0])
        flow.out.append(text(x, yy + 21, label, size=F, anchor="start", weight="bold", fill=INK))
        flow.out.append(at(x + lw, yy, items[0][1]))
        if x + lw + max(w for w, _ in items) <= flow.x1:
            flow.x0 = x + lw  # wrapped cards hang under the first one, right of the space's name
        for w, chip in items[1:]:
            flow.out.append(at(*flow.place(w), chip))
        flow.x0 = x0
        if flow.y != first_line:
            flow.newline()
        else:
            flow.x += 14


def hand_flow(view: CoalMineView, p: int, lang: str, flow: Flow) -> None:
    """A hand the viewer sees, as a line of cards: "Main : 2× Mineur, Tuyauteur"."""
    x, yy = flow.place(text_width(T("hand_of", lang), F, True))
    flow.out.append(text(x, yy + 21, T("hand_of", lang), size=F, anchor="start", weight="bold", fill=INK))
    held = [(k, c) for k, c in zip(view.game.kinds, view.hands[p] or ()) if c]
    for k, c in held:
        w, chip = card_chip(view, k, -1, c, lang)
        flow.out.append(at(*flow.place(w), chip))
    if not held:
        x, yy = flow.place(text_width(T("empty_hand", lang)))
        flow.out.append(text(x, yy + 21, T("empty_hand", lang), size=F, anchor="start", fill=SOFT_INK))


def other_board(view: CoalMineView, p: int, lang: str, out: list[str], y: float, focus: int | None) -> float:
    """Another player's board: a line of facts, then each space's cards (backs if face down).

    With a seat to move, the board is also the region ``target:<p>`` (a raid's target)."""
    body: list[str] = []
    board_head(view, p, lang, body, y)
    flow = Flow(M + 14, W - M - 12, y + 38)
    spaces_flow(view, p, lang, flow)
    if not flow.out:
        x, yy = flow.place(text_width(T("no_card", lang)))
        flow.out.append(text(x, yy + 21, T("no_card", lang), size=F, anchor="start", fill=SOFT_INK))
    if view.hands[p] is not None:  # the teacher's "show all"
        if flow.x > flow.x0:
            flow.newline()
        hand_flow(view, p, lang, flow)
    height = flow.bottom() - y + 6
    body.extend(flow.out)
    frame = _frame(view, p, y, height)
    colour = PLAYER_COLOUR_NAMES["en" if lang == "en" else "fr"][p % len(PLAYER_COLOURS)]
    label = f"{seat_label(view, p, lang)} ({colour})"
    if focus is not None:
        out.append(region(f"target:{p}", [frame, *body], label=label))
    else:
        out.append(frame)
        out.extend(body)
    return y + height
