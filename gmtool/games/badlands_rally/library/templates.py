"""The rally's two kinds of template: a gear card (typed by the GM: official card values are never
shipped) and a course (a hex map with the library's tags and notes). Each is stored as a document
with its ``kind``; both are validated by pydantic before use, strictly (:mod:`gmtool.core.strict`):
whole numbers written as such, names and tags one plain line, and values the rules can use — the
ratings 2+ to 6+ (BR-1), the top speed at least the cruising speed (BR-5, BR-8), the maximum
range at least the optimal one (BR-10), special rules the digest lists (BR-20)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from gmtool.core.hex.map_file import HexMapFile
from gmtool.core.strict import Plain, PlainName, Whole
from gmtool.games.badlands_rally.rules.specials import checked_keys
from gmtool.games.badlands_rally.rules.weapons import WeaponCard

TEXT_MAX, NOTES_MAX, TAGS_MAX = 40, 2000, 30
Tag = Annotated[str, Field(min_length=1, max_length=TEXT_MAX), Plain]


class GearCard(BaseModel):
    """A gear's card values, as the GM types them from the datacard."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["gear"] = "gear"
    name: PlainName = Field(min_length=1, max_length=TEXT_MAX)
    attack: Whole = Field(default=4, ge=2, le=6)
    defence: Whole = Field(default=4, ge=2, le=6)
    initiative: Whole = Field(default=4, ge=2, le=6)
    armour: Whole = Field(default=6, ge=0, le=30)
    hull: Whole = Field(default=2, ge=0, le=20)
    structure: Whole = Field(default=2, ge=1, le=20)
    cruising_mr: Whole = Field(default=5, ge=1, le=30)
    top_mr: Whole = Field(default=8, ge=1, le=40)
    actions: Whole = Field(default=1, ge=0, le=5)
    weapons: tuple[WeaponCard, ...] = Field(default=(), max_length=8)
    tags: tuple[Tag, ...] = Field(default=(), max_length=TAGS_MAX)
    notes: str = Field(default="", max_length=NOTES_MAX)
    specials: tuple[str, ...] = Field(default=(), max_length=40)  # the datacard's special rules (rules/specials.py)

    @field_validator("top_mr")
    @classmethod
    def _top_at_least_cruising(cls, top: int, info: ValidationInfo) -> int:
        """BR-5, BR-8: a gear declares cruising or top speed; top speed is the faster one."""
        cruising = info.data.get("cruising_mr")
        if cruising is not None and top < cruising:
            raise PydanticCustomError("br.strict.top_below_cruising", "top speed below cruising",
                                      {"cruising": cruising})
        return top

    @field_validator("specials")
    @classmethod
    def _known_specials(cls, keys: tuple[str, ...]) -> tuple[str, ...]:
        try:
            return checked_keys(keys)
        except ValueError as exc:
            raise PydanticCustomError("br.strict.unknown_special", "unknown special rule",
                                      {"keys": str(exc).split(": ", 1)[-1][:200]}) from exc


class CourseTemplate(BaseModel):
    """A course kept in the library: the map itself, and the library's tags and notes."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["course"] = "course"
    map: HexMapFile
    tags: tuple[Tag, ...] = Field(default=(), max_length=TAGS_MAX)
    notes: str = Field(default="", max_length=NOTES_MAX)

    @property
    def name(self) -> str:
        return self.map.name


RallyTemplate = GearCard | CourseTemplate
