"""The SR5 character sheet as the tracker needs it, and its validation.

The pydantic model checks shapes and absolute ranges; :func:`check_sheet` checks
the metatype's attribute limits. Natural maximum + 4 is allowed for augmented
attributes (SR5 p. 65); Edge cannot be augmented, so its maximum is the
metatype's.
"""

from __future__ import annotations

from collections.abc import Callable
from math import ceil

from pydantic import Field

from gmtool.games.shadowrun.rules.shadowrun import (  # noqa: F401 - re-exported for the SR5 modules
    ATTRIBUTES as ATTRIBUTES,
)
from gmtool.games.shadowrun.rules.shadowrun import (
    INITIATIVE_BONUS_MAX as INITIATIVE_BONUS_MAX,
)
from gmtool.games.shadowrun.rules.shadowrun import (
    NAME_MAX as NAME_MAX,
)
from gmtool.games.shadowrun.rules.shadowrun import (
    MetatypeLimits,
    MetatypeTableBase,
    ShadowrunSheet,
    check_common,
)

INITIATIVE_DICE_MAX = 5
ARMOUR_MAX = 40
ESSENCE = 6


class MetatypeInfo(MetatypeLimits):
    """An SR5 metatype: label and natural limits."""


class MetatypeTable(MetatypeTableBase[MetatypeInfo]):
    augmented_bonus_max: int = Field(ge=0)


metatypes: Callable[[], MetatypeTable] = MetatypeTable.loader("sr5")  # the SR5 table, read once


class Sheet(ShadowrunSheet):
    """What the tracker knows of an SR5 combatant."""

    initiative_dice: int = Field(default=1, ge=1, le=INITIATIVE_DICE_MAX)
    armour: int = Field(default=0, ge=0, le=ARMOUR_MAX)  # SR5 armour rating (SR5-A3, A4)

    # SR5 p. 52: inherent limits, rounded up. Essence is taken as 6 until the
    # sheet tracks it (augmented characters have a lower social limit).
    @property
    def physical_limit(self) -> int:
        a = self.attributes
        return ceil((2 * a["STR"] + a["BOD"] + a["REA"]) / 3)

    @property
    def mental_limit(self) -> int:
        a = self.attributes
        return ceil((2 * a["LOG"] + a["INT"] + a["WIL"]) / 3)

    @property
    def social_limit(self) -> int:
        a = self.attributes
        return ceil((2 * a["CHA"] + a["WIL"] + ESSENCE) / 3)


def attribute_range(metatype: str, attribute: str) -> tuple[int, int]:
    """Lowest and highest value the sheet accepts for an attribute.

    Edge cannot be augmented (its maximum is the metatype's) but can fall to 0
    by burning points (SR4-E1), so its minimum is 0.
    """
    table = metatypes()
    low, high = table.metatypes[metatype].limits[attribute]
    return (0, high) if attribute == "EDG" else (low, high + table.augmented_bonus_max)


def check_sheet(sheet: Sheet) -> None:
    """Refuse a sheet the rules do not allow; the error names the field."""
    death = sheet.physical_boxes + sheet.physical_overflow + 1  # one box past the overflow: dead
    check_common(sheet, set(metatypes().metatypes), attribute_range, death)
