"""Ammunition types and what they do to a weapon's damage, as data.

``resources/weapons/sr5_ammo.json`` (SR5 core p.433-434) and ``sr4_ammo.json`` (SR4 core)
list each type's Damage Value modifier, AP modifier, damage type change, replacement
values and notes; each row says whether it comes from the digest or from the rulebook
(the digests only mention tracers). :func:`apply_ammo` turns a weapon's DV, AP and type
into the loaded ammunition's.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.errors import RulesError
from gmtool.core.resources import cached_model
from gmtool.games.shadowrun.rules.weapons.damage_code import DamageType
from gmtool.games.shadowrun.rules.weapons.labels import Label
from gmtool.games.shadowrun.rules.weapons.ranges import Edition


class Ammunition(BaseModel):
    """One ammunition type; ``dv_replace``/``ap_replace`` replace the weapon's values outright."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    label: Label
    dv: int = 0
    ap: int = 0
    damage_type: DamageType | None = None
    flag: str | None = None
    dv_replace: int | None = None
    ap_replace: int | Literal["half"] | None = None
    knockdown: int = Field(default=0, ge=-10, le=0)  # what the target's knockdown figure counts (gel: −2)
    note: Label | None = None
    book: str
    page: int | None = Field(default=None, ge=1)
    source: Literal["digest", "rulebook"]


class AmmoTable(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    source: str
    ammunition: dict[str, Ammunition]


class LoadedDamage(BaseModel):
    """A weapon's damage once its ammunition is applied."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    dv: int
    ap: int
    damage_type: DamageType
    flag: str | None = None
    ap_halves_armour: bool = False


def ammo_table(edition: Edition) -> AmmoTable:
    return cached_model(AmmoTable, "weapons", f"{edition}_ammo.json")


def ammunition(edition: Edition, key: str) -> Ammunition:
    """An ammunition type by key; RulesError when the edition has none of that name."""
    found = ammo_table(edition).ammunition.get(key)
    if found is None:
        raise RulesError("weapons.error.unknown_ammo", ammo=key)
    return found


def apply_ammo(
    ammo: Ammunition, dv: int, ap: int, damage_type: DamageType, flag: str | None = None, ap_halves_armour: bool = False
) -> LoadedDamage:
    """The DV, AP, damage type and flag of a shot with ``ammo`` from a weapon with these values."""
    new_dv = ammo.dv_replace if ammo.dv_replace is not None else dv + ammo.dv
    halves = ap_halves_armour
    if ammo.ap_replace == "half":
        new_ap, halves = 0, True
    elif ammo.ap_replace is not None:
        new_ap, halves = ammo.ap_replace, False
    else:
        new_ap = ap + ammo.ap
    return LoadedDamage(
        dv=max(0, new_dv),
        ap=new_ap,
        damage_type=ammo.damage_type or damage_type,
        flag=ammo.flag if ammo.flag is not None else flag,
        ap_halves_armour=halves,
    )
