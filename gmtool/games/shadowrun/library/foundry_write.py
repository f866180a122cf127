"""Templates → Foundry VTT actor JSON that Foundry's "Import Data" takes: SR5 in the system's current
layout (0.33+: skills as items), SR4 for the ``shadowrun4e`` system.

Only base values are written; Foundry derives the rest (monitor sizes, initiative, limits) as it
does for any actor. What Foundry has no field for and gmtool needs to read the file back the same
(tags, professional rating, the range table row, a skill's bonus dice, SR5's initiative bonus) goes
into the actor's and items' ``flags.gmtool``, which Foundry keeps. What is not written at all
(spells, programs, augmentations, damage codes beyond ``N``, ``STR+N`` and ``STR/2+N`` …) is listed
in docs/user/library.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from gmtool.games.shadowrun.library.foundry_weapons import distances
from gmtool.games.shadowrun.library.template import AnyTemplate, SkillEntry, SR4Template, SR5Template, Weapon
from gmtool.games.shadowrun.rules.weapons.damage_code import DamageCode
from gmtool.storage.atomic import write_atomic

SR5_VERSION = "0.36.0"  # the SR5 system release whose layout is written
SR4_VERSION = "1.22.0"
NAMES = {"BOD": "body", "AGI": "agility", "REA": "reaction", "STR": "strength", "WIL": "willpower",
         "LOG": "logic", "INT": "intuition", "CHA": "charisma", "EDG": "edge", "MAG": "magic", "RES": "resonance"}
CLIP_TYPES = {"c": "removable_clip", "b": "break_action", "belt": "belt_fed", "m": "internal_magazin",
              "ml": "muzzle_loader", "cy": "cylinder", "d": "drum", "bow": "bow"}
SR5_MODES = {"SS": "single_shot", "SA": "semi_auto", "BF": "burst_fire", "FA": "full_auto"}
SR4_MODE_WORDS = {"SS": "SINGLE", "SA": "SEMI", "BF": "BURST", "FA": "FULL"}
SR4_ONE_MODE = {"SS": "SINGLE_SHOT", "SA": "SEMI_AUTOMATIC", "BF": "BURST_FIRE", "FA": "FULL_AUTO"}
_FEED = re.compile(r"^\s*(\d+)\s*(?:\(\s*([a-z]+)\s*\))?", re.IGNORECASE)
_STR = re.compile(r"^STR(?:/2)?([+-]\d+)?$")


# -- shared parts ----------------------------------------------------------------------------------------
def _notes(text: str) -> str:
    """Plain notes as the HTML Foundry's editors keep (a paragraph per line)."""
    return "".join(f"<p>{escape(line)}</p>" for line in text.splitlines())


def _flags(template: AnyTemplate) -> dict[str, Any]:
    own: dict[str, Any] = {"tags": list(template.tags)}
    if template.professional_rating is not None:
        own["professional_rating"] = template.professional_rating
    return {"gmtool": own}


def _damage(weapon: Weapon) -> tuple[int, str, bool]:
    """(base, P/S, Strength-based) of a damage code; a code Foundry cannot hold keeps its number part."""
    code = DamageCode.parse(weapon.damage)
    found = _STR.match(code.value)
    if found:
        return int(found[1] or 0), code.damage_type, True
    digits = re.match(r"^\d+", code.value)
    return int(digits[0]) if digits else 0, code.damage_type, False


def _ap(weapon: Weapon) -> int:
    text = weapon.ap.strip()
    return int(text) if re.fullmatch(r"[-+]?\d+", text) else 0


def _first_number(text: str) -> int:
    found = re.match(r"^\s*([-+]?\d+)", text or "")
    return int(found[1]) if found else 0


def _feed(weapon: Weapon) -> tuple[int, str]:
    found = _FEED.match(weapon.ammo or "")
    return (int(found[1]), (found[2] or "").lower()) if found else (0, "")


def _item(name: str, kind: str, system: dict[str, Any], flags: dict[str, Any] | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"name": name, "type": kind, "system": system}
    if flags:
        item["flags"] = {"gmtool": flags}
    return item


