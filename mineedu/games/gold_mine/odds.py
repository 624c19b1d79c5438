"""Exact odds of My Gold Mine, from the public deck counts of any state.

Every exploration card's type is revealed by its effect, so the counts of the
cards not yet seen (``state.explore``) are public. Draws are without
replacement, so the number of dragons among the next ``k`` cards is
hypergeometric. In ``face_up`` mode (D7) the visible top card is known and is
never a dragon; "the next draws" are then the cards still hidden under it.

>>> import mineedu
>>> s = mineedu.make("gold_mine", players=4).initial_state()
>>> p_dragon_next(s)
Fraction(4, 29)
>>> dragons_in_next(s, 2)[2]
Fraction(28, 1653)
>>> expected_gold_next(s)
Fraction(33, 29)
>>> p_dragon_reaches(s, 7, 1) == p_dragon_next(s)
True
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from mineedu.core import Texts
from mineedu.core.i18n import format_number

from .cards import BURNED, CARD_GOLD, DRAGON, EXPLORE_KINDS, LADDER, kind_count

K_MAX = 10


def _deck(state_or_counts: Any) -> tuple[int, ...]:
    if isinstance(state_or_counts, tuple):
        return state_or_counts
    if isinstance(state_or_counts, dict):  # an observation
        return tuple(state_or_counts["explore"])
    return tuple(state_or_counts.explore)


def _dragon(state_or_obs: Any) -> int:
    return state_or_obs["dragon"] if isinstance(state_or_obs, dict) else state_or_obs.dragon


def dragon_fraction(state: Any) -> tuple[int, int]:
    """``(dragons left, cards left)`` among the unseen exploration cards: the unreduced odds."""
    deck = _deck(state)
    return deck[DRAGON], sum(deck)


def p_dragon_next(state: Any) -> Fraction:
    """P(the next unseen exploration card is a dragon) = dragons left / cards left (0 if none left).

    Accepts a state, an observation dict or the ``explore`` counts.
    """
    d, n = dragon_fraction(state)
    return Fraction(d, n) if n else Fraction(0)


def dragons_in_next(state: Any, k: int) -> dict[int, Fraction]:
    """The distribution of the number of dragons among the next ``k`` draws (hypergeometric).

    If fewer than ``k`` cards are left, the draws stop with the deck.

    >>> dragons_in_next((1, 0, 0, 1), 1)
    {0: Fraction(1, 2), 1: Fraction(1, 2)}
    """
    if k < 0:
        raise ValueError(f"k must be >= 0, not {k}")
    d, n = dragon_fraction(state)
    k = min(k, n)
    total = comb(n, k)
    return {j: Fraction(comb(d, j) * comb(n - d, k - j), total) for j in range(0, min(d, k) + 1)
            if comb(n - d, k - j)}


def p_dragon_reaches(state: Any, position: int, k: int) -> Fraction:
    """P(Dragobert reaches ``position`` within the next ``k`` exploration draws).

    He moves one card per dragon drawn (D3), so he needs ``dragon - position``
    dragons. (Counts the deck only: as if the round lasted for those draws.)
    """
    need = _dragon(state) - position
    if need <= 0:
        return Fraction(1)
    return sum((p for j, p in dragons_in_next(state, k).items() if j >= need), Fraction(0))


def expected_gold_next(state: Any) -> Fraction:
    """Expected gold on the next exploration card taken (a dragon has none).

    In ``face_up`` mode the card taken is the visible top card: its gold exactly.
    """
    top = state["top"] if isinstance(state, dict) else getattr(state, "top", None)
    if top is not None:
        return Fraction(CARD_GOLD.get(top, 0))
    deck = _deck(state)
    n = sum(deck)
    if not n:
        return Fraction(0)
    return Fraction(sum(CARD_GOLD.get(kind, 0) * c for kind, c in zip(EXPLORE_KINDS, deck)), n)


def as_float(dist: dict[int, Fraction]) -> dict[int, float]:
    """A float view of a distribution."""
    return {j: float(p) for j, p in dist.items()}


def _frac(p: Fraction, unreduced: str | None = None) -> dict[str, Any]:
    return {"fraction": unreduced or f"{p.numerator}/{p.denominator}", "reduced": f"{p.numerator}/{p.denominator}",
            "float": float(p)}


def odds_report(state: Any, player: int | None = None) -> dict[str, Any]:
    """The exact odds of ``state`` as JSON-ready data (fractions as strings, plus floats).

    ``player`` (default: the player to move) is the point of view of the
    "dragon reaches my card" figures.
    """
    d, n = dragon_fraction(state)
    if player is None:
        player = state.turn
    pos = state.positions[player]
    report: dict[str, Any] = {
        "game": "gold_mine",
        "round": state.round,
        "deck_mode": state.game.config.deck_mode,
        "deck": dict(zip(EXPLORE_KINDS, state.explore)),
        "top": state.top,
        "cards_left": n,
        "dragons_left": d,
        "dragon": state.dragon,
        "p_dragon_next": _frac(p_dragon_next(state), f"{d}/{n}"),
        "dragons_in_next_k": {
            str(k): {str(j): _frac(p) for j, p in dragons_in_next(state, k).items()} for k in range(1, K_MAX + 1)
        },
        "player": player,
        "position": pos,
        "dragon_reaches_me": None,
        "expected_gold_next": _frac(expected_gold_next(state)),
    }
    if pos not in (LADDER, BURNED):
        report["dragon_reaches_me"] = {
            str(k): _frac(p_dragon_reaches(state, pos, k)) for k in range(1, K_MAX + 1)
        }
    return report


T = Texts({
    "head": {"fr": "My Gold Mine — manche {r}, Dragobert sur la case {dr}", "en": "My Gold Mine — round {r}, Dragobert on card {dr}"},
    "deck": {"fr": "Cartes Exploration non vues : {n} ({detail})", "en": "Unseen exploration cards: {n} ({detail})"},
    "next": {"fr": "P(prochaine carte = dragon) = {f} ≈ {pc}", "en": "P(next card is a dragon) = {f} ≈ {pc}"},
    "dist": {"fr": "Dragons dans les k prochaines cartes :", "en": "Dragons among the next k cards:"},
    "reach": {"fr": "P(Dragobert atteint la case {q} de J{p} en k cartes) :",
              "en": "P(Dragobert reaches P{p}'s card {q} within k cards):"},
    "gold": {"fr": "Or attendu d'une carte Exploration : {f} ≈ {x}", "en": "Expected gold of one exploration card: {f} ≈ {x}"},
    "safe": {"fr": "J{p} n'est plus dans la mine.", "en": "P{p} is no longer inside the mine."},
})


def format_odds(report: dict[str, Any], lang: str = "en") -> str:
    """The report as readable text, in French or English."""
    detail = ", ".join(kind_count(name, k, lang) for name, k in report["deck"].items())
    pd = report["p_dragon_next"]
    lines = [
        T("head", lang, r=report["round"], dr=report["dragon"]),
        T("deck", lang, n=report["cards_left"], detail=detail),
        T("next", lang, f=pd["fraction"], pc=format_number(pd["float"], lang, percent=True)),
        T("dist", lang),
    ]
    for k, dist in report["dragons_in_next_k"].items():
        cells = "  ".join(f"{j}: {format_number(v['float'], lang, 3)}" for j, v in dist.items())
        lines.append(f"  k={k:>2}  {cells}")
    p = report["player"] + 1
    if report["dragon_reaches_me"] is None:
        lines.append(T("safe", lang, p=p))
    else:
        lines.append(T("reach", lang, p=p, q=report["position"]))
        lines.append("  " + "  ".join(f"k={k}: {format_number(v['float'], lang, 3)}" for k, v in report["dragon_reaches_me"].items()))
    g = report["expected_gold_next"]
    lines.append(T("gold", lang, f=g["reduced"], x=format_number(g["float"], lang, 3)))
    return "\n".join(lines)
