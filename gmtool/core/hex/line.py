"""The exact line between two hex centres, in integer arithmetic (``shared/spec/hex.md`` §3).

A hex is ``{p : (p − h)·DIRS[k] ≤ 1 for every side k}``. Walking from ``a``, the segment
``a + t·d`` leaves the current hex through side ``k`` at ``t_k = (1 − (a − c)·DIRS[k]) / (d·DIRS[k])``
(only sides with ``d·DIRS[k] > 0``); times are compared by cross-multiplying small integers.
One earliest side: the line crosses into that neighbour. Two (always adjacent sides): it leaves
through their shared vertex; if ``d`` runs along the vertex ray, it runs exactly along the edge
between the two neighbours (a **divided** step: both grazed, neither crossed) and goes on into
the hex beyond; otherwise it enters the neighbour on its side of the ray and **touches** the other
at the vertex only. Unlike sampling the line and rounding (which drops one side of a divided line,
can miss a hex crossed exactly at a sample, and changes verdicts when the map is rotated), every
answer here is exact and the same under rotation and reflection, and the same both ways.

Left and right are those of the travel direction on screen (flat-top, y down): ``h`` is left iff
``n·(h − a) > 0`` with ``n = (d.r − d.s, d.s − d.q, d.q − d.r)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from gmtool.core.hex.coords import DIRS, Hex, distance

_DIRS = tuple((d.q, d.r, d.s) for d in DIRS)


@dataclass(frozen=True, slots=True)
class Graze:
    """A hex the line meets without entering: ``left`` of the travel direction or not (right);
    ``at``: the id of the edge (``h + h'``, divided) or vertex (``h + h' + h''``, touch) it meets."""

    hex: Hex
    left: bool
    at: Hex


@dataclass(frozen=True, slots=True)
class Line:
    """Everything a line from ``start`` to ``end`` meets.

    ``crossed``: the hexes whose interior it passes through, in order, ``start`` first and ``end``
    last (``end`` alone when both are the same hex); ``divided``: pairs ``(left, right)`` of hexes
    it runs between along their common edge; ``touches``: hexes it meets at one vertex only.
    """

    start: Hex
    end: Hex
    crossed: tuple[Hex, ...]
    divided: tuple[tuple[Graze, Graze], ...]
    touches: tuple[Graze, ...]

    @property
    def grazes(self) -> tuple[Graze, ...]:
        """Every hex met without being entered (both sides of each divided step, then touches)."""
        return tuple(g for pair in self.divided for g in pair) + self.touches

    @property
    def length(self) -> int:
        return distance(self.start, self.end)


def line(start: Hex, end: Hex) -> Line:
    """The exact line from the centre of ``start`` to the centre of ``end``."""
    d = (end.q - start.q, end.r - start.r, end.s - start.s)
    crossed, divided, touches = _walk(d)
    shift = start

    def at(v: tuple[int, int, int]) -> Hex:
        return Hex(v[0] + shift.q, v[1] + shift.r, v[2] + shift.s)

    def id_at(v: tuple[int, int, int], times: int) -> Hex:
        return Hex(v[0] + times * shift.q, v[1] + times * shift.r, v[2] + times * shift.s)

    return Line(
        start, end,
        tuple(at(h) for h in crossed),
        tuple((Graze(at(lh), True, id_at(e, 2)), Graze(at(rh), False, id_at(e, 2))) for lh, rh, e in divided),
        tuple(Graze(at(h), left, id_at(v, 3)) for h, left, v in touches),
    )


Vec = tuple[int, int, int]


@lru_cache(maxsize=8192)
def _walk(d: Vec) -> tuple[tuple[Vec, ...], tuple[tuple[Vec, Vec, Vec], ...], tuple[tuple[Vec, bool, Vec], ...]]:
    """The line from the origin to ``d``, as offsets (a line depends on ``d`` alone: cached)."""
    dq, dr, ds = d
    if d == (0, 0, 0):
        return ((0, 0, 0),), (), ()
    nq, nr, ns = dr - ds, ds - dq, dq - dr  # the left normal
    exits = [(k, x, y, z, dq * x + dr * y + ds * z) for k, (x, y, z) in enumerate(_DIRS) if dq * x + dr * y + ds * z > 0]
    cq = cr = cs = 0
    crossed: list[Vec] = [(0, 0, 0)]
    divided: list[tuple[Vec, Vec, Vec]] = []
    touches: list[tuple[Vec, bool, Vec]] = []
    while cq != dq or cr != dr:  # (cs follows: q + r + s = 0)
        first = second = -1  # the side the line leaves by first, and a second one at the same moment
        best_num = best_den = 0
        for k, x, y, z, den in exits:
            num = 1 + cq * x + cr * y + cs * z  # 1 − (a − c)·DIR[k], a being the origin
            if first < 0 or num * best_den < best_num * den:
                first, second, best_num, best_den = k, -1, num, den
            elif num * best_den == best_num * den:
                second = k
        if second < 0:
            x, y, z = _DIRS[first]
            cq, cr, cs = cq + x, cr + y, cs + z
            crossed.append((cq, cr, cs))
            continue
        k1, k2 = (first, second) if (first + 1) % 6 == second else (second, first)
        a, b = _DIRS[k1], _DIRS[k2]
        g = (a[0] + b[0], a[1] + b[1], a[2] + b[2])
        one = (cq + a[0], cr + a[1], cs + a[2])
        two = (cq + b[0], cr + b[1], cs + b[2])
        if nq * g[0] + nr * g[1] + ns * g[2] == 0:  # along the vertex ray: between ``one`` and ``two``
            left, right = (one, two) if nq * one[0] + nr * one[1] + ns * one[2] > 0 else (two, one)
            edge = (one[0] + two[0], one[1] + two[1], one[2] + two[2])
            divided.append((left, right, edge))
            cq, cr, cs = cq + g[0], cr + g[1], cs + g[2]
            crossed.append((cq, cr, cs))
            continue
        mq, mr, ms = g[1] - g[2], g[2] - g[0], g[0] - g[1]  # normal to the vertex ray
        towards = mq * dq + mr * dr + ms * ds
        entered, touched = (one, two) if (mq * a[0] + mr * a[1] + ms * a[2]) * towards > 0 else (two, one)
        vertex = (cq + one[0] + two[0], cr + one[1] + two[1], cs + one[2] + two[2])
        is_left = nq * touched[0] + nr * touched[1] + ns * touched[2] > 0
        touches.append((touched, is_left, vertex))
        cq, cr, cs = entered
        crossed.append(entered)
    return tuple(crossed), tuple(divided), tuple(touches)
