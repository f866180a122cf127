"""A gear's weapons as the GM types them from the datacard (BR-10, BR-11): name, optimal and maximum
range, power, the weapon's ±XD6 and its traits. Nothing official is shipped."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from gmtool.core.strict import PlainName, Whole
from gmtool.games.badlands_rally.rules.attack import Weapon

Trait = Literal["area", "blast", "heat", "impact", "melee", "rocket_pack"]  # rocket_pack: the GM's mark (BR-20 Twins)
TRAITS: tuple[Trait, ...] = ("area", "blast", "heat", "impact", "melee", "rocket_pack")


class WeaponCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: PlainName = Field(min_length=1, max_length=40)
    optimal: Whole = Field(ge=0, le=30)
    maximum: Whole = Field(ge=0, le=60)
    power: Whole = Field(ge=0, le=30)
    dice: Whole = Field(default=0, ge=-3, le=3)  # the weapon's ±XD6 on the attack
    burst: Whole = Field(default=0, ge=0, le=5)  # Burst X: +X attack dice
    traits: tuple[Trait, ...] = ()

    @field_validator("maximum")
    @classmethod
    def _beyond_optimal(cls, maximum: int, info: ValidationInfo) -> int:
        """BR-10: up to the optimal range no modifier, beyond it −1D6 up to the maximum, beyond that
        the attack fails; so the maximum is never short of the optimal range."""
        optimal = info.data.get("optimal")
        if optimal is not None and maximum < optimal:
            raise PydanticCustomError("br.strict.maximum_below_optimal", "the maximum range is at least the optimal",
                                      {"optimal": optimal})
        return maximum

    def has(self, trait: Trait) -> bool:
        return trait in self.traits

    def as_weapon(self) -> Weapon:
        """The weapon as the attack plan counts it."""
        return Weapon(optimal=self.optimal, maximum=self.maximum, dice=self.dice, burst=self.burst)
