"""The picture of a My Gold Mine position, drawn from what a viewer sees (pure: view -> SVG).

Two layouts of the same picture: :func:`render` lays the mine out as a row of
cards (a projector, a laptop), :func:`render_narrow` as a shaft going down
from the ladder to Dragobert (a phone held upright). Both mark the places a
player acts on as regions (:func:`mineedu.core.svg.region`): the exploration
deck (``deck:explore``), the exit deck (``deck:exit``) and each miner inside
the mine (``miner:<p>``, the targets of a swap).

>>> import mineedu
>>> s = mineedu.make("gold_mine", players=3).initial_state()
>>> svg = render(s.observation(0), lang="en")
>>> svg.startswith("<svg") and "Dragobert" in svg and 'data-region="deck:explore"' in svg
True
"""

from __future__ import annotations

from typing import Any

from mineedu.core import Texts
from mineedu.core.i18n import player_name
from mineedu.core.svg import PLAYER_COLOURS, circle, document, rect, region, text

from .cards import BURNED, DRAGON, EXPLORE_KINDS, LADDER, OVER, exit_card_name, kind_count, kind_name, token_words

T = Texts({
    "exit": {"fr": "Sortie", "en": "Exit"},
    "ladder": {"fr": "échelle", "en": "ladder"},
    "mine": {"fr": "mine", "en": "mine"},
    "cart": {"fr": "chariot", "en": "cart"},
    "fire": {"fr": "feu", "en": "fire"},
    "round": {"fr": "Manche {r}/{n}", "en": "Round {r}/{n}"},
    "to_move": {"fr": "au tour de {p}", "en": "{p} to move"},
    "over": {"fr": "Partie terminée", "en": "Game over"},
    "explore_pile": {"fr": "Exploration", "en": "Exploration"},
    "exit_pile": {"fr": "Sortie", "en": "Exit"},
    "cards": {"fr": "{n} cartes", "en": "{n} cards"},
    "one_card": {"fr": "1 carte", "en": "1 card"},
    "dragons": {"fr": "dont {d} dragons", "en": "{d} of them dragons"},
    "one_dragon": {"fr": "dont 1 dragon", "en": "1 of them a dragon"},
    "no_dragon": {"fr": "aucun dragon", "en": "no dragon"},
    "discards": {"fr": "défausse {d}", "en": "discards {d}"},
    "top": {"fr": "visible : {c}", "en": "face up: {c}"},
    "card": {"fr": "carte Sortie : {c}", "en": "exit card: {c}"},
    "inside": {"fr": "case {q}", "en": "card {q}"},
    "on_ladder": {"fr": "échelon {r}", "en": "rung {r}"},
    "burned": {"fr": "grillé", "en": "burned"},
    "gold": {"fr": "or {g}", "en": "gold {g}"},
    "tokens": {"fr": "pépites gagnées {t}", "en": "tokens won {t}"},  # the panel's words; "pépite" alone is a card
    "pool": {"fr": "réserve : {t}", "en": "pool: {t}"},
    "winner": {"fr": "gagnant : {w}", "en": "winner: {w}"},
    "winners": {"fr": "gagnants : {w}", "en": "winners: {w}"},
    "deck_detail": {"fr": "Exploration : {detail}", "en": "Exploration: {detail}"},
})

MINE_BLUE, FIRE_RED, DRAGON_RED, EXIT_GREEN, BACK = "#cfe3f5", "#f7b58f", "#b8322a", "#cdebc6", "#fbfaf6"
DECK_BROWN = "#6b4a2b"


def _place(view: Any, q: int, lang: str) -> tuple[str, str, str]:
    """(fill, label, text colour) of card ``q`` of the track."""
    if q == LADDER:
        return EXIT_GREEN, T("exit", lang), "#222"
    if q == view.dragon:
        return DRAGON_RED, "Dragobert", "#fff"
    if q > view.dragon:
        return FIRE_RED, T("fire", lang), "#222"
    return MINE_BLUE, (T("cart", lang) if q == view.game.config.cart else T("mine", lang)), "#222"


def _head(view: Any, lang: str) -> str:
    c = view.game.config
    head = T("round", lang, r=view.round, n=c.rounds) + "  ·  "
    return head + (T("over", lang) if view.phase == OVER else T("to_move", lang, p=player_name(view.turn, lang)))


