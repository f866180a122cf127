"""Foundry VTT actors through the GUI (issue 34): File → Import, a dropped folder, the report's per-actor
lines, a refused file, and the export from the library's context menu and File → Export…."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QInputDialog

from gmtool.games.shadowrun.library.foundry_read import read_foundry
from gmtool.ui.library_actions import LibraryActions

FIXTURES = Path(__file__).parents[1] / "fixtures" / "foundry"


def _mime(paths: list[Path]) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return mime


def test_file_import_takes_foundry_actors_and_reports_each(window, monkeypatch) -> None:
    from gmtool.ui import library_window

    chosen = [FIXTURES / "sr5_v36_kestrel.json", FIXTURES / "sr4_dace.json"]
    monkeypatch.setattr(library_window, "ask_open_paths", lambda *_a: chosen)
    actions: LibraryActions = window.library_actions
    actions.actions["import"].trigger()
    store = window.workspace.campaign.library
    assert sorted((s.game, s.name) for s in store.templates()) == [("sr4", "Dace Holloway"),
                                                                   ("sr5", "Kestrel Vantage")]
    report = actions.report
    assert report is not None and report.isVisible()
    text = report.report_text()
    assert "Kestrel Vantage (Foundry SR5, system 0.33 or newer)" in text
    assert "  read: armour 14 (Armor Jacket, Helmet)" in text
    assert "  not imported: armour Lined Coat: not equipped" in text
    assert "Dace Holloway (Foundry SR4)" in text and "  read: initiative passes 2" in text


def test_a_dropped_folder_imports_each_file_in_it(window, tmp_path: Path) -> None:
    folder = tmp_path / "party"
    shutil.copytree(FIXTURES / "party", folder)
    (folder / "readme.txt").write_text("not an actor", encoding="utf-8")
    buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    mime = _mime([folder])  # kept alive while the events use it
    enter = QDragEnterEvent(QPoint(10, 10), Qt.DropAction.CopyAction, mime, buttons, modifiers)
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, buttons, modifiers)
    QApplication.sendEvent(window, drop)
    names = sorted(s.name for s in window.workspace.campaign.library.templates())
    assert names == ["Ash Rennick", "Briar Okafor", "Juno Thrace", "Wick Ostrander"]
    text = window.library_actions.report.report_text()
    assert "Imported from crew.json: 2 Foundry actors" in text and "readme.txt" not in text


def test_file_import_a_folder_imports_each_file_in_it(window, tmp_path: Path, monkeypatch) -> None:
    from gmtool.ui import library_window

    folder = tmp_path / "party"
    shutil.copytree(FIXTURES / "party", folder)
    monkeypatch.setattr(library_window.QFileDialog, "getExistingDirectory", lambda *_a: str(folder))
    menu_texts = [a.text() for a in window.menuBar().actions()[0].menu().actions()]
    assert "Import a folder…" in menu_texts  # in the File menu, where a GM looks for it
    window.library_actions.actions["import_folder"].trigger()
    names = sorted(s.name for s in window.workspace.campaign.library.templates())
    assert names == ["Ash Rennick", "Briar Okafor", "Juno Thrace", "Wick Ostrander"]


def test_file_import_a_folder_cancelled_imports_nothing(window, monkeypatch) -> None:
    from gmtool.ui import library_window

    monkeypatch.setattr(library_window.QFileDialog, "getExistingDirectory", lambda *_a: "")
    assert window.library_actions.ask_import_folder() == []
    assert window.workspace.campaign.library.templates() == []


def test_a_refused_actor_file_is_reported_and_nothing_of_it_kept(window) -> None:
    actions: LibraryActions = window.library_actions
    (outcome,) = actions.import_files([FIXTURES / "hostile" / "array_with_bad_member.json"])
    assert not outcome.ok
    text = actions.report.report_text()
    assert "Actor 2 (?) cannot be imported: it is not an actor" in text
    assert "Nothing of the file was imported." in text
    assert window.workspace.campaign.library.count() == 0  # Marrow, actor 1, is not kept either


def _import(window, name: str) -> None:  # noqa: ANN001
    (outcome,) = window.library_actions.import_files([FIXTURES / name])
    assert outcome.ok


def test_the_context_menu_exports_the_selection_as_foundry_actors(window, tmp_path: Path, monkeypatch) -> None:
    from gmtool.ui import library_window as lw

    _import(window, "sr5_v36_kestrel.json")
    library = window.library_actions.show_library()
    library.table.selectRow(0)
    target = tmp_path / "kestrel.json"
    monkeypatch.setattr(lw, "ask_save_path", lambda *_a: target)
    menu = library.context_menu_here()  # what a right click on the list pops up
    entries = [a.text() for a in menu.actions()]
    assert entries == ["Export…", "Export as Foundry VTT actors…"]
    menu.actions()[1].trigger()
    actor = json.loads(target.read_text(encoding="utf-8"))
    assert actor["name"] == "Kestrel Vantage" and actor["_stats"]["systemId"] == "shadowrun5e"
    back = read_foundry(target.read_bytes(), target.name).templates[0]
    assert back.weapons[0].name == "Ares Predator V" and back.armour.value == 14
    assert "kestrel.json" in library.message.text()


def test_file_export_offers_foundry_actors(window, tmp_path: Path, monkeypatch) -> None:
    from gmtool.ui import library_window as lw

    _import(window, "sr4_dace.json")
    target = tmp_path / "dace.json"
    monkeypatch.setattr(lw, "ask_save_path", lambda *_a: target)
    offered: list[str] = []

    wanted = "The NPCs of the library as Foundry VTT actors"

    def choose(_parent, _title, _label, choices, *_a):  # noqa: ANN001, ANN202 - the GM picks the Foundry entry
        offered.extend(choices)
        return wanted, True

    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(choose))
    assert window.library_actions.ask_export() == target
    assert wanted in offered
    assert json.loads(target.read_text(encoding="utf-8"))["_stats"]["systemId"] == "shadowrun4e"


def test_file_export_writes_the_encounters_combatants_as_they_stand(window, tmp_path: Path, monkeypatch) -> None:
    from gmtool.ui import library_window as lw

    target = tmp_path / "fight.json"
    monkeypatch.setattr(lw, "ask_save_path", lambda *_a: target)
    offered: list[str] = []

    def choose(_parent, _title, _label, choices, *_a):  # noqa: ANN001, ANN202 - the GM picks the combatants
        offered.extend(choices)
        return choices[-1], True

    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(choose))
    combatants = list(window.bridge.state.combatants.values())
    assert combatants  # the demo fight
    assert window.library_actions.ask_export() == target
    assert offered[-1] == "The combatants of this encounter as Foundry VTT actors"
    written = json.loads(target.read_text(encoding="utf-8"))
    actors = written if isinstance(written, list) else [written]
    assert [a["name"] for a in actors] == [c.sheet.name for c in combatants]
    back = read_foundry(target.read_bytes(), target.name).templates
    first = combatants[0].sheet
    assert back[0].monitors.physical_filled == first.physical_damage
    assert back[0].attributes == {k: v for k, v in first.attributes.items() if k in back[0].attributes}
    assert "fight.json" in window.status.text()
