"""The natural attacks of SR4 spirits, critters and drones (``resources/sr4/natural_weapons.json``).

The digest gives none, so the figures are made up for gmtool (the file says so): each summoned
spirit type strikes in its own way, a critter bites and claws, a drone rams. They are melee
weapons of the category "Natural" (used with Unarmed Combat, :mod:`..rules.attack.skills`) whose
damage codes count the attacker's Strength: a spirit's is its Force, a drone's its Body.
A combatant that joins without weapons of its own gets its kind's (:func:`natural_for`).
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field, field_validator

from gmtool.core.errors import RulesError
from gmtool.core.resources import cached_model
from gmtool.games.shadowrun.rules.weapons.damage_code import DamageCode
from gmtool.games.shadowrun.rules.weapons.labels import Label
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon

CATEGORY = "Natural"
SKILL = "unarmed_combat"
MADE_UP = "made up for gmtool"
NATURAL_KINDS = ("spirit", "critter", "vehicle")  # the metatypes whose combatants bring natural attacks


class NaturalEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Label
    damage: str
    reach: int = Field(default=0, ge=0, le=3)

    @field_validator("damage")
    @classmethod
    def _readable(cls, damage: str) -> str:
        DamageCode.parse(damage)  # a code the attack can evaluate, or the file is refused
        return damage


class NaturalWeapons(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    source: str
    weapons: dict[str, NaturalEntry]
    spirits: dict[str, tuple[str, ...]]
    critter: tuple[str, ...]
    vehicle: tuple[str, ...]


def _table() -> NaturalWeapons:
    return cached_model(NaturalWeapons, "sr4", "natural_weapons.json")


@cache
def natural_weapon(key: str) -> Weapon:
    """One natural weapon as the attack uses it."""
    entry = _table().weapons.get(key)
    if entry is None:
        raise RulesError("weapons.error.unknown_weapon", weapon=key)
    return Weapon(key=key, name=entry.name.en, name_ja=entry.name.ja, edition="sr4", category=CATEGORY, skill=SKILL,
                  kind="melee", reach=entry.reach, damage=DamageCode.parse(entry.damage), book=MADE_UP)


def _weapons(keys: tuple[str, ...]) -> tuple[Weapon, ...]:
    return tuple(natural_weapon(key) for key in keys)


def spirit_weapons(spirit_type: str) -> tuple[Weapon, ...]:
    """A summoned spirit's natural attacks, by its type (SR4-S6's spirit types)."""
    return _weapons(_table().spirits.get(spirit_type, ("spirit_strike",)))


def natural_for(metatype: str) -> tuple[Weapon, ...]:
    """The natural attacks a combatant of this metatype brings when it joins without weapons
    (a spirit not summoned here: the plain spirit's strike); none for metahumans."""
    table = _table()
    if metatype == "spirit":
        return _weapons(("spirit_strike",))
    if metatype == "critter":
        return _weapons(table.critter)
    if metatype == "vehicle":
        return _weapons(table.vehicle)
    return ()
