"""An SR5 Foundry VTT actor (system ``shadowrun5e``, type ``character``) → an SR5 template and its report.

What is read (base values; what Foundry derives is recomputed by gmtool):

- attributes ``system.attributes.<name>.base`` (``.value`` before 0.30, when there was no base);
  Magic and Resonance when ``system.special`` says ``magic`` / ``resonance``; Essence ``.value``;
- skills: :mod:`gmtool.games.shadowrun.library.foundry_sr5_skills` (the layout decides where);
- weapons: items of type ``weapon`` — ``system.action.damage.{base, type.base, ap.base, attribute}``,
  ``system.action.limit.base`` (Accuracy), ``system.range.{rc.base, modes.*, ranges.*}``,
  ``system.ammo.{current.max, clip_type}``, ``system.melee.reach``;
- armour: equipped items of type ``armor``: the best ``system.armor.base`` plus accessories;
- monitors: 8 + ⌈BOD/2⌉ and 8 + ⌈WIL/2⌉ (SR5-A6) plus ``system.modifiers.physical_track`` /
  ``stun_track`` bonus boxes; boxes filled ``system.track.{physical,stun}.value``, physical overflow
  ``system.track.physical.overflow.value`` on top;
- initiative dice ``system.initiative.meatspace.dice.base``; Edge ``attributes.edge.base``;
- grunt: ``system.is_npc`` and ``system.npc.is_grunt`` (tag ``grunt``; the professional rating when
  the actor has one); notes ``system.description.value`` (HTML, read as text).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
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
from gmtool.games.shadowrun.library.foundry_weapons import ranges_named, weapon_checked
from gmtool.games.shadowrun.library.template import (
    METATYPES,
    NOTES_MAX,
    SkillEntry,
    SkillGroupEntry,
    SR5Template,
    Weapon,
    monitor_sizes,
)
from gmtool.games.shadowrun.library.validation import field_errors
from gmtool.games.shadowrun.rules.shadowrun import ATTRIBUTES, NAME_MAX

SkillReader = Callable[[dict[str, Any], list[dict[str, Any]], ActorReport],
                       tuple[list[SkillEntry], list[SkillGroupEntry]]]
MODES = (("single_shot", "SS"), ("semi_auto", "SA"), ("burst_fire", "BF"), ("full_auto", "FA"))
CLIPS: dict[str, str] = {  # the system's clip types → the feed letters gmtool (and Chummer) write
    "removable_clip": "c", "break_action": "b", "belt_fed": "belt", "internal_magazin": "m",
    "muzzle_loader": "ml", "cylinder": "cy", "drum": "d", "bow": "bow",
}
READ_TYPES = frozenset({"weapon", "armor", "skill"})


@dataclass(frozen=True)
class Sr5Layout:
    """One of the system's data layouts: its name in the report and where it keeps skills."""

    label: str
    skills: SkillReader


def base_value(node: dict[str, Any], where: str, default: int) -> int:
    """A modifiable value's base (``.base``; ``.value`` in layouts that had no base)."""
    if node.get("base") is not None:
        return number(node, "base", default, where)
    return number(node, "value", default, where)


