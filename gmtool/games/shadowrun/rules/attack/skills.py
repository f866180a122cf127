"""Which combat skill a weapon uses: its category looked up in
``resources/shadowrun/weapon_skills.json`` (both editions name the same skills)."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, Field

from gmtool.core.resources import cached_model
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon

UNKNOWN_SKILL = ""
_NOT_KEY = re.compile(r"[^a-z0-9]+")  # "Exotic Melee Weapon" → "exotic_melee_weapon", as the sheet keys skills


class WeaponSkills(BaseModel):
    schema_version: int = Field(ge=1, le=1)
    source: str
    skills: dict[str, str]


def weapon_skill(weapon: Weapon) -> str:
    """The skill key the weapon uses: the skill its data names (Chummer's useskill, "Unarmed Combat"),
    else its category's ("" when the category is unknown: defaulting). Natural weapons (fangs,
    claws, a tail) use Unarmed Combat."""
    if weapon.skill:
        return _NOT_KEY.sub("_", weapon.skill.strip().lower()).strip("_")
    return cached_model(WeaponSkills, "shadowrun", "weapon_skills.json").skills.get(weapon.category, UNKNOWN_SKILL)


def parry_skill(sheet: Any) -> str:
    """The skill a defender parries with: its first melee weapon's, else unarmed combat."""
    melee = [w for w in sheet.weapons if w.melee]
    return weapon_skill(melee[0]) if melee else "unarmed_combat"
