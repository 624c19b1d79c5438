"""The picture of a Mine (coal) position: the gear track, the die, each board.

A card is drawn face up only where the viewer may see it: the viewer's own
cards, every card once the resolution has turned them up, or all with
``show_all=True`` (the teacher's view).

>>> from mineedu.games.coal_mine import CoalMineGame
>>> svg = render(CoalMineGame(2).initial_state(), player=0, lang="en")
>>> svg.startswith("<svg") and "Player 1" in svg and "Gear track" in svg
True
"""

from __future__ import annotations

from mineedu.core import Texts
from mineedu.core.svg import PLAYER_COLOURS, circle, document, rect, text

from .rules import SPACES, CoalMineState
from .texts import NAMES, card_name

T = Texts({
    "track": {"fr": "Engrenage (points)", "en": "Gear track (points)"},
    "round": {"fr": "Manche {r} · vente max {cap}", "en": "Round {r} · sell up to {cap}"},
    "mine_cap": {"fr": " · mine max {m}", "en": " · mine up to {m}"},
    "player": {"fr": "Joueur {n}", "en": "Player {n}"},
    "dummy": {"fr": "Joueur fictif", "en": "Dummy player"},
    "coal": {"fr": "{n} charbon", "en": "{n} coal"},
    "coals": {"fr": "{n} charbons", "en": "{n} coal"},
    "hand": {"fr": "main {n}", "en": "hand {n}"},
    "pts": {"fr": "{n} pts", "en": "{n} pts"},
    "central": {"fr": "Réserve : {n}", "en": "Central stock: {n}"},
    "no_central": {"fr": "Pas de réserve (variante)", "en": "No central stock (variant)"},
    "deck": {"fr": "Pioche {d} · défausse {r}", "en": "Deck {d} · discard {r}"},
    "over": {"fr": "Partie finie", "en": "Game over"},
    "short": {"fr": "J{n}", "en": "P{n}"},
    "winner": {"fr": "Gagnant : {who}", "en": "Winner: {who}"},
    "winners": {"fr": "Gagnants : {who}", "en": "Winners: {who}"},
    "won": {"fr": "Gagnant", "en": "Winner"},
    "helmets": {"fr": "= casques (force d'une carte métier)", "en": "= helmets (a job card's strength)"},
})

CARD_BACK = "#4a4a4a"
EVENT_FILL = "#cfe3f7"
JOB_FILL = "#f3ead7"


HELMET_FILL = "#f2c200"


def card_label(kind: str, helmets: int, lang: str) -> str:
    """A card's face text: its name, then its helmets in words (the picture draws them)."""
    name = card_name(kind, lang)
    return f"{name} {helmets}" if helmets else name


def helmet(x: float, y: float, r: float = 5) -> str:
    """A miner's helmet (a dome on a brim) standing on the point ``(x, y)``."""
    return (
        f'<path class="helmet" d="M {x - r:.1f} {y:.1f} A {r} {r} 0 0 1 {x + r:.1f} {y:.1f} Z" '
        f'fill="{HELMET_FILL}" stroke="#333" stroke-width="0.8"/>'
        f'<rect x="{x - r - 1.5:.1f}" y="{y - 0.5:.1f}" width="{2 * r + 3:.1f}" height="1.6" fill="#333"/>'
    )


def _who(state: CoalMineState, p: int, lang: str) -> str:
    return T("dummy", lang) if p == state.dummy_seat else T("player", lang, n=p + 1)


