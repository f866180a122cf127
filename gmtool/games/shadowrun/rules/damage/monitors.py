"""Condition monitors (SR4-MT8, SR5-A6): applying damage, overflow, states, wounds.

Both editions: physical monitor 8 + Body/2, stun 8 + Willpower/2 (rounded up; the
sheet's properties compute them), −1 per 3 boxes filled on each monitor, the two
adding up (overflow boxes do not count). Physical damage beyond the monitor fills
the overflow, Body boxes; damage beyond the overflow kills.

Stun overflow — the editions differ, so it is a parameter (``stun_overflow_ratio``):
- SR4 (ratio 1, the default of the SR4 resolver, and what ``sr4.decide_sheet``
  already does): once the stun monitor is full, every further box of stun damage
  is a box of physical damage.
- SR5 (ratio 2, SR5 core p. 170): every 2 full boxes of excess stun damage become
  1 box of physical damage. The rule speaks of one attack's excess, so an odd box
  left over is lost (it is not carried to the next attack).

States: conscious; unconscious when a monitor is full (stun full, or physical full
but not beyond); dying while the physical damage is in the overflow; dead when
damage went beyond the overflow. The boxes filled never pass the monitor plus the
overflow: death is a flag. :attr:`Monitor.stored_physical` gives the count the SR4
sheet stores (its "box of death", one past the overflow) and :func:`monitor_of`
reads such a count back as dead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Literal

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.condition import state_of
from gmtool.games.shadowrun.rules.shadowrun import ShadowrunSheet

Track = Literal["physical", "stun"]
TRACKS: tuple[Track, ...] = ("physical", "stun")
BOXES_PER_WOUND = 3
SR4_STUN_OVERFLOW_RATIO = 1
SR5_STUN_OVERFLOW_RATIO = 2


class MonitorState(str, Enum):
    CONSCIOUS = "conscious"
    UNCONSCIOUS = "unconscious"
    DYING = "dying"
    DEAD = "dead"


def wound_modifier_of(physical: int, physical_boxes: int, stun: int, stun_boxes: int) -> int:
    """−1 per 3 boxes filled on each monitor, the two adding up; overflow does not count."""
    return -(min(physical, physical_boxes) // BOXES_PER_WOUND) - (min(stun, stun_boxes) // BOXES_PER_WOUND)


@dataclass(frozen=True)
class Monitor:
    """A combatant's two condition monitors and the damage on them."""

    physical_boxes: int
    stun_boxes: int
    overflow: int  # Body: physical boxes beyond the monitor before death
    physical: int = 0  # boxes filled, overflow included: ≤ physical_boxes + overflow
    stun: int = 0  # ≤ stun_boxes
    dead: bool = False

    def __post_init__(self) -> None:
        if min(self.physical_boxes, self.stun_boxes) < 1 or self.overflow < 0:
            raise RulesError("error.damage.bad_monitor")
        if not 0 <= self.physical <= self.physical_capacity or not 0 <= self.stun <= self.stun_boxes:
            raise RulesError("error.damage.bad_monitor")

    @property
    def physical_capacity(self) -> int:
        """The monitor plus the overflow: the most boxes that can be filled."""
        return self.physical_boxes + self.overflow

    @property
    def in_overflow(self) -> int:
        return max(0, self.physical - self.physical_boxes)

    @property
    def state(self) -> MonitorState:
        return MonitorState(state_of(self.physical, self.physical_boxes, self.stun, self.stun_boxes, self.dead))

    @property
    def wound_modifier(self) -> int:
        return wound_modifier_of(self.physical, self.physical_boxes, self.stun, self.stun_boxes)

    @property
    def stored_physical(self) -> int:
        """The sheet's physical_damage: the boxes, plus the SR4 sheet's box of death when dead."""
        return self.physical + (1 if self.dead else 0)


def monitor_of(sheet: ShadowrunSheet) -> Monitor:
    """The monitors of a sheet (either edition); damage past the overflow reads as dead."""
    capacity = sheet.physical_boxes + sheet.physical_overflow
    return Monitor(
        physical_boxes=sheet.physical_boxes,
        stun_boxes=sheet.stun_boxes,
        overflow=sheet.physical_overflow,
        physical=min(sheet.physical_damage, capacity),
        stun=min(sheet.stun_damage, sheet.stun_boxes),
        dead=sheet.physical_damage > capacity,
    )


@dataclass(frozen=True)
class MonitorChange:
    """What applying damage did: before, after, and the stun that spilled over."""

    track: Track
    boxes: int
    before: Monitor
    after: Monitor
    stun_excess: int  # stun boxes beyond the stun monitor
    overflow_to_physical: int  # physical boxes those became

    @property
    def newly_dead(self) -> bool:
        return self.after.dead and not self.before.dead


def apply_damage(monitor: Monitor, track: Track, boxes: int, stun_overflow_ratio: int) -> MonitorChange:
    """Fill ``boxes`` on ``track``; stun past its monitor overflows into physical at
    ``stun_overflow_ratio`` stun boxes per physical box; physical past the overflow kills."""
    if track not in TRACKS:
        raise RulesError("error.damage.unknown_track", track=track)
    if boxes < 0:
        raise RulesError("error.damage.negative_hits", figure="boxes", value=boxes)
    if stun_overflow_ratio < 1:
        raise RulesError("error.damage.bad_overflow_ratio", ratio=stun_overflow_ratio)
    stun, physical_added, excess = monitor.stun, boxes, 0
    if track == "stun":
        excess = max(0, monitor.stun + boxes - monitor.stun_boxes)
        stun = min(monitor.stun + boxes, monitor.stun_boxes)
        physical_added = excess // stun_overflow_ratio
    wanted = monitor.physical + physical_added
    after = replace(
        monitor,
        physical=min(wanted, monitor.physical_capacity),
        stun=stun,
        dead=monitor.dead or wanted > monitor.physical_capacity,
    )
    overflow = physical_added if track == "stun" else 0
    return MonitorChange(track, boxes, monitor, after, excess, overflow)
