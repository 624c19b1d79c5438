"""Board geometry facts (D13), checked from first principles."""

from __future__ import annotations

import math
from collections import Counter, deque
from itertools import combinations

import pytest

from mineedu.games.yukon.board import (
    CELL_XY,
    CELLS,
    CELLS_OF,
    CENTRE,
    DEFAULT_VALUES,
    IS_CORNER,
    NEIGHBOURS,
    RING_DISTANCE,
    RINGS,
    SPACES,
    STARTS,
    XY,
)


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def test_37_claims_on_a_radius_3_hexagon() -> None:
    assert len(CELLS) == len(set(CELLS)) == 37 == 1 + 6 + 12 + 18
    assert max(hex_distance(c, (0, 0)) for c in CELLS) == 3
    assert CELLS[CENTRE] == (0, 0)


def test_each_ring_is_a_cycle_of_12_spaces_6_corners_6_midpoints() -> None:
    for ring in RINGS:
        assert len(set(ring)) == 12
        assert sum(IS_CORNER[s] for s in ring) == 6
        for k in range(12):
            assert ring[(k + 1) % 12] in NEIGHBOURS[ring[k]]
            assert IS_CORNER[ring[k]] != IS_CORNER[ring[(k + 1) % 12]]


def test_neighbouring_rings_share_3_spaces_and_others_none() -> None:
    for a, b in combinations(range(len(CELLS)), 2):
        shared = set(RINGS[a]) & set(RINGS[b])
        assert len(shared) == (3 if hex_distance(CELLS[a], CELLS[b]) == 1 else 0)


def test_spaces_are_the_96_corners_and_132_edge_midpoints() -> None:
    # radius N: 6(N+1)^2 corners; (6 * cells + boundary edges) / 2 edges
    n = 3
    assert sum(IS_CORNER) == 6 * (n + 1) ** 2
    assert len(SPACES) - sum(IS_CORNER) == (6 * 37 + 6 * (2 * n + 1)) // 2
    # every space is on 1..3 rings, a midpoint on at most 2
    for s in range(len(SPACES)):
        assert 1 <= len(CELLS_OF[s]) <= (3 if IS_CORNER[s] else 2)


def test_graph_is_connected_with_degrees_2_and_3_and_steps_go_corner_to_midpoint() -> None:
    degrees = Counter(len(n) for n in NEIGHBOURS)
    assert set(degrees) == {2, 3}
    for s, nbrs in enumerate(NEIGHBOURS):
        assert all(IS_CORNER[t] != IS_CORNER[s] for t in nbrs)
        assert all(s in NEIGHBOURS[t] for t in nbrs)
        if not IS_CORNER[s]:
            assert len(nbrs) == 2
        # a step is half a cell edge: the corner radius times 1/2
        for t in nbrs:
            assert math.dist(XY[s], XY[t]) == pytest.approx(0.5)
    seen = {0}
    todo = deque([0])
    while todo:
        for t in NEIGHBOURS[todo.popleft()]:
            if t not in seen:
                seen.add(t)
                todo.append(t)
    assert len(seen) == len(SPACES)


def test_six_start_spaces_are_outermost_corners_a_sixth_turn_apart() -> None:
    far = max(math.hypot(*xy) for xy in XY)
    assert len(set(STARTS)) == 6
    angles = []
    for s in STARTS:
        assert IS_CORNER[s] and len(NEIGHBOURS[s]) == 2
        assert math.hypot(*XY[s]) == pytest.approx(far)
        angles.append(math.degrees(math.atan2(XY[s][1], XY[s][0])))
    gaps = sorted((b - a) % 360 for a, b in zip(angles, angles[1:] + angles[:1]))
    assert all(abs(abs(g) - 60) < 1e-6 or abs(abs(g) - 300) < 1e-6 for g in gaps)
    # each start belongs to exactly one claim: an outer corner cell
    assert all(len(CELLS_OF[s]) == 1 and hex_distance(CELLS[next(iter(CELLS_OF[s]))], (0, 0)) == 3 for s in STARTS)


def test_default_values_16_ones_16_twos_4_fours_centre_6() -> None:
    assert Counter(DEFAULT_VALUES) == {1: 16, 2: 16, 4: 4, 6: 1}
    assert DEFAULT_VALUES[CENTRE] == 6 and sum(DEFAULT_VALUES) == 70
    # the layout is symmetric under a half turn
    for c, (q, r) in enumerate(CELLS):
        assert DEFAULT_VALUES[c] == DEFAULT_VALUES[CELLS.index((-q, -r))]


def test_ring_distance_table_is_zero_on_the_ring_and_grows_by_one_per_step() -> None:
    for c, ring in enumerate(RINGS):
        d = RING_DISTANCE[c]
        assert all(d[s] == 0 for s in ring)
        for s in range(len(SPACES)):
            if d[s] > 0:
                assert min(d[t] for t in NEIGHBOURS[s]) == d[s] - 1
    assert CELL_XY[CENTRE] == (0.0, 0.0)
