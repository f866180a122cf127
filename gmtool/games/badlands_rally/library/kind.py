"""The rally's library (:class:`gmtool.core.library.GameLibrary`): gear cards and courses, and the
files they travel in — a course as a versioned hex map file (``gmtool-hex-map``), gear cards as a
``badlands_rally.gears`` file. Everything read is checked whole before it is used: the file's version
(a whole number from 1, not newer), at most :data:`GEARS_MAX` cards, each card strictly
(:mod:`.templates`); a refusal names the file, its kind, the card, the field and the reason, and a
card typed in the editor is refused with the same words, less the file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.core.hex.map_file import FORMAT as MAP_FORMAT
from gmtool.core.hex.map_file import read_map, write_map
from gmtool.core.i18n import active_language, catalogue, tr
from gmtool.core.library import FileImport, TemplateColumns
from gmtool.core.strict import checked_version, in_file, refusal, too_large
from gmtool.games.badlands_rally.library.templates import TEXT_MAX, CourseTemplate, GearCard, RallyTemplate
from gmtool.games.badlands_rally.rules.terrain import kinds
from gmtool.storage.atomic import write_atomic

GAME = "badlands_rally"
VERSION = 1
GEARS_KIND = "badlands_rally.gears"
FILE_MAX = 5_000_000  # bytes: a course of 200×200 hexes is well under
GEARS_MAX = 1000  # gear cards in one file: far more than any table's garage


def field_label(name: str) -> str | None:
    """The editor's label of a card's field (``top_mr`` → "Top MR", a weapon's ``maximum`` → "Max"), if any."""
    messages = catalogue(active_language()).messages
    return next((tr(key) for key in (f"br.field.{name}", f"br.weapon.column.{name}") if key in messages), None)


def _marked(data: bytes, value: bytes) -> bool:
    """The file holds the JSON string ``value`` (how a file too large to parse says what it is)."""
    return b'"' + value + b'"' in data


def _json(text: str, filename: str, kind: str) -> object:
    """The file's text as JSON, or a refusal naming the file and its kind (an encoding that is not UTF-8
    reads as no JSON here: the bytes were claimed by what they hold, the text is decoded as UTF-8)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        problem = FileFormatError("error.not_json", detail=str(exc)[:200])
        raise in_file(problem, filename, tr(kind)) from exc


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
        if len(data) > FILE_MAX:  # claimed by what it says it is, so the refusal says "too large" and the limit
            return (_marked(data, MAP_FORMAT.encode()) and _marked(data, GAME.encode())) or _marked(data, GEARS_KIND.encode())
        try:
            raw = json.loads(data)
        except (ValueError, RecursionError):
            return False
        if not isinstance(raw, dict):
            return False
        return raw.get("kind") == GEARS_KIND or (raw.get("format") == MAP_FORMAT and raw.get("game") == GAME)

    def import_file(self, data: bytes, filename: str) -> FileImport:
        if len(data) > FILE_MAX:
            kind = "strict.kind.gear_cards_file" if _marked(data, GEARS_KIND.encode()) else "strict.kind.map_file"
            raise too_large(filename, tr(kind), len(data), FILE_MAX)
        if not self.claims(data, filename):
            raise FileFormatError("error.br_not_rally_file")
        text = data.decode("utf-8", errors="replace")
        gears = _marked(data, GEARS_KIND.encode())
        raw = _json(text, filename, "strict.kind.gear_cards_file" if gears else "strict.kind.map_file")
        if isinstance(raw, dict) and raw.get("kind") == GEARS_KIND:
            try:
                cards = self._gear_cards(raw)
            except FileFormatError as exc:
                raise in_file(exc, filename, tr("strict.kind.gear_cards_file")) from exc
            return FileImport((tr("br.library.gears_imported", count=len(cards), source=filename),), cards)
        course = CourseTemplate(map=read_map(text, tuple(kinds()), source=filename))
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
