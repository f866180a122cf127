"""The rally's templates in the library window (issues 15 and 16): gear cards with their weapons
typed in the card editor, courses listed beside them, and "Add to encounter" for each."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QTableWidgetItem

from gmtool.games.badlands_rally.gui.library_parts import GearCardEditor
from gmtool.games.badlands_rally.library.kind import LIBRARY
from gmtool.games.badlands_rally.library.templates import CourseTemplate, GearCard
from gmtool.games.badlands_rally.rules.demo import demo_course
from gmtool.games.badlands_rally.rules.weapons import WeaponCard
from gmtool.storage.templates import store_fields
from gmtool.storage.workspace import Workspace


def test_the_card_editor_reads_weapons_typed_and_says_what_is_wrong(qtbot) -> None:
    editor = GearCardEditor(LIBRARY.blank("badlands_rally", "Hopper"))
    qtbot.addWidget(editor)
    saved = []
    editor.saved.connect(saved.append)
    editor.weapons.add_row()
    table = editor.weapons.table
    for column, text in enumerate(["Rotary cannon", "3", "6", "7", "-1", "1", "Heat, melee"]):
        table.setItem(0, column, QTableWidgetItem(text))
    editor.save()
    assert saved and saved[0].weapons == (WeaponCard(name="Rotary cannon", optimal=3, maximum=6, power=7, dice=-1,
                                                     burst=1, traits=("heat", "melee")),)
    table.setItem(0, 6, QTableWidgetItem("sticky"))  # no such trait
    editor.save()
    assert len(saved) == 1 and "no trait is called “sticky”" in editor.message.text()
    table.setItem(0, 6, QTableWidgetItem(""))
    table.setItem(0, 2, QTableWidgetItem("2"))  # maximum below the optimal range
    editor.save()
    assert len(saved) == 1 and "maximum range" in editor.message.text()


@pytest.fixture
def rally_with_templates(workspace: Workspace) -> Iterator[tuple[Workspace, dict[str, int]]]:
    store = workspace.campaign.library
    gun = WeaponCard(name="Gun", optimal=3, maximum=6, power=7)
    ids = {
        "card": store.add(**store_fields(LIBRARY, GearCard(name="Card gear", weapons=(gun,)))),
        "course": store.add(**store_fields(LIBRARY, CourseTemplate(map=demo_course().model_copy(
            update={"name": "Library loop"})))),
    }
    found = next(e.id for e in workspace.encounters() if e.ruleset == "badlands_rally")
    yield workspace.with_encounter(found), ids


def test_the_library_lists_rally_templates_and_adds_them_to_the_race(qtbot, rally_with_templates) -> None:
    from gmtool.ui.library_window import LibraryWindow
    from gmtool.ui.main_window import MainWindow

    workspace, ids = rally_with_templates
    window = MainWindow(workspace)
    qtbot.addWidget(window)
    window.show()
    library = LibraryWindow(workspace.campaign, window.bridge, window)
    qtbot.addWidget(library)
    library.show()
    library.select_template(ids["card"])
    assert library.add_to_encounter()
    joined = [g for g in window.bridge.state.gears.values() if g.name == "Card gear"]
    assert joined and joined[0].weapons[0].name == "Gun"
    assert joined[0].hex in {h for h in window.bridge.state.course.hex_terrain()} | {joined[0].hex}  # on the board
    library.select_template(ids["course"])
    assert library.add_to_encounter()
    assert window.bridge.state.course.name == "Library loop"


def test_a_course_template_opens_in_the_map_editor_and_keeps_its_tags(qtbot) -> None:
    from PySide6.QtCore import Qt

    from gmtool.games.badlands_rally.gui.library_parts import LIBRARY_GUI
    from tests.gui.test_map_editor import stroke

    course = CourseTemplate(map=demo_course(), tags=("demo", "loop"), notes="made up")
    editor = LIBRARY_GUI.editor(LIBRARY.document(course), None)
    qtbot.addWidget(editor)
    editor.show()
    saved = []
    editor.saved.connect(saved.append)
    qtbot.keyClick(editor, Qt.Key.Key_6)  # the sixth kind: a level 2 structure
    stroke(editor, "0903")
    editor.accept()
    assert len(saved) == 1 and isinstance(saved[0], CourseTemplate)
    assert saved[0].map.terrain["0903"] == "structure" and saved[0].tags == ("demo", "loop")
