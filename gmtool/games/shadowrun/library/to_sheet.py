"""From a library template to the edition's combat sheet, so an encounter can be built from it.

The sheet keeps what the tracker needs (attributes, initiative, Edge, damage
already taken, combat skills, weapons, armour); the template keeps the rest.

- **Weapons.** A template keeps each weapon's codes as text (``(STR+2)P``,
  ``-half``, ``15(c)``); each is read with
  :func:`gmtool.games.shadowrun.rules.weapons.chummer_fields.weapon_from_chummer` into the
  rules' :class:`Weapon`. A weapon whose text cannot be read (a smoke grenade's
  ``(10m Radius)``, a missile launcher's ``Missile``) is left off the sheet and
  its name returned in :attr:`SheetConversion.skipped_weapons`; it never stops
  the conversion.
- **Skills.** Active skills become the sheet's ``skills`` keys: the name in
  lower case, words joined by ``_`` (``Unarmed Combat`` → ``unarmed_combat``,
  the keys of ``resources/shadowrun/weapon_skills.json``). The rating is the
  skill's rating plus its augmentation ``bonus`` (adept Improved Ability and
  the like add to the pool exactly as rating does), capped at the sheet's
  maximum (12). Knowledge skills, and names that make no key (a name typed in
  Japanese), stay on the template only. Two skills with the same key keep the
  higher rating.
- **Armour.** SR5: the one armour value; SR4: ballistic and impact. A value
  beyond the sheet's maximum is refused with a RulesError naming the field.

The sheet computes its monitors from Body and Willpower (SR4-MT8, SR5-A6) and
has no field for bonus boxes, so a template whose monitors differ from the
standard size keeps them in :func:`monitor_bonus` for the caller. A template
that breaks the sheet's own checks (e.g. an attribute beyond the metatype's
augmented maximum) raises the sheet's RulesError, naming the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from gmtool.core.errors import GmtoolError, RulesError
from gmtool.games.shadowrun.library.exchange import EncounterEntry, EncounterPlan
from gmtool.games.shadowrun.library.template import (
    AnyTemplate,
    SR4Template,
    SR5Template,
    standard_monitors,
)
from gmtool.games.shadowrun.library.template import Weapon as TemplateWeapon
from gmtool.games.shadowrun.rules.shadowrun import MONITOR_BONUS_MAX, NAME_MAX, SKILL_KEY, SKILL_MAX
from gmtool.games.shadowrun.rules.weapons.chummer_fields import weapon_from_chummer
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon
from gmtool.games.shadowrun.sr4.rules import sheet as sr4_sheet
from gmtool.games.shadowrun.sr5.rules import sheet as sr5_sheet

AnySheet = sr4_sheet.Sheet | sr5_sheet.Sheet
_NOT_KEY = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class SheetConversion:
    """A combat sheet and the template's weapons that could not be put on it (by name)."""

    sheet: AnySheet
    skipped_weapons: list[str] = field(default_factory=list)


# -- parts -------------------------------------------------------------------------------------------
def skill_key(name: str) -> str | None:
    """``Unarmed Combat`` → ``unarmed_combat``; None when the name makes no sheet key."""
    key = _NOT_KEY.sub("_", name.strip().lower()).strip("_")[:40].rstrip("_")
    return key if SKILL_KEY.fullmatch(key) else None


def sheet_skills(template: AnyTemplate) -> dict[str, int]:
    """The template's active skills as the sheet's ``skills`` (rating + bonus, 0-12)."""
    skills: dict[str, int] = {}
    for entry in template.skills:
        key = None if entry.knowledge else skill_key(entry.name)
        if key is None:
            continue
        rating = max(0, min(SKILL_MAX, entry.rating + entry.bonus))
        skills[key] = max(rating, skills.get(key, 0))
    return skills


def chummer_fields(weapon: TemplateWeapon) -> dict[str, str]:
    """A template weapon's text as the fields of a Chummer ``<weapon>`` element."""
    return {
        "name": weapon.name,
        "category": weapon.category,
        "useskill": weapon.skill,
        "type": "Melee" if weapon.melee else "Ranged",
        "reach": str(weapon.reach),
        "damage": weapon.damage,
        "ap": weapon.ap,
        "mode": "/".join(weapon.modes),
        "rc": weapon.rc,
        "ammo": weapon.ammo,
        "accuracy": weapon.accuracy or "",
        "range": weapon.ranges,
    }


def sheet_weapons(template: AnyTemplate) -> tuple[tuple[Weapon, ...], list[str]]:
    """The rules weapons of a template, and the names of those that could not be read."""
    edition: Literal["sr4", "sr5"] = "sr5" if isinstance(template, SR5Template) else "sr4"
    weapons: list[Weapon] = []
    skipped: list[str] = []
    for entry in template.weapons:
        try:
            weapons.append(weapon_from_chummer(chummer_fields(entry), edition))
        except (GmtoolError, ValueError):  # an unreadable code, or the rules model refusing it
            skipped.append(entry.name)
    return tuple(weapons), skipped


