"""The picture of a Silver & Gold position: every player's cards and valuation sheet, the display.

>>> from mineedu.games.silver_gold import SilverGold
>>> render(SilverGold(2).initial_state(), lang="en").startswith("<svg")
True
"""

from __future__ import annotations

from mineedu.core import Texts
from mineedu.core.svg import PLAYER_COLOURS, circle, document, rect, text

from .rules import CARDS, COLOURS, SilverGoldState, colour_counts, display_palms
from .shapes import SHAPE_NAMES, orientations

CARD_FILL = {"grey": "#B0B0B0", "green": "#7FBF7F", "orange": "#F0A860", "purple": "#B08CD0"}

T = Texts({
    "round": {"fr": "Manche {r}/{R} · expédition {k}/{K}", "en": "Round {r}/{R} · expedition {k}/{K}"},
    "over": {"fr": "Partie terminée", "en": "Game over"},
    "deal": {"fr": "Distribution des cartes trésor", "en": "Dealing the treasure cards"},
    "shape": {"fr": "Carte expédition : {s}", "en": "Expedition card: {s}"},
    "display": {"fr": "Offre ({d} cartes dans la pioche)", "en": "Display ({d} cards in the deck)"},
    "cups": {"fr": "Coupes libres : {c}", "en": "Cups left: {c}"},
    "player": {"fr": "Joueur {p}", "en": "Player {p}"},
    "sheet": {
        "fr": "pièces {coins} · coupes {cups} · palmiers {palms} · cartes {cards} · sceaux {seals} = {score}",
        "en": "coins {coins} · cups {cups} · palms {palms} · cards {cards} · seals {seals} = {score}",
    },
    "completed": {"fr": "complétées : {d}", "en": "completed: {d}"},
    "out": {"fr": "Déjà sorties cette manche : {s}", "en": "Already out this round: {s}"},
    "hand": {"fr": "main : {h}", "en": "hand: {h}"},
    "hidden": {"fr": "{k} cartes cachées", "en": "{k} hidden cards"},
    "chosen": {"fr": "a choisi", "en": "has chosen"},
    "waiting": {"fr": "réfléchit", "en": "thinking"},
    "pending": {"fr": "croix rouge : encore {k} case(s)", "en": "red cross: {k} more box(es)"},
    "empty": {"fr": "(vide)", "en": "(empty)"},
    "winner": {"fr": "gagne !", "en": "wins!"},
    "cups_taken": {"fr": "coupes :", "en": "cups:"},
    "palm_scores": {"fr": "▲ palmiers :", "en": "▲ palms:"},
    "legend": {
        "fr": "● pièce   ▲ palmier   + croix rouge   ✕ case cochée   ★V sceau vers le vert (G gris, V vert, O orange, Vi violet)",
        "en": "● coin   ▲ palm   + red cross   ✕ crossed box   ★Gn seal pointing at green (Gy grey, Gn green, O orange, P purple)",
    },
    "palms_on_display": {"fr": "palmiers visibles : {k}", "en": "palms on display: {k}"},
    "initial_grey": {"fr": "G", "en": "Gy"},
    "initial_green": {"fr": "V", "en": "Gn"},
    "initial_orange": {"fr": "O", "en": "O"},
    "initial_purple": {"fr": "Vi", "en": "P"},
    "grey": {"fr": "gris", "en": "grey"},
    "green": {"fr": "vert", "en": "green"},
    "orange": {"fr": "orange", "en": "orange"},
    "purple": {"fr": "violet", "en": "purple"},
})

BOX = 20
WIDTH = 760  # the picture is at least this wide; wider when a row of cards needs it


def card_svg(card_id: int, x: float, y: float, crossed: int = 0, colour: str = "#222", lang: str = "fr", box: float = BOX) -> tuple[list[str], float, float]:
    """One treasure card at ``(x, y)``; returns the SVG parts, its width and height."""
    card = CARDS[card_id]
    w, h = card.cols * box + 8, card.rows * box + 22
    parts = [rect(x, y, w, h, fill=CARD_FILL[card.colour], stroke="#333", rx=4)]
    label = f"{T(card.colour, lang)} {card.points}"
    if card.seal:
        label += " ★" + T("initial_" + card.seal, lang)
    parts.append(text(x + w / 2, y + 12, label, size=min(10, box / 2 + 1)))  # fits the card's width
    for r in range(card.rows):
        for c in range(card.cols):
            if not card.is_box(r, c):
                continue
            bx, by = x + 4 + c * box, y + 16 + r * box
            parts.append(rect(bx, by, box - 1, box - 1, fill="white", stroke="#555", rx=1))
            cx, cy = bx + (box - 1) / 2, by + (box - 1) / 2
            sym = card.symbol(r, c)
            if sym == "coin":
                parts.append(circle(cx, cy, box * 0.28, fill="#E6B800", stroke="#8a6d00"))
            elif sym == "palm":
                s = box * 0.3
                parts.append(f'<polygon points="{cx:.1f},{cy - s:.1f} {cx - s:.1f},{cy + s:.1f} {cx + s:.1f},{cy + s:.1f}" fill="#2E8B57"/>')
            elif sym == "cross":
                parts.append(text(cx, cy + 5, "+", size=box * 0.9, fill="#C00000", weight="bold"))
            if crossed >> (r * card.cols + c) & 1:
                d = (box - 1) * 0.4
                parts.append(
                    f'<path d="M{cx - d:.1f},{cy - d:.1f} L{cx + d:.1f},{cy + d:.1f} M{cx + d:.1f},{cy - d:.1f} L{cx - d:.1f},{cy + d:.1f}" '
                    f'stroke="{colour}" stroke-width="2.5"/>'
                )
    return parts, w, h


