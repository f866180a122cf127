"""What the SR4 and SR5 Chummer formats share: reading values, improvements, weapons,
armour, spells, augmentations, monitors and the character's name.

Readers never trust the file: a number that does not parse in a part the
template cannot do without (attributes, monitors) raises FileFormatError; a
broken item (one weapon, one spell) is skipped and listed in the report.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from typing import TypeVar

from pydantic import ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.games.shadowrun.importers.report import ImportReport
from gmtool.games.shadowrun.library.template import (
    METATYPES,
    NOTES_MAX,
    Augmentation,
    Program,
    Spell,
    Weapon,
)
from gmtool.games.shadowrun.library.validation import field_errors
from gmtool.games.shadowrun.rules.shadowrun import NAME_MAX

T = TypeVar("T")
CORE_ATTRIBUTES: tuple[str, ...] = ("BOD", "AGI", "REA", "STR", "WIL", "LOG", "INT", "CHA", "EDG")


# -- reading values --------------------------------------------------------------------------------------
def text(element: ET.Element | None, tag: str, default: str = "") -> str:
    """The stripped text of a child, or ``default``."""
    if element is None:
        return default
    child = element.find(tag)
    if child is None or child.text is None:
        return default
    return child.text.strip()


def parse_int(value: str) -> int | None:
    """An integer from Chummer's text ("4", "-1", "+2", "3.0"), or None."""
    value = value.strip()
    if not value or len(value) > 12:
        return None
    try:
        return int(value)
    except ValueError:
        pass
    try:
        number = float(value)
    except ValueError:
        return None
    return int(number) if math.isfinite(number) and number.is_integer() else None


def parse_float(value: str) -> float | None:
    value = value.strip().replace(",", ".")
    if not value or len(value) > 24:
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def required_int(element: ET.Element | None, tag: str, what: str, default: int | None = None) -> int:
    """An integer the template cannot do without; FileFormatError if it is there but unreadable."""
    raw = text(element, tag)
    if not raw and default is not None:
        return default
    number = parse_int(raw)
    if number is None:
        raise FileFormatError("error.import_broken", part=what, value=raw[:40])
    return number


def is_true(value: str) -> bool:
    return value.strip().lower() == "true"


def children(element: ET.Element | None, tag: str) -> list[ET.Element]:
    """The direct children named ``tag`` of an optional element."""
    return [] if element is None else element.findall(tag)


def build(report: ImportReport, kind: str, label: str, model: Callable[..., T], /, **fields: object) -> T | None:
    """Build one item from its fields; a validation failure skips it with the first reason."""
    try:
        return model(**fields)
    except ValidationError as exc:
        errors = field_errors(exc)
        path, message = next(iter(errors.items()))
        report.skip(kind, label or "?", "library.report.reason.invalid", field=path, detail=message)
        return None


# -- the character -------------------------------------------------------------------------------------------
def character_root(root: ET.Element) -> ET.Element:
    if root.tag != "character":
        raise FileFormatError("error.import_not_chummer", found=root.tag[:40])
    return root


def character_name(root: ET.Element, source: str, report: ImportReport) -> str:
    """Alias, else name, else the file's name; cut to the sheet's length."""
    name = text(root, "alias") or text(root, "name") or source.rsplit(".", 1)[0].strip() or "NPC"
    name = " ".join(name.split())
    if len(name) > NAME_MAX:
        report.warn("library.report.name_cut", length=NAME_MAX)
        name = name[:NAME_MAX].strip()
    return name


def metatype(root: ET.Element, report: ImportReport) -> str:
    found = text(root, "metatype")
    key = found.lower()
    if key in METATYPES:
        return key
    report.warn("library.report.metatype_unknown", metatype=found[:40] or "?")
    return "human"


def attribute_totals(root: ET.Element) -> dict[str, int]:
    """Every attribute's ``totalvalue`` (the augmented value Chummer shows) by name."""
    totals: dict[str, int] = {}
    for attribute in children(root.find("attributes"), "attribute"):
        name = text(attribute, "name")
        if name:
            totals[name] = required_int(attribute, "totalvalue", f"attributes/{name[:10]}")
    missing = [a for a in CORE_ATTRIBUTES if a not in totals]
    if missing:
        raise FileFormatError("error.import_broken", part="attributes", value=" ".join(missing))
    return totals


def essence(root: ET.Element) -> float:
    raw = text(root, "totaless", "6")
    value = parse_float(raw)
    if value is None:
        raise FileFormatError("error.import_broken", part="totaless", value=raw[:40])
    return min(6.0, max(0.0, value))


def notes(root: ET.Element) -> str:
    parts = [text(root, tag) for tag in ("concept", "notes", "gamenotes")]
    return "\n\n".join(p for p in parts if p)[:NOTES_MAX]


