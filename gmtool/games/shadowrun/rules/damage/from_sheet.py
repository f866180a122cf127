"""Attack inputs from the sheets the tracker already keeps (attributes, wounds, limit, monitors).

The sheets hold no skills, armour or weapons yet, so those are arguments; the
attributes, the wound modifier (SR4-MT8 / SR5-A6), the SR5 physical limit and the
condition monitors come from the sheet, so they are never computed twice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.games.shadowrun.rules.damage.inputs import Attacker, SR4Defender, SR5Defender
from gmtool.games.shadowrun.rules.shadowrun import ShadowrunSheet

if TYPE_CHECKING:
    from gmtool.games.shadowrun.sr5.rules.sheet import Sheet as SR5Sheet


def attacker_of(sheet: ShadowrunSheet, skill: int, attribute: str = "AGI") -> Attacker:
    """The attack's attribute (Agility unless told) and skill, with the sheet's wounds."""
    return Attacker(sheet.attributes[attribute], skill, sheet.wound_modifier, f"attr.{attribute}")


def sr4_defender_of(
    sheet: ShadowrunSheet,
    ballistic_armour: int = 0,
    impact_armour: int = 0,
    dodge: int = 0,
    gymnastics: int = 0,
    unarmed_combat: int = 0,
    weapon_skill: int = 0,
) -> SR4Defender:
    a = sheet.attributes
    return SR4Defender(
        body=a["BOD"], reaction=a["REA"], ballistic_armour=ballistic_armour, impact_armour=impact_armour,
        dodge=dodge, gymnastics=gymnastics, unarmed_combat=unarmed_combat, weapon_skill=weapon_skill,
        wound_modifier=sheet.wound_modifier,
    )


def sr5_defender_of(
    sheet: SR5Sheet, armour: int = 0, gymnastics: int = 0, unarmed_combat: int = 0, weapon_skill: int = 0
) -> SR5Defender:
    a = sheet.attributes
    return SR5Defender(
        body=a["BOD"], reaction=a["REA"], intuition=a["INT"], willpower=a["WIL"],
        physical_limit=sheet.physical_limit, armour=armour, gymnastics=gymnastics,
        unarmed_combat=unarmed_combat, weapon_skill=weapon_skill, wound_modifier=sheet.wound_modifier,
    )
