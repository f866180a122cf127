"""The rally's library dialogs: a gear card editor, the map editor for a course, and putting a
template into the race (a gear joins on the start zone; a course becomes the race's course)."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QSpinBox,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.games.badlands_rally.gui.add_gear import NUMBERS
from gmtool.games.badlands_rally.gui.specials_list import specials_box
from gmtool.games.badlands_rally.gui.weapon_table import WeaponTable
from gmtool.games.badlands_rally.library.kind import LIBRARY, VERSION
from gmtool.games.badlands_rally.library.templates import CourseTemplate, GearCard, RallyTemplate
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.storage.campaign import Campaign
from gmtool.ui.card_editor import CardEditor
from gmtool.ui.library_parts import AddPlan


class GearCardEditor(CardEditor):
    """A gear card: name, the card's values, tags and notes (checked by the library's model on save)."""

    def __init__(self, document: dict[str, object], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("br.card.title"))
        self._document = dict(document)
        columns = QHBoxLayout(self)  # the card's form, and its special rules beside it (BR-20)
        form = QFormLayout()
        columns.addLayout(form, 1)
        name = (tr("br.field.name"), str(document.get("name", "")))
        self.add_header(form, tr("br.card.made_up_hint"), name, "cardName")
        self.numbers: dict[str, QSpinBox] = {}
        for key, low, high, default in NUMBERS:
            spin = QSpinBox(self)
            spin.setObjectName(f"card_{key}")
            spin.setRange(low, high)
            value = document.get(key, default)
            spin.setValue(value if isinstance(value, int) else default)
            self.numbers[key] = spin
            form.addRow(tr(f"br.field.{key}"), spin)
        card = LIBRARY.read(document, VERSION) if document.get("kind", "gear") == "gear" else None
        weapons = card.weapons if isinstance(card, GearCard) else ()
        self.weapons = WeaponTable(weapons, self)
        form.addRow(self.weapons)
        chosen = document.get("specials", ()) or ()
        box, self.specials = specials_box(tuple(str(k) for k in chosen) if isinstance(chosen, Iterable) else (), self)
        columns.addWidget(box)
        self.add_footer(form, document, (tr("br.field.tags"), tr("br.field.notes")), 80)

    def card(self, tags: list[str], notes: str) -> RallyTemplate:
        weapons = [w.model_dump(mode="json") for w in self.weapons.weapons()]
        document = dict(self._document, name=self.name.text().strip(), tags=tags, weapons=weapons,
                        specials=list(self.specials.selected()), notes=notes,
                        **{key: spin.value() for key, spin in self.numbers.items()})
        return LIBRARY.read(document, VERSION)


def course_editor(document: dict[str, object], parent: QWidget) -> QDialog:
    """The map editor on a course template; saving keeps its tags and notes."""
    from gmtool.core.i18n import active_language
    from gmtool.games.badlands_rally.rules.terrain import board_kinds
    from gmtool.ui.map_editor import MapEditorDialog

    template = LIBRARY.read(document, VERSION)
    assert isinstance(template, CourseTemplate)
    editor = MapEditorDialog(template.map, board_kinds(active_language()), parent)
    editor.accepted.connect(lambda: editor.saved.emit(template.model_copy(update={"map": editor.document()})))
    return editor


class RallyLibraryGui:
    def editor(self, document: dict[str, object], parent: QWidget) -> QDialog:
        if document.get("kind") == "course":
            return course_editor(document, parent)
        return GearCardEditor(document, parent)

    def ask_to_add(self, template: RallyTemplate, parent: QWidget) -> AddPlan | None:
        if isinstance(template, CourseTemplate):
            return AddPlan((m.SetCourse(course=template.map),), tr("br.library.course_set", name=template.name))
        assert isinstance(template, GearCard)
        card = template.model_dump(exclude={"kind", "tags", "notes"})
        return AddPlan((m.AddGear(seat=tr("br.add_gear.default_seat"), **card),),
                       tr("br.library.gear_added", name=template.name))

    def encounter_builder(self, campaign: Campaign, keep_current: int | None, game: str,
                          parent: QWidget) -> QDialog | None:
        return None  # races are set up in the window (Race → Add gear, the library's Add to encounter)


LIBRARY_GUI = RallyLibraryGui()
