"""The picture of a My Gold Mine position (a pure function: state -> SVG text).

>>> import mineedu
>>> from mineedu.games.gold_mine.svg import render
>>> s = mineedu.make("gold_mine", players=3).initial_state()
>>> svg = render(s, lang="en")
>>> svg.startswith("<svg") and "Dragobert" in svg and "Exit" in svg
True
"""

from __future__ import annotations

from typing import Any

from mineedu.core import Texts
from mineedu.core.svg import PLAYER_COLOURS, circle, document, rect, text

from .cards import BURNED, EXPLORE_KINDS, LADDER, OVER, exit_card_name, kind_count, kind_name

T = Texts({
    "exit": {"fr": "Sortie", "en": "Exit"},
    "ladder": {"fr": "échelle", "en": "ladder"},
    "mine": {"fr": "mine", "en": "mine"},
    "cart": {"fr": "chariot", "en": "cart"},
    "fire": {"fr": "feu", "en": "fire"},
    "round": {"fr": "Manche {r}/{n}", "en": "Round {r}/{n}"},
    "to_move": {"fr": "au tour de J{p}", "en": "P{p} to move"},
    "over": {"fr": "Partie terminée", "en": "Game over"},
    "explore_deck": {"fr": "Exploration : {n} cartes", "en": "Exploration: {n} cards"},
    "exit_deck": {"fr": "Sortie : {n} cartes (défausse {d})", "en": "Exit: {n} cards (discards {d})"},
    "top": {"fr": "carte visible : {c}", "en": "face-up card: {c}"},
    "card": {"fr": "carte Sortie : {c}", "en": "exit card: {c}"},
    "player": {"fr": "J{p}", "en": "P{p}"},
    "inside": {"fr": "dans la mine (case {q})", "en": "inside (card {q})"},
    "on_ladder": {"fr": "échelon {r}", "en": "rung {r}"},
    "burned": {"fr": "grillé", "en": "burned"},
    "held": {"fr": "cartes : {n}", "en": "cards: {n}"},
    "gold": {"fr": "or {g}", "en": "gold {g}"},
    "gold_hidden": {"fr": "or ?", "en": "gold ?"},
    "tokens": {"fr": "pépites {t}", "en": "tokens {t}"},
    "pool": {"fr": "réserve : {t} pépites", "en": "pool: {t} tokens"},
    "winner": {"fr": "gagnant : {w}", "en": "winner: {w}"},
})

CARD_W, CARD_H, GAP, LEFT, TOP = 72, 96, 8, 16, 44
MINE_BLUE, FIRE_RED, DRAGON_RED, EXIT_GREEN = "#cfe3f5", "#f7b58f", "#b8322a", "#cdebc6"


