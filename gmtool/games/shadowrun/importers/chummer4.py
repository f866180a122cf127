"""ChummerGenSR4 ``.chum`` (SR4, XML in UTF-16 LE with CRLF) → an SR4 NPC template and a report.

What is read, and how ChummerGenSR4 stores it:

- name: ``<alias>``, else ``<name>``, else the file's name; metatype ``<metatype>``;
- attributes: each ``<attribute>``'s ``<totalvalue>`` (augmented); Magic if
  ``<magenabled>``, Resonance if ``<resenabled>``; Essence ``<totaless>``;
- skills carry ``<name>``, ``<rating>`` (group rating included), ``<spec>``,
  ``<skillgroup>``, ``<attribute>``, ``<knowledge>``; ``Skill``/``SkillGroup``
  improvements become the skill's dice bonus;
- weapons as written (melee ``(STR/2+1)P`` stays a formula), melee reach plus
  ``Reach`` improvements, the unarmed attack with ``UnarmedDV``;
- armour: the best equipped ballistic ``<b>`` and impact ``<i>``, ``+``
  accessories added, plus ``BallisticArmor`` / ``ImpactArmor`` improvements;
- monitors: 8 + ⌈BOD/2⌉ + ``PhysicalCM``, 8 + ⌈WIL/2⌉ + ``StunCM`` (SR4-MT8),
  filled boxes from ``<physicalcmfilled>`` / ``<stuncmfilled>``;
- initiative passes: 1 + the best ``InitiativePass`` improvement (SR4 pass
  bonuses do not stack), at most 4; spells with drain, technomancer complex
  forms (``<techprograms>``), Matrix programs from the gear, cyberware and bioware.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from pydantic import ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.games.shadowrun.importers import chummer_common as common
from gmtool.games.shadowrun.importers.report import ImportReport, ImportResult
from gmtool.games.shadowrun.importers.xml_safe import parse_xml
from gmtool.games.shadowrun.library.template import Program, SkillEntry, SR4Template, monitor_sizes
from gmtool.games.shadowrun.library.validation import field_errors

PROGRAM_CATEGORIES = ("Matrix Programs", "ARE Programs")
ATTRIBUTE_NAMES = ("BOD", "AGI", "REA", "STR", "WIL", "LOG", "INT", "CHA", "EDG", "MAG", "RES")


def import_chum(data: bytes, source: str = "") -> ImportResult:
    """Read a ``.chum`` file's bytes: the template and the report, or FileFormatError."""
    return from_root(parse_xml(data), source)


def from_root(root: ET.Element, source: str = "") -> ImportResult:
    """The template from an already parsed ChummerGenSR4 document."""
    common.character_root(root)
    edition = common.text(root, "gameedition")
    if (edition and edition != "SR4") or root.find("newskills") is not None:
        raise FileFormatError("error.import_wrong_edition", expected="SR4", found=edition[:10] or "SR5")
    report = ImportReport(source=source, format="chum")
    improvements = common.Improvements(root)
    totals = common.attribute_totals(root)
    attributes = {a: totals[a] for a in common.CORE_ATTRIBUTES}
    ballistic, impact, worn = _armour(root, improvements, report)
    physical, stun = monitor_sizes(
        attributes["BOD"], attributes["WIL"], improvements.total("PhysicalCM"), improvements.total("StunCM"),
    )
    groups = _skill_groups(root)
    fields: dict[str, object] = {
        "name": common.character_name(root, source, report),
        "metatype": common.metatype(root, report),
        "attributes": attributes,
        "magic": totals.get("MAG") if common.is_true(common.text(root, "magenabled")) else None,
        "resonance": totals.get("RES") if common.is_true(common.text(root, "resenabled")) else None,
        "essence": common.essence(root),
        "initiative_passes": min(4, 1 + improvements.highest("InitiativePass")),
        "initiative_bonus": max(0, min(10, improvements.total("Initiative"))),
        "monitors": {
            "physical_boxes": physical, "stun_boxes": stun,
            "physical_filled": common.required_int(root, "physicalcmfilled", "physicalcmfilled", 0),
            "stun_filled": common.required_int(root, "stuncmfilled", "stuncmfilled", 0),
        },
        "skills": _skills(root, improvements, report),
        "skill_groups": groups,
        "weapons": common.weapons(root, improvements, report, sr5=False),
        "armour": {"ballistic": ballistic, "impact": impact},
        "armour_worn": worn,
        "spells": common.spells(root, report),
        "programs": _complex_forms(root, report) + common.programs(root, report, PROGRAM_CATEGORIES),
        "augmentations": common.augmentations(root, report),
        "notes": common.notes(root),
        "source": source[:80],
    }
    report.count("skill_groups", len(groups))
    common.skip_all(root, "powers", "power", "adept_power", report)
    common.skip_all(root, "vehicles", "vehicle", "vehicle", report)
    common.report_unapplied(improvements, report)
    return ImportResult(_template(fields), report)


