"""The rally's two kinds of template: a gear card (typed by the GM: official card values are never
shipped) and a course (a hex map with the library's tags and notes). Each is stored as a document
with its ``kind``; both are validated by pydantic before use."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from gmtool.core.hex.map_file import HexMapFile
from gmtool.games.badlands_rally.rules.specials import checked_keys
from gmtool.games.badlands_rally.rules.weapons import WeaponCard

TEXT_MAX, NOTES_MAX = 40, 2000


class GearCard(BaseModel):
    """A gear's card values, as the GM types them from the datacard."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["gear"] = "gear"
    name: str = Field(min_length=1, max_length=TEXT_MAX)
    attack: int = Field(default=4, ge=2, le=6)
    defence: int = Field(default=4, ge=2, le=6)
    initiative: int = Field(default=4, ge=2, le=6)
    armour: int = Field(default=6, ge=0, le=30)
    hull: int = Field(default=2, ge=0, le=20)
    structure: int = Field(default=2, ge=1, le=20)
    cruising_mr: int = Field(default=5, ge=1, le=30)
    top_mr: int = Field(default=8, ge=1, le=40)
    actions: int = Field(default=1, ge=0, le=5)
    weapons: tuple[WeaponCard, ...] = Field(default=(), max_length=8)
    tags: tuple[str, ...] = ()
    notes: str = Field(default="", max_length=NOTES_MAX)
    specials: tuple[str, ...] = ()  # the datacard's special rules (keys of rules/specials.py)

    @field_validator("specials")
    @classmethod
    def _known_specials(cls, keys: tuple[str, ...]) -> tuple[str, ...]:
        return checked_keys(keys)


class CourseTemplate(BaseModel):
    """A course kept in the library: the map itself, and the library's tags and notes."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["course"] = "course"
    map: HexMapFile
    tags: tuple[str, ...] = ()
    notes: str = Field(default="", max_length=NOTES_MAX)

    @property
    def name(self) -> str:
        return self.map.name


RallyTemplate = GearCard | CourseTemplate
