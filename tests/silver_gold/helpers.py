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