def shape_svg(shape: str, x: float, y: float, box: float = 12) -> list[str]:
    return [rect(x + c * box, y + r * box, box - 1, box - 1, fill="#444", stroke="#222", rx=1) for r, c in orientations(shape)[0]]


def render(state: SilverGoldState, player: int | None = None, lang: str = "fr", show_all: bool = False) -> str:
    """The whole table as SVG; ``player`` sees their own dealt hand and choice (``show_all``: everything)."""
    cfg = state.game.config
    parts: list[str] = []
    y = 20.0
    if state.phase == "over":
        head = T("over", lang)
    elif state.phase in ("deal", "keep"):
        head = T("deal", lang)
    else:
        head = T("round", lang, r=state.round + 1, R=cfg.rounds, k=len(state.revealed), K=cfg.reveals_per_round)
    parts.append(text(10, y, head, size=14, anchor="start", weight="bold"))
    parts.append(text(330, y, T("cups", lang, c=" ".join(map(str, state.cups_left)) or "-"), size=12, anchor="start"))
    if state.shape:
        parts.append(text(10, y + 20, T("shape", lang, s=SHAPE_NAMES[state.shape][lang]), size=12, anchor="start"))
        parts += shape_svg(state.shape, 260, y + 8)
    if state.revealed and state.phase != "over":
        out = ", ".join(SHAPE_NAMES[s][lang] for s in state.revealed)
        parts.append(text(10, y + 44, T("out", lang, s=out), size=11, anchor="start", fill="#555"))
    y += 66
    parts.append(text(10, y, T("display", lang, d=len(state.deck)) + " · " + T("palms_on_display", lang, k=display_palms(state.display)), size=12, anchor="start"))
    x, tallest, right = 10.0, 0.0, float(WIDTH)
    for cid in state.display:
        w = CARDS[cid].cols * BOX + 8
        if x + w > WIDTH - 10 and x > 10:  # a long display wraps onto the next line
            x, y, tallest = 10.0, y + tallest + 8, 0.0
        p, w, h = card_svg(cid, x, y + 6, lang=lang)
        parts += p
        x += w + 10
        tallest = max(tallest, h)
    y += tallest + 34
    for p, b in enumerate(state.boards):
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        sheet = state.score_sheet(p)
        status = ""
        if state.phase in ("keep", "place"):
            status = T("chosen", lang) if state.choices[p] is not None else T("waiting", lang)
            if state.choices[p] is not None and (show_all or p == player):
                status += f" {state.choices[p]}"
        if b.pending:
            status = " · ".join(filter(None, (status, T("pending", lang, k=b.pending))))
        if state.phase == "over" and p in state.winners():
            status = T("winner", lang)
        parts.append(rect(6, y - 14, 8, 8, fill=colour, stroke=colour, rx=1))
        parts.append(text(20, y - 6, T("player", lang, p=p + 1) + (" ▶" if p == state.first and state.phase not in ("over",) else "") + (f" · {status}" if status else ""), size=12, anchor="start", weight="bold", fill=colour))
        x, tallest = 10.0, 0.0
        if b.hand:
            if show_all or p == player:
                for cid in b.hand:
                    cp, w, h = card_svg(cid, x, y, lang=lang, box=16)
                    parts += cp
                    x += w + 8
                    tallest = max(tallest, h)
            else:
                parts.append(text(x, y + 14, T("hidden", lang, k=len(b.hand)), size=11, anchor="start"))
                tallest = 20
        for slot, cid in enumerate(b.cards):
            if cid is None:
                w, h = 4 * BOX + 8, 3 * BOX + 22
                parts.append(rect(x, y, w, h, fill="none", stroke="#999", rx=4, stroke_dasharray="4 3"))
                parts.append(text(x + w / 2, y + h / 2 + 4, T("empty", lang), size=11))
                x += w + 10
                tallest = max(tallest, h)
                continue
            cp, w, h = card_svg(cid, x, y, b.crossed[slot], colour, lang)
            parts += cp
            x += w + 10
            tallest = max(tallest, h)
        # the valuation sheet: coin boxes in rows, cups, palm boxes, completed cards
        sx = max(x, 10 + 2 * (4 * BOX + 18)) + 6  # the sheets line up even beside an empty place
        for i in range(cfg.coin_boxes):
            r, c = divmod(i, cfg.coin_row_size)
            filled = i < b.coins
            parts.append(circle(sx + 6 + c * 13, y + 6 + r * 12, 5, fill="#E6B800" if filled else "white", stroke="#8a6d00"))
        cx = sx + 8 + cfg.coin_row_size * 13
        parts.append(text(cx, y + 10, T("cups_taken", lang) + " " + (" ".join(map(str, b.cups)) or "-"), size=11, anchor="start"))
        palms = " ".join(str(v) for v in b.palms) + " □" * (cfg.palm_limit - len(b.palms))
        parts.append(text(cx, y + 26, T("palm_scores", lang) + " " + palms.strip(), size=11, anchor="start", fill="#2E8B57"))
        counts = colour_counts(b)
        done = ", ".join(f"{k} {T(col, lang)}" for k, col in zip(counts, COLOURS) if k) or "0"
        parts.append(text(cx, y + 42, T("completed", lang, d=done), size=11, anchor="start"))
        line = T("sheet", lang, **sheet)
        parts.append(text(cx, y + 58, line, size=11, anchor="start"))
        right = max(right, cx + 0.62 * 11 * len(line) + 10)
        y += max(tallest, 12.0 * cfg.coin_rows, 64) + 30
    parts.append(text(10, y, T("legend", lang), size=11, anchor="start"))
    return document(right, y + 12, parts, title="Silver & Gold")
