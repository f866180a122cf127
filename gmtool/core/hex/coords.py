"""Cube coordinates ``(q, r, s)`` with ``q + r + s = 0`` (stored as axial ``(q, r)``), flat-top hexes.

Sides and facings clockwise from the top: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW (:data:`DIRS`); a unit
with facing ``f`` faces side ``f`` and moves straight ahead to ``h + DIRS[f]``. Vertex ``k`` lies
between sides ``k`` and ``k + 1``. Offset labels are odd-q ("CCRR", 1-based columns and rows, odd
columns shifted half a hex down), as on BattleTech boards.
"""

from __future__ import annotations

from typing import NamedTuple

SIDES = 6


class Hex(NamedTuple):
    """A hex (or a vector between hexes) in cube coordinates; ``s`` is always ``-q - r``."""

    q: int
    r: int
    s: int

    @classmethod
    def axial(cls, q: int, r: int) -> Hex:
        return cls(q, r, -q - r)

    def __add__(self, other: object) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r, self.s + other.s)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r, self.s - other.s)

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r, -self.s)

    def scaled(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k, self.s * k)

    def dot(self, other: Hex) -> int:
        """The cube dot product: proportional to the true planar one (angles by integers)."""
        return self.q * other.q + self.r * other.r + self.s * other.s


ORIGIN = Hex(0, 0, 0)
DIRS: tuple[Hex, ...] = (
    Hex(0, -1, 1), Hex(1, -1, 0), Hex(1, 0, -1), Hex(0, 1, -1), Hex(-1, 1, 0), Hex(-1, 0, 1),
)


def distance(a: Hex, b: Hex) -> int:
    """Steps from ``a`` to ``b``."""
    return max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


def neighbour(h: Hex, side: int) -> Hex:
    return h + DIRS[side % SIDES]


def neighbours(h: Hex) -> tuple[Hex, ...]:
    return tuple(h + d for d in DIRS)


def turn(facing: int, sides: int) -> int:
    """The facing after turning ``sides`` hex sides (positive: clockwise, to the right)."""
    return (facing + sides) % SIDES


def ahead(h: Hex, facing: int, steps: int = 1) -> Hex:
    """``steps`` hexes straight ahead of ``h`` facing ``facing`` (backwards when negative)."""
    return h + DIRS[facing % SIDES].scaled(steps)


def rotate_cw(v: Hex, times: int = 1) -> Hex:
    """``v`` turned 60° clockwise ``times`` times (negative: anticlockwise)."""
    for _ in range(times % SIDES):
        v = Hex(-v.r, -v.s, -v.q)
    return v


def mirror(v: Hex) -> Hex:
    """``v`` mirrored in the north–south axis (left and right swap)."""
    return Hex(-v.q, -v.s, -v.r)


def ring(center: Hex, k: int) -> list[Hex]:
    """The hexes at distance exactly ``k`` (``[center]`` for 0), clockwise from the south-west."""
    if k == 0:
        return [center]
    h = center + DIRS[4].scaled(k)
    found = []
    for side in range(SIDES):
        for _ in range(k):
            found.append(h)
            h = h + DIRS[side]
    return found


def within(center: Hex, k: int) -> list[Hex]:
    """Every hex at distance ``k`` or less."""
    found = []
    for dq in range(-k, k + 1):
        for dr in range(max(-k, -dq - k), min(k, -dq + k) + 1):
            found.append(Hex(center.q + dq, center.r + dr, center.s - dq - dr))
    return found


def from_offset(col: int, row: int) -> Hex:
    """The hex at 0-based odd-q offset ``(col, row)``."""
    return Hex.axial(col, row - (col - (col & 1)) // 2)


def to_offset(h: Hex) -> tuple[int, int]:
    """0-based odd-q offset ``(col, row)`` of ``h``."""
    return h.q, h.r + (h.q - (h.q & 1)) // 2


def label(h: Hex) -> str:
    """The board label ``CCRR`` (1-based, e.g. ``0101`` top-left)."""
    col, row = to_offset(h)
    return f"{col + 1:02d}{row + 1:02d}"
