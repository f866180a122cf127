"""Issue 29 (part 3): the library's card editors and the map editor refuse what a file would be refused
for, in place and in the same words (less the file's name); the map editor's import refuses a zone
that lists one hex thousands of times at once instead of drawing every one of them."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from gmtool.core.errors import FileFormatError
from gmtool.core.hex.map_file import CHECKPOINTS_MAX, HexMapFile
from gmtool.core.i18n import set_language
from gmtool.games.aura_battler.gui.library_parts import MachineEditor
from gmtool.games.aura_battler.library.kind import LIBRARY as AURA
from gmtool.games.badlands_rally.gui.library_parts import GearCardEditor
from gmtool.games.badlands_rally.library.kind import LIBRARY as RALLY
from gmtool.games.badlands_rally.library.kind import VERSION
from gmtool.games.badlands_rally.rules.terrain import board_kinds
from gmtool.ui import map_editor
from gmtool.ui.map_editor import MapEditorDialog
from tests.gui.gm_sight import in_view, text_whole


@pytest.fixture(autouse=True)
def _discard_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QMessageBox, "question", lambda *_args: QMessageBox.StandardButton.Yes)


def _shown(qtbot, dialog) -> None:  # noqa: ANN001
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_gear_card_editor_refuses_a_top_speed_below_cruising_in_place(qtbot, language: str) -> None:  # noqa: ANN001
    set_language(language)
    editor = GearCardEditor(RALLY.blank("badlands_rally", "Hopper"))
    _shown(qtbot, editor)
    saved: list[object] = []
    editor.saved.connect(saved.append)
    editor.numbers["cruising_mr"].setValue(7)
    editor.numbers["top_mr"].setValue(6)
    editor.save()
    qtbot.wait(20)  # the form makes room for the message
    editor.grab().save(f"/tmp/h29-strict/gear_editor_{language}.png")
    with pytest.raises(FileFormatError) as as_file:  # the words a file with this card is refused with
        RALLY.read(RALLY.blank("badlands_rally", "Hopper") | {"cruising_mr": 7, "top_mr": 6}, VERSION)
    assert saved == [] and editor.isVisible()
    assert editor.message.text() == as_file.value.message()
    assert in_view(editor.message) and text_whole(editor.message)
    editor.numbers["top_mr"].setValue(7)
    editor.save()
    assert len(saved) == 1 and not editor.isVisible()


def test_the_machine_editor_refuses_a_negative_speed_modifier_in_place(qtbot) -> None:  # noqa: ANN001
    editor = MachineEditor(AURA.blank("aura_battler", "Kite"))
    _shown(qtbot, editor)
    saved: list[object] = []
    editor.saved.connect(saved.append)
    editor.speed.setText("0 1 -1")
    editor.save()
    qtbot.wait(20)
    assert saved == []
    assert editor.message.text() == ("The machine card has an invalid value at machine.speed_table.2 (Speed modifiers "
                                     "by thrust 0…): Must be 0 or more (not -1).")
    assert in_view(editor.message) and text_whole(editor.message)
    editor.speed.setText("9" * 5000)  # no card's number: refused as typed, never a traceback
    editor.save()
    assert saved == [] and "speed" in editor.message.text().lower()
    editor.speed.setText("0 1 2")
    editor.save()
    assert len(saved) == 1


def test_the_machine_editor_refuses_a_name_with_a_control_character(qtbot) -> None:  # noqa: ANN001
    editor = MachineEditor(AURA.blank("aura_battler", "Kite"))
    _shown(qtbot, editor)
    editor.pilot.setText("Aya\u202e")
    editor.save()
    assert editor.message.text() == ("The machine card has an invalid value at pilot.name (Name): Holds the control "
                                     "character U+202E; a name is one plain line.")


def _small() -> HexMapFile:
    return HexMapFile(name="Loop (made up)", game="badlands_rally", columns=30, rows=20)


def test_the_map_editor_refuses_a_zone_listing_one_hex_thousands_of_times_at_once(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    """Before: 9,000 copies of one hex were read as a zone and drawn one by one (about a second; a
    million, the issue's 8 MB file, ran for minutes and then out of memory)."""
    editor = MapEditorDialog(_small(), board_kinds("en"))
    _shown(qtbot, editor)
    path = tmp_path / "start.json"
    path.write_text(json.dumps({"format": "gmtool-hex-map", "version": 1, "name": "Start", "game": "badlands_rally",
                                "columns": 30, "rows": 20, "zones": {"start": ["0101"] * 9000}}), encoding="utf-8")
    shown: list[str] = []
    monkeypatch.setattr(map_editor, "ask_open_path", lambda _parent: path)
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, message, *_a: shown.append(message))
    started = time.process_time()  # CPU time: the work itself, whatever else the machine runs
    editor.import_map()
    assert time.process_time() - started < 1.0
    assert shown == ["start.json (a map file) is refused: The map has an invalid value at zones.start: 0101 is "
                     "listed twice."]
    assert editor.document() == _small() and editor._undo == []  # noqa: SLF001


def test_the_map_editor_keeps_the_name_and_says_why_when_a_control_character_is_typed(qtbot) -> None:  # noqa: ANN001
    editor = MapEditorDialog(_small(), board_kinds("en"))
    _shown(qtbot, editor)
    editor.panel.name.setText("Loop\tTwo")
    editor.panel.name.textEdited.emit("Loop\tTwo")
    assert editor.document().name == "Loop (made up)"
    assert editor.status.text() == ("The map has an invalid value at name: Holds the control character U+0009; a "
                                    "name is one plain line.")
    assert not editor.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert in_view(editor.status) and text_whole(editor.status)
    editor.panel.name.setText("Loop Two")
    editor.panel.name.textEdited.emit("Loop Two")
    assert editor.document().name == "Loop Two"
    assert editor.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def test_the_map_editor_offers_no_checkpoint_beyond_the_files_limit(qtbot) -> None:  # noqa: ANN001
    hexes = [f"{1 + n // 20:02d}{1 + n % 20:02d}" for n in range(CHECKPOINTS_MAX)]  # one hex each, all different
    full = _small().model_copy(update={"checkpoints": [[x] for x in hexes]})
    editor = MapEditorDialog(full, board_kinds("en"))
    _shown(qtbot, editor)
    editor.choose_checkpoint(CHECKPOINTS_MAX)  # "New checkpoint" at 100
    assert editor.panel.checkpoint.maximum() == CHECKPOINTS_MAX
    assert editor.panel.checkpoint.value() == CHECKPOINTS_MAX  # the 100th, not a 101st
    assert not editor.panel.new_checkpoint.isEnabled()
    editor.delete_checkpoint()
    assert len(editor.document().checkpoints) == CHECKPOINTS_MAX - 1
    assert editor.panel.new_checkpoint.isEnabled()


def test_race_import_course_calls_a_too_large_course_a_map_and_names_the_limit(rally_window, tmp_path: Path) -> None:  # noqa: ANN001
    """Before: "larger than 5 MB, too large for a gmtool export" — a course is a map file."""
    path = tmp_path / "huge.json"
    path.write_bytes(b'{"format": "gmtool-hex-map"}' + b" " * 6_000_000)
    course = rally_window.bridge.state.course
    assert not rally_window.parts.course.import_course(path)
    assert rally_window.bridge.state.course == course
    assert rally_window.status.text() == "huge.json (map) was not read: too large: 6.0 MB, the limit for a map is 2 MB."