def _armour(value: int, field_name: str, high: int) -> int:
    if value > high:
        raise RulesError("libui.error.armour_range", field=field_name, high=high, value=value)
    return value


def _common(template: AnyTemplate, name: str | None, is_npc: bool, weapons: tuple[Weapon, ...]) -> dict[str, object]:
    return {
        "name": (name or template.name)[:NAME_MAX],
        "metatype": template.metatype,
        "is_npc": is_npc,
        "attributes": dict(template.attributes),
        "initiative_bonus": template.initiative_bonus,
        "edge_points": template.attributes["EDG"],
        "physical_damage": template.monitors.physical_filled,
        "stun_damage": template.monitors.stun_filled,
        "skills": sheet_skills(template),
        "weapons": weapons,
        **_bonus_boxes(template),
    }


def _magic(template: AnyTemplate) -> int:
    """SR4-S1: the template's Magic on the sheet (none: 0, mundane), within what the sheet holds."""
    magic = template.magic or 0
    if magic > sr4_sheet.MAGIC_MAX:
        raise RulesError("sr.library.error.magic_range", value=magic, high=sr4_sheet.MAGIC_MAX)
    return magic


def _bonus_boxes(template: AnyTemplate) -> dict[str, int]:
    """The template's monitors beyond the standard ones reach the combat sheet (cyberware +4 …)."""
    physical, stun = monitor_bonus(template)
    high = MONITOR_BONUS_MAX
    return {"physical_bonus": max(-high, min(high, physical)), "stun_bonus": max(-high, min(high, stun))}


# -- sheets ------------------------------------------------------------------------------------------
def convert(template: AnyTemplate, *, name: str | None = None, is_npc: bool = True) -> SheetConversion:
    """The sheet of the template's edition and the weapons left off it (RulesError if the sheet refuses)."""
    weapons, skipped = sheet_weapons(template)
    common = _common(template, name, is_npc, weapons)
    sheet: AnySheet
    if isinstance(template, SR5Template):
        armour = _armour(template.armour.value, "armour", sr5_sheet.ARMOUR_MAX)
        sheet = sr5_sheet.Sheet(**common, initiative_dice=template.initiative_dice, armour=armour)
        sr5_sheet.check_sheet(sheet)
    else:
        ballistic = _armour(template.armour.ballistic, "ballistic_armour", sr4_sheet.ARMOUR_MAX)
        impact = _armour(template.armour.impact, "impact_armour", sr4_sheet.ARMOUR_MAX)
        sheet = sr4_sheet.Sheet(**common, initiative_passes=template.initiative_passes,
                                ballistic_armour=ballistic, impact_armour=impact, magic=_magic(template))
        sr4_sheet.check_sheet(sheet)
    return SheetConversion(sheet, skipped)


def to_sr5_sheet(template: SR5Template, *, name: str | None = None, is_npc: bool = True) -> sr5_sheet.Sheet:
    sheet = convert(template, name=name, is_npc=is_npc).sheet
    assert isinstance(sheet, sr5_sheet.Sheet)
    return sheet


def to_sr4_sheet(template: SR4Template, *, name: str | None = None, is_npc: bool = True) -> sr4_sheet.Sheet:
    sheet = convert(template, name=name, is_npc=is_npc).sheet
    assert isinstance(sheet, sr4_sheet.Sheet)
    return sheet


def to_sheet(template: AnyTemplate, *, name: str | None = None, is_npc: bool = True) -> AnySheet:
    """The combat sheet of the template's edition (RulesError if the sheet refuses it)."""
    return convert(template, name=name, is_npc=is_npc).sheet


def monitor_bonus(template: AnyTemplate) -> tuple[int, int]:
    """Boxes the template has beyond (or below) the standard monitors: (physical, stun)."""
    standard = standard_monitors(template.attributes["BOD"], template.attributes["WIL"])
    return (template.monitors.physical_boxes - standard.physical_boxes,
            template.monitors.stun_boxes - standard.stun_boxes)


def member_names(template: AnyTemplate, count: int) -> list[str]:
    """``Ganger 1`` … ``Ganger n`` for several copies; the plain name for one."""
    if count == 1:
        return [template.name]
    return [f"{template.name[: NAME_MAX - 4]} {i}" for i in range(1, count + 1)]


def entry_sheets(entry: EncounterEntry) -> list[AnySheet]:
    """One sheet per member of an encounter entry."""
    return [to_sheet(entry.template, name=n) for n in member_names(entry.template, entry.count)]


def plan_sheets(plan: EncounterPlan) -> tuple[list[AnySheet], list[AnySheet]]:
    """The runners' sheets (not NPCs) and the opposition's sheets, in the plan's order."""
    runners = [to_sheet(t, is_npc=False) for t in plan.runners]
    npcs = [sheet for entry in plan.entries for sheet in entry_sheets(entry)]
    return runners, npcs