# -- SR5 -----------------------------------------------------------------------------------------------
def sr5_actor(template: SR5Template) -> dict[str, Any]:
    """One SR5 template as a ``shadowrun5e`` actor of the current layout."""
    attributes: dict[str, Any] = {NAMES[k]: {"base": v} for k, v in template.attributes.items()}
    attributes["edge"]["uses"] = 0
    attributes["magic"] = {"base": template.magic or 0}
    attributes["resonance"] = {"base": template.resonance or 0}
    attributes["essence"] = {"base": template.essence, "value": template.essence}  # no cyberware written: base is all
    special = "magic" if template.magic else "resonance" if template.resonance else "mundane"
    physical, stun = _monitor_bonus(template)
    filled = template.monitors.physical_filled
    grunt = "grunt" in {t.casefold() for t in template.tags}
    system = {
        "metatype": template.metatype, "special": special, "is_npc": grunt or template.professional_rating is not None,
        "npc": {"is_grunt": grunt}, "attributes": attributes,
        "initiative": {"meatspace": {"dice": {"base": template.initiative_dice}}},
        "track": {"physical": {"value": min(filled, template.monitors.physical_boxes),
                               "overflow": {"value": max(0, filled - template.monitors.physical_boxes)}},
                  "stun": {"value": template.monitors.stun_filled}},
        "modifiers": {"physical_track": physical, "stun_track": stun},
        "description": {"value": _notes(template.notes)},
    }
    items = [_sr5_skill(s) for s in template.skills]
    items += [_item(g.name, "skill", {"type": "group", "group": {"rating": g.rating}}) for g in template.skill_groups]
    items += [_sr5_weapon(w) for w in template.weapons]
    items += _sr5_armour(template)
    flags = _flags(template)
    if template.initiative_bonus:
        flags["gmtool"]["initiative_bonus"] = template.initiative_bonus
    return {"name": template.name, "type": "character", "system": system, "items": items, "flags": flags,
            "_stats": {"systemId": "shadowrun5e", "systemVersion": SR5_VERSION}}


def _monitor_bonus(template: AnyTemplate) -> tuple[int, int]:
    from gmtool.games.shadowrun.library.to_sheet import monitor_bonus

    return monitor_bonus(template)


def _sr5_skill(skill: SkillEntry) -> dict[str, Any]:
    data = {
        "category": "knowledge" if skill.knowledge else "active", "rating": skill.rating,
        "attribute": NAMES.get(skill.attribute or "", ""), "group": skill.group or "",
        "specializations": [{"name": s} for s in skill.specialisations],
    }
    return _item(skill.name, "skill", {"type": "skill", "skill": data}, {"bonus": skill.bonus} if skill.bonus else None)


def _sr5_weapon(weapon: Weapon) -> dict[str, Any]:
    base, letter, strength = _damage(weapon)
    kind = {"P": "physical", "S": "stun"}[letter]
    rounds, feed = _feed(weapon)
    system: dict[str, Any] = {
        "category": "melee" if weapon.melee else "range", "subcategory": weapon.category,
        "action": {"damage": {"base": base, "type": {"base": kind}, "ap": {"base": _ap(weapon)},
                              "attribute": "strength" if strength else ""},
                   "limit": {"base": _first_number(weapon.accuracy or "")}},
        "technology": {"equipped": True},
    }
    if weapon.melee:
        system["melee"] = {"reach": weapon.reach}
    else:
        system["range"] = {"rc": {"base": _first_number(weapon.rc)},
                           "modes": {SR5_MODES[m]: m in weapon.modes for m in SR5_MODES},
                           "ranges": dict(distances(weapon.ranges, "sr5"), category="manual")}
        system["ammo"] = {"current": {"value": rounds, "max": rounds}, "clip_type": CLIP_TYPES.get(feed, "")}
    return _item(weapon.name, "weapon", system, {"range": weapon.ranges} if weapon.ranges else None)


def _sr5_armour(template: SR5Template) -> list[dict[str, Any]]:
    """The armour worn: the first piece carries the whole value, the others ride along at 0."""
    names = template.armour_worn or ([] if not template.armour.value else ["Armour"])
    return [_item(name, "armor", {"armor": {"base": template.armour.value if i == 0 else 0, "accessory": i > 0},
                                  "technology": {"equipped": True}})
            for i, name in enumerate(names)]


