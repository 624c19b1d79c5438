"""The picture of the cave: the path of cards (families coloured), the miners, the dragon.

Pure: ``render(state, player=None, lang="fr", show_all=False) -> str``.
Captured cards are gone from the path (it closes up, D10), so the picture simply
draws the cards that remain, left (entrance) to right (the deep end).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mineedu.core import Texts
from mineedu.core.svg import PLAYER_COLOURS, PLAYER_COLOUR_NAMES, circle, document, rect, text

from .rules import EATEN, IN, OUT, family_name

if TYPE_CHECKING:
    from .rules import DragonCaveState

# light fills, from pale to dark as the cave gets deeper; the family's initial is printed too
FAMILY_FILLS = ("#F3EFD9", "#D9E4C8", "#B8C6D9", "#9C8BB0", "#8A8A8A", "#C0A080")
CARD_W, CARD_H, GAP, PER_ROW = 34, 46, 6, 16

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
    "title": {"fr": "Au fin fond de la grotte du dragon", "en": "Deep down in the dragon's cave"},
    "turn": {"fr": "au tour du joueur {p}", "en": "player {p} to move"},
    "over": {"fr": "partie terminée", "en": "game over"},
})


def _xy(k: int) -> tuple[float, float]:
    """Top-left corner of slot ``k`` (slot 0 is the entrance; cards follow, rows of PER_ROW)."""
    row, col = divmod(k, PER_ROW)
    x = 14 + col * (CARD_W + GAP)
    if row % 2:  # serpentine: odd rows run right to left
        x = 14 + (PER_ROW - 1 - col) * (CARD_W + GAP)
    return x, 40 + row * (CARD_H + 44)


def _card_label(card: tuple[int, int | None]) -> str:
    return "?" if card[1] is None else str(card[1])


def render(state: DragonCaveState, player: int | None = None, lang: str = "fr", show_all: bool = False) -> str:
    """An SVG picture of ``state`` (everything in it is public, so ``player`` and ``show_all``
    change nothing but are accepted like every game's ``render``).

    >>> from mineedu.games.dragon_cave import DragonCave
    >>> render(DragonCave(3).initial_state(), lang="en").startswith("<svg")
    True
    """
    n_slots = len(state.path) + 1
    rows = (n_slots + PER_ROW) // PER_ROW
    width = 14 * 2 + PER_ROW * (CARD_W + GAP)
    top_legend = 40 + rows * (CARD_H + 44)
    height = top_legend + 22 * len(state.status) + 14
    body = [rect(0, 0, width, height, fill="#FCFCFA", stroke="#999", rx=6)]
    cp = state.current_player()
    head = T("title", lang) + " — " + (T("over", lang) if cp == -3 else T("turn", lang, p=state.turn + 1) if cp >= 0 else "…")
    body.append(text(14, 24, head, size=14, anchor="start", weight="bold"))
    x, y = _xy(0)
    body.append(rect(x, y, CARD_W, CARD_H, fill="#FFFFFF", stroke="#555", stroke_dasharray="3,2"))
    body.append(text(x + CARD_W / 2, y + CARD_H + 12, T("entrance", lang), size=9))
    for i, card in enumerate(state.path):
        x, y = _xy(i + 1)
        behind = i >= state.dragon
        fill = FAMILY_FILLS[card[0] % len(FAMILY_FILLS)]
        body.append(rect(x, y, CARD_W, CARD_H, fill=fill, stroke="#333", opacity="0.35" if behind else "1"))
        body.append(text(x + CARD_W / 2, y + 13, family_name(card[0], lang)[0], size=9, fill="#333"))
        body.append(text(x + CARD_W / 2, y + 32, _card_label(card), size=14, weight="bold"))
    # the dragon stands between card dragon-1 and card dragon (slots dragon and dragon+1)
    dx, dy = _xy(state.dragon)
    gx = dx - GAP / 2 if (state.dragon // PER_ROW) % 2 else dx + CARD_W + GAP / 2  # the gap after that slot
    body.append(f'<polygon points="{gx:.1f},{dy - 8:.1f} {gx - 7:.1f},{dy + CARD_H + 8:.1f} '
                f'{gx + 7:.1f},{dy + CARD_H + 8:.1f}" fill="#B22222" stroke="#222"/>')
    body.append(text(gx, dy + CARD_H + 20, T("dragon", lang), size=10, fill="#B22222", weight="bold"))
    for p, (status, pos) in enumerate(zip(state.status, state.pos)):
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        if status == IN:
            x, y = _xy(pos + 1)
            on_start = pos < 0
            cx = x + CARD_W / 2 + ((p - len(state.status) / 2) * 5 if on_start else 0)
            body.append(circle(cx, y - 8, 7, colour))
            body.append(text(cx, y - 5, "◀" if state.returning[p] else "▶", size=8, fill="#FFF"))
        ly = top_legend + 22 * p
        body.append(circle(20, ly + 6, 6, colour))
        state_word = T("eaten" if status == EATEN else "out" if status == OUT else "in_back" if state.returning[p] else "in_fwd", lang)
        cards = ", ".join(family_name(f, lang)[0] + _card_label((f, v)) for f, v in state.carried[p]) or T("nothing", lang)
        line = f"{T('player', lang, p=p + 1, colour=PLAYER_COLOUR_NAMES['en' if lang == 'en' else 'fr'][p % 6])}: {state_word} — {T('carries', lang)} {cards}"
        body.append(text(32, ly + 10, line, size=11, anchor="start"))
    return document(width, height, body, title=T("title", lang))
