"""The SR4 character sheet as the tracker needs it, and its validation.

Attributes as in SR5 (BOD AGI REA STR CHA INT LOG WIL EDG). The pydantic model
checks shapes and absolute ranges; :func:`check_sheet` checks the metatype's
limits from ``resources/sr4/metatypes.json``. SR4 allows augmented attributes up
to 1.5 × the natural maximum, rounded down (the factor is data); Edge cannot be
augmented and may fall to 0 by burning points (SR4-E1).

SR4-C1: 1-4 initiative passes (augmentations), Initiative = REA + INT + bonus.
SR4-MT8: physical monitor 8 + BOD/2, stun 8 + WIL/2 (round up); −1 per 3 boxes
on each monitor, the two adding up; physical overflow up to BOD boxes, one box
more is death (so SR4-E11 cheat death has something to undo).
"""

from __future__ import annotations

from collections.abc import Callable
from math import floor
from typing import Literal

from pydantic import Field

from gmtool.games.shadowrun.rules import shadowrun as shared
from gmtool.games.shadowrun.sr4.rules.initiative import MAX_PASSES

ATTRIBUTES = shared.ATTRIBUTES  # the shared ones, named here for the SR4 modules
INITIATIVE_BONUS_MAX = shared.INITIATIVE_BONUS_MAX

ARMOUR_MAX = 40
MAGIC_MAX = 12


class MetatypeInfo(shared.MetatypeLimits):
    """An SR4 metatype: label, natural limits, walk and run rates."""

    walk: int = Field(ge=1)  # SR4-C6, metres per combat turn
    run: int = Field(ge=1)


class MetatypeTable(shared.MetatypeTableBase[MetatypeInfo]):
    augmented_factor: float = Field(ge=1)


metatypes: Callable[[], MetatypeTable] = MetatypeTable.loader("sr4")  # the SR4 table, read once


class Sheet(shared.ShadowrunSheet):
    """What the tracker knows of an SR4 combatant."""

    initiative_passes: int = Field(default=1, ge=1, le=MAX_PASSES)
    ballistic_armour: int = Field(default=0, ge=0, le=ARMOUR_MAX)  # SR4-R5, R6
    impact_armour: int = Field(default=0, ge=0, le=ARMOUR_MAX)  # SR4-M3
    magic: int = Field(default=0, ge=0, le=MAGIC_MAX)  # SR4-S1: the Magic attribute, 0 = mundane
    tradition: Literal["hermetic", "shamanic"] = "hermetic"  # SR4-S3: drain with WIL + LOG or CHA

    @property
    def physical_overflow(self) -> int:
        """Body boxes beyond the monitor; a vehicle's sheet has none (a full monitor destroys it)."""
        return 0 if self.metatype == "vehicle" else self.attributes["BOD"]

    @property
    def physical_max(self) -> int:
        """The most physical damage the sheet holds: monitor + overflow + the box of death."""
        return self.physical_boxes + self.physical_overflow + 1

    @property
    def dead(self) -> bool:
        return self.physical_damage > self.physical_boxes + self.physical_overflow


def attribute_range(metatype: str, attribute: str) -> tuple[int, int]:
    """Lowest and highest value the sheet accepts (augmented maximum; Edge 0 to natural max)."""
    table = metatypes()
    low, high = table.metatypes[metatype].limits[attribute]
    if attribute == "EDG":
        return 0, high
    return low, floor(high * table.augmented_factor)


def check_sheet(sheet: Sheet) -> None:
    """Refuse a sheet the rules do not allow; the error names the field."""
    shared.check_common(sheet, set(metatypes().metatypes), attribute_range, sheet.physical_max)
