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

import json
from collections.abc import Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from math import comb, sqrt
from typing import Any

import numpy as np

from mineedu.core import ConfigError, State, Texts, exact_json, from_json
from mineedu.core.i18n import format_number

from .rules import (
    CARDS,
    COLOURS,
    Config,
    SilverGoldState,
    SilverGoldView,
    TreasureCard,
    _action_mask,
    display_palms,
    score_sheet,
)
from .shapes import SHAPE_NAMES, mask_cells, orientations, placement_count, placements
from .words import colour_name


def orientation_counts(shapes: Iterable[str]) -> dict[str, int]:
    """Distinct orientations (rotations and mirror images) of each shape."""
    return {s: len(orientations(s)) for s in shapes}


def placement_counts(card: TreasureCard, crossed: int = 0,
                     shapes: Iterable[str] = ("I2", "I3", "L3", "T4", "L4", "O4")) -> dict[str, int]:
    """In how many ways each shape fits on the card's free boxes.

    >>> from mineedu.games.silver_gold import CARDS
    >>> placement_counts(CARDS[0], shapes=("I2", "O4"))
    {'I2': 7, 'O4': 0}
    """
    free = card.boxes & ~crossed
    return {s: placement_count(free, s, card.rows, card.cols) for s in shapes}


def next_fits_counts(cards: Iterable[tuple[TreasureCard, int]], left: Mapping[str, int]) -> tuple[int, int]:
    """(expedition cards left that fit at least one of ``cards``, expedition cards left).

    ``cards``: (card, crossed mask) pairs; ``left``: this round's deck, by shape.
    """
    cards = list(cards)
    good = sum(k for s, k in left.items() if any(placement_count(c.boxes & ~x, s, c.rows, c.cols) for c, x in cards))
    return good, sum(left.values())


def p_next_fits(cards: Iterable[tuple[TreasureCard, int]], left: Mapping[str, int]) -> Fraction:
    """P(the next revealed expedition card fits on at least one of ``cards``) (card, crossed mask).

    ``left``: the expedition cards still in this round's deck, by shape.
    """
    return Fraction(*next_fits_counts(cards, left))


def _next_fits_json(cards: list[tuple[TreasureCard, int]], left: Mapping[str, int]) -> dict[str, Any] | None:
    good, total = next_fits_counts(cards, left)
    return exact_json(Fraction(good, total), counts=(good, total)) if total else None


def round_left(position: Any) -> tuple[dict[str, int], int]:
    """``(expedition cards left this round by shape, reveals still to come)`` of a state or a view
    (what everyone sees: the revealed cards are face up).

    >>> import mineedu
    >>> round_left(mineedu.make("silver_gold", players=2).initial_state())[1]
    7
    """
    cfg = position.config if hasattr(position, "config") else position.game.config
    reveals = 0 if position.phase == "over" else cfg.reveals_per_round - len(position.revealed)
    return dict(position.expedition_left()), reveals


def p_shape_this_round(copies: Any, deck: int | None = None, reveals: int | None = None, *,
                       shape: str | None = None) -> Fraction:
    """P(at least one of ``copies`` cards is among ``reveals`` cards drawn from ``deck``).

    Hypergeometric: 1 - C(deck - copies, reveals) / C(deck, reveals). In place of
    the numbers, a state or a view and a ``shape``: P(that shape comes up in the
    rest of this round), from the cards left and the reveals still to come.

    >>> import mineedu
    >>> p_shape_this_round(mineedu.make("silver_gold", players=2).initial_state(), shape="O4")
    Fraction(7, 8)
    >>> p_shape_this_round(copies=3, deck=2, reveals=1)
    Traceback (most recent call last):
    ...
    ValueError: a deck of 2 cards cannot hold 3 copies, nor show 1 of them (0 to 2)
    """
    if not isinstance(copies, int):
        if deck is not None or reveals is not None or shape is None:
            raise ValueError("give copies=, deck= and reveals=, or a state (or a view) and shape=")
        left, reveals = round_left(copies)
        if shape not in SHAPE_NAMES:
            raise ValueError(f"no shape {shape!r}: the shapes are {', '.join(SHAPE_NAMES)}")
        copies, deck = left.get(shape, 0), sum(left.values())
        reveals = min(reveals, deck)
    elif shape is not None:
        raise ValueError("shape= goes with a state or a view, not with copies=")
    if deck is None or reveals is None or not (0 <= copies <= deck and 0 <= reveals <= deck):
        raise ValueError(f"a deck of {deck} cards cannot hold {copies} copies, nor show {reveals} of them (0 to {deck})")
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
def _dp(card: TreasureCard, free: int, left: tuple[tuple[str, int], ...], done: int, full: tuple[tuple[str, int], ...],
        per_round: int) -> Fraction:
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


