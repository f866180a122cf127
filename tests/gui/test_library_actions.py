"""The library's File-menu actions on the main window: the menu entries and shortcuts, an import
through the action with a Chummer fixture (report shown), dropping files on the window, the
backup list and restoring through restoreRequested."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMenu

from gmtool.storage.backups import list_backups
from gmtool.storage.workspace import Workspace
from gmtool.ui import backup_dialog as bd
from gmtool.ui.backup_dialog import restore_and_reopen
from gmtool.ui.library_actions import LibraryActions
from tests.gui.test_library_window import add

FIXTURES = Path("/work/shared/fixtures/chummer")
SR5_FILE = FIXTURES / "sr5" / "Apex Predator.chum5"
SR4_FILE = FIXTURES / "sr4" / "Sprawl Ganger.chum"
needs_fixtures = pytest.mark.skipif(not SR5_FILE.exists() or not SR4_FILE.exists(), reason="Chummer fixtures absent")


@pytest.fixture
def actions(window) -> LibraryActions:
    return window.library_actions  # the main window installs them


def mime_with(paths: list[Path]) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return mime


def test_the_actions_are_in_the_file_menu_with_their_shortcuts(window, actions: LibraryActions) -> None:
    menu = window.menuBar().findChild(QMenu, "menu_file")
    names = [a.objectName() for a in menu.actions()]
    for name in ("library", "import", "import_folder", "export", "build_encounter", "restore_backup"):
        assert f"action_{name}" in names
    at = names.index("action_switch_encounter")
    assert names[at + 2: at + 8] == ["action_library", "action_import", "action_import_folder", "action_export",
                                     "action_build_encounter", "action_restore_backup"]  # after a separator
    assert actions.actions["library"].shortcut().toString() == "Ctrl+Shift+L"
    assert actions.actions["import"].shortcut().toString() == "Ctrl+Shift+O"
    assert window.findChild(LibraryActions) is actions


def test_the_library_action_opens_one_window_on_the_campaign(window, actions: LibraryActions) -> None:
    actions.actions["library"].trigger()
    first = actions.library
    assert first is not None and first.isVisible() and first.bridge is window.bridge
    actions.actions["library"].trigger()
    assert actions.library is first


@needs_fixtures
def test_import_through_the_action_shows_the_report(window, actions: LibraryActions, monkeypatch) -> None:
    from gmtool.ui import library_window

    monkeypatch.setattr(library_window, "ask_open_paths", lambda *_a: [SR5_FILE, SR4_FILE])  # asked on first use
    actions.actions["library"].trigger()
    actions.actions["import"].trigger()
    store = window.workspace.campaign.library
    assert {s.game for s in store.templates()} == {"sr4", "sr5"} and store.count() == 2
    report = actions.report
    assert report is not None and report.isVisible()
    text = report.report_text()
    assert "Apex Predator.chum5" in text and "Sprawl Ganger.chum" in text and "Weapons:" in text
    assert actions.library.model.rowCount() == 2  # the open library follows


def test_a_bad_file_is_reported_not_raised(window, actions: LibraryActions, tmp_path: Path) -> None:
    bad = tmp_path / "broken.chum5"
    bad.write_text("<character><name>x", encoding="utf-8")
    (outcome,) = actions.import_files([bad])
    assert not outcome.ok
    assert "broken.chum5" in actions.report.report_text()
    assert window.workspace.campaign.library.count() == 0


@needs_fixtures
def test_dropping_chummer_files_on_the_window_imports_them(window, actions: LibraryActions, tmp_path: Path) -> None:
    dropped = tmp_path / SR5_FILE.name
    shutil.copyfile(SR5_FILE, dropped)
    text_file = tmp_path / "notes.txt"
    text_file.write_text("hello", encoding="utf-8")
    buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    # the events do not own their mime data: keep each alive while the event is used
    text_only, chummer, both = mime_with([text_file]), mime_with([dropped]), mime_with([dropped, text_file])
    refused = QDragEnterEvent(QPoint(10, 10), Qt.DropAction.CopyAction, text_only, buttons, modifiers)
    QApplication.sendEvent(window, refused)
    assert not refused.isAccepted()
    enter = QDragEnterEvent(QPoint(10, 10), Qt.DropAction.CopyAction, chummer, buttons, modifiers)
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, both, buttons, modifiers)
    QApplication.sendEvent(window, drop)
    assert drop.isAccepted()
    assert [s.name for s in window.workspace.campaign.library.templates()] == ["Apex"]
    assert actions.report is not None and "Apex Predator.chum5" in actions.report.report_text()


def test_build_encounter_action_opens_the_builder_on_the_current_game(window, actions: LibraryActions) -> None:
    ganger = add(window.workspace.campaign.library, "Ganger")
    actions.actions["build_encounter"].trigger()
    builder = actions.builder
    assert builder is not None and builder.ruleset == window.view.key
    builder.add_template(ganger, count=2)
    new_id = builder.save()
    assert new_id is not None
    assert "Switch encounter" in window.status.text()
    assert window.workspace.campaign.current_encounter_id() == window.workspace.encounter_id


def test_restore_backup_lists_backups_and_asks_the_controller(qtbot, tmp_path: Path, monkeypatch) -> None:
    from gmtool.ui.main_window import MainWindow

    first = Workspace.open_default()  # created: the demo campaign
    path = first.campaign.path
    first.close()
    workspace = Workspace.open(path)  # opening makes a backup (no template in it yet)
    add(workspace.campaign.library, "Made after the backup")
    window = MainWindow(workspace)
    qtbot.addWidget(window)
    actions = window.library_actions
    dialog = actions.show_backups()
    assert dialog.table.rowCount() == len(list_backups(path)) >= 1
    assert dialog.table.item(0, 1).text()  # the size, in words
    monkeypatch.setattr(bd, "confirm_restore", lambda *_a: False)
    assert not dialog.restore_selected()
    monkeypatch.setattr(bd, "confirm_restore", lambda *_a: True)
    with qtbot.waitSignal(actions.restoreRequested, timeout=1000) as blocker:
        assert dialog.restore_selected()
    backup = blocker.args[0]
    assert backup == list_backups(path)[0].path
    reopened, problem = restore_and_reopen(workspace, backup)  # the window detaches when qtbot closes it
    try:
        assert problem is None
        assert reopened.campaign.library.count() == 0  # the template made after the backup is gone
    finally:
        reopened.close()


def test_restoring_a_bad_backup_reopens_the_campaign_as_it_was(tmp_path: Path) -> None:
    workspace = Workspace.open_default()
    add(workspace.campaign.library, "Kept")
    bad = tmp_path / "bad.gmtool"
    bad.write_bytes(b"not a database at all" * 10)
    reopened, problem = restore_and_reopen(workspace, bad)
    try:
        assert problem and reopened.campaign.library.count() == 1
    finally:
        reopened.close()
