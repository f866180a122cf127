"""Hex geometry of the core (issue 15): coordinates, the exact line, bearings.

Worked examples from ``shared/spec/hex.md`` §8 (drawn there by hand on a flat-top map, A at the
origin, facing 0 = north); every line of every direction up to length 12 against an exact
rational oracle (§3.5); hypothesis for symmetry, rotation, reflection, translation, betweenness
and the distance layers (§3.4).
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.core.hex.bearing import bearing, on_row, sector, seen_from
from gmtool.core.hex.coords import (
    DIRS,
    ORIGIN,
    Hex,
    ahead,
    distance,
    from_offset,
    label,
    mirror,
    neighbours,
    ring,
    rotate_cw,
    to_offset,
    turn,
    within,
)
from gmtool.core.hex.line import Line, line


def H(q: int, r: int, s: int) -> Hex:  # noqa: N802 - reads like the spec's tuples
    assert q + r + s == 0
    return Hex(q, r, s)


def _between(result: Line) -> list[Hex]:
    return list(result.crossed[1:-1])


def _pairs(result: Line) -> list[tuple[Hex, Hex, Hex]]:
    return [(left.hex, right.hex, left.at) for left, right in result.divided]


def _touches(result: Line) -> list[tuple[Hex, str, Hex]]:
    return [(t.hex, "L" if t.left else "R", t.at) for t in result.touches]


# -- coordinates ----------------------------------------------------------------------------------
def test_offset_labels_and_basics() -> None:
    # §1: (col 3, row 2) ↔ (3, 1, −4), label 0403; 0101 is the top-left hex.
    assert from_offset(3, 2) == H(3, 1, -4) and to_offset(H(3, 1, -4)) == (3, 2) and label(H(3, 1, -4)) == "0403"
    assert label(from_offset(0, 0)) == "0101"
    assert distance(ORIGIN, H(4, -1, -3)) == 4 and len(neighbours(ORIGIN)) == 6
    assert turn(0, -1) == 5 and turn(5, 1) == 0 and ahead(ORIGIN, 2, 3) == H(3, 0, -3)
    assert [len(ring(ORIGIN, k)) for k in range(4)] == [1, 6, 12, 18]
    assert len(within(ORIGIN, 3)) == 37 and set(ring(ORIGIN, 2)) <= set(within(ORIGIN, 2))
    assert rotate_cw(DIRS[0]) == DIRS[1] and rotate_cw(DIRS[0], -1) == DIRS[5]
    assert mirror(DIRS[1]) == DIRS[5] and mirror(DIRS[0]) == DIRS[0]


@given(st.integers(-30, 30), st.integers(-30, 30))
def test_offset_round_trip(col: int, row: int) -> None:
    assert to_offset(from_offset(col, row)) == (col, row)


# -- the worked lines (§8) ---------------------------------------------------------------------------
def test_l1_a_face_direction_crosses_one_hex_per_step() -> None:
    result = line(ORIGIN, H(0, -4, 4))
    assert _between(result) == [H(0, -1, 1), H(0, -2, 2), H(0, -3, 3)] and result.grazes == ()


def test_l2_a_vertex_direction_is_divided_between_two_hexes() -> None:
    result = line(ORIGIN, H(2, -1, -1))
    assert _between(result) == [] and _pairs(result) == [(H(1, -1, 0), H(1, 0, -1), H(2, -1, -1))]
    turned = line(ORIGIN, H(1, 1, -2))  # rotated 60° clockwise
    assert [(p[0], p[1]) for p in _pairs(turned)] == [(H(1, 0, -1), H(0, 1, -1))]


def test_l3_two_divided_steps_and_the_reverse_swaps_sides() -> None:
    result = line(ORIGIN, H(4, -2, -2))
    assert _between(result) == [H(2, -1, -1)]
    assert [(p[0], p[1]) for p in _pairs(result)] == [(H(1, -1, 0), H(1, 0, -1)), (H(3, -2, -1), H(3, -1, -2))]
    back = line(H(4, -2, -2), ORIGIN)
    assert sorted((p[1], p[0]) for p in _pairs(back)) == sorted((p[0], p[1]) for p in _pairs(result))


def test_l4_a_line_crossing_an_edge_at_a_sample_crosses_both_hexes() -> None:
    # The midpoint lies on the edge between (2,−1,−1) and (2,0,−2): both are really crossed
    # (layer 2 holds two hexes); lerp-and-round keeps one of them.
    result = line(ORIGIN, H(4, -1, -3))
    assert _between(result) == [H(1, 0, -1), H(2, -1, -1), H(2, 0, -2), H(3, -1, -2)]


def test_l5_corner_touches_on_either_side() -> None:
    result = line(ORIGIN, H(4, -5, 1))
    assert _between(result) == [H(1, -1, 0), H(2, -2, 0), H(2, -3, 1), H(3, -4, 1)]
    assert _touches(result) == [(H(1, -2, 1), "L", H(4, -5, 1)), (H(3, -3, 0), "R", H(8, -10, 2))]


def test_l6_a_long_line_crosses_more_than_its_length_plus_one() -> None:
    result = line(ORIGIN, H(-8, 6, 2))
    assert len(result.crossed) == 11  # the 9 (N + 1) of the thin line, A and B included, plus two clipped
    assert H(-2, 1, 1) in result.crossed and H(-6, 5, 1) in result.crossed


# -- the rational oracle (§3.5) -----------------------------------------------------------------------
def _oracle(d: Hex) -> tuple[set[Hex], set[tuple[Hex, bool]], set[tuple[Hex, bool]]]:
    """Crossed, divided (hex, left) and touched (hex, left) hexes from the cell inequalities.

    Exact rational arithmetic without ``Fraction`` (468 lines × every hex near each, the test's whole cost):
    a bound t = num / den is kept as the pair (num, den) with den > 0, and a/b ≤ c/e is a·e ≤ c·b.
    """
    n = Hex(d.r - d.s, d.s - d.q, d.q - d.r)
    crossed, divided, touched = set(), set(), set()
    for h in within(ORIGIN, distance(ORIGIN, d)):
        (lo, lo_den), (hi, hi_den), always_on_side = (0, 1), (1, 1), False
        for k in DIRS:
            base, slope = (ORIGIN - h).dot(k), d.dot(k)  # base + t·slope ≤ 1
            if slope == 0:
                if base > 1:
                    (lo, lo_den), (hi, hi_den) = (1, 1), (0, 1)
                always_on_side = always_on_side or base == 1
            elif slope > 0:  # t ≤ (1 - base) / slope
                if (1 - base) * hi_den < hi * slope:
                    hi, hi_den = 1 - base, slope
            elif (base - 1) * lo_den > lo * -slope:  # t ≥ (1 - base) / slope = (base - 1) / -slope
                lo, lo_den = base - 1, -slope
        if lo * hi_den > hi * lo_den:
            continue
        left = n.dot(h) > 0
        if lo * hi_den == hi * lo_den:
            touched.add((h, left))
        elif always_on_side:
            divided.add((h, left))
        else:
            crossed.add(h)
    return crossed, divided, touched


DIRECTIONS_12 = [h for h in within(ORIGIN, 12) if h != ORIGIN]


def test_every_line_up_to_twelve_agrees_with_the_oracle() -> None:
    assert len(DIRECTIONS_12) == 468
    for d in DIRECTIONS_12:
        result = line(ORIGIN, d)
        crossed, divided, touched = _oracle(d)
        assert set(result.crossed) == crossed, d
        assert {(g.hex, g.left) for pair in result.divided for g in pair} == divided, d
        assert {(g.hex, g.left) for g in result.touches} == touched, d


def test_the_closed_forms_of_divided_and_vertex_lines() -> None:
    """Divided iff d is a multiple of a diagonal; through vertices iff d/gcd has all components
    congruent mod 3 (§3.2)."""
    from math import gcd

    diagonals = [a + b for a, b in zip(DIRS, DIRS[1:] + DIRS[:1], strict=True)]
    for d in DIRECTIONS_12:
        result = line(ORIGIN, d)
        g = gcd(gcd(abs(d.q), abs(d.r)), abs(d.s))
        unit = Hex(d.q // g, d.r // g, d.s // g)
        is_divided = any(unit.scaled(k) == diag for diag in diagonals for k in (1, 2, 3))
        assert bool(result.divided) == (unit in diagonals or is_divided), d
        through_vertex = unit.q % 3 == unit.r % 3 == unit.s % 3
        assert bool(result.divided or result.touches) == through_vertex, d


# -- properties (§3.4) ---------------------------------------------------------------------------------
coords = st.integers(-25, 25)
hexes = st.builds(lambda q, r: Hex.axial(q, r), coords, coords)


def _view(result: Line) -> tuple[frozenset[Hex], frozenset[tuple[Hex, bool]], frozenset[tuple[Hex, bool]]]:
    return (frozenset(result.crossed), frozenset((g.hex, g.left) for pair in result.divided for g in pair),
            frozenset((g.hex, g.left) for g in result.touches))


def _moved(view, move, swap: bool):  # noqa: ANN001, ANN202
    crossed, divided, touched = view
    return (frozenset(move(h) for h in crossed), frozenset((move(h), left != swap) for h, left in divided),
            frozenset((move(h), left != swap) for h, left in touched))


@settings(max_examples=300, deadline=None)
@given(hexes, hexes)
def test_the_same_both_ways_with_left_and_right_swapped(a: Hex, b: Hex) -> None:
    assert _view(line(b, a)) == _moved(_view(line(a, b)), lambda h: h, swap=a != b)


@settings(max_examples=300, deadline=None)
@given(hexes, hexes, hexes, st.integers(0, 5))
def test_translation_rotation_and_reflection(a: Hex, b: Hex, shift: Hex, turns: int) -> None:
    view = _view(line(a, b))
    assert _view(line(a + shift, b + shift)) == _moved(view, lambda h: h + shift, swap=False)
    assert _view(line(rotate_cw(a, turns), rotate_cw(b, turns))) == _moved(view, lambda h: rotate_cw(h, turns), False)
    assert _view(line(mirror(a), mirror(b))) == _moved(view, mirror, swap=a != b)


@settings(max_examples=300, deadline=None)
@given(hexes, hexes)
def test_betweenness_and_one_or_two_hexes_per_distance_layer(a: Hex, b: Hex) -> None:
    result = line(a, b)
    n = distance(a, b)
    met = list(result.crossed) + [g.hex for g in result.grazes]
    assert all(distance(a, h) + distance(h, b) == n for h in met)
    crossed_layers: dict[int, list[Hex]] = {}
    for h in result.crossed:
        crossed_layers.setdefault(distance(a, h), []).append(h)
    divided_layers = {distance(a, left.hex) for left, _right in result.divided}
    for layer in range(n + 1):
        count = len(crossed_layers.get(layer, []))
        assert count in (1, 2) or (count == 0 and layer in divided_layers), (layer, result)
    steps = list(pairwise(result.crossed))
    assert all(distance(x, y) in (1, 2) for x, y in steps)
    assert sum(distance(x, y) == 2 for x, y in steps) == len(result.divided)


# -- bearings (§4, §8 S1–S5, B1) ---------------------------------------------------------------------
@pytest.mark.parametrize(("facing", "other", "side", "on_vertex"), [
    (0, H(0, -3, 3), 0, False),   # S1: straight ahead
    (2, H(3, 0, -3), 0, False),   # S1 facing SE
    (0, H(1, -2, 1), 0, True),    # S2: 30°, the ray between sides 0 and 1
    (0, H(-1, -1, 2), 5, True),   # S2: 330°, between sides 5 and 0
    (0, H(2, -1, -1), 1, True),   # S3: 90°
    (0, H(-2, 1, 1), 4, True),    # S3: 270°
    (0, H(1, 1, -2), 2, True),    # S4: 150°
    (0, H(-1, 2, -1), 3, True),   # S4: 210°
    (0, H(1, -1, 0), 1, False),   # S5
    (0, H(1, 0, -1), 2, False),
    (0, H(0, 2, -2), 3, False),
    (0, H(2, -3, 1), 1, False),
    (2, H(1, 1, -2), 0, True),    # S5 facing SE: the boundary ahead-right
    (2, H(3, -3, 0), 5, False),
])
def test_bearings_of_the_worked_examples(facing: int, other: Hex, side: int, on_vertex: bool) -> None:
    found = bearing(ORIGIN, facing, other)
    assert (found.side, found.on_vertex) == (side, on_vertex)


def test_the_front_half_and_the_rows() -> None:
    # B1 (facing N): (2,−1,−1) lies on the ±90° boundary (ahead 0), (1,0,−1) and (0,2,−2) behind.
    assert bearing(ORIGIN, 0, H(2, -1, -1)).ahead == 0
    assert bearing(ORIGIN, 0, H(1, 0, -1)).ahead < 0 and bearing(ORIGIN, 0, H(0, 2, -2)).ahead < 0
    assert on_row(ORIGIN, 0, H(0, -3, 3)) and on_row(ORIGIN, 2, H(3, 0, -3))
    assert on_row(ORIGIN, 0, H(0, 2, -2), side=3) and not on_row(ORIGIN, 0, H(1, 1, -2), side=3)
    with pytest.raises(ValueError):
        bearing(ORIGIN, 0, ORIGIN)


@settings(max_examples=300, deadline=None)
@given(hexes, hexes, st.integers(0, 5), st.integers(0, 5))
def test_a_bearing_turns_with_the_map(origin: Hex, other: Hex, facing: int, turns: int) -> None:
    if origin == other:
        return
    here = bearing(origin, facing, other)
    turned = bearing(rotate_cw(origin, turns), (facing + turns) % 6, rotate_cw(other, turns))
    assert here == turned


# An Aura Battler reading of the six sectors (its rules will own the table; digest 13.3–13.7):
# sides 0 FF, 1 FR, 2 BR, 3 BB, 4 BL, 5 FL; on the vertex rays FF/FR → FF, FR/BR → FR, BR/BB → BB,
# BB/BL → BB, BL/FL → FL, FL/FF → FF.
FF, FR, BR, BB, BL, FL = range(6)
AB_RAYS = (FF, FR, BB, BB, FL, FF)


@pytest.mark.parametrize(("facing", "other", "expected"), [
    (0, H(0, -3, 3), FF), (2, H(3, 0, -3), FF),          # S1
    (0, H(1, -2, 1), FF), (0, H(-1, -1, 2), FF),         # S2
    (0, H(2, -1, -1), FR), (0, H(-2, 1, 1), FL),         # S3
    (0, H(1, 1, -2), BB), (0, H(-1, 2, -1), BB),         # S4
    (0, H(1, -1, 0), FR), (0, H(1, 0, -1), BR), (0, H(0, 2, -2), BB), (0, H(2, -3, 1), FR),  # S5
    (2, H(1, 1, -2), FF), (2, H(3, -3, 0), FL),
])
def test_sectors_with_a_game_s_boundary_rule(facing: int, other: Hex, expected: int) -> None:
    assert sector(bearing(ORIGIN, facing, other), AB_RAYS) == expected


def test_the_same_hex_counts_from_where_the_later_arrival_came_from() -> None:
    # S6: both at the origin, the target facing N. If the target arrived last (from (0,1,−1)),
    # it stands in (0,1,−1) and the attacker lies in its FF; if the attacker arrived last from
    # (0,1,−1), the attacker stands there: in the target's BB.
    prior = H(0, 1, -1)
    target_at = seen_from(ORIGIN, ORIGIN, arrived_last=True, came_from=prior)
    assert sector(bearing(target_at, 0, ORIGIN), AB_RAYS) == FF
    attacker_at = seen_from(ORIGIN, ORIGIN, arrived_last=True, came_from=prior)
    assert sector(bearing(ORIGIN, 0, attacker_at), AB_RAYS) == BB
    assert seen_from(ORIGIN, H(1, 0, -1), arrived_last=True, came_from=prior) == ORIGIN  # not sharing



def test_b1_a_rally_gear_s_front_flank_and_rear() -> None:
    """B1 (gear at the origin facing N): front = the half ahead, its ±90° boundary included;
    rear = the hex row straight behind (default reading) or the 60° cone behind (the other)."""

    def arc(other: Hex, cone: bool) -> str:
        found = bearing(ORIGIN, 0, other)
        if found.ahead >= 0:
            return "front"
        rear = sector(found, AB_RAYS) == BB if cone else on_row(ORIGIN, 0, other, side=3)
        return "rear" if rear else "flank"

    assert arc(H(2, -1, -1), cone=False) == "front"
    assert arc(H(1, 0, -1), cone=False) == "flank"
    assert arc(H(0, 2, -2), cone=False) == "rear"
    assert arc(H(1, 1, -2), cone=False) == "flank" and arc(H(1, 1, -2), cone=True) == "rear"