def _cards(n: int, lang: str) -> str:
    return T("one_card", lang) if n == 1 else T("cards", lang, n=n)


def _dragons(d: int, lang: str) -> str:
    return T("no_dragon", lang) if d == 0 else (T("one_dragon", lang) if d == 1 else T("dragons", lang, d=d))


def _miner(view: Any, p: int, cx: float, cy: float, r: float, size: float) -> str:
    body = circle(cx, cy, r, PLAYER_COLOURS[p], stroke="#111", stroke_width="2") + text(
        cx, cy + size * 0.36, p + 1, size=size, fill="#fff" if p != 3 else "#111", weight="bold")
    return region(f"miner:{p}", body) if view.positions[p] > 0 else body


def _decks(view: Any, x: float, y: float, w: float, h: float, gap: float, size: float, lang: str) -> list[str]:
    """The two piles a player draws from, each a region."""
    out: list[str] = []
    d, n = view.explore[DRAGON], sum(view.explore)
    explore = [T("explore_pile", lang), _cards(n, lang),
               _dragons(d, lang) if view.top is None else T("top", lang, c=kind_name(view.top, lang))]
    exits = [T("exit_pile", lang), _cards(sum(view.exits), lang), T("discards", lang, d=sum(view.exit_discard))]
    for key, lines, x0, shade, face in (("deck:explore", explore, x, "#4a3320", DECK_BROWN),
                                        ("deck:exit", exits, x + w + gap, "#2f6b2f", "#3d8b3d")):
        pile = [rect(x0 + 6, y + 6, w, h, fill=shade, stroke="#222", rx=8), rect(x0, y, w, h, fill=face, stroke="#222", rx=8)]
        pile += [text(x0 + w / 2, y + (k + 1) * h / 4 + size * 0.3, s, size=size if k else size * 1.1, fill="#fff",
                      weight="bold" if k == 0 else "normal") for k, s in enumerate(lines)]
        out.append(region(key, pile))
    return out


def _player_rows(view: Any, x: float, y: float, line: float, size: float, lang: str, wide: bool) -> list[str]:
    out: list[str] = []
    over = view.phase == OVER
    for i in range(view.game.num_players):
        yy = y + line * i
        q = view.positions[i]
        if q == BURNED:
            where = T("burned", lang)
        elif q == LADDER:
            where = T("on_ladder", lang, r=view.rungs[i])
        else:
            where = T("inside", lang, q=q)
        gold = view.results[-1].gold[i] if over and view.results else view.gold(i)
        parts = [player_name(i, lang), where, T("gold", lang, g=gold), T("tokens", lang, t=view.tokens[i])]
        weight = "bold" if i == view.turn and not over else "normal"
        out.append(circle(x + size * 0.5, yy - size * 0.35, size * 0.5, PLAYER_COLOURS[i], stroke="#111"))
        out.append(text(x + size * 1.5, yy, "  ·  ".join(parts), size=size, anchor="start", weight=weight))
    return out


def _winner_line(view: Any, lang: str) -> str | None:
    if view.phase != OVER:
        return None
    first = view.podium()[0]
    w = ", ".join(player_name(p, lang) for p in first)
    return T("winner" if len(first) == 1 else "winners", lang, w=w)


