"""Exact odds of Silver & Gold: orientations, placements, the next shape, finishing a card.

>>> from fractions import Fraction
>>> p_shape_this_round(copies=1, deck=8, reveals=7)  # one card of 8, 7 revealed
Fraction(7, 8)
>>> p_shape_this_round(copies=2, deck=8, reveals=7)  # one of the two straight trominoes always comes
Fraction(1, 1)
>>> orientation_counts(("I2", "I3", "L3", "T4", "L4", "O4"))
{'I2': 2, 'I3': 2, 'L3': 4, 'T4': 4, 'L4': 8, 'O4': 1}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from math import comb, sqrt
from typing import Any

import numpy as np

from mineedu.core import ConfigError, Texts
from mineedu.core.i18n import format_number

from .rules import CARDS, COLOURS, Config, SilverGoldState, TreasureCard
from .shapes import SHAPE_NAMES, orientations, placement_count, placements


def orientation_counts(shapes: Iterable[str]) -> dict[str, int]:
    """Distinct orientations (rotations and mirror images) of each shape."""
    return {s: len(orientations(s)) for s in shapes}


def placement_counts(card: TreasureCard, crossed: int = 0, shapes: Iterable[str] = ("I2", "I3", "L3", "T4", "L4", "O4")) -> dict[str, int]:
    """In how many ways each shape fits on the card's free boxes.

    >>> from mineedu.games.silver_gold import CARDS
    >>> placement_counts(CARDS[0], shapes=("I2", "O4"))
    {'I2': 7, 'O4': 0}
    """
    free = card.boxes & ~crossed
    return {s: placement_count(free, s, card.rows, card.cols) for s in shapes}


def p_next_fits(cards: Iterable[tuple[TreasureCard, int]], left: Mapping[str, int]) -> Fraction:
    """P(the next revealed expedition card fits on at least one of ``cards``) (card, crossed mask).

    ``left``: the expedition cards still in this round's deck, by shape.
    """
    cards = list(cards)
    total = sum(left.values())
    good = sum(k for s, k in left.items() if any(placement_count(c.boxes & ~x, s, c.rows, c.cols) for c, x in cards))
    return Fraction(good, total)


def p_shape_this_round(copies: int, deck: int, reveals: int) -> Fraction:
    """P(at least one of ``copies`` cards is among ``reveals`` cards drawn from ``deck``).

    Hypergeometric: 1 - C(deck - copies, reveals) / C(deck, reveals).
    """
    return 1 - Fraction(comb(deck - copies, reveals), comb(deck, reveals))


# --- finishing one card with a simple greedy player ----------------------------------


def greedy_step(card: TreasureCard, free: int, shape: str) -> int:
    """The boxes the simple greedy player crosses on ``card`` when ``shape`` is revealed.

    It places the shape when it fits (the first placement in (orientation, row,
    col) order), otherwise it crosses the first free box in reading order; every
    red cross crossed makes it cross the next free box in reading order. Returns
    the new mask of free boxes.
    """
    fits = placements(free, shape, card.rows, card.cols)
    mask = fits[0][3] if fits else free & -free
    free &= ~mask
    owed = (mask & card.crosses).bit_count()
    while owed and free:
        box = free & -free
        free &= ~box
        owed += (box & card.crosses).bit_count() - 1
    return free


def _key(counts: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((s, k) for s, k in counts.items() if k))


def expected_reveals(card: TreasureCard, crossed: int = 0, config: Config | None = None,
                     revealed: tuple[str, ...] = ()) -> Fraction:
    """Exact expected number of reveals still to come until the greedy player completes ``card``.

    Dynamic programming over (free boxes, cards left in the round's expedition
    deck); ``revealed``: this round's cards already out. One card alone: the
    other card and the other players do not matter to this count.

    >>> from mineedu.games.silver_gold import CARDS
    >>> expected_reveals(CARDS[0]) > 2
    True
    """
    cfg = config or Config()
    full = _key(cfg.expedition_counts())
    left = dict(full)
    for s in revealed:
        left[s] -= 1
    return _dp(card, card.boxes & ~crossed, _key(left), len(revealed), full, cfg.reveals_per_round)


@lru_cache(maxsize=1 << 18)
def _dp(card: TreasureCard, free: int, left: tuple, done: int, full: tuple, per_round: int) -> Fraction:
    if not free:
        return Fraction(0)
    total = sum(k for _, k in left)
    e = Fraction(1)
    for i, (s, k) in enumerate(left):
        nxt = greedy_step(card, free, s)
        if done + 1 >= per_round:
            new_left, new_done = full, 0  # the round ends: reshuffle all 8
        else:
            new_left = left[:i] + (((s, k - 1),) if k > 1 else ()) + left[i + 1:]
            new_done = done + 1
        e += Fraction(k, total) * _dp(card, nxt, new_left, new_done, full, per_round)
    return e


def simulate_reveals(card: TreasureCard, games: int, rng: np.random.Generator, config: Config | None = None) -> tuple[float, float]:
    """Monte Carlo of :func:`expected_reveals` from a fresh card: (mean, standard error)."""
    cfg = config or Config()
    deck = [s for s, k in cfg.expedition for _ in range(k)]
    out = []
    for _ in range(games):
        free, t = card.boxes, 0
        while free:
            order = rng.permutation(len(deck))[: cfg.reveals_per_round]
            for j in order:
                free = greedy_step(card, free, deck[j])
                t += 1
                if not free:
                    break
        out.append(t)
    m = float(np.mean(out))
    return m, float(np.std(out, ddof=1)) / sqrt(games)


# --- the report ----------------------------------------------------------------------


def _frac(p: Fraction) -> dict[str, Any]:
    return {"p": f"{p.numerator}/{p.denominator}", "float": round(float(p), 6)}


def _card_block(card: TreasureCard, crossed: int, cfg: Config, revealed: tuple[str, ...], left: Mapping[str, int]) -> dict[str, Any]:
    shapes = list(cfg.expedition_counts())
    e = expected_reveals(card, crossed, cfg, revealed)
    return {
        "card": card.id,
        "colour": card.colour,
        "free_boxes": (card.boxes & ~crossed).bit_count(),
        "placements": placement_counts(card, crossed, shapes),
        "p_next_fits": _frac(p_next_fits([(card, crossed)], left)) if left else None,
        "expected_reveals_greedy": {"value": f"{e.numerator}/{e.denominator}", "float": round(float(e), 4), "method": "exact dynamic programming"},
    }


def odds_report(state: SilverGoldState, player: int | None = None) -> dict[str, Any]:
    """The odds a lesson shows: shapes, next reveal, this round, the player's cards."""
    cfg = state.game.config
    counts = cfg.expedition_counts()
    deck_size = sum(counts.values())
    over = state.phase == "over"
    reveals_left = 0 if over else cfg.reveals_per_round - len(state.revealed)
    left = state.expedition_left() if reveals_left > 0 else {}
    # the next reveal: this round's deck, or a reshuffled full deck when this round has no reveal left
    revealed, next_left = (state.revealed, left) if reveals_left > 0 else ((), {} if over else counts)
    if player is None:
        movers = state.players_to_move()
        player = movers[0] if movers else 0
    if not 0 <= player < len(state.boards):
        raise ConfigError(f"player must be 0..{len(state.boards) - 1}, not {player}")
    remaining = sum(left.values())
    next_total = sum(next_left.values())
    report: dict[str, Any] = {
        "game": "silver_gold",
        "player": player,
        "round": min(state.round + 1, cfg.rounds),
        "reveals_per_round": cfg.reveals_per_round,
        "revealed_this_round": list(state.revealed),
        "expedition_left": left,
        "shapes": {
            s: {"copies": k, "orientations": len(orientations(s)), "name": SHAPE_NAMES[s]["en"]} for s, k in counts.items()
        },
        "p_shape_in_a_round": {
            s: _frac(p_shape_this_round(k, deck_size, cfg.reveals_per_round)) for s, k in counts.items()
        },
        "p_shape_rest_of_round": {
            s: _frac(p_shape_this_round(left.get(s, 0), remaining, reveals_left)) for s in counts
        } if reveals_left > 0 else {},
        "p_next_shape": {s: _frac(Fraction(k, next_total)) for s, k in next_left.items()},
    }
    b = state.boards[player]
    mine = [(CARDS[c], x) for c, x in zip(b.cards, b.crossed) if c is not None]
    if mine:
        report["cards"] = [_card_block(c, x, cfg, revealed, next_left) for c, x in mine]
        if next_left:
            report["p_next_fits_a_card"] = _frac(p_next_fits(mine, next_left))
    else:
        # before the deal is over: a fresh example card of each colour
        ids = cfg.card_ids()
        examples = [next(CARDS[i] for i in ids if CARDS[i].colour == col) for col in COLOURS if any(CARDS[i].colour == col for i in ids)]
        report["example_cards"] = [_card_block(c, 0, cfg, (), counts) for c in examples]
    return report