def _template(fields: dict[str, object]) -> SR4Template:
    try:
        return SR4Template.model_validate(fields)
    except ValidationError as exc:
        errors = field_errors(exc)
        path, message = next(iter(errors.items()))
        raise FileFormatError("error.import_values", field=path, detail=message) from exc


def _skill_groups(root: ET.Element) -> list[dict[str, object]]:
    """Groups with a rating (validated with the template)."""
    found: list[dict[str, object]] = []
    for element in common.children(root.find("skillgroups"), "skillgroup"):
        name = common.text(element, "name")
        rating = common.required_int(element, "rating", f"skill group {name[:30]}", 0)
        if name and rating > 0:
            found.append({"name": name[:80], "rating": rating})
    return found


def _skills(root: ET.Element, improvements: common.Improvements, report: ImportReport) -> list[SkillEntry]:
    found: list[SkillEntry] = []
    knowledge_count = 0
    for element in common.children(root.find("skills"), "skill"):
        name = common.text(element, "name")
        rating = common.required_int(element, "rating", f"skill {name[:30]}", 0)
        if rating <= 0 or not name:
            continue
        group = common.text(element, "skillgroup")
        knowledge = common.is_true(common.text(element, "knowledge"))
        attribute = common.text(element, "attribute")
        spec = common.text(element, "spec")
        bonus = improvements.total("Skill", name) + (improvements.total("SkillGroup", group) if group else 0)
        item = common.build(report, "knowledge_skill" if knowledge else "skill", name, SkillEntry,
            name=name[:80], rating=rating, attribute=attribute if attribute in ATTRIBUTE_NAMES else None,
            group=group[:80] or None, specialisations=[spec[:80]] if spec else [], knowledge=knowledge, bonus=bonus,
        )
        if item is not None:
            found.append(item)
            knowledge_count += knowledge
    report.count("skills", len(found) - knowledge_count)
    report.count("knowledge_skills", knowledge_count)
    return found


def _armour(root: ET.Element, improvements: common.Improvements, report: ImportReport) -> tuple[int, int, list[str]]:
    ballistic: list[tuple[int, bool]] = []
    impact: list[tuple[int, bool]] = []
    names: list[str] = []
    for element in common.equipped_armour(root, report):
        b = common.armour_value(common.text(element, "b", "0"))
        i = common.armour_value(common.text(element, "i", "0"))
        if b is None or i is None:
            report.skip("armour", common.text(element, "name") or "?", "library.report.reason.unreadable", part="b/i")
            continue
        ballistic.append(b)
        impact.append(i)
        names.append(common.text(element, "name")[:80] or "?")
    report.count("armour", len(names))
    return (max(0, common.stacked(ballistic) + improvements.total("BallisticArmor")),
            max(0, common.stacked(impact) + improvements.total("ImpactArmor")), names)


def _complex_forms(root: ET.Element, report: ImportReport) -> list[Program]:
    found: list[Program] = []
    for element in common.children(root.find("techprograms"), "techprogram"):
        name = common.text(element, "name")
        rating = common.parse_int(common.text(element, "rating", "0")) or 0
        item = common.build(report, "complex_form", name, Program,
            name=name, kind="complex_form", rating=rating or None,
        )
        if item is not None:
            found.append(item)
    report.count("programs", len(found))
    return found