def read_sr5(system: dict[str, Any], items: list[dict[str, Any]], layout: Sr5Layout, report: ActorReport,
             kept: dict[str, Any]) -> SR5Template:
    """The template of one SR5 actor (ActorRefused when it cannot be one)."""
    attributes = _attributes(system, report)
    special = text(system, "special", "system.special", "mundane").lower()
    magic = base_value(section(system, "attributes", "magic"), "system.attributes.magic", 0)
    resonance = base_value(section(system, "attributes", "resonance"), "system.attributes.resonance", 0)
    skills, groups = layout.skills(system, items, report)
    report.got("skills", count=sum(1 for s in skills if not s.knowledge),
               knowledge=sum(1 for s in skills if s.knowledge))
    weapons = _weapons(items, report)
    armour, worn = _armour(items, report)
    grunt, rating = _grunt(system, report)
    fields: dict[str, Any] = {
        "name": report.name[:NAME_MAX],
        "metatype": _metatype(system, report),
        "attributes": attributes,
        "magic": magic if special == "magic" and magic > 0 else None,
        "resonance": resonance if special == "resonance" and resonance > 0 else None,
        "essence": max(0.0, min(6.0, real(section(system, "attributes", "essence"), "value", 6.0,
                                          "system.attributes.essence"))),
        "initiative_dice": _initiative_dice(system, report),
        "initiative_bonus": kept.get("initiative_bonus", 0),
        "monitors": _monitors(system, attributes, report),
        "skills": skills, "skill_groups": groups, "weapons": weapons,
        "armour": {"value": armour}, "armour_worn": worn,
        "professional_rating": rating if rating is not None else kept.get("professional_rating"),
        "tags": _tags(kept.get("tags", []), grunt),
        "notes": plain_text(text(section(system, "description"), "value", "system.description"), NOTES_MAX),
        "source": "Foundry VTT",
    }
    skip_other_items(items, READ_TYPES, report)
    try:
        return SR5Template.model_validate(fields)
    except ValidationError as exc:
        where, detail = next(iter(field_errors(exc).items()))
        raise ActorRefused("invalid", field=where, detail=detail) from exc


def _tags(kept: list[str], grunt: bool) -> list[str]:
    """gmtool's own tags (kept in the actor's flags by an export), and ``grunt`` for a grunt."""
    tags = list(kept)
    if grunt and "grunt" not in {t.casefold() for t in tags}:
        tags.append("grunt")
    return tags


def _attributes(system: dict[str, Any], report: ActorReport) -> dict[str, int]:
    found = section(system, "attributes")
    if not found:
        raise ActorRefused("no_attributes")
    attributes: dict[str, int] = {}
    for name, code in ATTRIBUTE_KEYS.items():
        if code in ATTRIBUTES:
            low = 0 if code == "EDG" else 1
            attributes[code] = max(low, base_value(section(found, name), f"system.attributes.{name}", low))
    edge = section(found, "edge")
    report.got("attributes", values=attribute_line(attributes))
    uses = number(edge, "uses", 0, "system.attributes.edge")
    if uses:
        report.skip("edge_used", used=uses)
    return attributes


def _metatype(system: dict[str, Any], report: ActorReport) -> str:
    metatype = text(system, "metatype", "system.metatype", "human").lower()
    if metatype in METATYPES:
        return metatype
    report.skip("metatype", metatype=metatype[:30] or "?")
    return "human"


def _initiative_dice(system: dict[str, Any], report: ActorReport) -> int:
    dice = section(system, "initiative", "meatspace", "dice")
    count = base_value(dice, "system.initiative.meatspace.dice", 1)
    kept = max(1, min(5, count))
    if kept != count:
        report.skip("initiative_dice", found=count, kept=kept)
    report.got("initiative_dice", dice=kept)
    return kept


def _monitors(system: dict[str, Any], attributes: dict[str, int], report: ActorReport) -> dict[str, int]:
    modifiers = section(system, "modifiers")
    physical_bonus = number(modifiers, "physical_track", 0, "system.modifiers")
    stun_bonus = number(modifiers, "stun_track", 0, "system.modifiers")
    if max(abs(physical_bonus), abs(stun_bonus)) > MONITOR_BONUS_LIMIT:
        raise ActorRefused("out_of_range", field="system.modifiers.physical_track", value=str(physical_bonus))
    physical, stun = monitor_sizes(attributes["BOD"], attributes["WIL"], physical_bonus, stun_bonus)
    track = section(system, "track")
    physical_filled = (number(section(track, "physical"), "value", 0, "system.track.physical")
                       + number(section(track, "physical", "overflow"), "value", 0, "system.track.physical.overflow"))
    stun_filled = number(section(track, "stun"), "value", 0, "system.track.stun")
    report.got("monitors", physical=physical, stun=stun, physical_bonus=f"{physical_bonus:+d}",
               stun_bonus=f"{stun_bonus:+d}",
               physical_filled=physical_filled, stun_filled=stun_filled)
    return {"physical_boxes": physical, "stun_boxes": stun,
            "physical_filled": max(0, physical_filled), "stun_filled": max(0, stun_filled)}