# -- SR4 -----------------------------------------------------------------------------------------------
def sr4_actor(template: SR4Template) -> dict[str, Any]:
    """One SR4 template as a ``shadowrun4e`` actor."""
    stats: dict[str, Any] = {NAMES[k].upper(): v for k, v in template.attributes.items()}
    stats |= {"CURRENTEDGE": template.attributes["EDG"], "MAGIC": template.magic or 0,
              "RESONANCE": template.resonance or 0, "ESSENCE": template.essence}
    physical, stun = _monitor_bonus(template)
    npc = "grunt" in {t.casefold() for t in template.tags} or template.professional_rating is not None
    system = {
        "sheetStats": stats,
        "conditionMonitor": {"physical": {"value": template.monitors.physical_filled, "bonus": physical},
                             "stun": {"value": template.monitors.stun_filled, "bonus": stun}},
        "modifiers": {"initiative": {"passes": {"physical": template.initiative_passes - 1},
                                     "bonuses": {"physical": template.initiative_bonus}}},
        "technomancy": {"technomancer": template.resonance is not None},
        "descriptionAndNotes": {"notes": _notes(template.notes), "metatype": template.metatype.capitalize()},
    }
    items = [_sr4_skill(s) for s in template.skills] + [_sr4_weapon(w) for w in template.weapons]
    items += _sr4_armour(template)
    return {"name": template.name, "type": "npc" if npc else "character", "system": system, "items": items,
            "flags": _flags(template), "_stats": {"systemId": "shadowrun4e", "systemVersion": SR4_VERSION}}


def _sr4_skill(skill: SkillEntry) -> dict[str, Any]:
    data = {"rating": skill.rating, "attribute": NAMES.get(skill.attribute or "", "").upper(),
            "type": "knowledge" if skill.knowledge else "active", "group": skill.group or "",
            "specialization": skill.specialisations[0] if skill.specialisations else ""}
    return _item(skill.name, "Skill", data, {"bonus": skill.bonus} if skill.bonus else None)


def _sr4_mode(modes: Sequence[str]) -> str:
    if len(modes) == 1:
        return SR4_ONE_MODE[modes[0]]
    words = [SR4_MODE_WORDS[m] for m in ("SS", "SA", "BF", "FA") if m in modes]
    return "_".join(words) + ("_AUTO" if "FA" in modes else "")


def _sr4_weapon(weapon: Weapon) -> dict[str, Any]:
    base, letter, strength = _damage(weapon)
    halves = weapon.ap.strip().lower() in ("-half", "half")
    damage_type = ("STUN_HALF" if letter == "S" else "ELECTRICITY") if halves else ("STUN" if letter == "S" else "PHYSICAL")
    system: dict[str, Any] = {"damage": base, "damageType": damage_type, "ap": _ap(weapon), "category": weapon.category,
                              "equipped": True}
    if weapon.melee:
        return _item(weapon.name, "Melee Weapon", system | {"reach": weapon.reach, "noStrengthBonus": not strength})
    rounds, feed = _feed(weapon)
    system |= {"mode": _sr4_mode(weapon.modes) if weapon.modes else "", "rc": _first_number(weapon.rc),
               "maxAmmo": rounds, "currentAmmo": rounds, "ammoFeed": feed, "range": weapon.ranges}
    return _item(weapon.name, "Ranged Weapon", system)


def _sr4_armour(template: SR4Template) -> list[dict[str, Any]]:
    armour = template.armour
    names = template.armour_worn or ([] if not (armour.ballistic or armour.impact) else ["Armor"])
    return [_item(name, "Armor", {"ballisticarmor": armour.ballistic if i == 0 else 0,
                                  "impactarmor": armour.impact if i == 0 else 0,
                                  "stackingType": "standard" if i == 0 else "accessory", "equipped": True})
            for i, name in enumerate(names)]


# -- files -----------------------------------------------------------------------------------------------
def foundry_actor(template: AnyTemplate) -> dict[str, Any]:
    return sr5_actor(template) if isinstance(template, SR5Template) else sr4_actor(template)


def export_foundry(templates: Sequence[AnyTemplate]) -> str:
    """The JSON text: one actor as an object (what Foundry's "Import Data" reads), several as an array."""
    actors = [foundry_actor(t) for t in templates]
    return json.dumps(actors[0] if len(actors) == 1 else actors, ensure_ascii=False, indent=1, allow_nan=False)


def save_foundry(path: Path, templates: Sequence[AnyTemplate]) -> None:
    write_atomic(path, export_foundry(templates))