# -- improvements ---------------------------------------------------------------------------------------------
class Improvements:
    """Chummer's ``<improvements>``: bonuses its engine applies, summed by type (and name)."""

    def __init__(self, root: ET.Element) -> None:
        self.values: list[tuple[str, str, int]] = []
        for improvement in children(root.find("improvements"), "improvement"):
            if text(improvement, "enabled", "True").lower() == "false":
                continue
            kind = text(improvement, "improvementttype") or text(improvement, "improvementtype")
            value = parse_int(text(improvement, "val", "0"))
            if kind and value is not None:
                self.values.append((kind, text(improvement, "improvedname"), value))
        # Summed once: a character with thousands of improvements and skills stays linear.
        self._by_kind: dict[str, int] = {}
        self._by_name: dict[tuple[str, str], int] = {}
        self._highest: dict[str, int] = {}
        for kind, name, value in self.values:
            self._by_kind[kind] = self._by_kind.get(kind, 0) + value
            self._by_name[(kind, name)] = self._by_name.get((kind, name), 0) + value
            self._highest[kind] = max(self._highest.get(kind, value), value)

    def total(self, kind: str, name: str | None = None) -> int:
        return self._by_kind.get(kind, 0) if name is None else self._by_name.get((kind, name), 0)

    def highest(self, kind: str) -> int:
        return self._highest.get(kind, 0)

    def kinds(self) -> set[str]:
        return set(self._by_kind)


NOT_APPLIED: tuple[str, ...] = ("CMThreshold", "CMThresholdOffset", "DamageResistance")


def report_unapplied(improvements: Improvements, report: ImportReport) -> None:
    for kind in NOT_APPLIED:
        if kind in improvements.kinds():
            report.skip("improvement", kind, "library.report.reason.improvement_not_applied",
                        value=improvements.total(kind))


# -- weapons ------------------------------------------------------------------------------------------------------
_STRENGTH_CODE = re.compile(r"^\((?P<str>STR(?:/2)?)(?P<mod>[+-]\d{1,2})?\)(?P<kind>[PS])(?P<rest>.*)$")


def unarmed_damage(code: str, bonus: int, physical: bool) -> str:
    """An unarmed attack's formula with Chummer's UnarmedDV bonuses written in (Strength still once)."""
    match = _STRENGTH_CODE.match(code.replace(" ", ""))
    if match is None or (bonus == 0 and not physical):
        return code
    modifier = int(match.group("mod") or 0) + bonus
    kind = "P" if physical else match.group("kind")
    sign = f"{modifier:+d}" if modifier else ""
    return f"({match.group('str')}{sign}){kind}{match.group('rest')}"


def firing_modes(raw: str) -> list[str]:
    modes: list[str] = []
    for part in re.split(r"[/,\s]+", raw.upper()):
        if part in ("SS", "SA", "BF", "FA") and part not in modes:
            modes.append(part)
    return modes


def weapon(element: ET.Element, improvements: Improvements, report: ImportReport, *, sr5: bool) -> Weapon | None:
    """One ``<weapon>``; damage, AP, RC and ammo kept as Chummer writes them."""
    name = text(element, "name")
    melee = text(element, "type").lower() == "melee"
    damage = text(element, "damage")
    if not name or not damage:
        report.skip("weapon", name or "?", "library.report.reason.incomplete")
        return None
    reach = parse_int(text(element, "reach", "0"))
    if reach is None:
        report.skip("weapon", name, "library.report.reason.unreadable", part="reach")
        return None
    if melee:
        reach += improvements.total("Reach")
    if text(element, "category") == "Unarmed":
        damage = unarmed_damage(damage, improvements.total("UnarmedDV"), "UnarmedDVPhysical" in improvements.kinds())
    accuracy = text(element, "accuracy") if sr5 else None
    return build(report, "weapon", name, Weapon,
        name=name[:80], category=text(element, "category")[:80], skill=text(element, "useskill")[:80], melee=melee, reach=reach, damage=damage,
        ap=text(element, "ap", "-") or "-", modes=firing_modes(text(element, "mode")),
        rc=text(element, "rc"), ammo=text(element, "ammo"), accuracy=accuracy or None,
        ranges=text(element, "range"),
    )


def weapons(root: ET.Element, improvements: Improvements, report: ImportReport, *, sr5: bool) -> list[Weapon]:
    """Every weapon, underbarrel weapons included (they sit inside their carrier)."""
    found: list[Weapon] = []
    for element in _all(root.find("weapons"), "weapon"):
        if text(element, "equipped", "True").lower() == "false":
            report.skip("weapon", text(element, "name") or "?", "library.report.reason.not_equipped")
            continue
        item = weapon(element, improvements, report, sr5=sr5)
        if item is not None:
            found.append(item)
    report.count("weapons", len(found))
    return found


