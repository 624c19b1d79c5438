"""The picture of the cave: the path of cards (families coloured), the miners, the dragon.

Pure: ``render(state, player=None, lang="fr", show_all=False) -> str``.
Captured cards are gone from the path (it closes up, D10), so the picture simply
draws the cards that remain, numbered from the entrance, in rows that snake
(left to right, then right to left, joined by a bend) toward the deep end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mineedu.core import Texts
from mineedu.core.svg import (
    PLAYER_COLOUR_NAMES,
    PLAYER_COLOURS,
    circle,
    document,
    rect,
    text,
)

from .rules import EATEN, IN, OUT, family_name

if TYPE_CHECKING:
    from .rules import DragonCaveState

# light fills, from pale to dark as the cave gets deeper; the family's initial is printed too
FAMILY_FILLS = ("#F3EFD9", "#D9E4C8", "#B8C6D9", "#9C8BB0", "#8A8A8A", "#C0A080")
CARD_W, CARD_H, GAP, PER_ROW = 34, 46, 6, 16
LEFT, TOP, ROW_GAP = 22, 58, 48  # TOP leaves a band for the pawns of the first row under the title
DRAGON_RED = "#B22222"
KEY_PER_ROW = 4  # families in one line of the key to the card letters

T = Texts({
    "entrance": {"fr": "entrée", "en": "entrance"},
    "dragon": {"fr": "dragon", "en": "dragon"},
    "player": {"fr": "Joueur {p} ({colour})", "en": "Player {p} ({colour})"},
    "in_fwd": {"fr": "avance", "en": "going deeper"},
    "in_back": {"fr": "revient", "en": "coming back"},
    "out": {"fr": "sorti", "en": "out"},
    "eaten": {"fr": "dévoré", "en": "eaten"},
    "carries": {"fr": "porte", "en": "carries"},
    "nothing": {"fr": "rien", "en": "nothing"},
    "total": {"fr": "total {t}", "en": "total {t}"},
    "lost": {"fr": "0 (cartes perdues : {cards})", "en": "0 (cards lost: {cards})"},
    "title": {"fr": "Au fin fond de la grotte du dragon", "en": "Deep down in the dragon's cave"},
    "turn": {"fr": "au tour du joueur {p}", "en": "player {p} to move"},
    "roll": {"fr": "le joueur {p} lance le dé", "en": "player {p} rolls the die"},
    "reveal": {"fr": "une carte capturée est révélée", "en": "a captured card is revealed"},
    "dragon_die": {"fr": "le dé du dragon est lancé", "en": "the dragon's die is rolled"},
    "over": {"fr": "partie terminée", "en": "game over"},
    "winner": {"fr": "gagnant : joueur {p}", "en": "winner: player {p}"},
    "winners": {"fr": "gagnants : joueurs {ps}", "en": "winners: players {ps}"},
    "all_eaten": {"fr": "le dragon a dévoré tout le monde", "en": "the dragon ate everyone"},
    "key_values": {"fr": "{i} = {name} ({lo}–{hi})", "en": "{i} = {name} ({lo}–{hi})"},
})


ACTION = Texts({
    "back": {"fr": "je fais demi-tour", "en": "I turn back"},
    "drop": {"fr": "je pose ma carte n° {k}", "en": "I put down my card no. {k}"},
    "capture": {"fr": "je prends la carte sous moi", "en": "I take the card underfoot"},
    "deeper": {"fr": "j'avance de {n} pas", "en": "I go {n} step(s) deeper"},
    "home": {"fr": "je reviens de {n} pas vers l'entrée", "en": "I go {n} step(s) back toward the entrance"},
    "stay": {"fr": "je ne bouge pas", "en": "I stay where I am"},
    "value": {"fr": "la carte vaut {v}", "en": "the card is worth {v}"},
    "die": {"fr": "le dé donne {v}", "en": "the die shows {v}"},
})


def describe(action: object, lang: str = "fr", returning: bool = False) -> str:
    """A turn or a chance outcome in words; ``returning``: the player already turned back.

    >>> describe(("move", 0, True, 2, True), "en")
    'I turn back, I put down my card no. 1, I take the card underfoot, I go 2 step(s) back toward the entrance'
    >>> describe(("die", 4))
    'le dé donne 4'
    """
    if isinstance(action, tuple) and len(action) == 2 and action[0] in ("value", "die"):
        return ACTION(action[0], lang, v=action[1])
    if not (isinstance(action, tuple) and len(action) == 5 and action[0] == "move"):
        return str(action)
    _, drop, back, steps, capture = action
    parts = [ACTION("back", lang)] if back else []
    if isinstance(drop, int) and drop >= 0:
        parts.append(ACTION("drop", lang, k=drop + 1))
    if capture:
        parts.append(ACTION("capture", lang))
    if not steps:
        parts.append(ACTION("stay", lang))
    else:
        parts.append(ACTION("home" if back or returning else "deeper", lang, n=steps))
    return ", ".join(parts)


def initial(f: int, lang: str = "fr") -> str:
    """The letter printed on a card of family ``f`` (the family's number beyond the four named ones)."""
    return family_name(f, lang)[0] if f < 4 else str(f + 1)


def _xy(k: int) -> tuple[float, float]:
    """Top-left corner of slot ``k`` (slot 0 is the entrance; cards follow, rows of PER_ROW)."""
    row, col = divmod(k, PER_ROW)
    if row % 2:  # serpentine: odd rows run right to left
        col = PER_ROW - 1 - col
    return LEFT + col * (CARD_W + GAP), TOP + row * (CARD_H + ROW_GAP)


def _card_label(card: tuple[int, int | None]) -> str:
    return "?" if card[1] is None else str(card[1])


def _headline(state: DragonCaveState, lang: str) -> str:
    cp = state.current_player()
    if cp == -3:  # TERMINAL
        alive = [p for p, s in enumerate(state.status) if s != EATEN]
        if not alive:
            return T("over", lang) + " — " + T("all_eaten", lang)
        won = [p + 1 for p in state.winners()]
        if len(won) == 1:
            return T("over", lang) + " — " + T("winner", lang, p=won[0])
        return T("over", lang) + " — " + T("winners", lang, ps=", ".join(map(str, won)))
    if cp >= 0:
        return T("turn", lang, p=state.turn + 1)
    ev = state._chance_event() or ("reveal",)
    if ev[0] == "roll":
        return T("roll", lang, p=state.turn + 1)
    return T("dragon_die" if ev[0] == "dragon" else "reveal", lang)


def render(state: DragonCaveState, player: int | None = None, lang: str = "fr", show_all: bool = False) -> str:
    """An SVG picture of ``state`` (everything in it is public, so ``player`` and ``show_all``
    change nothing but are accepted like every game's ``render``).

    >>> from mineedu.games.dragon_cave import DragonCave
    >>> render(DragonCave(3).initial_state(), lang="en").startswith("<svg")
    True
    """
    cfg = state.game.config
    n_slots = len(state.path) + 1
    rows = -(-n_slots // PER_ROW)
    width = 2 * LEFT + PER_ROW * (CARD_W + GAP) - GAP
    top_legend = TOP + rows * (CARD_H + ROW_GAP) - 8
    n = len(state.status)
    key_rows = -(-len(cfg.families) // KEY_PER_ROW)
    height = top_legend + 22 * (n + key_rows) + 8
    body = [rect(0, 0, width, height, fill="#FCFCFA", stroke="#999", rx=6)]
    body.append(text(LEFT, 26, T("title", lang) + " — " + _headline(state, lang), size=14, anchor="start", weight="bold"))
    # the bends joining one row to the next, so the order of the cards reads without numbers too
    for r in range(rows - 1):
        x0, y0 = _xy((r + 1) * PER_ROW - 1)
        _, y1 = _xy((r + 1) * PER_ROW)
        side, bulge = (x0 + CARD_W, 16) if r % 2 == 0 else (x0, -16)
        ya, yb = y0 + CARD_H / 2, y1 + CARD_H / 2
        body.append(f'<path d="M{side:.1f},{ya:.1f} C{side + bulge:.1f},{ya:.1f} {side + bulge:.1f},{yb:.1f} '
                    f'{side:.1f},{yb:.1f}" fill="none" stroke="#888" stroke-width="2" stroke-dasharray="4,3"/>')
    x, y = _xy(0)
    body.append(rect(x, y, CARD_W, CARD_H, fill="#FFFFFF", stroke="#555", stroke_dasharray="3,2"))
    body.append(text(x + CARD_W / 2, y + CARD_H + 12, T("entrance", lang), size=9))
    for i, card in enumerate(state.path):
        x, y = _xy(i + 1)
        behind = i >= state.dragon
        fill = FAMILY_FILLS[card[0] % len(FAMILY_FILLS)]
        body.append(rect(x, y, CARD_W, CARD_H, fill=fill, stroke="#333", opacity="0.35" if behind else "1"))
        body.append(text(x + CARD_W / 2, y + 13, initial(card[0], lang), size=9, fill="#333"))
        body.append(text(x + CARD_W / 2, y + 32, _card_label(card), size=14, weight="bold"))
        body.append(text(x + CARD_W / 2, y + CARD_H + 12, i + 1, size=8, fill="#777"))  # card number
    # the dragon stands between card dragon-1 and card dragon (slots dragon and dragon+1)
    dx, dy = _xy(state.dragon)
    gx = dx - GAP / 2 if (state.dragon // PER_ROW) % 2 else dx + CARD_W + GAP / 2  # the gap after that slot
    body.append(f'<polygon points="{gx:.1f},{dy - 6:.1f} {gx - 6:.1f},{dy + CARD_H + 4:.1f} '
                f'{gx + 6:.1f},{dy + CARD_H + 4:.1f}" fill="{DRAGON_RED}" stroke="#222"/>')
    body.append(text(gx, dy + CARD_H + 26, T("dragon", lang), size=11, fill=DRAGON_RED, weight="bold"))
    at_entrance = 0
    for p, (status, pos) in enumerate(zip(state.status, state.pos)):
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        if status == IN:
            x, y = _xy(pos + 1)
            if pos < 0:  # waiting at the entrance: two columns inside its box
                cx, cy, r = x + 10 + 14 * (at_entrance % 2), y + 9 + 14 * (at_entrance // 2), 6
                at_entrance += 1
            else:
                cx, cy, r = x + CARD_W / 2, y - 9, 7
            body.append(circle(cx, cy, r, colour))
            body.append(text(cx, cy + 3, "◀" if state.returning[p] else "▶", size=8, fill="#FFF"))
    # the key to the card letters, then one line per player
    key = [T("key_values", lang, i=initial(f, lang), name=family_name(f, lang), lo=min(fam), hi=max(fam))
           for f, fam in enumerate(cfg.families)]
    column = (width - 2 * LEFT) / KEY_PER_ROW
    for f, line in enumerate(key):
        kx, ky = LEFT + column * (f % KEY_PER_ROW), top_legend + 22 * (f // KEY_PER_ROW)
        body.append(rect(kx, ky - 1, 10, 12, fill=FAMILY_FILLS[f % len(FAMILY_FILLS)], stroke="#333", rx=2))
        body.append(text(kx + 14, ky + 9, line, size=10, anchor="start"))
    colon = " : " if lang == "fr" else ": "
    for p, status in enumerate(state.status):
        ly = top_legend + 22 * (p + key_rows)
        body.append(circle(LEFT + 6, ly + 6, 6, PLAYER_COLOURS[p % len(PLAYER_COLOURS)]))
        cards = ", ".join(initial(f, lang) + _card_label((f, v)) for f, v in state.carried[p]) or T("nothing", lang)
        who = T("player", lang, p=p + 1, colour=PLAYER_COLOUR_NAMES["en" if lang == "en" else "fr"][p % 6])
        if status == EATEN:
            what = T("eaten", lang) + " — " + (T("lost", lang, cards=cards) if state.carried[p] else "0")
        else:
            word = T("out" if status == OUT else "in_back" if state.returning[p] else "in_fwd", lang)
            what = f"{word} — {T('carries', lang)} {cards}"
            if status == OUT:
                what += " — " + T("total", lang, t=state.treasure(p))
        mine = state.current_player() == p
        body.append(text(LEFT + 18, ly + 10, who + colon + what, size=11, anchor="start", weight="bold" if mine else "normal"))
    return document(width, height, body, title=T("title", lang))
