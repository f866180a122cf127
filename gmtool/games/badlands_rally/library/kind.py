"""The rally's library (:class:`gmtool.core.library.GameLibrary`): gear cards and courses, and the
files they travel in — a course as a versioned hex map file (``gmtool-hex-map``), gear cards as a
``badlands_rally.gears`` file. Everything read is checked whole before it is used: the file's version
(a whole number from 1, not newer), at most :data:`GEARS_MAX` cards, each card strictly
(:mod:`.templates`); a refusal names the file, its kind, the card, the field and the reason, and a
card typed in the editor is refused with the same words, less the file."""

from __future__ import annotations

import json
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.core.hex.map_file import FORMAT as MAP_FORMAT
from gmtool.core.hex.map_file import HexMapFile, read_map, write_map
from gmtool.core.i18n import active_language, catalogue, tr
from gmtool.core.library import FileImport, TemplateColumns, in_one_step
from gmtool.core.strict import checked_version, in_file, refusal
from gmtool.core.user_files import IMPORT, MB, check_size, file_kind, parse_json
from gmtool.games.badlands_rally.library.templates import TEXT_MAX, CourseTemplate, GearCard, RallyTemplate
from gmtool.games.badlands_rally.rules.terrain import kinds
from gmtool.storage.atomic import write_atomic

GAME = "badlands_rally"
VERSION = 1
GEARS_KIND = "badlands_rally.gears"
GEAR_CARDS = file_kind("gear_cards", 4 * MB)  # a card is about 400 bytes: 10,000 cards fit (a course is a map)
GEARS_MAX = 1000  # gear cards in one file: far more than any table's garage


def field_label(name: str) -> str | None:
    """The editor's label of a card's field (``top_mr`` → "Top MR", a weapon's ``maximum`` → "Max"), if any."""
    messages = catalogue(active_language()).messages
    return next((tr(key) for key in (f"br.field.{name}", f"br.weapon.column.{name}") if key in messages), None)


ModelT = TypeVar("ModelT", bound=BaseModel)


def _validated(model: type[ModelT], document: object, what: str,
               label: Callable[[str], str | None] | None = None) -> ModelT:
    """``document`` as a ``model``, or the refusal naming ``what``, the field and the reason."""
    try:
        return model.model_validate(document)
    except ValidationError as exc:
        raise refusal(exc, what, label) from exc


def _card_in_file(document: object, number: int) -> str:
    name = document.get("name") if isinstance(document, dict) else None
    shown = name[:40] if isinstance(name, str) else "?"
    return tr("strict.what.card_in_file", what=tr("strict.what.gear_card"), number=number, name=shown)


class RallyLibrary:
    version = VERSION
    suffixes: tuple[str, ...] = (".json",)
    export_suffix = ".json"

    def blank(self, game: str, name: str) -> dict[str, object]:
        return GearCard(name=name[:TEXT_MAX] or "Gear").model_dump(mode="json")

    def read(self, document: dict[str, object], version: int, what: str | None = None) -> RallyTemplate:
        """The card or course a document holds (``what``: how a refusal names it; the card's kind)."""
        if version > VERSION:
            raise FileFormatError("error.exchange_too_new", version=version, supported=VERSION)
        if isinstance(document, dict) and document.get("kind") == "course":
            template = _validated(CourseTemplate, document, what or tr("strict.what.map"))
            unknown = sorted(set(template.map.terrain.values()) - set(kinds()))
            if unknown:
                raise FileFormatError("error.map_unknown_kind", kinds=", ".join(unknown[:5]), game=GAME)
            return template
        return _validated(GearCard, document, what or tr("strict.what.gear_card"), field_label)

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
            try:
                cards = self._gear_cards(raw)
            except FileFormatError as exc:
                raise in_file(exc, filename, tr("strict.kind.gear_cards_file")) from exc
            return FileImport((tr("br.library.gears_imported", count=len(cards), source=filename),), cards)
        course = CourseTemplate(map=read_course(data, filename))
        return FileImport((tr("br.library.course_imported", name=course.name, source=filename),), (course,))

    def _gear_cards(self, raw: dict[str, object]) -> tuple[RallyTemplate, ...]:
        """A gear cards file's cards: its version checked first, then every card (all or none)."""
        checked_version(raw, "version", tr("strict.what.gear_cards_file"), VERSION, "error.exchange_too_new")
        gears = raw.get("gears")
        if not isinstance(gears, list) or not all(isinstance(card, dict) for card in gears):
            raise FileFormatError("error.br_not_rally_file")
        if len(gears) > GEARS_MAX:
            raise FileFormatError("error.cards_too_many", what=tr("strict.what.gear_cards_file"), count=len(gears),
                                  limit=GEARS_MAX)
        return tuple(_validated(GearCard, card, _card_in_file(card, number), field_label)  # a gear card each
                     for number, card in enumerate(gears, 1))

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