def render(state: CoalMineState, player: int | None = None, lang: str = "fr", show_all: bool = False) -> str:
    """SVG of ``state`` as ``player`` sees it (``None``: a spectator)."""
    g = state.game
    n = g.num_players
    width, row_h, top = 940, 118, 112
    out: list[str] = []
    # the gear track 0..target, pawns stacked on their points
    goal = g.config.target_points
    step = (width - 40) / (goal + 1)
    out.append(text(20, 18, T("track", lang), anchor="start", weight="bold"))
    for v in range(goal + 1):
        x = 20 + v * step
        out.append(rect(x, 26, step - 2, 22, fill="#eee" if v < goal else "#ffd27f", rx=6))
        out.append(text(x + step / 2 - 1, 41, v, size=10))
    for p in range(n):
        v = min(state.points[p], goal)
        out.append(circle(20 + v * step + step / 2 - 1, 58 + 9 * p, 5, PLAYER_COLOURS[p]))
    cap = T("round", lang, r=state.round, cap=state.caps[1])
    if state.caps[0] is not None:
        cap += T("mine_cap", lang, m=state.caps[0])
    if state.phase == "over":
        names = ", ".join(_who(state, p, lang) for p in state.winners())
        cap = T("over", lang) + " · " + T("winner" if len(state.winners()) == 1 else "winners", lang, who=names)
    out.append(helmet(width - 250, 16))
    out.append(text(width - 240, 18, T("helmets", lang), anchor="start", size=11))
    out.append(text(20, 58 + 9 * n + 14, cap, anchor="start"))
    stock = T("no_central", lang) if state.central is None else T("central", lang, n=state.central)
    out.append(text(width / 2, 58 + 9 * n + 14, stock, anchor="start"))
    out.append(text(width - 20, 58 + 9 * n + 14, T("deck", lang, d=sum(state.deck), r=sum(state.discard)), anchor="end"))
    top = 58 + 9 * n + 26
    space_w = (width - 230) / len(SPACES)
    for p in range(n):
        y = top + p * row_h
        colour = PLAYER_COLOURS[p]
        out.append(rect(10, y, width - 20, row_h - 8, fill="#fafafa", stroke=colour, stroke_width="3"))
        out.append(text(20, y + 20, _who(state, p, lang), anchor="start", weight="bold", fill=colour))
        if state.phase == "over" and p in state.winners():
            out.append(rect(112, y + 8, 84, 17, fill=HELMET_FILL, stroke="#333", rx=8))
            out.append(text(154, y + 20, T("won", lang), weight="bold", size=11))
        out.append(text(20, y + 38, T("pts", lang, n=state.points[p]), anchor="start"))
        out.append(text(20, y + 56, T("coal" if state.coal[p] <= 1 else "coals", lang, n=state.coal[p]), anchor="start"))
        for c in range(min(state.coal[p], 20)):  # coal cubes (the count is written above)
            out.append(rect(20 + (c % 10) * 11, y + 62 + (c // 10) * 11, 9, 9, fill="#111", stroke="#111", rx=1))
        out.append(text(20, y + row_h - 16, T("hand", lang, n=state.hand_size(p)), anchor="start", size=11))
        if player == p or show_all:
            held = ", ".join(f"{c}× {card_name(k, lang)}" for k, c in state.hand(p).items())
            out.append(text(90, y + row_h - 16, held, anchor="start", size=10, fill="#555"))
        visible = show_all or player == p or state.revealed()
        for i, sp in enumerate(SPACES):
            x = 210 + i * space_w
            out.append(rect(x, y + 6, space_w - 8, row_h - 34, fill="#fff", stroke="#999"))
            out.append(text(x + (space_w - 8) / 2, y + 19, NAMES(sp, lang), size=11, weight="bold"))
            cards = [(k, t) for s, k, t in state.boards[p] if s == sp]
            gap = min(16.0, (row_h - 62) / max(len(cards) - 1, 1))  # squeeze a teacher's longer rounds
            for j, (k, t) in enumerate(cards):
                cy = y + 25 + j * gap
                if not visible:
                    out.append(rect(x + 4, cy, space_w - 16, 14, fill=CARD_BACK, stroke="#222", rx=2))
                    continue
                fill = EVENT_FILL if k in g.event_kinds else JOB_FILL
                right = x + space_w - 14
                out.append(rect(x + 4, cy, space_w - 16, 14, fill=fill, stroke="#666", rx=2))
                out.append(text(x + 8, cy + 11, card_name(k, lang), size=10.5, anchor="start"))
                if g.helmets[k]:
                    out.append(text(right - 2, cy + 11, g.helmets[k], size=10.5, anchor="end", weight="bold"))
                    out.append(helmet(right - 18, cy + 10.5, 4.5))
                    right -= 28
                if t >= 0:  # the colour card of the raided player
                    out.append(text(right - 2, cy + 11, "→ " + T("short", lang, n=t + 1), size=10.5, anchor="end",
                                    weight="bold", fill=PLAYER_COLOURS[t]))
    height = top + n * row_h + 4
    return document(width, height, out, title=g.title.get(lang, g.title["fr"]))
