"""The hex map editor (a dialog of the shell): painting by click and by drag, one undo step per
stroke, zones and checkpoints toggled, resizing with its confirmation, export and import, and bad
files refused in the GM's language. Badlands Rally's terrain kinds stand in for any game's; every
expected map below is worked out by hand (labels ``CCRR``, odd columns half a hex lower)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from gmtool.core.hex.coords import Hex
from gmtool.core.hex.map_file import HexMapFile, hex_of, write_map
from gmtool.core.i18n import catalogue, set_language
from gmtool.games.badlands_rally.rules.terrain import board_kinds
from gmtool.ui import map_editor
from gmtool.ui.hex_map_view import centre
from gmtool.ui.map_editor import MapEditorDialog

GAME = "badlands_rally"
LEFT, MIDDLE, NONE = Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton, Qt.MouseButton.NoButton


def small_map(**changes: object) -> HexMapFile:
    fields = {"name": "Test loop (made up)", "game": GAME, "columns": 6, "rows": 5, "terrain": {"0101": "level1"}}
    return HexMapFile(**{**fields, **changes})


@pytest.fixture(autouse=True)
def _discard_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A question nobody expected (closing an edited dialog when the test ends) answers Yes, never waits."""
    monkeypatch.setattr(QMessageBox, "question", lambda *_args: QMessageBox.StandardButton.Yes)


