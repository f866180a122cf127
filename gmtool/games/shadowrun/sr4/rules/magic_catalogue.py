"""The SR4 spell catalogue and spirit types (``resources/sr4/spells.json``), validated with pydantic.

A spell is rules facts only: category, type (mana or physical), range, damage (combat spells),
duration and its drain value as Force ÷ 2 (rounded down) + a modifier (SR4-S1, S3). ``source``
marks the rulebook's spells and the GM's own. Spirits (SR4-S6) are named types; their sheet is
built from the Force (:mod:`.magic_summon`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.errors import RulesError
from gmtool.core.resources import cached_model

Category = Literal["combat", "detection", "health", "illusion", "manipulation"]
Tradition = Literal["hermetic", "shamanic"]
TRADITION_ATTRIBUTE: dict[str, str] = {"hermetic": "LOG", "shamanic": "CHA"}  # SR4-S3: Willpower + this
FORCE_MIN = 1


class Spell(BaseModel):
    """One spell as the tracker needs it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: dict[str, str]
    category: Category
    type: Literal["mana", "physical"]
    range: Literal["touch", "los", "los_area"]
    damage: Literal["physical", "stun"] | None = None  # combat spells only
    duration: Literal["instant", "sustained", "permanent"]
    drain_modifier: int = Field(ge=-6, le=6)
    source: Literal["rulebook", "gm"]

    def label(self, language: str) -> str:
        return self.name.get(language, self.name["en"])


class SpiritType(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: dict[str, str]
    initiative_passes: int = Field(ge=1, le=4)

    def label(self, language: str) -> str:
        return self.name.get(language, self.name["en"])


class SpellCatalogue(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    source: str
    spells: dict[str, Spell]
    spirits: dict[str, SpiritType]


def catalogue() -> SpellCatalogue:
    return cached_model(SpellCatalogue, "sr4", "spells.json")


def spell(key: str) -> Spell:
    try:
        return catalogue().spells[key]
    except KeyError:
        raise RulesError("error.sr4_unknown_spell", spell=key) from None


def spirit_type(key: str) -> SpiritType:
    try:
        return catalogue().spirits[key]
    except KeyError:
        raise RulesError("error.sr4_unknown_spirit", spirit=key) from None


def drain_value(s: Spell, force: int) -> int:
    """SR4-S3: Force ÷ 2 rounded down + the spell's modifier (never below 0)."""
    return max(0, force // 2 + s.drain_modifier)


def drain_track(force: int, magic: int) -> Literal["stun", "physical"]:
    """SR4-S3: Force ≤ Magic → stun; Force > Magic (up to Magic × 2) → physical."""
    return "stun" if force <= magic else "physical"


def check_force(force: int, magic: int, name: str) -> None:
    """SR4-S1, S6: Force from 1 to Magic × 2; a mundane (Magic 0) casts nothing."""
    if magic < 1:
        raise RulesError("error.sr4_not_awakened", name=name)
    if not FORCE_MIN <= force <= magic * 2:
        raise RulesError("error.sr4_force_range", name=name, high=magic * 2, force=force)


def resist_attribute(s: Spell) -> str:
    """SR4-S2: mana spells are resisted with Willpower, physical ones with Body."""
    return "WIL" if s.type == "mana" else "BOD"
