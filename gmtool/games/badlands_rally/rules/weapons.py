"""A gear's weapons as the GM types them from the datacard (BR-10, BR-11): name, optimal and maximum
range, power, the weapon's ±XD6 and its traits. Nothing official is shipped."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gmtool.games.badlands_rally.rules.attack import Weapon

Trait = Literal["area", "blast", "heat", "impact", "melee", "rocket_pack"]  # rocket_pack: the GM's mark (BR-20 Twins)
TRAITS: tuple[Trait, ...] = ("area", "blast", "heat", "impact", "melee", "rocket_pack")


class WeaponCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    optimal: int = Field(ge=0, le=30)
    maximum: int = Field(ge=0, le=60)
    power: int = Field(ge=0, le=30)
    dice: int = Field(default=0, ge=-3, le=3)  # the weapon's ±XD6 on the attack
    burst: int = Field(default=0, ge=0, le=5)  # Burst X: +X attack dice
    traits: tuple[Trait, ...] = ()

    @model_validator(mode="after")
    def _ranges(self) -> WeaponCard:
        if self.maximum < self.optimal:
            raise ValueError("the maximum range is at least the optimal range")
        return self

    def has(self, trait: Trait) -> bool:
        return trait in self.traits

    def as_weapon(self) -> Weapon:
        """The weapon as the attack plan counts it."""
        return Weapon(optimal=self.optimal, maximum=self.maximum, dice=self.dice, burst=self.burst)