def render(view: Any, lang: str = "fr") -> str:
    """The mine as a row of cards, the two decks, and each miner's standing (a wide screen)."""
    c = view.game.config
    n = view.game.num_players
    track = c.track_length
    cw, ch, gap, left, top = 104, 136, 10, 20, 58
    width = left * 2 + (track + 1) * (cw + gap) - gap
    deck_y = top + ch + 30
    rows_y = deck_y + 130 + 36
    height = rows_y + 34 * n + 10
    body: list[str] = [rect(0, 0, width, height, fill=BACK, stroke="none", rx=0)]
    body.append(text(left, 36, _head(view, lang), size=26, anchor="start", weight="bold"))
    win = _winner_line(view, lang)
    if win:
        body.append(text(width - left, 36, win, size=26, anchor="end", weight="bold", fill="#7a1f00"))
    for q in range(track + 1):
        x = left + q * (cw + gap)
        fill, label, ink = _place(view, q, lang)
        body.append(rect(x, top, cw, ch, fill=fill, stroke="#444", rx=8))
        body.append(text(x + cw / 2, top + 26, label, size=20, fill=ink, weight="bold" if q == view.dragon else "normal"))
        body.append(text(x + cw / 2, top + ch - 10, str(q), size=20, fill=ink))
        if q == LADDER:  # rungs 1 (top) .. 6, and the miners on them in rung order
            for r in range(1, 7):
                y = top + 24 + r * 15
                body.append(f'<line x1="{x + 8}" y1="{y}" x2="{x + cw - 8}" y2="{y}" stroke="#b59a6a" stroke-width="3"/>')
            on = sorted((r, i) for i, r in enumerate(view.rungs) if r)
            for k, (_r, i) in enumerate(on):
                body.append(_miner(view, i, x + 28 + (k % 2) * 48, top + 56 + (k // 2) * 30, 15, 18))
        elif 0 < q < view.dragon:
            here = [i for i, p in enumerate(view.positions) if p == q]
            for k, i in enumerate(here):  # up to 6 miners, 2 a row
                body.append(_miner(view, i, x + 28 + (k % 2) * 48, top + 56 + (k // 2) * 30, 15, 18))
    body += _decks(view, left, deck_y, 250, 120, 30, 20, lang)
    x_info = left + 2 * 250 + 60
    detail = ", ".join(kind_count(name, k, lang) for name, k in zip(EXPLORE_KINDS, view.explore, strict=True))
    body.append(text(x_info, deck_y + 30, T("deck_detail", lang, detail=detail), size=18, anchor="start"))
    body.append(text(x_info, deck_y + 62, T("pool", lang, t=token_words(view.pool, lang)), size=18, anchor="start"))
    if view.card:
        body.append(text(x_info, deck_y + 94, T("card", lang, c=exit_card_name(view.card, lang)), size=18,
                         anchor="start", weight="bold"))
    body += _player_rows(view, left, rows_y, 34, 21, lang, wide=True)
    return document(width, height, body, title=view.game.title.get(lang, view.game.title["fr"]))


def render_narrow(view: Any, lang: str = "fr") -> str:
    """The mine as a shaft from the ladder (top) down to Dragobert, for a phone held upright."""
    c = view.game.config
    n = view.game.num_players
    track = c.track_length
    width, left, top, row = 400, 10, 44, 46
    deck_y = top + (track + 1) * row + 14
    rows_y = deck_y + 110 + 30
    height = rows_y + 30 * n + 36
    body: list[str] = [rect(0, 0, width, height, fill=BACK, stroke="none", rx=0)]
    body.append(text(left, 28, _head(view, lang), size=19, anchor="start", weight="bold"))
    for q in range(track + 1):
        y = top + q * row
        fill, label, ink = _place(view, q, lang)
        body.append(rect(left, y, width - 2 * left, row - 5, fill=fill, stroke="#444", rx=6))
        body.append(text(left + 10, y + row / 2 + 4, f"{q}  {label}", size=17, anchor="start", fill=ink,
                         weight="bold" if q == view.dragon else "normal"))
        if q == LADDER:
            on = sorted((r, i) for i, r in enumerate(view.rungs) if r)
            for k, (_r, i) in enumerate(on):
                body.append(circle(left + 150 + k * 36, y + row / 2 - 2, 14, PLAYER_COLOURS[i], stroke="#111"))
                body.append(text(left + 150 + k * 36, y + row / 2 + 4, i + 1, size=16, fill="#fff" if i != 3 else "#111",
                                 weight="bold"))
        elif 0 < q < view.dragon:
            here = [i for i, p in enumerate(view.positions) if p == q]
            for k, i in enumerate(here):
                body.append(_miner(view, i, left + 150 + k * 38, y + row / 2 - 2, 15, 17))
    body += _decks(view, left, deck_y, 180, 100, 20, 16, lang)
    body += _player_rows(view, left, rows_y, 30, 15, lang, wide=False)
    win = _winner_line(view, lang)
    if win:
        body.append(text(left, height - 12, win, size=18, anchor="start", weight="bold", fill="#7a1f00"))
    return document(width, height, body, title=view.game.title.get(lang, view.game.title["fr"]))


__all__ = ["T", "render", "render_narrow"]
