"""What a called shot changes, as one frozen record shared by the SR5 and SR4 functions."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.games.shadowrun.rules.weapons.damage_code import DamageType


class EffectToAdd(BaseModel):
    """An effect the attack flow must create; ``key`` is an effect-catalogue key (``dirty_trick``, ``prone`` …)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    holder: Literal["target", "attacker"]
    modifier: int = 0


class CalledShotResult(BaseModel):
    """The changes a called shot makes to an attack that hit (all neutral when it did not).

    ``deals_damage`` False: the attack does no damage. ``damage_type`` None: unchanged.
    ``initiative_change`` is added to the target's score; ``loses_action`` when that brings
    it to 0 or less. ``distance_m`` is how far a blasted item flies; ``bonus_dice`` the
    trick shot's dice for the next Intimidation test; ``ignore_armour`` for SR4's shot at
    an unarmoured spot.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    shot: str
    hit: bool
    deals_damage: bool = True
    damage_type: DamageType | None = None
    extra_dv: int = 0
    effects: tuple[EffectToAdd, ...] = ()
    initiative_change: int = 0
    new_initiative: int | None = None
    loses_action: bool = False
    distance_m: int | None = Field(default=None, ge=0)
    bonus_dice: int = Field(default=0, ge=0)
    ignore_armour: bool = False
