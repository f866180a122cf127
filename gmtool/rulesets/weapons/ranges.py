"""Range bands in metres (short / medium / long / extreme) and the tables that give them per weapon category.

SR5 core p.185 and SR4 p.149 (the SR4 digest's range row) list the bands by weapon
category; ``resources/weapons/<edition>_ranges.json`` holds them. Bows and thrown weapons
have Strength-based ranges, which gmtool does not compute yet (NotImplementedRuleError).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gmtool.core.errors import NotImplementedRuleError, RulesError
from gmtool.core.resources import cached_model
from gmtool.rulesets.weapons.labels import Label

RangeBand = Literal["short", "medium", "long", "extreme"]
BANDS: tuple[RangeBand, ...] = ("short", "medium", "long", "extreme")
Edition = Literal["sr4", "sr5"]


class RangeBands(BaseModel):
    """The far end of each band in metres; a distance beyond ``extreme`` is out of range."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    short: int = Field(ge=0)
    medium: int = Field(ge=0)
    long: int = Field(ge=0)
    extreme: int = Field(ge=0)

    @model_validator(mode="after")
    def _ascending(self) -> RangeBands:
        if not self.short < self.medium < self.long < self.extreme:
            raise ValueError("range bands must grow: short < medium < long < extreme")
        return self

    def band(self, distance: float) -> RangeBand | None:
        """The band a distance in metres falls in, or None when out of range."""
        if distance < 0:
            raise RulesError("weapons.error.distance_negative", distance=distance)
        for name in BANDS:
            if distance <= getattr(self, name):
                return name
        return None


class RangeRow(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    label: Label
    bands: RangeBands | None = None
    strength_based: bool = False
    chummer: tuple[str, ...] = ()  # Chummer's category or range names for this row


class RangeTable(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    source: str
    page: int = Field(ge=1)
    categories: dict[str, RangeRow]


def range_table(edition: Edition) -> RangeTable:
    return cached_model(RangeTable, "weapons", f"{edition}_ranges.json")


def bands_for(edition: Edition, range_category: str) -> RangeBands:
    """The bands of a range category; NotImplementedRuleError for Strength-based ranges."""
    row = range_table(edition).categories.get(range_category)
    if row is None:
        raise RulesError("weapons.error.range_category", category=range_category)
    if row.strength_based or row.bands is None:
        raise NotImplementedRuleError("weapons.error.strength_ranges", category=range_category)
    return row.bands