T = Texts({
    "title": {"fr": "Silver & Gold — manche {r}, joueur {p}", "en": "Silver & Gold — round {r}, player {p}"},
    "shapes": {"fr": "Formes (exemplaires, orientations distinctes) :", "en": "Shapes (copies, distinct orientations):"},
    "round": {"fr": "P(une forme sort pendant une manche de {k} cartes sur {m}) :", "en": "P(a shape comes up in a round of {k} of {m} cards):"},
    "rest": {"fr": "P(elle sort d'ici la fin de la manche) :", "en": "P(it comes up before the round ends):"},
    "next": {"fr": "P(prochaine carte expédition) :", "en": "P(next expedition card):"},
    "card": {"fr": "Carte {id} ({colour}), {free} cases libres", "en": "Card {id} ({colour}), {free} free boxes"},
    "placements": {"fr": "  placements : {p}", "en": "  placements: {p}"},
    "fits": {"fr": "  P(la prochaine forme y rentre) = {p} ≈ {f}", "en": "  P(the next shape fits) = {p} ≈ {f}"},
    "expect": {
        "fr": "  nombre moyen d'expéditions pour la compléter (joueur glouton, calcul exact) : {e}",
        "en": "  expected expedition cards to complete it (greedy player, exact): {e}",
    },
    "any": {"fr": "P(la prochaine forme rentre sur une de tes cartes) = {p} ≈ {f}", "en": "P(the next shape fits one of your cards) = {p} ≈ {f}"},
    "examples": {"fr": "Cartes neuves d'exemple :", "en": "Fresh example cards:"},
})


