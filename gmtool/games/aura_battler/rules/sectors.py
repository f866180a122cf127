"""The six ranges (sectors) around an Aura Battler (AB-13), from the digest's section 13.

Around its hex, six 60° sectors bounded by the rays from its centre through the hex's vertices:
FF ahead, then clockwise FR, BR, BB, BL, FL. A hex on a boundary belongs to FF or BB when it bounds
them (13.3, 13.4), FR or FL on the FR/BR and FL/BL boundaries (13.7); F is FF + FR + FL (13.8). Two
battlers in one hex: the one that entered it later counts as standing in the hex it came from (13.9).
"""

from __future__ import annotations

from gmtool.core.hex.bearing import bearing, sector, seen_from
from gmtool.core.hex.coords import Hex

NAMES = ("FF", "FR", "BR", "BB", "BL", "FL")  # by the battler's side, 0 = ahead, clockwise
ON_RAYS = (0, 1, 3, 3, 5, 0)  # vertex ray k (between sides k and k + 1) → its sector (13.3, 13.4, 13.7)
FRONT = frozenset({"FF", "FR", "FL"})


def range_of(battler: Hex, facing: int, other: Hex) -> str:
    """The sector of ``battler`` (facing ``facing``) that ``other`` is in (another hex)."""
    return NAMES[sector(bearing(battler, facing, other), ON_RAYS)]


def range_in_hex(battler: Hex, facing: int, other: Hex, other_arrived_last: bool, other_came_from: Hex | None,
                 battler_came_from: Hex | None) -> str:
    """As :func:`range_of`, with 13.9 when both stand in one hex."""
    if battler != other:
        return range_of(battler, facing, other)
    if other_arrived_last:
        return range_of(battler, facing, seen_from(other, battler, True, other_came_from))
    return range_of(seen_from(battler, other, True, battler_came_from), facing, other)
