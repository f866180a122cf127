"""Issue 29: the map editor's Import has File → Import's guards (the guarded reader) and calls a map
a map. Before, a pipe or a link to /dev/urandom hung the editor, a link to /dev/zero ran out of memory,
a course whose start zone lists a million hexes (8 MB) gave no answer, a 5000-digit ``columns`` gave a
traceback and the unexpected-error dialog, and UTF-16 or a BOM was "not JSON". Each refusal is one
warning naming the file, the map and the reason, and the map in the editor is as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from gmtool.core.hex.map_file import HexMapFile, write_map
from gmtool.core.i18n import set_language, tr
from gmtool.games.badlands_rally.rules.terrain import board_kinds
from gmtool.ui import map_editor
from gmtool.ui.map_editor import MapEditorDialog
from tests.special_files import Watchdog, fifo, link

GAME = "badlands_rally"


def small_map() -> HexMapFile:
    return HexMapFile(name="Test loop (made up)", game=GAME, columns=6, rows=5, terrain={"0101": "level1"})


@pytest.fixture
def editor(qtbot, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN001, ANN201
    monkeypatch.setattr(QMessageBox, "question", lambda *_args: QMessageBox.StandardButton.Yes)
    dialog = MapEditorDialog(small_map(), board_kinds("en"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def imported(editor: MapEditorDialog, path: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Import ``path`` in the editor (a pipe is let go after the deadline); the warnings shown."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(map_editor, "ask_open_path", lambda _parent: path)
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, title, text, *_a: shown.append((title, text)))
    with Watchdog((path,)) as dog:
        editor.import_map()
    assert not dog.released, "the import blocked on a pipe"
    return shown


def refused(editor: MapEditorDialog, path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    shown = imported(editor, path, monkeypatch)
    assert editor.document() == small_map() and editor._undo == []  # noqa: SLF001 - nothing changed
    [(title, text)] = shown
    assert title == tr("mapedit.import_title")
    return text


def test_a_pipe_is_refused_at_once(editor: MapEditorDialog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pipe = fifo(tmp_path / "course.json")
    assert refused(editor, pipe, monkeypatch) == "course.json (map) was not read: it is a pipe (FIFO), not a regular file."


@pytest.mark.parametrize("device", ["/dev/urandom", "/dev/zero"])
def test_a_link_to_a_device_is_refused(editor: MapEditorDialog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       device: str) -> None:
    path = link(tmp_path / "course.json", device)
    assert refused(editor, path, monkeypatch) == "course.json (map) was not read: it is a device, not a regular file."


def test_a_start_zone_of_a_million_hexes_is_too_large_a_map(editor: MapEditorDialog, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    document = json.loads(write_map(small_map()))
    document["zones"] = {"start": ["0101"] * 1_000_000}
    path = tmp_path / "course.json"
    path.write_text(json.dumps(document), encoding="utf-8")  # 8 MB
    assert refused(editor, path, monkeypatch) == (
        "course.json (map) was not read: too large: 8.0 MB, the limit for a map is 2 MB.")


def test_a_5000_digit_size_is_refused_cleanly(editor: MapEditorDialog, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "course.json"
    path.write_text(write_map(small_map()).replace('"columns": 6', '"columns": ' + "9" * 5000), encoding="utf-8")
    assert refused(editor, path, monkeypatch) == (
        "course.json (map) was not read: it holds a number longer than 100 digits.")


def test_utf16_is_named_and_japanese_says_the_same(editor: MapEditorDialog, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "course.json"
    path.write_bytes(write_map(small_map()).encode("utf-16"))
    assert refused(editor, path, monkeypatch) == (
        "course.json (map) was not read: it is UTF-16 text, which gmtool does not read: save it as UTF-8.")
    set_language("ja")
    assert refused(editor, path, monkeypatch).startswith("course.json（マップ）は読み込みませんでした: UTF-16 のテキスト")


def test_a_map_with_a_bom_is_imported(editor: MapEditorDialog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wanted = small_map().model_copy(update={"terrain": {"0202": "level1"}})
    path = tmp_path / "course.json"
    path.write_bytes(b"\xef\xbb\xbf" + write_map(wanted).encode("utf-8"))
    assert imported(editor, path, monkeypatch) == []
    assert editor.document() == wanted
