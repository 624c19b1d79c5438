"""The Gold am Yukon board (D13): fixed geometry, computed once at import.

The 37 claims (*gains*, *objectifs*) are the cells of a hexagonal board of
radius 3 (pointy-top hexagons, axial coordinates ``(q, r)``). The spaces
(*cases*) where pawns stand are the corners and the edge midpoints of those
cells; a step goes along a cell edge, from a corner to a midpoint or back.
Every claim is ringed by 12 spaces (6 corners, 6 midpoints).

Spaces and claims are numbered in reading order (top row first, left to
right), and every table below is indexed by those numbers.

>>> len(CELLS), len(SPACES), len(RINGS[CENTRE])
(37, 228, 12)
>>> DEFAULT_VALUES[CENTRE], sorted(set(DEFAULT_VALUES))
(6, [1, 2, 4, 6])
>>> len(STARTS)
6
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Sequence

RADIUS = 3
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
# The 6 corners of a cell in 6x axial coordinates, in turn around the cell
# (angles -30, 30, 90, 150, 210, 270 degrees; y grows downwards).
_CORNERS = ((4, -2), (2, 2), (-2, 4), (-4, 2), (-2, -2), (2, -4))
SQRT3 = math.sqrt(3)

# The fixed layout of claim values (D13): centre 6, then 2s on the first ring,
# four 4s on the second ring (180-degree symmetric), 1s and 2s further out:
# 16 x 1, 16 x 2, 4 x 4, 1 x 6 = 70 nuggets. Rows as on the board, top first.
LAYOUT = """
   2 1 1 2
  1 2 2 4 1
 1 1 2 2 1 1
2 4 2 6 2 4 2
 1 1 2 2 1 1
  1 4 2 2 1
   2 1 1 2
"""


def _cells() -> tuple[tuple[int, int], ...]:
    return tuple(
        (q, r)
        for r in range(-RADIUS, RADIUS + 1)
        for q in range(max(-RADIUS, -RADIUS - r), min(RADIUS, RADIUS - r) + 1)
    )


def xy6(point: tuple[int, int]) -> tuple[float, float]:
    """Cartesian position (unit: the cell's corner radius) of a point in 6x axial coordinates."""
    qq, rr = point
    return (SQRT3 * (qq + rr / 2) / 6, 1.5 * rr / 6)


CELLS: tuple[tuple[int, int], ...] = _cells()
CENTRE: int = CELLS.index((0, 0))
DEFAULT_VALUES: tuple[int, ...] = tuple(int(v) for v in LAYOUT.split())


Point = tuple[int, int]


def _build() -> tuple[tuple[Point, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    rings6: list[list[Point]] = []
    for q, r in CELLS:
        cx, cy = 6 * q, 6 * r
        corners = [(cx + a, cy + b) for a, b in _CORNERS]
        ring: list[Point] = []
        for k in range(6):
            c0, c1 = corners[k], corners[(k + 1) % 6]
            ring += [c0, ((c0[0] + c1[0]) // 2, (c0[1] + c1[1]) // 2)]
        rings6.append(ring)
    points = sorted({p for ring6 in rings6 for p in ring6}, key=lambda p: (p[1], 2 * p[0] + p[1]))
    index = {p: i for i, p in enumerate(points)}
    rings = tuple(tuple(index[p] for p in ring6) for ring6 in rings6)
    nbrs: list[set[int]] = [set() for _ in points]
    for cycle in rings:
        for k in range(12):
            a, b = cycle[k], cycle[(k + 1) % 12]
            nbrs[a].add(b)
            nbrs[b].add(a)
    return tuple(points), rings, tuple(tuple(sorted(n)) for n in nbrs)


SPACES, RINGS, NEIGHBOURS = _build()
"""SPACES: 6x axial coordinates; RINGS: per claim its 12 spaces in turn; NEIGHBOURS: per space."""
XY: tuple[tuple[float, float], ...] = tuple(xy6(p) for p in SPACES)
CELL_XY: tuple[tuple[float, float], ...] = tuple(xy6((6 * q, 6 * r)) for q, r in CELLS)
RING_SETS: tuple[frozenset[int], ...] = tuple(frozenset(r) for r in RINGS)
CELLS_OF: tuple[frozenset[int], ...] = tuple(
    frozenset(c for c, ring in enumerate(RING_SETS) if s in ring) for s in range(len(SPACES))
)
"""Per space: the claims whose ring holds it (3 for an inner corner, 2 for an inner midpoint)."""
IS_CORNER: tuple[bool, ...] = tuple(p[0] % 2 == 0 and p[1] % 2 == 0 for p in SPACES)
"""Corners have even 6x coordinates; edge midpoints have an odd one (a 3 offset)."""


def _starts() -> tuple[int, ...]:
    # The 12 corners farthest from the centre come in pairs, one pair on each of
    # the 6 corner cells; we take the first of each pair clockwise, so the six
    # start spaces are rotations of one another by 60 degrees (D13).
    far = max(math.hypot(*xy) for xy in XY)
    starts = []
    for dq, dr in DIRECTIONS:
        cell = CELLS.index((RADIUS * dq, RADIUS * dr))
        cx, cy = CELL_XY[cell]
        cands = [s for s in RINGS[cell] if abs(math.hypot(*XY[s]) - far) < 1e-9]
        # clockwise (on screen, y down) means the larger angle from the cell centre
        ang = math.atan2(cy, cx)
        starts.append(max(cands, key=lambda s: (math.atan2(XY[s][1], XY[s][0]) - ang + math.pi) % (2 * math.pi)))
    return tuple(starts)


STARTS: tuple[int, ...] = _starts()


def distances_from(sources: frozenset[int] | set[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Steps from each space to the nearest of ``sources`` (breadth-first, ignoring pawns).

    >>> distances_from(RINGS[CENTRE])[RINGS[CENTRE][0]]
    0
    """
    dist = [-1] * len(SPACES)
    todo: deque[int] = deque()
    for s in sources:
        dist[s] = 0
        todo.append(s)
    while todo:
        s = todo.popleft()
        for t in NEIGHBOURS[s]:
            if dist[t] < 0:
                dist[t] = dist[s] + 1
                todo.append(t)
    return tuple(dist)


RING_DISTANCE: tuple[tuple[int, ...], ...] = tuple(distances_from(ring) for ring in RINGS)
"""RING_DISTANCE[claim][space]: steps from a space to the nearest space of that claim's ring."""


def on_ring(chain: Sequence[int], claims: Iterable[int]) -> tuple[int, ...]:
    """The claims among ``claims`` whose ring holds every pawn of ``chain``.

    >>> on_ring(RINGS[CENTRE], range(37))
    (18,)
    """
    common = set(claims)
    for s in chain:
        common &= CELLS_OF[s]
        if not common:
            break
    return tuple(sorted(common))
