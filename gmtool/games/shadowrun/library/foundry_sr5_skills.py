"""SR5 Foundry skills in the system's two layouts: template fields (up to 0.32) and skill items (0.33+).

- Up to 0.32 every skill is a field of the actor: ``system.skills.active.<key>`` with its rating
  (``.value`` up to 0.29, ``.base`` from 0.30), ``attribute``, ``group`` and ``specs[]``; knowledge
  skills under ``system.skills.knowledge.<street|academic|professional|interests>.value.<id>`` and
  languages under ``system.skills.language.value.<id>``, each with a ``name``. The template lists
  every active skill at 0: only rated ones are read.
- From 0.33 each skill is an item of type ``skill`` whose ``system.type`` is ``skill`` (``group``:
  a skill group; ``set``: a skill set, not a skill) and ``system.skill.{category, rating, attribute,
  group, specializations[].name}``.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.library.foundry_fields import (
    ATTRIBUTE_KEYS,
    ActorRefused,
    ActorReport,
    item_system,
    number,
    section,
    text,
)
from gmtool.games.shadowrun.library.template import SkillEntry, SkillGroupEntry
from gmtool.games.shadowrun.library.validation import field_errors

KNOWLEDGE_GROUPS = ("street", "academic", "professional", "interests")
MAX_SPECS = 20


def _name_of_key(key: str) -> str:
    """``heavy_weapons`` → ``Heavy Weapons`` (the system's built-in skills carry only their key)."""
    return " ".join(part.capitalize() for part in key.replace("-", "_").split("_") if part)


def _entry(report: ActorReport, name: str, **fields: Any) -> SkillEntry | None:
    try:
        return SkillEntry(name=name[:80], **fields)
    except ValidationError as exc:
        where, detail = next(iter(field_errors(exc).items()))
        report.skip("invalid", name=name[:40] or "?", field=where, detail=detail)
        return None


def _attribute(value: str) -> str | None:
    return ATTRIBUTE_KEYS.get(value.lower())


def _specs(values: object, where: str) -> list[str]:
    if values is None:
        return []
    if not isinstance(values, list):
        raise ActorRefused("wrong_type", field=where, expected=tr("foundry.type.list"))
    names = [str(v.get("name", "")) if isinstance(v, dict) else str(v) for v in values
             if isinstance(v, str | dict)]
    return [n.strip()[:80] for n in names if n.strip()][:MAX_SPECS]


# -- up to 0.32: fields of the actor ---------------------------------------------------------------------
def skills_from_fields(system: dict[str, Any], rating_key: str, report: ActorReport) -> list[SkillEntry]:
    """The rated active skills, knowledge skills and languages of a 0.32-or-older actor."""
    found: list[SkillEntry] = []
    active = section(system, "skills", "active")
    for key, node in active.items():
        where = f"system.skills.active.{key}"
        if not isinstance(node, dict):
            raise ActorRefused("wrong_type", field=where, expected=tr("foundry.type.object"))
        rating = number(node, rating_key, 0, where)
        if rating <= 0:
            continue
        name = text(node, "name", where) or _name_of_key(str(key))
        entry = _entry(report, name, rating=rating, attribute=_attribute(text(node, "attribute", where)),
                       group=text(node, "group", where) or None, specialisations=_specs(node.get("specs"), where))
        if entry is not None:
            found.append(entry)
    knowledge = [(f"knowledge.{group}", section(system, "skills", "knowledge", group, "value"))
                 for group in KNOWLEDGE_GROUPS]
    knowledge.append(("language", section(system, "skills", "language", "value")))
    for kind, skills in knowledge:
        for key, node in skills.items():
            where = f"system.skills.{kind}.value.{key}"
            if not isinstance(node, dict):
                raise ActorRefused("wrong_type", field=where, expected=tr("foundry.type.object"))
            rating = number(node, rating_key, 0, where)
            name = text(node, "name", where)
            if rating <= 0 or not name:
                continue
            attribute = "INT" if kind in ("knowledge.street", "knowledge.interests", "language") else "LOG"
            entry = _entry(report, name, rating=rating, attribute=attribute, knowledge=True,
                           specialisations=_specs(node.get("specs"), where))
            if entry is not None:
                found.append(entry)
    return found


# -- 0.33 and later: skill items -------------------------------------------------------------------------
def skills_from_items(items: list[dict[str, Any]], report: ActorReport) -> tuple[list[SkillEntry], list[SkillGroupEntry]]:
    """The skills and skill groups of a 0.33-or-later actor (its items of type ``skill``)."""
    skills: list[SkillEntry] = []
    groups: list[SkillGroupEntry] = []
    for item in items:
        if item.get("type") != "skill":
            continue
        name = text(item, "name", "items[].name") or "?"
        system = item_system(item)
        kind = text(system, "type", f"skill {name[:30]}", "skill")
        if kind == "group":
            rating = number(section(system, "group"), "rating", 0, f"skill group {name[:30]}")
            if rating > 0:
                groups.append(SkillGroupEntry(name=name[:80], rating=rating))
            continue
        if kind != "skill":
            report.skip("skill_set", name=name[:40])
            continue
        data = section(system, "skill")
        where = f"skill {name[:30]}"
        rating = number(data, "rating", 0, where)
        if rating <= 0:
            continue
        category = text(data, "category", where, "active")
        knowledge = category in ("knowledge", "language")
        attribute = _attribute(text(data, "attribute", where))
        if knowledge and attribute is None:
            attribute = "INT" if category == "language" else "LOG"
        bonus = number(section(item, "flags", "gmtool"), "bonus", 0, f"{where}.flags")
        entry = _entry(report, name, rating=rating, attribute=attribute, knowledge=knowledge, bonus=bonus,
                       group=text(data, "group", where) or None,
                       specialisations=_specs(data.get("specializations"), f"{where}.specializations"))
        if entry is not None:
            skills.append(entry)
    return skills, groups