def _grunt(system: dict[str, Any], report: ActorReport) -> tuple[bool, int | None]:
    npc = section(system, "npc")
    grunt = flag(system, "is_npc", "system") and flag(npc, "is_grunt", "system.npc")
    rating = number(npc, "professional_rating", 0, "system.npc") if grunt else 0
    kept = max(0, min(6, rating)) if grunt and "professional_rating" in npc else None
    if grunt:
        report.got("grunt", rating=kept if kept is not None else "—")
    return grunt, kept


def _weapon(item: dict[str, Any], name: str) -> Weapon:
    system = item_system(item)
    where = f"items[{name[:30]}].system"
    damage = section(system, "action", "damage")
    value = base_value(damage, f"{where}.action.damage", 0)
    kind = text(section(damage, "type"), "base", f"{where}.action.damage.type") or "physical"
    letter = {"physical": "P", "stun": "S"}.get(kind.lower())
    if letter is None:
        raise ActorRefused("damage_type", type=kind[:20])
    category = text(system, "category", where).lower()
    melee = category == "melee"
    strength = text(damage, "attribute", f"{where}.action.damage").lower() == "strength"
    code = f"(STR{value:+d}){letter}" if strength and value else f"(STR){letter}" if strength else f"{value}{letter}"
    ap = base_value(section(damage, "ap"), f"{where}.action.damage.ap", 0)
    accuracy = base_value(section(system, "action", "limit"), f"{where}.action.limit", 0)
    ranged = section(system, "range")
    fields: dict[str, Any] = {
        "name": name[:80], "category": text(system, "subcategory", where)[:80], "melee": melee,
        "damage": code, "ap": str(ap) if ap else "-", "accuracy": str(accuracy) if accuracy else None,
    }
    if melee:
        fields["reach"] = number(section(system, "melee"), "reach", 0, f"{where}.melee")
    else:
        modes = section(ranged, "modes")
        fields["modes"] = [code for key, code in MODES if flag(modes, key, f"{where}.range.modes")]
        rc = base_value(section(ranged, "rc"), f"{where}.range.rc", 0)
        fields["rc"] = str(rc) if rc else ""
        ammo = section(system, "ammo")
        rounds = number(section(ammo, "current"), "max", 0, f"{where}.ammo.current")
        clip = CLIPS.get(text(ammo, "clip_type", f"{where}.ammo"), "")
        fields["ammo"] = (f"{rounds}({clip})" if clip else str(rounds)) if rounds > 0 else ""
        hints = (text(section(item, "flags", "gmtool"), "range", f"items[{name[:30]}].flags.gmtool"), fields["category"])
        fields["ranges"] = ranges_named(section(ranged, "ranges"), "sr5", f"{where}.range.ranges", hints)
    return Weapon(**fields)


def _weapons(items: list[dict[str, Any]], report: ActorReport) -> list[Weapon]:
    found: list[Weapon] = []
    for item in items:
        if item.get("type") != "weapon":
            continue
        name = text(item, "name", "items[].name") or "?"
        try:
            found.append(weapon_checked(_weapon(item, name), "sr5"))
        except (GmtoolError, ValidationError) as exc:
            report.skip("weapon", name=name[:40], why=why(exc))
    report.got("weapons", count=len(found), names=", ".join(w.name for w in found) or "—")
    return found


def _armour(items: list[dict[str, Any]], report: ActorReport) -> tuple[int, list[str]]:
    """SR5 p. 169: the best armour worn, plus accessories (+ values); only equipped items count."""
    best, accessories, worn = 0, 0, []
    for item in items:
        if item.get("type") != "armor":
            continue
        name = text(item, "name", "items[].name") or "?"
        system = item_system(item)
        if not flag(section(system, "technology"), "equipped", f"armor {name[:30]}"):
            report.skip("not_equipped", name=name[:40])
            continue
        armour = section(system, "armor")
        value = base_value(armour, f"armor {name[:30]}", 0)
        if flag(armour, "accessory", f"armor {name[:30]}"):
            accessories += value
        else:
            best = max(best, value)
        worn.append(name[:80])
    total = best + accessories
    report.got("armour_sr5", value=total, names=", ".join(worn) or "—")
    return total, worn

