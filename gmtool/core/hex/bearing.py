"""Where another hex lies seen from a unit's hex and facing, decided by six integer dot products
(``shared/spec/hex.md`` §4): the games' arcs and sectors are named from it in their own rules.

``v`` = other − origin, turned so that the unit faces side 0; ``m_k = v·DIRS[k]``. The side whose
direction is nearest is the unique largest ``m_k``; two equal largest (adjacent sides ``k`` and
``k + 1``) mean ``v`` lies exactly on the ray through vertex ``k``. No angle is ever rounded: a
boundary hex belongs where a game's rule says, never where a float happens to fall.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gmtool.core.hex.coords import DIRS, SIDES, Hex, rotate_cw


@dataclass(frozen=True, slots=True)
class Bearing:
    """``side``: the unit's side (0 = ahead, clockwise) nearest the direction; ``on_vertex``: the
    direction lies exactly on the ray between ``side`` and ``side + 1``. ``ahead`` is the dot product
    with the facing direction (≥ 0: in the front half, the vertex rays at ±90° included)."""

    side: int
    on_vertex: bool
    ahead: int


def relative(origin: Hex, facing: int, other: Hex) -> Hex:
    """``other`` seen from ``origin`` with the unit turned to face side 0."""
    return rotate_cw(other - origin, -facing)


def bearing(origin: Hex, facing: int, other: Hex) -> Bearing:
    """The bearing of ``other`` (a different hex) from a unit at ``origin`` facing ``facing``."""
    v = relative(origin, facing, other)
    if v == Hex(0, 0, 0):
        raise ValueError("the same hex has no bearing")
    dots = [v.dot(d) for d in DIRS]
    top = max(dots)
    sides = [k for k in range(SIDES) if dots[k] == top]
    if len(sides) == 1:
        return Bearing(sides[0], False, dots[0])
    first = sides[0] if (sides[0] + 1) % SIDES == sides[1] else sides[1]  # {5, 0}: the ray of vertex 5
    return Bearing(first, True, dots[0])


def on_row(origin: Hex, facing: int, other: Hex, side: int = 0) -> bool:
    """``other`` is on the straight hex row leaving ``origin`` through ``side`` (0: straight ahead)."""
    v = relative(origin, facing, other)
    d = DIRS[side % SIDES]
    steps = max(abs(v.q), abs(v.r), abs(v.s))
    return steps > 0 and v == d.scaled(steps)


def sector(found: Bearing, on_vertex_ray: Sequence[int]) -> int:
    """The sector (numbered by the unit's sides, 0 = ahead) of a direction: its nearest side, or on
    vertex ray ``k`` the sector a game's rule gives that boundary, ``on_vertex_ray[k]``."""
    return on_vertex_ray[found.side] if found.on_vertex else found.side


def seen_from(here: Hex, there: Hex, arrived_last: bool, came_from: Hex | None) -> Hex:
    """Where a unit sharing ``there``'s hex counts as standing: a unit that arrived there last is
    taken to stand in the hex it came from (``came_from``), so the two still have a bearing."""
    if here != there or not arrived_last or came_from is None:
        return here
    return came_from

