"""Shared set-ups for the Silver & Gold tests: deal chosen cards through the chance nodes."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from mineedu.games.silver_gold import CARDS, SilverGold, TreasureCard

# the 8 symmetries of the square, written out independently of shapes.py
SYMMETRIES: list[Callable[[int, int], tuple[int, int]]] = [
    lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r),
    lambda r, c: (r, -c), lambda r, c: (-r, c), lambda r, c: (c, r), lambda r, c: (-c, -r),
]


Cell = tuple[int, int]


def normal(cells: Iterable[Cell]) -> frozenset[Cell]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def images(base: Iterable[Cell]) -> set[frozenset[Cell]]:
    """Every distinct position-free image of a set of cells under the 8 symmetries."""
    return {normal([t(r, c) for r, c in base]) for t in SYMMETRIES}


def brute_placements(boxes: Iterable[Cell], base: Sequence[Cell]) -> int:
    """Count the sets of free boxes congruent to ``base``, by trying every subset."""
    targets = images(base)
    return sum(1 for sub in combinations(sorted(boxes), len(base)) if normal(sub) in targets)


def card_boxes(card: TreasureCard, crossed: int = 0) -> set[Cell]:
    return {(r, c) for r in range(card.rows) for c in range(card.cols)
            if card.is_box(r, c) and not crossed >> (r * card.cols + c) & 1}


def find_cards(pred: Callable[[TreasureCard], Any], k: int = 1, exclude: Iterable[int] = ()) -> list[int]:
    out = [c.id for c in CARDS if pred(c) and c.id not in exclude]
    assert len(out) >= k, "the card data lacks a card for this scenario"
    return out[:k]


def deal(n: int, hands: Sequence[Sequence[int]], display: Sequence[int], keep: Sequence[Sequence[int]] | None = None,
         **config: Any) -> Any:
    """A game in the reveal phase: ``hands[p]`` dealt to player p, ``display`` face up, ``keep[p]`` kept."""
    game = SilverGold(n, **config)
    s: Any = game.initial_state()
    for j in range(len(hands[0])):
        for p in range(n):
            s = s.apply(hands[p][j])
    for c in display:
        s = s.apply(c)
    assert s.phase == "keep"
    keep = keep or [h[:2] for h in hands]
    for p in range(n):
        s = s.apply(("keep", *sorted(keep[p])), player=p)
    assert s.phase == "reveal"
    return s


def standard(n: int = 2, cards: Sequence[Sequence[int]] = (), display: Sequence[int] | None = None, **config: Any) -> Any:
    """Deal so that player p keeps ``cards[p]`` (two ids); the others are filler."""
    used = {c for pair in cards for c in pair} | set(display or ())
    filler = [c.id for c in CARDS if c.id not in used]
    hands = [list(pair) + [filler.pop(), filler.pop()] for pair in cards]
    display = list(display) if display else [filler.pop() for _ in range(4)]
    return deal(n, hands, display, keep=[pair for pair in cards], **config)


def set_board(state: Any, p: int, **changes: Any) -> Any:
    b = replace(state.boards[p], **changes)
    return replace(state, boards=state.boards[:p] + (b,) + state.boards[p + 1:])


def everyone(state: Any, actions: Sequence[Any]) -> Any:
    """All players commit their actions in the simultaneous phase."""
    for p, a in enumerate(actions):
        state = state.apply(a, player=p)
    return state


def brute_coverage(boxes: Iterable[Cell], base: Sequence[Cell]) -> dict[Cell, int]:
    """For each box, how many sets of boxes congruent to ``base`` contain it, by trying every subset."""
    boxes = sorted(boxes)
    targets = images(base)
    out = dict.fromkeys(boxes, 0)
    for sub in combinations(boxes, len(base)):
        if normal(sub) in targets:
            for cell in sub:
                out[cell] += 1
    return out


# --- the greedy and open bots as they are defined (on the view; the bots decide on the kernel) -------


def gain(obs: Any, action: Any) -> float:
    """``GreedyBot``'s order: cards by their ``card_appeal``; a placement or box by the points it brings at
    once (its boxes 1 each, red crosses 1 more each, the coins and palms that still score, the cups those
    coins bring, 1 more if it completes the card: a fresh card comes with it), then the card left closer
    to completion; the pass 0."""
    from mineedu.games.silver_gold.bots import card_appeal
    from mineedu.games.silver_gold.rules import _action_mask, display_palms

    kind = action[0]
    if kind in ("keep", "take"):
        return sum(card_appeal(CARDS[c]) for c in action[1:])
    if kind == "pass":
        return 0.0
    me, cfg, slot = obs.me, obs.config, action[1]
    card = CARDS[me.cards[slot]]
    mask = _action_mask(action, card, obs.shape)
    crossed = me.crossed[slot] | mask
    coins = min((mask & card.coins).bit_count(), max(0, cfg.coin_boxes - me.coins))
    palms = min((mask & card.palms).bit_count(), max(0, cfg.palm_limit - len(me.palms)))
    rows_before = min(me.coins, cfg.coin_boxes) // cfg.coin_row_size
    rows_after = min(me.coins + coins, cfg.coin_boxes) // cfg.coin_row_size
    pts = (mask.bit_count() + coins + palms * (1 + display_palms(obs.display)) + (mask & card.crosses).bit_count()
           + sum(obs.cups_left[: rows_after - rows_before]) + (crossed == card.boxes))
    return pts - (card.boxes & ~crossed).bit_count() / 100


def shapes_to_come(obs: Any) -> list[tuple[str, int]]:
    """This round's expedition cards still to come, by shape (a full deck once the round is over)."""
    cfg = obs.config
    left = dict(cfg.expedition_counts())
    for s in obs.revealed:
        left[s] -= 1
    if sum(left.values()) == 0 or len(obs.revealed) >= cfg.reveals_per_round:
        left = dict(cfg.expedition_counts())  # a new round starts with the full deck
    return [(s, k) for s, k in left.items() if k]


def open_placements(obs: Any, action: Any, left: list[tuple[str, int]] | None = None) -> int:
    """``OpenBot``'s room: the placements of the shapes to come (``left``, default :func:`shapes_to_come`) on
    the player's cards once ``action`` is made."""
    from mineedu.games.silver_gold.rules import _action_mask
    from mineedu.games.silver_gold.shapes import placement_count

    me = obs.me
    total = 0
    for slot, cid in enumerate(me.cards):
        if cid is None:
            continue
        card = CARDS[cid]
        crossed = me.crossed[slot]
        if action[0] in ("place", "cross") and action[1] == slot:
            crossed |= _action_mask(action, card, obs.shape)
        free = card.boxes & ~crossed
        total += sum(k * placement_count(free, s, card.rows, card.cols) for s, k in left or shapes_to_come(obs))
    return total
