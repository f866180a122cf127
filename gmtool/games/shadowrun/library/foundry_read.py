"""Foundry VTT actor exports → templates: what the file holds, which system and layout, one report per actor.

A file is one actor (Foundry's "Export Data": an object with ``name``, ``type``, ``system`` and
``items``; ``data`` instead of ``system`` before Foundry 10) or an array of them. Which system wrote
it: ``_stats.systemId`` (``shadowrun5e`` / ``shadowrun4e``), else its shape (``sheetStats`` is SR4).
Which SR5 layout: ``_stats.systemVersion`` (up to 0.29 template fields read from ``.value``; 0.30–0.32
data models with ``.base``; from 0.33 skills are items), else the shape of its skills.

All or nothing: an actor that cannot be read refuses the whole file, naming the actor and why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import tr
from gmtool.core.user_files import parse_json
from gmtool.games.shadowrun.library.foundry_fields import (
    FOUNDRY,
    MAX_ACTORS,
    ActorRefused,
    ActorReport,
    items_of,
    number,
    section,
    text,
)
from gmtool.games.shadowrun.library.foundry_sr5 import Sr5Layout
from gmtool.games.shadowrun.library.foundry_sr5_skills import skills_from_fields, skills_from_items
from gmtool.games.shadowrun.library.template import AnyTemplate
from gmtool.games.shadowrun.rules.shadowrun import NAME_MAX

SR5_ID, SR4_ID = "shadowrun5e", "shadowrun4e"
_VERSION = re.compile(r"^\s*v?(\d+)\.(\d+)")
LAYOUT_29 = Sr5Layout("foundry.layout.sr5_29", lambda system, items, report: (
    skills_from_fields(system, "value", report), []))
LAYOUT_30 = Sr5Layout("foundry.layout.sr5_30", lambda system, items, report: (
    skills_from_fields(system, "base", report), []))
LAYOUT_33 = Sr5Layout("foundry.layout.sr5_33", lambda system, items, report: skills_from_items(items, report))


@dataclass(frozen=True)
class FoundryImport:
    """The templates of a file, in its order, and the report lines of each actor."""

    templates: tuple[AnyTemplate, ...]
    lines: tuple[str, ...]


def is_actor(node: object) -> bool:
    """Whether a JSON value looks like one exported Foundry actor."""
    return (isinstance(node, dict) and "name" in node and "type" in node
            and isinstance(node.get("system", node.get("data")), dict) and "kind" not in node)


def actors_in(raw: object) -> list[dict[str, Any]] | None:
    """The actors of a parsed file (None when it is not a Foundry actor export)."""
    if is_actor(raw):
        assert isinstance(raw, dict)
        return [raw]
    if isinstance(raw, list) and raw and is_actor(raw[0]):
        return raw  # every member is checked as it is read
    return None


def claims(data: bytes, filename: str) -> bool:
    """Whether the bytes are a Foundry actor export (a JSON object or array of actors)."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if not head.startswith((b"{", b"[")) or (head.startswith(b"{") and b'"system"' not in data
                                              and b'"data"' not in data):
        return False
    try:
        return actors_in(parse_json(data, FOUNDRY, filename)) is not None
    except FileFormatError:  # refused by the reader: say why, as of an actor export, rather than "unknown format"
        return head.startswith(b"[") or b'"_stats"' in data or b'"system"' in data


def read_foundry(data: bytes, source: str) -> FoundryImport:
    """Every actor of the file as a template (FileFormatError: not an actor export, or one actor refused)."""
    actors = actors_in(parse_json(data, FOUNDRY, source))
    if actors is None:
        raise FileFormatError("foundry.error.not_actors", name=source)
    if len(actors) > MAX_ACTORS:
        raise FileFormatError("foundry.error.too_many_actors", count=len(actors), high=MAX_ACTORS)
    templates: list[AnyTemplate] = []
    lines = [tr("foundry.report.title", source=source, count=len(actors))]
    for number_, actor in enumerate(actors, 1):
        name = actor.get("name") if isinstance(actor, dict) else None
        shown = str(name)[:40] if isinstance(name, str) and name.strip() else "?"
        try:
            template, report = read_actor(actor)
        except ActorRefused as exc:
            raise FileFormatError("foundry.error.actor", number=number_, name=shown, reason=exc.message()) from exc
        templates.append(template)
        lines += report.lines()
    return FoundryImport(tuple(templates), tuple(lines))


def read_actor(actor: object) -> tuple[AnyTemplate, ActorReport]:
    """One actor's template and report (ActorRefused with the reason)."""
    if not is_actor(actor):
        raise ActorRefused("not_actor")
    assert isinstance(actor, dict)
    name = text(actor, "name", "name")
    if not name:
        raise ActorRefused("no_name")
    system = section(actor, "system") or section(actor, "data")
    items = items_of(actor)
    kept = _kept(actor)
    if _system_id(actor, system) == SR4_ID:
        from gmtool.games.shadowrun.library.foundry_sr4 import read_sr4

        if actor.get("type") not in ("character", "npc"):
            raise ActorRefused("actor_type", type=str(actor.get("type"))[:20])
        report = _report(name, "foundry.layout.sr4")
        return read_sr4(system, items, report, kept), report
    from gmtool.games.shadowrun.library.foundry_sr5 import read_sr5

    if actor.get("type") != "character":
        raise ActorRefused("actor_type", type=str(actor.get("type"))[:20])
    layout = layout_of(actor, system, items)
    report = _report(name, layout.label)
    return read_sr5(system, items, layout, report, kept), report


def _report(name: str, layout: str) -> ActorReport:
    report = ActorReport(name, tr(layout))
    if len(name) > NAME_MAX:
        report.skip("name_cut", length=NAME_MAX)
    return report


def _system_id(actor: dict[str, Any], system: dict[str, Any]) -> str:
    stated = text(section(actor, "_stats"), "systemId", "_stats")
    if stated in (SR5_ID, SR4_ID):
        return stated
    if stated:
        raise ActorRefused("other_system", system=stated[:30])
    return SR4_ID if "sheetStats" in system else SR5_ID


def layout_of(actor: dict[str, Any], system: dict[str, Any], items: list[dict[str, Any]]) -> Sr5Layout:
    """The SR5 layout: by ``_stats.systemVersion``, else by where the skills are."""
    found = _VERSION.match(text(section(actor, "_stats"), "systemVersion", "_stats"))
    if found:
        version = (int(found[1]), int(found[2]))
        return LAYOUT_29 if version < (0, 30) else LAYOUT_30 if version < (0, 33) else LAYOUT_33
    if any(item.get("type") == "skill" for item in items):
        return LAYOUT_33
    active = section(system, "skills", "active")
    rated = [node for node in active.values() if isinstance(node, dict)]
    if any("base" in node for node in rated):
        return LAYOUT_30
    return LAYOUT_29 if rated else LAYOUT_33


def _kept(actor: dict[str, Any]) -> dict[str, Any]:
    """What a gmtool export kept in the actor's flags that Foundry has no field for (tags, professional rating)."""
    own = section(actor, "flags", "gmtool")
    kept: dict[str, Any] = {}
    tags = own.get("tags")
    if isinstance(tags, list) and all(isinstance(t, str) for t in tags):
        kept["tags"] = tags
    for name in ("professional_rating", "initiative_bonus"):
        if own.get(name) is not None:
            kept[name] = number(own, name, 0, "flags.gmtool")
    return kept