def simulate_reveals(card: TreasureCard, games: int, rng: np.random.Generator,
                     config: Config | None = None) -> tuple[float, float]:
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


# --- the decision at hand (the board's panel) -------------------------------------------------


def coverage(free: int, shape: str, rows: int, cols: int) -> dict[tuple[int, int], int]:
    """For each free box, how many placements of ``shape`` cover it (the panel's heat map).

    >>> full = (1 << 12) - 1
    >>> c = coverage(full, "I2", 3, 4)
    >>> c[(0, 0)], c[(1, 1)], sum(c.values()) == 2 * placement_count(full, "I2", 3, 4)
    (2, 4, True)
    """
    out = dict.fromkeys(mask_cells(free, cols), 0)
    for _o, _r, _c, mask in placements(free, shape, rows, cols):
        for cell in mask_cells(mask, cols):
            out[cell] += 1
    return out


def points_now(view: SilverGoldView, action: Any) -> int:
    """The change of the viewer's score if ``action`` (a placement or a single box) is resolved
    now, alone: coins, palms (1 + the display's palms), cups for coin rows completed (the
    highest still free, if no one before takes it this turn), a completed card's points and
    seals. A red cross's extra box is not counted (it is chosen afterwards)."""
    me = view.me
    assert me is not None and action[0] in ("place", "cross")
    cfg = view.config
    slot = action[1]
    cid = me.cards[slot]
    assert cid is not None
    card = CARDS[cid]
    mask = _action_mask(action, card, view.shape)
    coins = me.coins + (mask & card.coins).bit_count()
    room = max(0, cfg.palm_limit - len(me.palms))
    palms = me.palms + (1 + display_palms(view.display),) * min(room, (mask & card.palms).bit_count())
    rows_before = min(me.coins, cfg.coin_boxes) // cfg.coin_row_size
    rows_after = min(coins, cfg.coin_boxes) // cfg.coin_row_size
    cups = me.cups + view.cups_left[: rows_after - rows_before]
    done = (me.crossed[slot] | mask) == card.boxes
    after = replace(me, coins=coins, palms=palms, cups=cups, completed=me.completed + ((cid,) if done else ()))
    return score_sheet(after, cfg)["score"] - score_sheet(me, cfg)["score"]


def _decision(view: SilverGoldView) -> list[dict[str, Any]]:
    """Per card of the viewer, while a shape is to be placed: its placements, where they are,
    the chances ahead and the best points now (see :func:`coverage`, :func:`points_now`)."""
    me, shape, cfg = view.me, view.shape, view.config
    assert me is not None and shape is not None
    left = view.expedition_left()
    reveals = cfg.reveals_per_round - len(view.revealed)
    out = []
    for slot, cid in enumerate(me.cards):
        if cid is None:
            continue
        card, crossed = CARDS[cid], me.crossed[slot]
        free = card.boxes & ~crossed
        places = [("place", slot, o, r, c) for o, r, c, _m in placements(free, shape, card.rows, card.cols)]
        crosses = [("cross", slot, r, c) for r, c in mask_cells(free, card.cols)]
        heat = coverage(free, shape, card.rows, card.cols)
        good, total = next_fits_counts([(card, crossed)], left)  # P(a shape that fits comes up this round)
        out.append({
            "slot": slot, "card": cid, "placements": len(places),
            "coverage": {f"{r}:{c}": k for (r, c), k in sorted(heat.items())},
            "p_fitting_this_round": exact_json(p_shape_this_round(good, total, min(reveals, total))) if reveals else None,
            "best_place_points": max((points_now(view, a) for a in places), default=None),
            "best_cross_points": max((points_now(view, a) for a in crosses), default=None),
        })
    return out


