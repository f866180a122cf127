"""The rally's library (:class:`gmtool.core.library.GameLibrary`): gear cards and courses, and the
files they travel in — a course as a versioned hex map file (``gmtool-hex-map``), gear cards as a
``badlands_rally.gears`` file. Everything read is checked whole before it is used: the file's version
(a whole number from 1, not newer), at most :data:`GEARS_MAX` cards, each card strictly
(:mod:`.templates`); a refusal names the file, its kind, the card, the field and the reason, and a
card typed in the editor is refused with the same words, less the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.core.card_library import CardLibrary, card_in_file, card_list, cards_text, validated
from gmtool.core.errors import FileFormatError
from gmtool.core.hex.map_file import FORMAT as MAP_FORMAT
from gmtool.core.hex.map_file import HexMapFile, read_map, write_map
from gmtool.core.i18n import active_language, catalogue, tr
from gmtool.core.library import FileImport
from gmtool.core.strict import checked_version, in_file
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


class RallyLibrary(CardLibrary[RallyTemplate]):
    game = GAME
    version = VERSION

    def blank(self, game: str, name: str) -> dict[str, object]:
        return GearCard(name=name[:TEXT_MAX] or "Gear").model_dump(mode="json")

    def read(self, document: dict[str, object], version: int, what: str | None = None) -> RallyTemplate:
        """The card or course a document holds (``what``: how a refusal names it; the card's kind)."""
        self.not_newer(version)
        if isinstance(document, dict) and document.get("kind") == "course":
            template = validated(CourseTemplate, document, what or tr("strict.what.map"))
            unknown = sorted(set(template.map.terrain.values()) - set(kinds()))
            if unknown:
                raise FileFormatError("error.map_unknown_kind", kinds=", ".join(unknown[:5]), game=GAME)
            return template
        return validated(GearCard, document, what or tr("strict.what.gear_card"), field_label)

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

    # -- files ----------------------------------------------------------------------------------
    def is_ours(self, raw: dict[str, Any]) -> bool:
        """A gear card file, or a map file for the rally (a course)."""
        return raw.get("kind") == GEARS_KIND or (raw.get("format") == MAP_FORMAT and raw.get("game") == GAME)

    def import_file(self, data: bytes, filename: str) -> FileImport:
        """A gear card file or a course (a map file of the rally), each within its own kind's limit."""
        raw = parse_json(data, IMPORT, filename)
        if not isinstance(raw, dict) or not self.is_ours(raw):
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
        what = tr("strict.what.gear_cards_file")
        checked_version(raw, "version", what, VERSION, "error.exchange_too_new")
        gears = card_list(raw, "gears", what, GEARS_MAX, "error.br_not_rally_file")
        return tuple(validated(GearCard, card, card_in_file(tr("strict.what.gear_card"), card.get("name"), number),
                               field_label) for number, card in enumerate(gears, 1))  # a gear card each

    def export(self, templates: tuple[RallyTemplate, ...], path: Path) -> None:
        """One course: a map file; otherwise the gear cards (a course among several is refused)."""
        courses = [t for t in templates if isinstance(t, CourseTemplate)]
        if courses and len(templates) == 1:
            write_atomic(path, write_map(courses[0].map))
            return
        if courses:
            raise FileFormatError("error.br_export_one_course")
        write_atomic(path, cards_text(GEARS_KIND, VERSION, "gears", [self.document(t) for t in templates]))


def read_course(data: bytes, filename: str) -> HexMapFile:
    """A course file: a map (the map's limit and bounds) of the rally's terrain, checked whole."""
    course = read_map(data, tuple(kinds()), filename)
    if course.game != GAME:
        raise FileFormatError("error.map_other_game", game=course.game)
    return course


LIBRARY = RallyLibrary()
