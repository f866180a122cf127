"""An encounter's combatants as templates, as they stand now (damage taken included), for exporting them
(as Foundry VTT actors: File → Export…).

A combat sheet holds less than a template: skills by key (``pistols`` → ``Pistols``), no knowledge
skills, spells or augmentations; weapons in their rules form, written back as the text a template
keeps (``8P``, ``-1``, ``2(3)``, ``15(c)``). A vehicle or critter whose metatype is no template's
is written as human; a weapon the template cannot hold is left out.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from gmtool.games.shadowrun.library.template import (
    METATYPES,
    AnyTemplate,
    SR4Template,
    SR5Template,
    Weapon,
    monitor_sizes,
)
from gmtool.games.shadowrun.rules.shadowrun import ATTRIBUTES
from gmtool.games.shadowrun.rules.weapons.weapon import Weapon as RulesWeapon
from gmtool.games.shadowrun.sr5.rules import sheet as sr5_sheet


def _pair(value: int, full: int | None) -> str:
    return f"{value}({full})" if full is not None else (str(value) if value else "")


def _accuracy(weapon: RulesWeapon) -> str | None:
    if weapon.accuracy is not None:
        return _pair(weapon.accuracy, weapon.accuracy_full)
    if weapon.accuracy_physical_offset is not None:
        offset = weapon.accuracy_physical_offset
        return "Physical" + (f"{offset:+d}" if offset else "")
    return None


def template_weapon(weapon: RulesWeapon) -> Weapon | None:
    """A sheet's weapon as a template keeps it (None when it cannot be one)."""
    feed = weapon.ammo[0] if weapon.ammo else None
    ammo = "" if feed is None else f"{feed.capacity}({feed.feed})" if feed.feed else str(feed.capacity)
    try:
        return Weapon(
            name=weapon.name[:80], category=weapon.category[:80], skill=weapon.skill[:80],
            melee=weapon.kind == "melee", reach=weapon.reach, damage=weapon.damage.text,
            ap="-half" if weapon.ap_halves_armour else (str(weapon.ap) if weapon.ap else "-"),
            modes=list(weapon.modes), rc=_pair(weapon.recoil_compensation, weapon.recoil_compensation_full),
            ammo=ammo, accuracy=_accuracy(weapon), ranges=weapon.range_category or "",
        )
    except ValidationError:
        return None


def _name_of_key(key: str) -> str:
    return " ".join(part.capitalize() for part in key.split("_") if part)


def template_of_sheet(sheet: Any) -> AnyTemplate | None:
    """One combatant's sheet (SR5 or SR4) as a template of its edition (None when it cannot be one)."""
    attributes = {code: value for code, value in sheet.attributes.items() if code in ATTRIBUTES}
    physical, stun = monitor_sizes(attributes.get("BOD", 1), attributes.get("WIL", 1),
                                   sheet.physical_bonus, sheet.stun_bonus)
    fields: dict[str, Any] = {
        "name": sheet.name, "metatype": sheet.metatype if sheet.metatype in METATYPES else "human",
        "attributes": attributes, "initiative_bonus": sheet.initiative_bonus,
        "monitors": {"physical_boxes": physical, "stun_boxes": stun,
                     "physical_filled": sheet.physical_damage, "stun_filled": min(sheet.stun_damage, stun)},
        "skills": [{"name": _name_of_key(key), "rating": rating} for key, rating in sheet.skills.items() if rating > 0],
        "weapons": [w for w in (template_weapon(weapon) for weapon in sheet.weapons) if w is not None],
        "source": "encounter",
    }
    try:
        if isinstance(sheet, sr5_sheet.Sheet):
            return SR5Template.model_validate(fields | {"initiative_dice": sheet.initiative_dice,
                                                        "armour": {"value": sheet.armour},
                                                        "magic": sheet.attributes.get("MAG") or None})
        magic = sheet.magic or None
        return SR4Template.model_validate(fields | {
            "initiative_passes": sheet.initiative_passes, "magic": magic,
            "armour": {"ballistic": sheet.ballistic_armour, "impact": sheet.impact_armour}})
    except ValidationError:
        return None


def combatant_templates(state: Any) -> tuple[AnyTemplate, ...]:
    """Every combatant of an SR5 or SR4 encounter state as a template, in the order of the state."""
    found = (template_of_sheet(combatant.sheet) for combatant in state.combatants.values())
    return tuple(t for t in found if t is not None)