# --- the report ----------------------------------------------------------------------


def _card_block(card: TreasureCard, crossed: int, cfg: Config, revealed: tuple[str, ...],
                left: Mapping[str, int]) -> dict[str, Any]:
    shapes = list(cfg.expedition_counts())
    e = expected_reveals(card, crossed, cfg, revealed)
    return {
        "card": card.id,
        "colour": card.colour,
        "free_boxes": (card.boxes & ~crossed).bit_count(),
        "placements": placement_counts(card, crossed, shapes),
        "p_next_fits": _next_fits_json([(card, crossed)], left),
        "expected_reveals_greedy": exact_json(e),
    }


def odds_report(state: State, player: int | None = None) -> dict[str, Any]:
    """The odds a lesson shows ``player`` (default: the first player to move), from what
    that player sees: shapes, next reveal, this round, the player's cards."""
    assert isinstance(state, SilverGoldState)
    if player is None:
        movers = state.players_to_move()
        player = movers[0] if movers else 0
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(state.boards):
        raise ConfigError(f"player must be 0..{len(state.boards) - 1}, not {player}")
    return view_report(state.observation(player))


@lru_cache(maxsize=512)
def _cached_report(view: SilverGoldView) -> str:
    return json.dumps(_report(view))


def view_report(view: SilverGoldView) -> dict[str, Any]:
    """:func:`odds_report` of what one viewer sees (the board's panel reads this)."""
    return dict(json.loads(_cached_report(view)))


def _report(view: SilverGoldView) -> dict[str, Any]:
    cfg = view.config
    counts = cfg.expedition_counts()
    deck_size = sum(counts.values())
    over = view.phase == "over"
    reveals_left = 0 if over else cfg.reveals_per_round - len(view.revealed)
    left = view.expedition_left() if reveals_left > 0 else {}
    # the next reveal: this round's deck, or a reshuffled full deck when this round has no reveal left
    revealed, next_left = (view.revealed, left) if reveals_left > 0 else ((), {} if over else counts)
    remaining = sum(left.values())
    next_total = sum(next_left.values())
    report: dict[str, Any] = {
        "game": "silver_gold",
        "player": view.seat,
        "phase": view.phase,
        "shape": view.shape,
        "round": min(view.round + 1, cfg.rounds),
        "reveals_per_round": cfg.reveals_per_round,
        "reveals_left": reveals_left,
        "revealed_this_round": list(view.revealed),
        "expedition_left": left,
        "shapes": {
            s: {"copies": k, "orientations": len(orientations(s)), "name": SHAPE_NAMES[s]["en"]} for s, k in counts.items()
        },
        "p_shape_in_a_round": {
            s: exact_json(p_shape_this_round(k, deck_size, cfg.reveals_per_round)) for s, k in counts.items()
        },
        "p_shape_rest_of_round": {
            s: exact_json(p_shape_this_round(left.get(s, 0), remaining, reveals_left)) for s in counts
        } if reveals_left > 0 else {},
        "p_next_shape": {s: exact_json(Fraction(k, next_total), counts=(k, next_total)) for s, k in next_left.items()},
        "methods": {"expected_reveals_greedy": "exact dynamic programming (greedy player, see odds.expected_reveals)"},
    }
    me = view.me
    mine = [(CARDS[c], x) for c, x in zip(me.cards, me.crossed) if c is not None] if me is not None else []
    if mine:
        report["cards"] = [_card_block(c, x, cfg, revealed, next_left) for c, x in mine]
        if view.phase == "place" and view.shape is not None:
            report["decision"] = _decision(view)
        if next_left:
            report["p_next_fits_a_card"] = _next_fits_json(mine, next_left)
    if me is not None and me.hand:
        report["hand"] = [_card_block(CARDS[c], 0, cfg, (), counts) for c in me.hand]
    if not mine and not (me is not None and me.hand):
        # nothing of one's own yet: a fresh example card of each colour
        ids = cfg.card_ids()
        examples = [next(CARDS[i] for i in ids if CARDS[i].colour == col)
                    for col in COLOURS if any(CARDS[i].colour == col for i in ids)]
        report["example_cards"] = [_card_block(c, 0, cfg, (), counts) for c in examples]
    return report


