"""Upgrades (BR-20), rolled on 1D6 or chosen: ``resources/badlands_rally/upgrades.json``, validated.

Their effects: one more die (:func:`extra_die`: Speed Demon on burn rubber, the Coiled Hydraulic
Enhancer on a jump check, Sponsorship Paint on initiative checks), The Move's spin
(:func:`the_move_spin`), the Whacker (:data:`WHACKER`, POW 7) and the Twins' better Attack
(:func:`twins_rating`). The datacards' special rules
are the GM's to type with the gear's card (no card data is shipped).
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gmtool.core.errors import RulesError
from gmtool.core.resources import cached_model
from gmtool.games.badlands_rally.rules.attack import Weapon

WHACKER = Weapon(optimal=2, maximum=2)  # range 1–2 hexes
WHACKER_POWER = 7


class Upgrade(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    die: int = Field(ge=1, le=6)
    key: str = Field(pattern=r"^[a-z_]+$")
    en: str
    ja: str
    effect_en: str
    effect_ja: str


class UpgradeFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: Literal[1]
    source: str
    upgrades: tuple[Upgrade, ...]

    @model_validator(mode="after")
    def _one_per_face(self) -> UpgradeFile:
        if sorted(u.die for u in self.upgrades) != [1, 2, 3, 4, 5, 6]:
            raise ValueError("one upgrade per face of the die")
        return self


@cache
def upgrades() -> dict[int, Upgrade]:
    return {u.die: u for u in cached_model(UpgradeFile, "badlands_rally", "upgrades.json").upgrades}


def upgrade_for(die: int) -> Upgrade:
    """The upgrade a die roll gives."""
    if die not in upgrades():
        raise RulesError("error.faces_range")
    return upgrades()[die]


def extra_die(has: set[str], key: str) -> int:
    return int(key in has)


def the_move_spin(first: int, second: int) -> tuple[int, bool]:
    """The Move: the turn is the higher of two dice; a 6 on either cancels the skid."""
    return max(first, second), 6 in (first, second)


def twins_rating(rating: int) -> int:
    """Twins: the weapon's Attack one better (4+ becomes 3+), never below 1+."""
    return max(1, rating - 1)
