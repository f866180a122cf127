"""Chummer5a ``.chum5`` (SR5, XML in UTF-8 with a BOM) → an SR5 NPC template and a report.

What is read, and how Chummer stores it:

- name: ``<alias>``, else ``<name>``; metatype ``<metatype>``;
- attributes: each ``<attribute>``'s ``<totalvalue>`` (augmented); Magic if
  ``<magenabled>``, Resonance if ``<resenabled>``; Essence ``<totaless>``;
- active skills carry only ``<suid>``: the name, linked attribute and group come
  from ``resources/chummer/sr5_active_skills.json``; the rating is the skill's
  ``<base>`` + ``<karma>``, plus its group's, plus free points Chummer grants
  (``SkillBase`` / ``SkillGroupBase`` improvements, e.g. the magician's two
  skills at 5); ``Skill``/``SkillGroup`` improvements (adept powers,
  qualities) become the skill's dice bonus. Unknown ids become warnings.
  Knowledge skills carry their ``<name>``;
- weapons as Chummer writes them (melee ``(STR+2)P`` stays a formula); melee
  reach plus ``Reach`` improvements; the unarmed attack with ``UnarmedDV``;
- armour: the best equipped armour plus ``+`` accessories plus ``Armor``
  improvements (SR5 p. 169);
- monitors: 8 + ⌈BOD/2⌉ + ``PhysicalCM``, 8 + ⌈WIL/2⌉ + ``StunCM`` (SR5-A6),
  filled boxes from ``<physicalcmfilled>`` / ``<stuncmfilled>``;
- initiative dice: 1 + the best ``InitiativeDice`` improvement (bonuses of the
  same kind do not stack), at most 5; spells with drain, complex forms with
  fading, Matrix programs from the gear, cyberware and bioware.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from pydantic import BaseModel, Field, ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.core.resources import cached_model
from gmtool.games.shadowrun.importers import chummer_common as common
from gmtool.games.shadowrun.importers.report import ImportReport, ImportResult
from gmtool.games.shadowrun.importers.xml_safe import parse_xml
from gmtool.games.shadowrun.library.template import (
    Program,
    SkillEntry,
    SR5Template,
    monitor_sizes,
)
from gmtool.games.shadowrun.library.validation import field_errors

KNOWLEDGE_ATTRIBUTE = {"Academic": "LOG", "Professional": "LOG", "Street": "INT", "Interest": "INT", "Language": "INT"}
PROGRAM_CATEGORIES = ("Common Programs", "Hacking Programs", "Software", "Commlink Apps", "Autosofts")


class SkillInfo(BaseModel):
    name: dict[str, str]
    attribute: str
    category: str
    group: str | None
    exotic: bool = False
    page: int


class SkillTable(BaseModel):
    schema_version: int = Field(ge=1, le=1)
    source: str
    book: str
    groups: dict[str, dict[str, str]]
    skills: dict[str, SkillInfo]


def skill_table() -> SkillTable:
    return cached_model(SkillTable, "chummer", "sr5_active_skills.json")


def import_chum5(data: bytes, source: str = "") -> ImportResult:
    """Read a ``.chum5`` file's bytes: the template and the report, or FileFormatError."""
    return from_root(parse_xml(data), source)


def from_root(root: ET.Element, source: str = "") -> ImportResult:
    """The template from an already parsed Chummer5a document."""
    common.character_root(root)
    edition = common.text(root, "gameedition")
    if edition != "SR5" and not (edition == "" and root.find("newskills") is not None):
        raise FileFormatError("error.import_wrong_edition", expected="SR5", found=edition[:10] or "SR4")
    report = ImportReport(source=source, format="chum5")
    improvements = common.Improvements(root)
    totals = common.attribute_totals(root)
    attributes = {a: totals[a] for a in common.CORE_ATTRIBUTES}
    groups = _skill_groups(root, improvements, report)
    armour, worn = _armour(root, improvements, report)
    physical, stun = monitor_sizes(
        attributes["BOD"], attributes["WIL"], improvements.total("PhysicalCM"), improvements.total("StunCM"),
    )
    skill_groups = [{"name": n[:80], "rating": r} for n, r in groups.items() if r > 0]
    fields: dict[str, object] = {
        "name": common.character_name(root, source, report),
        "metatype": common.metatype(root, report),
        "attributes": attributes,
        "magic": totals.get("MAG") if common.is_true(common.text(root, "magenabled")) else None,
        "resonance": totals.get("RES") if common.is_true(common.text(root, "resenabled")) else None,
        "essence": common.essence(root),
        "initiative_dice": min(5, 1 + improvements.highest("InitiativeDice")),
        "initiative_bonus": max(0, min(10, improvements.total("Initiative"))),
        "monitors": {
            "physical_boxes": physical, "stun_boxes": stun,
            "physical_filled": common.required_int(root, "physicalcmfilled", "physicalcmfilled", 0),
            "stun_filled": common.required_int(root, "stuncmfilled", "stuncmfilled", 0),
        },
        "skills": _active_skills(root, groups, improvements, report) + _knowledge_skills(root, report),
        "skill_groups": skill_groups,
        "weapons": common.weapons(root, improvements, report, sr5=True),
        "armour": {"value": armour},
        "armour_worn": worn,
        "spells": common.spells(root, report),
        "programs": _complex_forms(root, report) + common.programs(root, report, PROGRAM_CATEGORIES),
        "augmentations": common.augmentations(root, report),
        "notes": common.notes(root),
        "source": source[:80],
    }
    report.count("skill_groups", len(skill_groups))
    common.skip_all(root, "powers", "power", "adept_power", report)
    common.skip_all(root, "vehicles", "vehicle", "vehicle", report)
    common.report_unapplied(improvements, report)
    return ImportResult(_template(fields), report)


