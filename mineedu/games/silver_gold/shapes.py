"""Expedition shapes (polyominoes), their orientations and their placements on a card.

A card's boxes are numbered in reading order: box ``(row, col)`` of a card
``cols`` wide is bit ``row * cols + col`` of an integer *mask*. A placement is
the mask of the boxes a shape covers.

>>> len(orientations("L4")), len(orientations("O4"))
(8, 1)
>>> placement_count(0b111_111_111, "I2", rows=3, cols=3)  # an empty 3x3 card
12
"""

from __future__ import annotations

from functools import cache, lru_cache

Cell = tuple[int, int]

# The 8 expedition cards' patterns (D19) and a few extra ones a teacher may use.
SHAPES: dict[str, tuple[Cell, ...]] = {
    "I1": ((0, 0),),
    "I2": ((0, 0), (0, 1)),  # domino
    "I3": ((0, 0), (0, 1), (0, 2)),  # straight tromino
    "L3": ((0, 0), (1, 0), (1, 1)),  # L-tromino
    "I4": ((0, 0), (0, 1), (0, 2), (0, 3)),
    "T4": ((0, 0), (0, 1), (0, 2), (1, 1)),  # T-tetromino
    "L4": ((0, 0), (1, 0), (2, 0), (2, 1)),  # L-tetromino
    "O4": ((0, 0), (0, 1), (1, 0), (1, 1)),  # square tetromino
    "S4": ((0, 1), (0, 2), (1, 0), (1, 1)),
}

SHAPE_NAMES = {
    "I1": {"fr": "monomino", "en": "monomino"},
    "I2": {"fr": "domino", "en": "domino"},
    "I3": {"fr": "triomino droit", "en": "straight tromino"},
    "L3": {"fr": "triomino en L", "en": "L-tromino"},
    "I4": {"fr": "tétromino droit", "en": "straight tetromino"},
    "T4": {"fr": "tétromino en T", "en": "T-tetromino"},
    "L4": {"fr": "tétromino en L", "en": "L-tetromino"},
    "O4": {"fr": "tétromino carré", "en": "square tetromino"},
    "S4": {"fr": "tétromino en S", "en": "S-tetromino"},
}


def _normalise(cells: frozenset[Cell] | set[Cell]) -> tuple[Cell, ...]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


@cache
def orientations(shape: str) -> tuple[tuple[Cell, ...], ...]:
    """The distinct orientations of ``shape`` (rotations by 90° and mirror images).

    Each is a sorted tuple of cells moved to the top-left corner; the list is
    sorted, so an orientation's index is stable (it is part of a place action).

    >>> orientations("I2")
    (((0, 0), (0, 1)), ((0, 0), (1, 0)))
    """
    cells = frozenset(SHAPES[shape])
    found = set()
    for mirror in (False, True):
        cur = {(r, -c) for r, c in cells} if mirror else set(cells)
        for _ in range(4):
            cur = {(c, -r) for r, c in cur}  # a quarter turn
            found.add(_normalise(cur))
    return tuple(sorted(found))


def _index(shape: str, cells: set[Cell]) -> int:
    return orientations(shape).index(_normalise(cells))


@cache
def quarter_turn(shape: str, o: int) -> int:
    """The orientation ``o`` turned a quarter clockwise (on the picture: rows go down).

    >>> [quarter_turn("I2", o) for o in range(2)]
    [1, 0]
    """
    return _index(shape, {(c, -r) for r, c in orientations(shape)[o]})


@cache
def mirror_image(shape: str, o: int) -> int:
    """The orientation ``o`` seen in a mirror (left and right swapped).

    >>> o = orientations("L4").index(((0, 0), (1, 0), (2, 0), (2, 1)))
    >>> orientations("L4")[mirror_image("L4", o)]
    ((0, 1), (1, 1), (2, 0), (2, 1))
    """
    return _index(shape, {(r, -c) for r, c in orientations(shape)[o]})


@cache
def turn_order(shape: str) -> tuple[int, ...]:
    """Every orientation once, in the order "rotate" visits them: quarter turns from
    orientation 0, then the mirror image of the last one and its quarter turns.

    Each step is a quarter turn, except the two steps between the turns and
    their mirror images, which are mirror flips.

    >>> turn_order("L4"), turn_order("T4"), turn_order("O4")
    ((0, 3, 7, 5, 6, 4, 2, 1), (0, 3, 2, 1), (0,))
    """
    order: list[int] = []
    o = 0
    while o not in order:
        order.append(o)
        o = quarter_turn(shape, o)
    o = mirror_image(shape, order[-1])
    while o not in order:
        order.append(o)
        o = quarter_turn(shape, o)
    return tuple(order)


def anchor(shape: str, o: int) -> Cell:
    """The cell of orientation ``o`` a player points at to place it: its first box in
    reading order (the top row's leftmost), so a placement is named by a box it covers.

    >>> anchor("L4", 6), orientations("L4")[6]
    ((0, 1), ((0, 1), (1, 1), (2, 0), (2, 1)))
    """
    return orientations(shape)[o][0]


@cache
def extent(shape: str, o: int) -> tuple[int, int]:
    """The rows and columns orientation ``o`` of ``shape`` spans."""
    cells = orientations(shape)[o]
    return 1 + max(r for r, _ in cells), 1 + max(c for _, c in cells)


def cells_mask(cells: tuple[Cell, ...] | list[Cell], cols: int) -> int:
    """The mask of ``cells`` on a card ``cols`` boxes wide."""
    m = 0
    for r, c in cells:
        m |= 1 << (r * cols + c)
    return m


def mask_cells(mask: int, cols: int) -> list[Cell]:
    """The boxes of ``mask`` in reading order.

    >>> mask_cells(0b100001, cols=4)
    [(0, 0), (1, 1)]
    """
    out = []
    i = 0
    while mask >> i:
        if (mask >> i) & 1:
            out.append(divmod(i, cols))
        i += 1
    return out


@cache
def all_placements(shape: str, rows: int, cols: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every ``(orientation, row, col, mask)`` of ``shape`` inside a ``rows x cols`` frame.

    ``(row, col)`` is where the top-left corner of the orientation's bounding box goes.
    """
    out = []
    for o, cells in enumerate(orientations(shape)):
        h, w = extent(shape, o)
        for r in range(rows - h + 1):
            for c in range(cols - w + 1):
                out.append((o, r, c, cells_mask([(r + dr, c + dc) for dr, dc in cells], cols)))
    return tuple(out)


def placements(free: int, shape: str, rows: int, cols: int) -> list[tuple[int, int, int, int]]:
    """The placements of ``shape`` that cover only ``free`` boxes (a mask)."""
    return [p for p in all_placements(shape, rows, cols) if p[3] & free == p[3]]


@lru_cache(maxsize=1 << 16)
def placement_count(free: int, shape: str, rows: int, cols: int) -> int:
    """How many ways ``shape`` fits on the ``free`` boxes (rotations and mirrors included)."""
    return sum(1 for p in all_placements(shape, rows, cols) if p[3] & free == p[3])