def render(state: Any, player: int | None = None, lang: str = "fr", show_all: bool = False) -> str:
    """The track, the decks and each player's standing as SVG text.

    ``player`` sees their own gold; ``show_all`` shows everyone's (a teacher's view).
    """
    g = state.game
    c = g.config
    n = g.num_players
    track = c.track_length
    width = LEFT * 2 + (track + 1) * (CARD_W + GAP)
    height = TOP + CARD_H + 60 + 22 * n + 20
    body: list[str] = [rect(0, 0, width, height, fill="#fbfaf6", stroke="none", rx=0)]
    head = T("round", lang, r=state.round, n=c.rounds)
    head += "  ·  " + (T("over", lang) if state.phase == OVER else T("to_move", lang, p=state.turn + 1))
    body.append(text(LEFT, 24, head, size=15, anchor="start", weight="bold"))

    for q in range(track + 1):
        x = LEFT + q * (CARD_W + GAP)
        if q == LADDER:
            fill, label = EXIT_GREEN, T("exit", lang)
        elif q == state.dragon:
            fill, label = DRAGON_RED, "Dragobert"
        elif q > state.dragon:
            fill, label = FIRE_RED, T("fire", lang)
        else:
            fill, label = MINE_BLUE, (T("cart", lang) if q == c.cart else T("mine", lang))
        body.append(rect(x, TOP, CARD_W, CARD_H, fill=fill, stroke="#444"))
        body.append(text(x + CARD_W / 2, TOP + 14, label, size=11, fill="#fff" if q == state.dragon else "#222"))
        body.append(text(x + CARD_W / 2, TOP + CARD_H - 5, str(q), size=10, fill="#fff" if q == state.dragon else "#555"))
        if q == LADDER:  # rungs 1 (top) .. 6
            for r in range(1, 7):
                y = TOP + 14 + r * 11
                body.append(f'<line x1="{x + 8}" y1="{y}" x2="{x + 22}" y2="{y}" stroke="#7a5a2b" stroke-width="2"/>')
    # miners
    for q in range(1, track):
        here = [i for i, p in enumerate(state.positions) if p == q]
        x = LEFT + q * (CARD_W + GAP)
        for k, i in enumerate(here):
            cx = x + 14 + (k % 3) * 22  # up to 6 miners, 3 a row, inside the card
            cy = TOP + 36 + (k // 3) * 24
            body.append(circle(cx, cy, 10, PLAYER_COLOURS[i]))
            body.append(text(cx, cy + 4, i + 1, size=12, fill="#fff", weight="bold"))
    for i, r in enumerate(state.rungs):
        if r:
            cx, cy = LEFT + 40, TOP + 14 + r * 11
            body.append(circle(cx, cy, 5, PLAYER_COLOURS[i]))
            body.append(text(cx + 15, cy + 4, T("player", lang, p=i + 1), size=10))

    # decks
    y = TOP + CARD_H + 22
    deck = ", ".join(kind_count(name, k, lang) for name, k in zip(EXPLORE_KINDS, state.explore))
    line = T("explore_deck", lang, n=sum(state.explore)) + f" ({deck})"
    if state.top is not None:
        line += "  ·  " + T("top", lang, c=kind_name(state.top, lang))
    body.append(text(LEFT, y, line, size=12, anchor="start"))
    line = T("exit_deck", lang, n=sum(state.exits), d=sum(state.exit_discard)) + "  ·  " + T("pool", lang, t=state.pool)
    if state.card:
        line += "  ·  " + T("card", lang, c=exit_card_name(state.card, lang))
    body.append(text(LEFT, y + 20, line, size=12, anchor="start"))

    # players
    y += 44
    podium = state.podium() if state.phase == OVER else ()
    for i in range(n):
        yy = y + 22 * i
        body.append(circle(LEFT + 8, yy - 4, 7, PLAYER_COLOURS[i]))
        q = state.positions[i]
        if q == BURNED:
            where = T("burned", lang)
        elif q == LADDER:
            where = T("on_ladder", lang, r=state.rungs[i])
        else:
            where = T("inside", lang, q=q)
        seen = show_all or player == i or state.phase == OVER
        gold = T("gold", lang, g=state.gold(i)) if seen else T("gold_hidden", lang)
        if state.phase == OVER and state.results:
            gold = T("gold", lang, g=state.results[-1].gold[i])
        row = "  ·  ".join([
            T("player", lang, p=i + 1), where, T("held", lang, n=len(state.kept[i])), gold,
            T("tokens", lang, t=state.tokens[i]),
        ])
        weight = "bold" if i == state.turn and state.phase != OVER else "normal"
        body.append(text(LEFT + 22, yy, row, size=12, anchor="start", weight=weight))
    if podium:
        w = ", ".join(T("player", lang, p=p + 1) for p in podium[0])
        body.append(text(width - LEFT, 24, T("winner", lang, w=w), size=14, anchor="end", weight="bold"))
    return document(width, height, body, title=g.title.get(lang, g.title["fr"]))


__all__ = ["render", "T"]