def _template(fields: dict[str, object]) -> SR5Template:
    try:
        return SR5Template.model_validate(fields)
    except ValidationError as exc:
        errors = field_errors(exc)
        path, message = next(iter(errors.items()))
        raise FileFormatError("error.import_values", field=path, detail=message) from exc


def _skill_groups(root: ET.Element, improvements: common.Improvements, report: ImportReport) -> dict[str, int]:
    ratings: dict[str, int] = {}
    for group in common.children(_new_skills(root).find("groups"), "group"):
        name = common.text(group, "name")
        if not name:
            continue
        ratings[name] = (common.required_int(group, "base", f"skill group {name[:30]}", 0)
                         + common.required_int(group, "karma", f"skill group {name[:30]}", 0)
                         + improvements.total("SkillGroupBase", name))
    return ratings


def _new_skills(root: ET.Element) -> ET.Element:
    found = root.find("newskills")
    return found if found is not None else ET.Element("newskills")


def _specs(element: ET.Element) -> list[str]:
    names = [common.text(spec, "name") for spec in common.children(element.find("specs"), "spec")]
    return [n[:80] for n in names if n][:20]


def _active_skills(
    root: ET.Element, groups: dict[str, int], improvements: common.Improvements, report: ImportReport,
) -> list[SkillEntry]:
    table = skill_table().skills
    found: list[SkillEntry] = []
    for element in common.children(_new_skills(root).find("skills"), "skill"):
        suid = common.text(element, "suid")
        info = table.get(suid)
        own = (common.required_int(element, "base", "skill base", 0)
               + common.required_int(element, "karma", "skill karma", 0))
        if info is None:
            name = common.text(element, "name")
            if not name:
                report.warn("library.report.skill_id_unknown", suid=suid[:40] or "?", rating=own)
                continue
            info = SkillInfo(name={"en": name}, attribute="", category="", group=None, page=0)
        english = info.name["en"]
        group_rating = groups.get(info.group, 0) if info.group else 0
        rating = own + group_rating + improvements.total("SkillBase", english)
        if rating <= 0:
            continue
        specific = common.text(element, "specific")
        name = f"{english} ({specific})" if specific else english
        bonus = improvements.total("Skill", english) + (improvements.total("SkillGroup", info.group) if info.group else 0)
        item = common.build(report, "skill", name, SkillEntry,
            name=name[:80], rating=rating, attribute=info.attribute or None, group=info.group,
            specialisations=_specs(element), bonus=bonus,
        )
        if item is not None:
            found.append(item)
    report.count("skills", len(found))
    return found


def _knowledge_skills(root: ET.Element, report: ImportReport) -> list[SkillEntry]:
    found: list[SkillEntry] = []
    for element in common.children(_new_skills(root).find("knoskills"), "skill"):
        name = common.text(element, "name")
        rating = (common.required_int(element, "base", "knowledge skill base", 0)
                  + common.required_int(element, "karma", "knowledge skill karma", 0))
        if rating <= 0 or not name:
            continue
        kind = common.text(element, "type") or common.text(element, "skillcategory")
        item = common.build(report, "knowledge_skill", name, SkillEntry,
            name=name[:80], rating=rating, attribute=KNOWLEDGE_ATTRIBUTE.get(kind, "LOG"),
            specialisations=_specs(element), knowledge=True,
        )
        if item is not None:
            found.append(item)
    report.count("knowledge_skills", len(found))
    return found


def _armour(root: ET.Element, improvements: common.Improvements, report: ImportReport) -> tuple[int, list[str]]:
    """The armour value and the names of what is worn."""
    values: list[tuple[int, bool]] = []
    names: list[str] = []
    worn = common.equipped_armour(root, report)
    for element in worn:
        value = common.armour_value(common.text(element, "armor", "0"))
        if value is None:
            report.skip("armour", common.text(element, "name") or "?", "library.report.reason.unreadable", part="armor")
            continue
        values.append(value)
        names.append(common.text(element, "name")[:80] or "?")
    report.count("armour", len(values))
    return max(0, common.stacked(values) + improvements.total("Armor")), names


def _complex_forms(root: ET.Element, report: ImportReport) -> list[Program]:
    found: list[Program] = []
    for element in common.children(root.find("complexforms"), "complexform"):
        name = common.text(element, "name")
        item = common.build(report, "complex_form", name, Program,
            name=name, kind="complex_form", fading=common.text(element, "fv"),
        )
        if item is not None:
            found.append(item)
    report.count("programs", len(found))
    return found