@pytest.fixture
def editor(qtbot):  # noqa: ANN001, ANN201
    dialog = MapEditorDialog(small_map(), board_kinds("en"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def send(dialog: MapEditorDialog, kind: QEvent.Type, at: str, button: Qt.MouseButton = LEFT,
         buttons: Qt.MouseButton = LEFT) -> None:
    """A mouse event on the centre of hex ``at`` (a label) in the editor's board."""
    view = dialog.view
    point = QPointF(view.mapFromScene(centre(hex_of(at))))
    event = QMouseEvent(kind, point, view.viewport().mapToGlobal(point), button, buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), event)


def stroke(dialog: MapEditorDialog, *labels: str, button: Qt.MouseButton = LEFT) -> None:
    """Press on the first hex, move through the others, release on the last."""
    send(dialog, QEvent.Type.MouseButtonPress, labels[0], button, button)
    for text in labels[1:]:
        send(dialog, QEvent.Type.MouseMove, text, NONE, button)
    send(dialog, QEvent.Type.MouseButtonRelease, labels[-1], button, NONE)


def changes(dialog: MapEditorDialog) -> dict[str, str]:
    """The terrain painted over the fixture's."""
    return {x: kind for x, kind in dialog.document().terrain.items() if (x, kind) != ("0101", "level1")}


# -- painting -------------------------------------------------------------------------------------
def test_a_click_paints_the_chosen_kind(editor: MapEditorDialog, qtbot) -> None:  # noqa: ANN001
    qtbot.keyClick(editor, Qt.Key.Key_3)  # the third kind: rough
    assert editor.panel.palette_.key() == "rough"
    stroke(editor, "0203")
    assert changes(editor) == {"0203": "rough"}
    qtbot.keyClick(editor, Qt.Key.Key_1)  # the first kind is the default: painting it clears the hex
    stroke(editor, "0101")
    assert editor.document().terrain == {"0203": "rough"}
    qtbot.keyClick(editor, Qt.Key.Key_9)  # no ninth kind: the choice stays
    assert editor.panel.palette_.key() == "normal"


def test_a_drag_paints_every_hex_it_crosses_as_one_step(editor: MapEditorDialog, qtbot) -> None:  # noqa: ANN001
    qtbot.keyClick(editor, Qt.Key.Key_5)  # level 2
    stroke(editor, "0103", "0203", "0204")  # neighbours: 0203 lies south-east of 0103, 0204 south of 0203
    assert changes(editor) == {"0103": "level2", "0203": "level2", "0204": "level2"}
    stroke(editor, "0301", "0304")  # one jump straight down column 3: 0302 and 0303 lie between
    assert changes(editor) == {"0103": "level2", "0203": "level2", "0204": "level2",
                               "0301": "level2", "0302": "level2", "0303": "level2", "0304": "level2"}
    assert len(editor._undo) == 2  # noqa: SLF001 - two strokes, two steps


def test_undo_and_redo_take_one_stroke_each(editor: MapEditorDialog, qtbot) -> None:  # noqa: ANN001
    start = editor.document()
    qtbot.keyClick(editor, Qt.Key.Key_2)  # hard-pack
    stroke(editor, "0301", "0304")
    after_first = editor.document()
    stroke(editor, "0505")
    editor.view.setFocus()
    qtbot.keyClick(editor.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.document() == after_first
    qtbot.keyClick(editor.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.document() == start and not editor.modified()
    qtbot.keyClick(editor.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert editor.document() == after_first
    assert editor.panel.undo.isEnabled() and editor.panel.redo.isEnabled()


def test_the_middle_button_pans_and_paints_nothing(editor: MapEditorDialog) -> None:
    stroke(editor, "0101", "0304", button=MIDDLE)
    assert editor.document() == small_map() and editor._undo == []  # noqa: SLF001


def test_the_status_line_names_the_hex_under_the_pointer(editor: MapEditorDialog, qtbot) -> None:  # noqa: ANN001
    qtbot.keyClick(editor, Qt.Key.Key_3)
    stroke(editor, "0203")
    send(editor, QEvent.Type.MouseMove, "0203", NONE, NONE)
    assert editor.status.text() == "0203: Rough"
    send(editor, QEvent.Type.MouseMove, "0101", NONE, NONE)
    assert editor.status.text() == "0101: Level 1"


# -- zones and checkpoints --------------------------------------------------------------------------
def test_zone_hexes_toggle_and_a_drag_follows_its_first_hex(editor: MapEditorDialog) -> None:
    editor.panel.tools["zone"].setChecked(True)
    stroke(editor, "0303")
    assert editor.document().zones == {"start": ["0303"]}
    stroke(editor, "0303")
    assert editor.document().zones == {}  # the zone left empty is dropped
    stroke(editor, "0303", "0304")
    assert editor.document().zones == {"start": ["0303", "0304"]}
    stroke(editor, "0305", "0304", "0303")  # starts outside: adds, never takes out
    assert editor.document().zones == {"start": ["0303", "0304", "0305"]}
    stroke(editor, "0304", "0305")  # starts inside: takes out
    assert editor.document().zones == {"start": ["0303"]}
    editor.panel.zone.setCurrentIndex(editor.panel.zone.findData("finish"))
    stroke(editor, "0101")
    assert editor.document().zones == {"finish": ["0101"], "start": ["0303"]}
    send(editor, QEvent.Type.MouseMove, "0101", NONE, NONE)
    assert editor.status.text() == "0101: Level 1, Finish zone"


def test_checkpoints_are_added_toggled_and_renumbered(editor: MapEditorDialog, qtbot) -> None:  # noqa: ANN001
    editor.panel.new_checkpoint.click()
    assert editor.panel.tool() == "checkpoint"
    stroke(editor, "0202")
    assert editor.document().checkpoints == [["0202"]]
    editor.panel.new_checkpoint.click()
    stroke(editor, "0404", "0405")
    assert editor.document().checkpoints == [["0202"], ["0404", "0405"]]
    assert editor.panel.checkpoint.value() == 2 and editor.panel.checkpoint.maximum() == 3
    editor.panel.checkpoint.setValue(1)
    stroke(editor, "0202")  # its last hex: checkpoint 1 goes, checkpoint 2 becomes 1
    assert editor.document().checkpoints == [["0404", "0405"]]
    send(editor, QEvent.Type.MouseMove, "0405", NONE, NONE)
    assert editor.status.text() == "0405: Normal, checkpoint 1"
    editor.panel.checkpoint.setValue(1)
    editor.panel.delete_checkpoint.click()
    assert editor.document().checkpoints == []
    qtbot.keyClick(editor.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.document().checkpoints == [["0404", "0405"]]


def test_course_and_name_are_steps_too(editor: MapEditorDialog, qtbot) -> None:  # noqa: ANN001
    course = editor.panel.course
    course.setCurrentIndex(course.findData("anticlockwise"))
    course.activated.emit(course.currentIndex())
    assert editor.document().course == "anticlockwise"
    editor.panel.name.selectAll()
    qtbot.keyClicks(editor.panel.name, "Mesa run")
    assert editor.document().name == "Mesa run"
    assert len(editor._undo) == 2  # noqa: SLF001 - the course, then the name typed in one run
    editor.undo()
    assert editor.document().name == "Test loop (made up)" and editor.panel.name.text() == "Test loop (made up)"
    editor.undo()
    assert editor.document().course is None and course.currentData() is None


def test_enter_after_the_name_goes_back_to_the_map_and_keeps_the_editor_open(editor: MapEditorDialog,
                                                                             qtbot) -> None:  # noqa: ANN001
    editor.panel.name.setFocus()
    qtbot.keyClicks(editor.panel.name, " II")
    qtbot.keyClick(editor.panel.name, Qt.Key.Key_Return)
    assert editor.isVisible() and editor.result() == 0  # neither accepted nor rejected
    assert editor.view.hasFocus()
    assert editor.document().name == "Test loop (made up) II"


# -- resizing ---------------------------------------------------------------------------------------
def test_resizing_drops_what_falls_off_after_asking(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    document = small_map(terrain={"0101": "level1", "0605": "rough"}, zones={"start": ["0505", "0601"]},
                         checkpoints=[["0603"], ["0202"]])
    dialog = MapEditorDialog(document, board_kinds("en"))
    qtbot.addWidget(dialog)
    asked: list[str] = []
    answer = [QMessageBox.StandardButton.No]
    monkeypatch.setattr(QMessageBox, "question", lambda _parent, _title, text, *_a: asked.append(text) or answer[0])
    dialog.panel.columns.setValue(5)
    dialog.resize_map()  # 0605, 0601 and 0603 are in column 6
    assert asked == ["At 5×5, 3 hexes with terrain, a zone or a checkpoint fall off the map and are dropped. "
                     "Resize the map?"]
    assert dialog.document() == document and dialog.panel.columns.value() == 6
    answer[0] = QMessageBox.StandardButton.Yes
    dialog.panel.columns.setValue(5)
    dialog.resize_map()
    assert dialog.document() == small_map(columns=5, zones={"start": ["0505"]}, checkpoints=[["0202"]])
    asked.clear()
    dialog.panel.columns.setValue(8)
    dialog.panel.rows.setValue(9)
    dialog.resize_map()  # growing loses nothing: no question
    assert asked == [] and (dialog.document().columns, dialog.document().rows) == (8, 9)
    dialog.undo()
    dialog.undo()
    assert dialog.document() == document


# -- files ------------------------------------------------------------------------------------------
def test_export_then_import_round_trips(editor: MapEditorDialog, tmp_path: Path, qtbot,  # noqa: ANN001
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "course.json"
    qtbot.keyClick(editor, Qt.Key.Key_6)
    stroke(editor, "0402", "0403")
    exported = editor.document()
    monkeypatch.setattr(map_editor, "ask_save_path", lambda _parent, name: path)
    editor.export_map()
    assert path.read_text(encoding="utf-8") == write_map(exported)
    assert editor.status.text() == f"Exported to {path}."
    stroke(editor, "0505")
    changed = editor.document()
    monkeypatch.setattr(map_editor, "ask_open_path", lambda _parent: path)
    editor.import_map()
    assert editor.document() == exported
    editor.undo()  # the import was one step
    assert editor.document() == changed


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(("text", "key", "fields"), [
    ('{"format": "something else"}', "error.map_not_ours", {}),
    (write_map(small_map(game="another_game")), "error.map_other_game", {"game": "another_game"}),
    (write_map(small_map(terrain={"0101": "lava"})), "error.map_unknown_kind", {"kinds": "lava", "game": GAME}),
])
def test_a_bad_file_is_refused_in_the_gm_s_language(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,  # noqa: ANN001
                                                    language: str, text: str, key: str, fields: dict[str, str]) -> None:
    set_language(language)
    dialog = MapEditorDialog(small_map(), board_kinds(language))
    qtbot.addWidget(dialog)
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(map_editor, "ask_open_path", lambda _parent: path)
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, title, message, *_a: shown.append((title, message)))
    dialog.import_map()
    messages = catalogue(language).messages
    refused = messages["error.file_refused"].format(file="bad.json", kind=messages["strict.kind.map_file"],
                                                     problem=messages[key].format(**fields))
    assert shown == [(messages["mapedit.import_title"], refused)]
    assert dialog.document() == small_map() and dialog._undo == []  # noqa: SLF001


def test_a_file_that_cannot_be_read_is_refused(editor: MapEditorDialog, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(map_editor, "ask_open_path", lambda _parent: tmp_path / "missing.json")
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, message, *_a: shown.append(message))
    editor.import_map()
    assert shown == ["missing.json (map) was not read: it does not exist."]
    assert editor.document() == small_map()


# -- closing ----------------------------------------------------------------------------------------
def test_cancel_asks_only_when_something_changed(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    dialog = MapEditorDialog(small_map(), board_kinds("en"))
    qtbot.addWidget(dialog)
    dialog.show()
    asked: list[str] = []
    answer = [QMessageBox.StandardButton.No]
    monkeypatch.setattr(QMessageBox, "question", lambda _parent, _title, text, *_a: asked.append(text) or answer[0])
    stroke(dialog, "0101")  # level 1 painted the default kind: a change
    assert dialog.modified()
    dialog.reject()
    assert len(asked) == 1 and dialog.isVisible() and dialog.result() == 0
    answer[0] = QMessageBox.StandardButton.Yes
    dialog.reject()
    assert not dialog.isVisible() and len(asked) == 2
    untouched = MapEditorDialog(small_map(), board_kinds("en"))
    qtbot.addWidget(untouched)
    untouched.show()
    untouched.reject()
    assert len(asked) == 2 and not untouched.isVisible()


def test_ok_hands_back_the_edited_map(editor: MapEditorDialog, qtbot) -> None:  # noqa: ANN001
    qtbot.keyClick(editor, Qt.Key.Key_4)
    stroke(editor, "0605")
    editor.buttons.accepted.emit()
    assert editor.result() == 1 and editor.document().terrain == {"0101": "level1", "0605": "level1"}


def test_the_editor_names_the_kinds_in_the_gm_s_language(qtbot) -> None:  # noqa: ANN001
    set_language("ja")
    dialog = MapEditorDialog(small_map(), board_kinds("ja"))
    qtbot.addWidget(dialog)
    assert dialog.panel.palette_.buttons["rough"].text() == "3  ラフ"
    assert dialog.panel.tools["zone"].text() == "ゾーン"
    assert [dialog.panel.zone.itemText(i) for i in range(2)] == ["スタート・ゾーン", "フィニッシュ・ゾーン"]
    dialog._hover(Hex.axial(0, 0))  # noqa: SLF001 - 0101
    assert dialog.status.text() == "0101：高さレベル1"
