"""An SR4 Foundry VTT actor (system ``shadowrun4e``, type ``character`` or ``npc``) → an SR4 template.

What is read (the base values; Foundry's derived stats are recomputed by gmtool):

- attributes ``system.sheetStats.{BODY … EDGE}`` (Magic when above 0, Resonance for a
  technomancer), Essence ``sheetStats.ESSENCE``;
- skills: items of type ``Skill`` (``system.{rating, attribute, type, group, specialization}``);
- weapons: items ``Ranged Weapon`` (``damage``, ``damageType``, ``ap``, ``mode``, ``rc``, ``maxAmmo``,
  ``ammoFeed``, ``range``) and ``Melee Weapon`` (``damage`` added to STR/2, ``reach``,
  ``noStrengthBonus``); halving damage types (electricity, fire …) read as ``-half`` AP;
- armour: equipped items ``Armor`` (``ballisticarmor``/``impactarmor``): the best standard or
  form-fitting piece plus accessories (SR4 p. 161);
- monitors: 8 + ⌈BOD/2⌉ and 8 + ⌈WIL/2⌉ (SR4-MT8) plus ``system.conditionMonitor.{physical,stun}.bonus``,
  boxes filled ``.value``; initiative passes 1 + ``system.modifiers.initiative.passes.physical``,
  initiative bonus ``…bonuses.physical``; notes ``system.descriptionAndNotes.{notes,bio}``.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from gmtool.core.errors import GmtoolError
from gmtool.games.shadowrun.library.foundry_fields import (
    ATTRIBUTE_KEYS,
    MONITOR_BONUS_LIMIT,
    ActorRefused,
    ActorReport,
    attribute_line,
    flag,
    item_system,
    number,
    plain_text,
    real,
    section,
    skip_other_items,
    text,
    why,
)
from gmtool.games.shadowrun.library.foundry_weapons import weapon_checked
from gmtool.games.shadowrun.library.template import METATYPES, NOTES_MAX, SkillEntry, SR4Template, Weapon, monitor_sizes
from gmtool.games.shadowrun.library.validation import field_errors
from gmtool.games.shadowrun.rules.shadowrun import ATTRIBUTES, INITIATIVE_BONUS_MAX, NAME_MAX
from gmtool.games.shadowrun.rules.weapons.ranges import range_table
from gmtool.games.shadowrun.rules.weapons.weapon import FEED_TYPES

HALVING = frozenset({"ELECTRICITY", "FIRE", "LASER", "STUN_HALF", "BLAST", "LIGHT", "ACID", "ICE", "SAND", "WATER"})
STUN_TYPES = frozenset({"STUN", "STUN_HALF"})
MODE_WORDS = {"SINGLE": "SS", "SEMI": "SA", "BURST": "BF", "FULL": "FA", "SS": "SS", "SA": "SA", "BF": "BF", "FA": "FA"}
READ_TYPES = frozenset({"Skill", "Ranged Weapon", "Melee Weapon", "Armor"})
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def read_sr4(system: dict[str, Any], items: list[dict[str, Any]], report: ActorReport,
             kept: dict[str, Any]) -> SR4Template:
    """The template of one SR4 actor (ActorRefused when it cannot be one)."""
    stats = section(system, "sheetStats")
    if not stats:
        raise ActorRefused("no_attributes")
    attributes = {code: max(0 if code == "EDG" else 1, number(stats, name.upper(), 0 if code == "EDG" else 1,
                                                            "system.sheetStats"))
                  for name, code in ATTRIBUTE_KEYS.items() if code in ATTRIBUTES}
    report.got("attributes", values=attribute_line(attributes))
    current_edge = number(stats, "CURRENTEDGE", attributes["EDG"], "system.sheetStats")
    if current_edge < attributes["EDG"]:
        report.skip("edge_used", used=attributes["EDG"] - current_edge)
    magic = number(stats, "MAGIC", 0, "system.sheetStats")
    resonance = number(stats, "RESONANCE", 0, "system.sheetStats")
    skills = _skills(items, report)
    ballistic, impact, worn = _armour(items, report)
    passes = section(system, "modifiers", "initiative", "passes")
    bonuses = section(system, "modifiers", "initiative", "bonuses")
    extra = number(passes, "physical", 0, "system.modifiers.initiative.passes")
    initiative_passes = max(1, min(4, 1 + extra))
    report.got("initiative_passes", passes=initiative_passes)
    description = section(system, "descriptionAndNotes")
    notes = "\n\n".join(t for t in (text(description, "notes", "system.descriptionAndNotes"),
                                    text(description, "bio", "system.descriptionAndNotes")) if t)
    fields: dict[str, Any] = {
        "name": report.name[:NAME_MAX], "metatype": _metatype(description, report), "attributes": attributes,
        "magic": magic if magic > 0 else None,
        "resonance": resonance if resonance > 0 and flag(section(system, "technomancy"), "technomancer",
                                                         "system.technomancy") else None,
        "essence": max(0.0, min(6.0, real(stats, "ESSENCE", 6.0, "system.sheetStats"))),
        "initiative_passes": initiative_passes,
        "initiative_bonus": max(0, min(INITIATIVE_BONUS_MAX, number(bonuses, "physical", 0,
                                                                    "system.modifiers.initiative.bonuses"))),
        "monitors": _monitors(system, attributes, report),
        "skills": skills, "weapons": _weapons(items, report),
        "armour": {"ballistic": ballistic, "impact": impact}, "armour_worn": worn,
        "notes": plain_text(notes, NOTES_MAX), "source": "Foundry VTT",
        "tags": kept.get("tags", []), "professional_rating": kept.get("professional_rating"),
    }
    skip_other_items(items, READ_TYPES, report)
    try:
        return SR4Template.model_validate(fields)
    except ValidationError as exc:
        where, detail = next(iter(field_errors(exc).items()))
        raise ActorRefused("invalid", field=where, detail=detail) from exc


def _metatype(description: dict[str, Any], report: ActorReport) -> str:
    metatype = text(description, "metatype", "system.descriptionAndNotes", "Human").lower()
    if metatype in METATYPES:
        return metatype
    report.skip("metatype", metatype=metatype[:30] or "?")
    return "human"


def _monitors(system: dict[str, Any], attributes: dict[str, int], report: ActorReport) -> dict[str, int]:
    physical_node = section(system, "conditionMonitor", "physical")
    stun_node = section(system, "conditionMonitor", "stun")
    physical_bonus = number(physical_node, "bonus", 0, "system.conditionMonitor.physical")
    stun_bonus = number(stun_node, "bonus", 0, "system.conditionMonitor.stun")
    if max(abs(physical_bonus), abs(stun_bonus)) > MONITOR_BONUS_LIMIT:
        raise ActorRefused("out_of_range", field="system.conditionMonitor.physical.bonus", value=str(physical_bonus))
    physical, stun = monitor_sizes(attributes["BOD"], attributes["WIL"], physical_bonus, stun_bonus)
    physical_filled = max(0, number(physical_node, "value", 0, "system.conditionMonitor.physical"))
    stun_filled = max(0, number(stun_node, "value", 0, "system.conditionMonitor.stun"))
    report.got("monitors", physical=physical, stun=stun, physical_bonus=f"{physical_bonus:+d}",
               stun_bonus=f"{stun_bonus:+d}",
               physical_filled=physical_filled, stun_filled=stun_filled)
    return {"physical_boxes": physical, "stun_boxes": stun, "physical_filled": physical_filled,
            "stun_filled": stun_filled}


def _skills(items: list[dict[str, Any]], report: ActorReport) -> list[SkillEntry]:
    found: list[SkillEntry] = []
    for item in items:
        if item.get("type") != "Skill":
            continue
        name = text(item, "name", "items[].name") or "?"
        system = item_system(item)
        where = f"skill {name[:30]}"
        rating = number(system, "rating", 0, where)
        if rating <= 0:
            continue
        knowledge = text(system, "type", where, "active").lower() not in ("active", "")
        attribute = ATTRIBUTE_KEYS.get(text(system, "attribute", where).lower())
        if knowledge and attribute is None:
            attribute = "LOG"
        specialisation = text(system, "specialization", where)
        try:
            bonus = number(section(item, "flags", "gmtool"), "bonus", 0, f"{where}.flags")
            found.append(SkillEntry(name=name[:80], rating=rating, attribute=attribute, knowledge=knowledge, bonus=bonus,
                                    group=text(system, "group", where)[:80] or None,
                                    specialisations=[specialisation[:80]] if specialisation else []))
        except ValidationError as exc:
            report.skip("invalid", name=name[:40], field=why(exc), detail="")
    report.got("skills", count=sum(1 for s in found if not s.knowledge),
               knowledge=sum(1 for s in found if s.knowledge))
    return found


def _key(value: str) -> str:
    """``sr4.category.heavyPistols`` / ``HEAVY_PISTOLS`` / ``heavy_pistols`` → ``heavy_pistols``."""
    value = value.rsplit(".", 1)[-1]
    return _CAMEL.sub("_", value).lower().replace(" ", "_")


def _range_row(value: str, where: str) -> str:
    if not value:
        return ""
    rows = range_table("sr4").categories
    key = _key(value)
    for row_key, row in rows.items():
        if key == row_key or value in row.chummer:
            return row_key
    raise ActorRefused("range_unknown", range=value[:30])


def _modes(value: str) -> list[str]:
    words = re.split(r"[_/\s]+", value.upper())
    modes = [MODE_WORDS[w] for w in words if w in MODE_WORDS]
    return list(dict.fromkeys(modes))


def _weapon(item: dict[str, Any], name: str) -> Weapon:
    system = item_system(item)
    where = f"items[{name[:30]}].system"
    damage = number(system, "damage", 0, where)
    kind = _key(text(system, "damageType", where, "PHYSICAL") or "PHYSICAL").upper()
    letter = "S" if kind in STUN_TYPES else "P"
    ap = number(system, "ap", 0, where)
    ap_text = "-half" if kind in HALVING else str(ap) if ap else "-"
    if item.get("type") == "Melee Weapon":
        strength = not flag(system, "noStrengthBonus", where)
        code = (f"(STR/2{damage:+d}){letter}" if damage else f"(STR/2){letter}") if strength else f"{damage}{letter}"
        return Weapon(name=name[:80], melee=True, damage=code, ap=ap_text, reach=number(system, "reach", 0, where))
    rounds = number(system, "maxAmmo", 0, where)
    feed = text(system, "ammoFeed", where).lower()
    rc = number(system, "rc", 0, where)
    return Weapon(name=name[:80], melee=False, damage=f"{damage}{letter}", ap=ap_text,
                  modes=_modes(text(system, "mode", where)), rc=str(rc) if rc else "",
                  ammo=(f"{rounds}({feed})" if feed in FEED_TYPES else str(rounds)) if rounds > 0 else "",
                  ranges=_range_row(text(system, "range", where), where))


def _weapons(items: list[dict[str, Any]], report: ActorReport) -> list[Weapon]:
    found: list[Weapon] = []
    for item in items:
        if item.get("type") not in ("Ranged Weapon", "Melee Weapon"):
            continue
        name = text(item, "name", "items[].name") or "?"
        try:
            found.append(weapon_checked(_weapon(item, name), "sr4"))
        except (GmtoolError, ValidationError) as exc:
            report.skip("weapon", name=name[:40], why=why(exc))
    report.got("weapons", count=len(found), names=", ".join(w.name for w in found) or "—")
    return found


def _armour(items: list[dict[str, Any]], report: ActorReport) -> tuple[int, int, list[str]]:
    best: tuple[int, int] = (0, 0)
    extra_b = extra_i = 0
    worn: list[str] = []
    for item in items:
        if item.get("type") != "Armor":
            continue
        name = text(item, "name", "items[].name") or "?"
        system = item_system(item)
        where = f"armor {name[:30]}"
        if not flag(system, "equipped", where):
            report.skip("not_equipped", name=name[:40])
            continue
        ballistic, impact = number(system, "ballisticarmor", 0, where), number(system, "impactarmor", 0, where)
        if text(system, "stackingType", where, "standard") == "accessory":
            extra_b, extra_i = extra_b + ballistic, extra_i + impact
        else:
            best = max(best, (ballistic, impact))
        worn.append(name[:80])
    ballistic, impact = best[0] + extra_b, best[1] + extra_i
    report.got("armour_sr4", ballistic=ballistic, impact=impact, names=", ".join(worn) or "—")
    return ballistic, impact, worn

