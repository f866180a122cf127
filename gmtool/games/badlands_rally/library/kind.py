"""The rally's library (:class:`gmtool.core.library.GameLibrary`): gear cards and courses, and the
files they travel in — a course as a versioned hex map file (``gmtool-hex-map``), gear cards as a
``badlands_rally.gears`` file. Everything read is checked whole before it is used."""

from __future__ import annotations

import json
from collections.abc import Generator
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.core.hex.map_file import FORMAT as MAP_FORMAT
from gmtool.core.hex.map_file import read_map, write_map
from gmtool.core.i18n import tr
from gmtool.core.library import FileImport, TemplateColumns, in_one_step, invalid_exchange
from gmtool.games.badlands_rally.library.templates import TEXT_MAX, CourseTemplate, GearCard, RallyTemplate
from gmtool.games.badlands_rally.rules.terrain import kinds
from gmtool.storage.atomic import write_atomic

GAME = "badlands_rally"
VERSION = 1
GEARS_KIND = "badlands_rally.gears"
FILE_MAX = 5_000_000  # bytes: a course of 200×200 hexes is well under


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
        if len(data) > FILE_MAX:
            return False
        try:
            raw = json.loads(data)
        except (ValueError, RecursionError):
            return False
        if not isinstance(raw, dict):
            return False
        return raw.get("kind") == GEARS_KIND or (raw.get("format") == MAP_FORMAT and raw.get("game") == GAME)

    def import_file(self, data: bytes, filename: str) -> FileImport:
        if len(data) > FILE_MAX:
            raise FileFormatError("error.exchange_too_large", limit_mb=FILE_MAX // 1_000_000)
        if not self.claims(data, filename):
            raise FileFormatError("error.br_not_rally_file")
        text = data.decode("utf-8", errors="replace")
        raw = json.loads(text)
        if isinstance(raw, dict) and raw.get("kind") == GEARS_KIND:
            gears = raw.get("gears")
            if not isinstance(gears, list):
                raise FileFormatError("error.br_not_rally_file")
            cards = tuple(self.read(card, VERSION) for card in gears)
            return FileImport((tr("br.library.gears_imported", count=len(cards), source=filename),), cards)
        course = CourseTemplate(map=read_map(text, tuple(kinds())))
        return FileImport((tr("br.library.course_imported", name=course.name, source=filename),), (course,))

    def import_stepwise(self, data: bytes, filename: str) -> Generator[None, None, FileImport]:
        return in_one_step(self, data, filename)  # its files are small: one step

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


LIBRARY = RallyLibrary()
