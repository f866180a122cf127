"""The rally's library (:class:`gmtool.core.library.GameLibrary`): gear cards and courses, and the
files they travel in — a course as a versioned hex map file (``gmtool-hex-map``), gear cards as a
``badlands_rally.gears`` file. Everything read is checked whole before it is used."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.core.hex.map_file import FORMAT as MAP_FORMAT
from gmtool.core.hex.map_file import HexMapFile, read_map, write_map
from gmtool.core.i18n import tr
from gmtool.core.library import FileImport, TemplateColumns, invalid_exchange
from gmtool.core.user_files import IMPORT, MB, check_size, file_kind, parse_json
from gmtool.games.badlands_rally.library.templates import TEXT_MAX, CourseTemplate, GearCard, RallyTemplate
from gmtool.games.badlands_rally.rules.terrain import kinds
from gmtool.storage.atomic import write_atomic

GAME = "badlands_rally"
VERSION = 1
GEARS_KIND = "badlands_rally.gears"
GEAR_CARDS = file_kind("gear_cards", 4 * MB)  # a card is about 400 bytes: 10,000 cards fit (a course is a map)


class RallyLibrary:
    version = VERSION
    suffixes: tuple[str, ...] = (".json",)
    export_suffix = ".json"

    def blank(self, game: str, name: str) -> dict[str, object]:
        return GearCard(name=name[:TEXT_MAX] or "Gear").model_dump(mode="json")

    def read(self, document: dict[str, object], version: int) -> RallyTemplate:
        if version > VERSION:
            raise FileFormatError("error.exchange_too_new", version=version, supported=VERSION)
        try:
            template = TypeAdapter(RallyTemplate).validate_python(document)
        except ValidationError as exc:
            raise invalid_exchange(exc) from exc
        if isinstance(template, CourseTemplate):
            unknown = sorted(set(template.map.terrain.values()) - set(kinds()))
            if unknown:
                raise FileFormatError("error.map_unknown_kind", kinds=", ".join(unknown[:5]), game=GAME)
        return template

    def game_of(self, template: RallyTemplate) -> str:
        return GAME

    def columns(self, template: RallyTemplate) -> TemplateColumns:
        return TemplateColumns(template.name, template.tags, None, template.notes)

    def document(self, template: RallyTemplate) -> dict[str, object]:
        return template.model_dump(mode="json")

    def preview(self, template: RallyTemplate) -> str:
        if isinstance(template, CourseTemplate):
            course = template.map
            return tr("br.library.course_preview", name=course.name, columns=course.columns, rows=course.rows,
                      checkpoints=len(course.checkpoints))
        return tr("br.library.gear_preview", name=template.name, attack=template.attack, defence=template.defence,
                  armour=template.armour, hull=template.hull, structure=template.structure,
                  cruising=template.cruising_mr, top=template.top_mr)

    def renamed(self, template: RallyTemplate, name: str) -> RallyTemplate:
        if isinstance(template, CourseTemplate):
            return template.model_copy(update={"map": template.map.model_copy(update={"name": name[:80]})})
        return template.model_copy(update={"name": name[:TEXT_MAX]})

    def retagged(self, template: RallyTemplate, tags: tuple[str, ...]) -> RallyTemplate:
        return self.read(dict(self.document(template), tags=list(tags)), VERSION)

    # -- files ----------------------------------------------------------------------------------
    def claims(self, data: bytes, filename: str) -> bool:
        try:
            raw = parse_json(data, IMPORT, filename)
        except FileFormatError:
            return False
        return isinstance(raw, dict) and _is_ours(raw)

    def import_file(self, data: bytes, filename: str) -> FileImport:
        """A gear card file or a course (a map file of the rally), each within its own kind's limit."""
        raw = parse_json(data, IMPORT, filename)
        if not isinstance(raw, dict) or not _is_ours(raw):
            raise FileFormatError("error.br_not_rally_file")
        if raw.get("kind") == GEARS_KIND:
            check_size(data, GEAR_CARDS, filename)
            gears = raw.get("gears")
            if not isinstance(gears, list):
                raise FileFormatError("error.br_not_rally_file")
            cards = tuple(self.read(card, VERSION) for card in gears)
            return FileImport((tr("br.library.gears_imported", count=len(cards), source=filename),), cards)
        course = CourseTemplate(map=read_course(data, filename))
        return FileImport((tr("br.library.course_imported", name=course.name, source=filename),), (course,))

    def export(self, templates: tuple[RallyTemplate, ...], path: Path) -> None:
        """One course: a map file; otherwise the gear cards (a course among several is refused)."""
        courses = [t for t in templates if isinstance(t, CourseTemplate)]
        if courses and len(templates) == 1:
            write_atomic(path, write_map(courses[0].map))
            return
        if courses:
            raise FileFormatError("error.br_export_one_course")
        document = {"kind": GEARS_KIND, "version": VERSION, "gears": [self.document(t) for t in templates]}
        write_atomic(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")


def read_course(data: bytes, filename: str) -> HexMapFile:
    """A course file: a map (the map's limit and bounds) of the rally's terrain, checked whole."""
    course = read_map(data, tuple(kinds()), filename)
    if course.game != GAME:
        raise FileFormatError("error.map_other_game", game=course.game)
    return course


def _is_ours(raw: dict[str, Any]) -> bool:
    """A gear card file, or a map file for the rally (a course)."""
    return raw.get("kind") == GEARS_KIND or (raw.get("format") == MAP_FORMAT and raw.get("game") == GAME)


LIBRARY = RallyLibrary()
