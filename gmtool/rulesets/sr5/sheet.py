"""The SR5 character sheet as the tracker needs it, and its validation.

The pydantic model checks shapes and absolute ranges; :func:`check_sheet` checks
the metatype's attribute limits. Natural maximum + 4 is allowed for augmented
attributes (SR5 p. 65); Edge cannot be augmented, so its maximum is the
metatype's.
"""

from __future__ import annotations

from math import ceil

from pydantic import BaseModel, ConfigDict, Field, field_validator

from gmtool.core.errors import RulesError
from gmtool.core.resources import cached_model

ATTRIBUTES: tuple[str, ...] = ("BOD", "AGI", "REA", "STR", "WIL", "LOG", "INT", "CHA", "EDG")
NAME_MAX = 60
INITIATIVE_DICE_MAX = 5
INITIATIVE_BONUS_MAX = 10
ESSENCE = 6


class MetatypeInfo(BaseModel):
    label: dict[str, str]
    limits: dict[str, tuple[int, int]]

    @field_validator("limits")
    @classmethod
    def _all_attributes(cls, limits: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
        if set(limits) != set(ATTRIBUTES):
            raise ValueError(f"limits must name exactly {ATTRIBUTES}")
        if any(lo < 1 or hi < lo for lo, hi in limits.values()):
            raise ValueError("every limit must be 1 <= min <= max")
        return limits


class MetatypeTable(BaseModel):
    schema_version: int = Field(ge=1, le=1)
    source: str
    augmented_bonus_max: int = Field(ge=0)
    metatypes: dict[str, MetatypeInfo]


def metatypes() -> MetatypeTable:
    return cached_model(MetatypeTable, "sr5", "metatypes.json")


class Sheet(BaseModel):
    """What the tracker knows of an SR5 combatant."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str = Field(min_length=1, max_length=NAME_MAX)
    metatype: str = "human"
    is_npc: bool = False
    attributes: dict[str, int]
    initiative_bonus: int = Field(default=0, ge=0, le=INITIATIVE_BONUS_MAX)
    initiative_dice: int = Field(default=1, ge=1, le=INITIATIVE_DICE_MAX)
    edge_points: int = Field(default=0, ge=0)
    physical_damage: int = Field(default=0, ge=0)
    stun_damage: int = Field(default=0, ge=0)

    @field_validator("name")
    @classmethod
    def _strip(cls, name: str) -> str:
        name = name.strip()
        if not name:
            raise ValueError("empty name")
        return name

    # -- derived values (SR5 p. 152, 169) --------------------------------
    @property
    def initiative_attribute(self) -> int:
        """Reaction + Intuition + augmentation bonus."""
        return self.attributes["REA"] + self.attributes["INT"] + self.initiative_bonus

    @property
    def physical_boxes(self) -> int:
        """8 + Body / 2, rounded up."""
        return 8 + ceil(self.attributes["BOD"] / 2)

    @property
    def physical_overflow(self) -> int:
        """Boxes beyond the monitor before death: Body."""
        return self.attributes["BOD"]

    @property
    def stun_boxes(self) -> int:
        """8 + Willpower / 2, rounded up."""
        return 8 + ceil(self.attributes["WIL"] / 2)

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

    @property
    def wound_modifier(self) -> int:
        """−1 per 3 boxes filled on each monitor; the two add up."""
        physical = min(self.physical_damage, self.physical_boxes)
        return -(physical // 3) - (self.stun_damage // 3)


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
    table = metatypes()
    if sheet.metatype not in table.metatypes:
        raise RulesError("error.unknown_metatype", field="metatype", metatype=sheet.metatype)
    if set(sheet.attributes) != set(ATTRIBUTES):
        raise RulesError("error.attributes_incomplete", field="attributes")
    for attribute in ATTRIBUTES:
        low, high = attribute_range(sheet.metatype, attribute)
        value = sheet.attributes[attribute]
        if not low <= value <= high:
            raise RulesError(
                "error.attribute_range",
                field=f"attr.{attribute}",
                attribute=attribute,
                low=low,
                high=high,
                value=value,
            )
    if sheet.edge_points > sheet.attributes["EDG"]:
        raise RulesError("error.edge_points_range", field="edge_points", high=sheet.attributes["EDG"])
    if sheet.physical_damage > sheet.physical_boxes + sheet.physical_overflow:
        high = sheet.physical_boxes + sheet.physical_overflow
        raise RulesError("error.damage_range", field="physical_damage", high=high)
    if sheet.stun_damage > sheet.stun_boxes:
        raise RulesError("error.damage_range", field="stun_damage", high=sheet.stun_boxes)