T = Texts({
    "title": {"fr": "Silver & Gold — manche {r}, joueur {p}", "en": "Silver & Gold — round {r}, player {p}"},
    "title_public": {"fr": "Silver & Gold — manche {r}", "en": "Silver & Gold — round {r}"},
    "shapes": {"fr": "Formes (exemplaires, orientations distinctes) :", "en": "Shapes (copies, distinct orientations):"},
    "round": {
        "fr": "P(une forme sort pendant une manche de {k} cartes sur {m}) :",
        "en": "P(a shape comes up in a round of {k} of {m} cards):",
    },
    "rest": {"fr": "P(elle sort d'ici la fin de la manche) :", "en": "P(it comes up before the round ends):"},
    "next": {"fr": "P(prochaine carte expédition) :", "en": "P(next expedition card):"},
    "card": {"fr": "Carte {id} ({colour}), {free} cases libres", "en": "Card {id} ({colour}), {free} free boxes"},
    "placements": {"fr": "  placements : {p}", "en": "  placements: {p}"},
    "fits": {"fr": "  P(la prochaine forme y rentre) = {p} ≈ {f}", "en": "  P(the next shape fits) = {p} ≈ {f}"},
    "expect": {
        "fr": "  nombre moyen d'expéditions pour la compléter (joueur glouton, calcul exact) : {e}",
        "en": "  expected expedition cards to complete it (greedy player, exact): {e}",
    },
    "any": {
        "fr": "P(la prochaine forme rentre sur une de vos cartes) = {p} ≈ {f}",
        "en": "P(the next shape fits one of your cards) = {p} ≈ {f}",
    },
    "examples": {"fr": "Cartes neuves d'exemple :", "en": "Fresh example cards:"},
    "hand": {"fr": "Vos cartes distribuées :", "en": "Your dealt cards:"},
})


def _shape_rows(table: dict[str, Any], lang: str) -> list[str]:
    return [f"  {SHAPE_NAMES[s][lang]:22} {d['fraction']:>5} ≈ {format_number(float(from_json(d)), lang, 3)}"
            for s, d in table.items()]


def format_odds(report: dict[str, Any], lang: str = "en") -> str:
    """The report as text for ``mineedu odds silver_gold``."""
    p = report["player"]
    head = T("title", lang, r=report["round"], p=p + 1) if p is not None else T("title_public", lang, r=report["round"])
    lines = [head, T("shapes", lang)]
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
    for key, title in (("hand", "hand"), ("example_cards", "examples"), ("cards", None)):
        if key not in report:
            continue
        if title:
            lines.append(T(title, lang))
        for c in report[key]:
            lines.append(T("card", lang, id=c["card"], colour=colour_name(c["colour"], lang), free=c["free_boxes"]))
            lines.append(T("placements", lang, p=", ".join(f"{SHAPE_NAMES[s][lang]} {v}" for s, v in c["placements"].items())))
            if c["p_next_fits"]:
                d = c["p_next_fits"]
                lines.append(T("fits", lang, p=d["fraction"], f=format_number(float(from_json(d)), lang, 3)))
            e = float(from_json(c["expected_reveals_greedy"]))
            lines.append(T("expect", lang, e=format_number(e, lang, 2)))
    if "p_next_fits_a_card" in report:
        d = report["p_next_fits_a_card"]
        lines.append(T("any", lang, p=d["fraction"], f=format_number(float(from_json(d)), lang, 3)))
    return "\n".join(lines)