def _shape_rows(table: dict[str, Any], lang: str) -> list[str]:
    return [f"  {SHAPE_NAMES[s][lang]:22} {d['p']:>5} ≈ {format_number(d['float'], lang, 3)}" for s, d in table.items()]


def format_odds(report: dict[str, Any], lang: str = "en") -> str:
    """The report as text for ``mineedu odds silver_gold``."""
    lines = [T("title", lang, r=report["round"], p=report["player"] + 1), T("shapes", lang)]
    for s, d in report["shapes"].items():
        lines.append(f"  {SHAPE_NAMES[s][lang]:22} ×{d['copies']}  {d['orientations']}")
    k = report["reveals_per_round"]
    m = sum(d["copies"] for d in report["shapes"].values())
    lines.append(T("round", lang, k=k, m=m))
    lines += _shape_rows(report["p_shape_in_a_round"], lang)
    if report["p_shape_rest_of_round"]:
        lines.append(T("rest", lang))
        lines += _shape_rows(report["p_shape_rest_of_round"], lang)
    if report["p_next_shape"]:
        lines.append(T("next", lang))
        lines += _shape_rows(report["p_next_shape"], lang)
    blocks = report.get("cards") or report.get("example_cards") or []
    if "example_cards" in report:
        lines.append(T("examples", lang))
    from .svg import T as SVG_T

    for c in blocks:
        lines.append(T("card", lang, id=c["card"], colour=SVG_T(c["colour"], lang), free=c["free_boxes"]))
        lines.append(T("placements", lang, p=", ".join(f"{SHAPE_NAMES[s][lang]} {v}" for s, v in c["placements"].items())))
        if c["p_next_fits"]:
            lines.append(T("fits", lang, p=c["p_next_fits"]["p"], f=format_number(c["p_next_fits"]["float"], lang, 3)))
        lines.append(T("expect", lang, e=format_number(c["expected_reveals_greedy"]["float"], lang, 2)))
    if "p_next_fits_a_card" in report:
        d = report["p_next_fits_a_card"]
        lines.append(T("any", lang, p=d["p"], f=format_number(d["float"], lang, 3)))
    return "\n".join(lines)
