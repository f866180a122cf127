"""The template editor: each invalid field shows its translated message beside it and Save
stays disabled; valid edits come back as a validated template; the form model's conversions."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from gmtool.core.i18n import catalogue, set_language
from gmtool.games.shadowrun.gui.template_editor import TemplateEditor
from gmtool.games.shadowrun.gui.template_form_model import (
    LIST_COLUMNS,
    TemplateFormModel,
    blank_document,
)
from gmtool.games.shadowrun.library.template import SR4Template, SR5Template


def editor(qtbot, document: dict[str, Any] | None = None) -> TemplateEditor:
    dialog = TemplateEditor(document or blank_document("SR5", "Ganger"))
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def label(dialog: TemplateEditor, path: str) -> QLabel:
    found = dialog.findChild(QLabel, f"error_{path}")
    assert found is not None
    return found


def test_an_empty_name_is_refused_beside_the_field_and_save_is_disabled(qtbot) -> None:
    dialog = editor(qtbot)
    saved: list[Any] = []
    dialog.saved.connect(saved.append)
    assert dialog.save_button.isEnabled() and not label(dialog, "name").isVisible()
    dialog.name.clear()
    assert label(dialog, "name").isVisible()
    assert label(dialog, "name").text() == "Must have at least 1 character."
    assert not dialog.save_button.isEnabled()
    assert dialog.tabs.tabText(0).startswith("⚠")
    qtbot.keyClick(dialog, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # Ctrl+S does nothing either
    dialog.save()
    assert saved == [] and dialog.isVisible()
    dialog.name.setText("Ganger")
    assert not label(dialog, "name").isVisible() and dialog.save_button.isEnabled()


def test_an_attribute_out_of_range_shows_the_limits(qtbot) -> None:
    dialog = editor(qtbot)
    dialog.attribute_spins["BOD"].setValue(0)
    assert label(dialog, "attributes").text() == "Body must be between 1 and 20."
    assert not dialog.save_button.isEnabled()
    dialog.attribute_spins["BOD"].setValue(25)
    assert "20" in label(dialog, "attributes").text()
    dialog.attribute_spins["BOD"].setValue(5)
    assert dialog.save_button.isEnabled()


def test_an_invalid_weapon_cell_turns_red_with_its_message(qtbot) -> None:
    dialog = editor(qtbot)
    weapons = dialog.lists["weapons"]
    weapons.add_row()
    assert not dialog.save_button.isEnabled()  # a new row has no name and no damage yet
    table = weapons.table
    column = weapons.columns.index
    table.item(0, column("name")).setText("Ares Predator V")
    table.item(0, column("damage")).setText("8P")
    table.item(0, column("modes")).setText("SA/XX")
    assert not dialog.save_button.isEnabled()
    cell = table.item(0, column("modes"))
    assert cell.toolTip() and cell.background().color().name() == "#ffcdd2"
    assert "Row 1, Modes" in weapons.errors.text()
    table.item(0, column("modes")).setText("SA")
    table.item(0, column("ap")).setText("-1")
    table.item(0, column("accuracy")).setText("5(7)")
    table.item(0, column("ammo")).setText("15(c)")
    assert dialog.save_button.isEnabled() and not weapons.errors.isVisible()
    saved: list[Any] = []
    dialog.saved.connect(saved.append)
    dialog.save_button.click()
    (template,) = saved
    assert isinstance(template, SR5Template)
    weapon = template.weapons[0]
    assert (weapon.name, weapon.damage, weapon.ap, weapon.modes, weapon.accuracy) == (
        "Ares Predator V", "8P", "-1", ["SA"], "5(7)")


def test_skills_with_specialisations_and_a_bad_rating(qtbot) -> None:
    dialog = editor(qtbot)
    skills = dialog.lists["skills"]
    skills.add_row()
    column = skills.columns.index
    skills.table.item(0, column("name")).setText("Pistols")
    skills.table.item(0, column("rating")).setText("many")
    assert skills.table.item(0, column("rating")).toolTip() == "Enter a whole number."
    skills.table.item(0, column("rating")).setText("5")
    skills.table.item(0, column("specialisations")).setText("Semi-Automatics, Revolvers")
    assert dialog.model.valid
    assert dialog.model.template.skills[0].specialisations == ["Semi-Automatics", "Revolvers"]


def test_sr4_has_ballistic_and_impact_and_passes(qtbot) -> None:
    dialog = editor(qtbot, blank_document("SR4", "Cop"))
    dialog.findChild(type(dialog.attribute_spins["BOD"]), "field_armour.ballistic").setValue(6)
    dialog.findChild(type(dialog.attribute_spins["BOD"]), "field_armour.impact").setValue(4)
    dialog.findChild(type(dialog.attribute_spins["BOD"]), "field_initiative_passes").setValue(7)
    assert label(dialog, "initiative_passes").text() == "Must be 4 or less."
    dialog.findChild(type(dialog.attribute_spins["BOD"]), "field_initiative_passes").setValue(2)
    template = dialog.model.template
    assert isinstance(template, SR4Template)
    assert (template.armour.ballistic, template.armour.impact, template.initiative_passes) == (6, 4, 2)


def test_messages_are_japanese_in_a_japanese_editor(qtbot) -> None:
    set_language("ja")
    dialog = editor(qtbot)
    dialog.name.clear()
    assert "文字" in label(dialog, "name").text()
    assert dialog.tabs.tabText(2) == "武器"


def test_the_form_model_converts_typed_cells() -> None:
    model = TemplateFormModel(blank_document("SR5", "X"))
    row = model.add_row("programs")
    model.set_cell("programs", row, "name", "Armor")
    model.set_cell("programs", row, "rating", "")
    assert model.valid and model.template.programs[0].rating is None
    model.set_cell("programs", row, "rating", "4")
    assert model.template.programs[0].rating == 4
    model.set_value("tags", ["gang", "GANG"])
    assert model.message("tags") and not model.valid
    model.set_value("professional_rating", None)
    model.set_value("tags", [])
    assert model.valid and "professional_rating" not in model.document
    model.remove_row("programs", 0)
    assert model.rows("programs") == []


def test_every_column_label_exists_in_both_languages() -> None:
    keys = {f"libui.col.{field}" for columns in LIST_COLUMNS.values() for field, _ in columns}
    for language in ("en", "ja"):
        assert keys <= set(catalogue(language).messages)


def test_a_weapon_the_sheet_cannot_read_is_named_but_does_not_block_saving(qtbot) -> None:
    document = blank_document("SR5", "Grenadier")
    document["weapons"] = [{"name": "Smoke grenade", "category": "Grenade", "melee": False,
                            "damage": "(10m Radius)"}]
    dialog = editor(qtbot, document)
    assert dialog.save_button.isEnabled()
    assert "Smoke grenade" in dialog.summary.text()
    dialog.lists["weapons"].table.item(0, 3).setText("10S")  # the damage column: now a code the rules read
    assert dialog.summary.text() == ""


def test_sr4_weapons_have_no_accuracy_column(qtbot) -> None:
    weapons = editor(qtbot, blank_document("SR4", "Cop")).lists["weapons"]
    assert weapons.table.isColumnHidden(weapons.columns.index("accuracy"))


@pytest.mark.parametrize("code", ["7Q", "(STR+)P", "12"])
def test_an_unreadable_damage_code_is_refused_at_its_cell_and_blocks_saving(qtbot, code: str) -> None:
    """docs/user/library.md: each invalid field shows its message beside it and Save stays disabled until valid."""
    document = blank_document("SR5", "Brawler")
    document["weapons"] = [{"name": "Club", "category": "Clubs", "melee": True, "damage": "(STR+3)P"}]
    dialog = editor(qtbot, document)
    assert dialog.save_button.isEnabled()
    cell = dialog.lists["weapons"].table.item(0, 3)  # the damage column
    cell.setText(code)
    assert not dialog.save_button.isEnabled()
    message = dialog.model.message("weapons.0.damage")
    assert code.replace("(", "").replace(")P", "") in message or code in message
    assert message in dialog.lists["weapons"].table.item(0, 3).toolTip()
    cell.setText("(STR+3)P")
    assert dialog.save_button.isEnabled() and dialog.model.message("weapons.0.damage") == ""