def _all(element: ET.Element | None, tag: str) -> Iterable[ET.Element]:
    return [] if element is None else element.iter(tag)


# -- armour ---------------------------------------------------------------------------------------------------
def armour_value(raw: str) -> tuple[int, bool] | None:
    """``"12"`` → (12, False); ``"+2"`` → (2, True) for an accessory that adds; None if unreadable."""
    raw = raw.strip()
    number = parse_int(raw.lstrip("+")) if raw else 0
    if number is None or number < 0:
        return None
    return number, raw.startswith("+")


def stacked(values: list[tuple[int, bool]]) -> int:
    """Only the best armour counts; accessories marked ``+`` add to it (SR4 p. 161, SR5 p. 169)."""
    return max((v for v, plus in values if not plus), default=0) + sum(v for v, plus in values if plus)


def equipped_armour(root: ET.Element, report: ImportReport) -> list[ET.Element]:
    worn = []
    for element in children(root.find("armors"), "armor"):
        if is_true(text(element, "equipped", "False")):
            worn.append(element)
        else:
            report.skip("armour", text(element, "name") or "?", "library.report.reason.not_equipped")
    return worn


# -- spells, augmentations ----------------------------------------------------------------------------------
def spells(root: ET.Element, report: ImportReport) -> list[Spell]:
    found: list[Spell] = []
    for element in children(root.find("spells"), "spell"):
        name = text(element, "name")
        kind = text(element, "type")
        item = build(report, "spell", name, Spell,
            name=name, category=text(element, "category")[:80], type=kind if kind in ("P", "M") else "",
            range=text(element, "range"), duration=text(element, "duration"), drain=text(element, "dv"),
        )
        if item is not None:
            found.append(item)
    report.count("spells", len(found))
    return found


_NUMBER = r"\d+(?:\.\d+)?"  # "1.2.3" is no number: that cost is reported unreadable, never a crash
_RATING_TIMES = re.compile(rf"^\(?Rating\s*\*\s*(?P<f>{_NUMBER})\)?(?:\s*\+\s*(?P<add>{_NUMBER}))?$")
_FIXED_VALUES = re.compile(r"^FixedValues\((?P<values>[\d.,\s]+)\)$")


def item_essence(raw: str, rating: int) -> float | None:
    """An augmentation's Essence cost: a number, ``Rating * x (+ y)`` or ``FixedValues(a,b,…)``."""
    number = parse_float(raw)
    if number is not None:
        return number
    match = _RATING_TIMES.match(raw.strip())
    if match:
        return rating * float(match.group("f")) + float(match.group("add") or 0)
    match = _FIXED_VALUES.match(raw.strip())
    if match:
        values = [parse_float(v) for v in match.group("values").split(",")]
        if 1 <= rating <= len(values) and values[rating - 1] is not None:
            return values[rating - 1]
    return None


def augmentations(root: ET.Element, report: ImportReport) -> list[Augmentation]:
    found: list[Augmentation] = []
    for element in _all(root.find("cyberwares"), "cyberware"):
        name = text(element, "name")
        rating = parse_int(text(element, "rating", "0")) or 0
        raw_cost = text(element, "ess", "0")
        cost = item_essence(raw_cost, rating)
        if cost is None:
            report.warn("library.report.essence_unknown", name=name[:40] or "?", value=raw_cost[:40])
        kind = "bioware" if text(element, "improvementsource") == "Bioware" else "cyberware"
        item = build(report, "augmentation", name, Augmentation,
            name=name, kind=kind, rating=rating, essence=round(cost or 0.0, 4), grade=text(element, "grade")[:80],
        )
        if item is not None:
            found.append(item)
    report.count("augmentations", len(found))
    return found


def skip_all(root: ET.Element, container: str, tag: str, kind: str, report: ImportReport) -> None:
    """List each item of a part templates do not keep (adept powers, vehicles …)."""
    for element in children(root.find(container), tag):
        report.skip(kind, text(element, "name") or "?", "library.report.reason.not_kept")


def programs(root: ET.Element, report: ImportReport, categories: tuple[str, ...]) -> list[Program]:
    """Matrix programs: the gear items of the edition's program categories, with their rating."""
    found: list[Program] = []
    gears = root.find("gears")
    for element in [] if gears is None else gears.iter("gear"):
        if text(element, "category") not in categories:
            continue
        name = text(element, "name")
        rating = parse_int(text(element, "rating", "0")) or 0
        item = build(report, "program", name, Program, name=name, rating=rating or None)
        if item is not None:
            found.append(item)
    report.count("programs", len(found))
    return found
