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

from math import ceil, floor

from pydantic import BaseModel, ConfigDict, Field, field_validator

from gmtool.core.errors import RulesError
from gmtool.core.resources import cached_model
from gmtool.rulesets.sr4.initiative import MAX_PASSES

ATTRIBUTES: tuple[str, ...] = ("BOD", "AGI", "REA", "STR", "WIL", "LOG", "INT", "CHA", "EDG")
NAME_MAX = 60
INITIATIVE_BONUS_MAX = 10


class MetatypeInfo(BaseModel):
    label: dict[str, str]
    walk: int = Field(ge=1)  # SR4-C6, metres per combat turn
    run: int = Field(ge=1)
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
    augmented_factor: float = Field(ge=1)
    metatypes: dict[str, MetatypeInfo]


def metatypes() -> MetatypeTable:
    return cached_model(MetatypeTable, "sr4", "metatypes.json")


class Sheet(BaseModel):
    """What the tracker knows of an SR4 combatant."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str = Field(min_length=1, max_length=NAME_MAX)
    metatype: str = "human"
    is_npc: bool = False
    attributes: dict[str, int]
    initiative_bonus: int = Field(default=0, ge=0, le=INITIATIVE_BONUS_MAX)
    initiative_passes: int = Field(default=1, ge=1, le=MAX_PASSES)
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

    @property
    def initiative_attribute(self) -> int:
        """SR4-C1: Reaction + Intuition + augmentation bonus."""
        return self.attributes["REA"] + self.attributes["INT"] + self.initiative_bonus

    @property
    def physical_boxes(self) -> int:
        return 8 + ceil(self.attributes["BOD"] / 2)

    @property
    def physical_overflow(self) -> int:
        return self.attributes["BOD"]

    @property
    def physical_max(self) -> int:
        """The most physical damage the sheet holds: monitor + overflow + the box of death."""
        return self.physical_boxes + self.physical_overflow + 1

    @property
    def stun_boxes(self) -> int:
        return 8 + ceil(self.attributes["WIL"] / 2)

    @property
    def dead(self) -> bool:
        return self.physical_damage > self.physical_boxes + self.physical_overflow

    @property
    def wound_modifier(self) -> int:
        """SR4-MT8: −1 per 3 boxes filled on each monitor; the two add up."""
        physical = min(self.physical_damage, self.physical_boxes)
        return -(physical // 3) - (min(self.stun_damage, self.stun_boxes) // 3)


def attribute_range(metatype: str, attribute: str) -> tuple[int, int]:
    """Lowest and highest value the sheet accepts (augmented maximum; Edge 0 to natural max)."""
    table = metatypes()
    low, high = table.metatypes[metatype].limits[attribute]
    if attribute == "EDG":
        return 0, high
    return low, floor(high * table.augmented_factor)


def check_sheet(sheet: Sheet) -> None:
    """Refuse a sheet the rules do not allow; the error names the field."""
    if sheet.metatype not in metatypes().metatypes:
        raise RulesError("error.unknown_metatype", field="metatype", metatype=sheet.metatype)
    if set(sheet.attributes) != set(ATTRIBUTES):
        raise RulesError("error.attributes_incomplete", field="attributes")
    for attribute in ATTRIBUTES:
        low, high = attribute_range(sheet.metatype, attribute)
        value = sheet.attributes[attribute]
        if not low <= value <= high:
            raise RulesError(
                "error.attribute_range", field=f"attr.{attribute}", attribute=attribute,
                low=low, high=high, value=value,
            )
    if sheet.edge_points > sheet.attributes["EDG"]:
        raise RulesError("error.edge_points_range", field="edge_points", high=sheet.attributes["EDG"])
    if sheet.physical_damage > sheet.physical_max:
        raise RulesError("error.damage_range", field="physical_damage", high=sheet.physical_max)
    if sheet.stun_damage > sheet.stun_boxes:
        raise RulesError("error.damage_range", field="stun_damage", high=sheet.stun_boxes)
