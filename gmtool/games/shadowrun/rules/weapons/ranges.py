"""Range bands in metres (short / medium / long / extreme) and the tables that give them per weapon category.

SR5 core p. 185 and the SR4A Weapon Range table (p. 310; the SR4 digest gives only the range
modifiers, p. 149) list the bands by weapon category; ``resources/weapons/<edition>_ranges.json``
holds them. Most rows give fixed bands in metres. Bows, thrown knives, shuriken and grenades
give the far end of each band as a multiple of the wielder's Strength instead
(``strength_multipliers``): a thrown knife reaches STR m short, STR×2 medium, STR×3 long,
STR×5 extreme. A bow's rating is the most Strength it uses (SR5 p. 424), so its row
``rating_caps_strength``; the caller gives the rating when it knows it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gmtool.core.errors import RulesError
from gmtool.core.resources import cached_model
from gmtool.games.shadowrun.rules.weapons.labels import Label

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


class StrengthMultipliers(BaseModel):
    """The far end of each band as a multiple of the wielder's Strength (STR×1 … STR×60)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    short: int = Field(ge=1)
    medium: int = Field(ge=1)
    long: int = Field(ge=1)
    extreme: int = Field(ge=1)

    @model_validator(mode="after")
    def _ascending(self) -> StrengthMultipliers:
        if not self.short < self.medium < self.long < self.extreme:
            raise ValueError("Strength multipliers must grow: short < medium < long < extreme")
        return self

    def bands(self, strength: int) -> RangeBands:
        """The bands in metres for a Strength of 1 or more."""
        return RangeBands(
            short=self.short * strength,
            medium=self.medium * strength,
            long=self.long * strength,
            extreme=self.extreme * strength,
        )


class RangeRow(BaseModel):
    """One row of the range table: fixed ``bands`` or ``strength_multipliers``, never both."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    label: Label
    bands: RangeBands | None = None
    strength_multipliers: StrengthMultipliers | None = None
    rating_caps_strength: bool = False  # a bow: its rating is the most Strength it uses
    chummer: tuple[str, ...] = ()  # Chummer's category or range names for this row
    page: int | None = Field(default=None, ge=1)  # when the row is on another page than the table's
    note: str = ""  # where the values come from, and any doubt about them

    @model_validator(mode="after")
    def _one_kind(self) -> RangeRow:
        if (self.bands is None) == (self.strength_multipliers is None):
            raise ValueError("a range row has either fixed bands or Strength multipliers (exactly one)")
        if self.rating_caps_strength and self.strength_multipliers is None:
            raise ValueError("only a Strength-based row can have its Strength capped by a rating")
        return self

    @property
    def strength_based(self) -> bool:
        return self.strength_multipliers is not None


class RangeTable(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    source: str
    page: int = Field(ge=1)
    categories: dict[str, RangeRow]


def range_table(edition: Edition) -> RangeTable:
    return cached_model(RangeTable, "weapons", f"{edition}_ranges.json")


def bands_for(
    edition: Edition, range_category: str, strength: int | None = None, *, rating: int | None = None
) -> RangeBands:
    """The bands of a range category in metres.

    Strength-based rows need the wielder's ``strength`` (a RulesError without it); fixed rows
    ignore it. ``rating`` is a bow's rating: on rows that ``rating_caps_strength`` the lower of
    Strength and rating is used (SR5 p. 424); elsewhere it is ignored.
    """
    row = range_table(edition).categories.get(range_category)
    if row is None:
        raise RulesError("weapons.error.range_category", category=range_category)
    multipliers = row.strength_multipliers
    if multipliers is None:
        return row.bands  # type: ignore[return-value]  # the row's validator: bands when no multipliers
    if strength is None:
        raise RulesError("weapons.error.strength_range_needed", category=row.label.text())
    used = min(strength, rating) if row.rating_caps_strength and rating is not None else strength
    if used < 1:
        raise RulesError("weapons.error.strength_range_low", category=row.label.text(), strength=used)
    return multipliers.bands(used)
