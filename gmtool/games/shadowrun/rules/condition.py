"""Whether a combatant is down, by its condition monitors (SR4-MT8, SR5-A6), without the damage rules.

One rule, two users: :class:`~gmtool.games.shadowrun.rules.damage.monitors.Monitor` (the attack's
damage) and the pass order's state badges, which must not load the whole damage package for the
first paint. Unconscious when a monitor is full (stun full, or physical full but not beyond);
dying while the physical damage is in the overflow; dead when it went beyond the overflow.
"""

from __future__ import annotations

from typing import Any, Literal

State = Literal["conscious", "unconscious", "dying", "dead"]


def state_of(physical: int, physical_boxes: int, stun: int, stun_boxes: int, dead: bool) -> State:
    """The state of two monitors with this many boxes filled (``dead``: damage went past the overflow)."""
    if dead:
        return "dead"
    if physical > physical_boxes:
        return "dying"
    if physical == physical_boxes or stun == stun_boxes:
        return "unconscious"
    return "conscious"


def sheet_down(sheet: Any) -> State | None:
    """"dead", "dying" or "unconscious" by a sheet's monitors (None: conscious, or a sheet without them)."""
    physical_boxes, stun_boxes = sheet.physical_boxes, sheet.stun_boxes
    if min(physical_boxes, stun_boxes) < 1:
        return None
    capacity = physical_boxes + sheet.physical_overflow
    found = state_of(min(sheet.physical_damage, capacity), physical_boxes, min(sheet.stun_damage, stun_boxes),
                     stun_boxes, sheet.physical_damage > capacity)
    return None if found == "conscious" else found
