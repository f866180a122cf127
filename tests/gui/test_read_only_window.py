"""Issue 13 in the window: a second gmtool is offered "Open read-only", and the window then says
so in its title and status bar and refuses every command with the reason; a failed backup on
opening and a journal file set aside are told to the GM."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtWidgets import QApplication, QLabel

from gmtool.core.i18n import set_language
from gmtool.storage.paths import data_dir, default_campaign_path
from gmtool.storage.settings import Settings
from gmtool.storage.workspace import Workspace
from tests.test_read_only_and_foreign_wal import Other, _kill_after


def _app(monkeypatch, answer: str):  # noqa: ANN001, ANN202
    from gmtool import app as app_module

    asked: list[tuple[str, bool]] = []

    def ask(_parent, message: str, can_read_only: bool = False) -> str:  # noqa: ANN001
        asked.append((message, can_read_only))
        return answer

    warned: list[str] = []
    monkeypatch.setattr("gmtool.ui.campaign_dialogs.ask_after_bad_file", ask)
    monkeypatch.setattr(app_module.QMessageBox, "warning", lambda _p, _t, text: warned.append(text))
    return app_module.GmtoolApp(QApplication.instance(), Settings(), False), asked, warned


def test_a_second_gmtool_opens_read_only_and_the_window_says_so(qtbot, monkeypatch) -> None:
    path = default_campaign_path()
    Workspace.create(path).close()
    other = Other(path)
    gm, asked, _warned = _app(monkeypatch, "read_only")
    try:
        workspace = gm.open_first(path)
        assert workspace is not None and workspace.read_only
        assert len(asked) == 1 and asked[0][1] is True and "another gmtool" in asked[0][0]
        gm.switch_to(workspace)
        window = gm.window
        assert window is not None
        qtbot.addWidget(window)
        assert window.windowTitle().endswith("— read-only")
        badge = window.findChild(QLabel, "readOnlyBadge")
        assert badge is not None and badge.isVisible() and badge.text() == "Read-only"
        act = window._actions["roll_initiative"]  # what would write is disabled, saying why
        assert not act.isEnabled() and "read-only" in act.toolTip()
        window.bridge.select(next(iter(workspace.encounter.state.combatants)))
        roll = window.parts.test_panel.roll_button  # the SR5 test box: nothing to roll
        assert not roll.isEnabled() and "read-only" in roll.toolTip()
        assert not window.parts.sheet_panel.body.isEnabled() and "read-only" in window.parts.sheet_panel.body.toolTip()
        before = len(workspace.encounter.entries)
        from gmtool.games.shadowrun.sr5.rules import commands as cmd

        assert window.run(cmd.StartTurn()) is False
        assert "read-only" in window.status.text()
        assert len(workspace.encounter.entries) == before
        assert gm.settings.last_campaign is None  # the next start does not land on a borrowed file
    finally:
        gm.shutdown()
        other.end()


def test_the_read_only_title_in_japanese(qtbot, monkeypatch) -> None:
    path = default_campaign_path()
    Workspace.create(path).close()
    set_language("ja")
    from gmtool.ui.main_window import MainWindow

    workspace = Workspace.open(path, read_only=True)
    try:
        window = MainWindow(workspace)
        qtbot.addWidget(window)
        assert window.windowTitle().endswith("読み取り専用")
        assert window.findChild(QLabel, "readOnlyBadge").text() == "読み取り専用"
    finally:
        workspace.close()


def test_a_failed_backup_on_opening_is_told_to_the_gm(qtbot, monkeypatch) -> None:
    path = default_campaign_path()
    Workspace.create(path).close()
    backups = data_dir() / "backups"
    shutil.rmtree(backups, ignore_errors=True)
    backups.write_text("a file where the backups folder should be")  # the backup cannot be written
    gm, _asked, warned = _app(monkeypatch, "quit")
    workspace = gm.open_first(path)
    assert workspace is not None and not workspace.read_only
    gm.switch_to(workspace)
    qtbot.addWidget(gm.window)
    gm.finish_opening()  # what the window's first paint runs: the backup waits for it (issue 19)
    qtbot.waitUntil(lambda: bool(warned))
    assert "backup made when opening the campaign failed" in warned[0]
    assert "Backup failed" in gm.window.status.text()
    gm.shutdown()


def test_a_journal_file_set_aside_is_told_to_the_gm(qtbot, monkeypatch, tmp_path: Path) -> None:
    path = default_campaign_path()
    Workspace.create(path).close()
    other_file = tmp_path / "elsewhere" / path.name
    other_file.parent.mkdir()
    shutil.copyfile(path, other_file)
    _kill_after(other_file, ["turn"])
    shutil.copyfile(other_file.with_name(other_file.name + "-wal"), path.with_name(path.name + "-wal"))
    gm, _asked, warned = _app(monkeypatch, "quit")
    workspace = gm.open_first(path)
    assert workspace is not None
    gm.switch_to(workspace)
    qtbot.addWidget(gm.window)
    qtbot.waitUntil(lambda: bool(warned))
    assert "did not belong to it" in warned[0] and str(workspace.campaign.set_aside) in warned[0]
    gm.shutdown()


def test_a_command_on_a_full_disk_is_refused_in_the_status_line(qtbot, window) -> None:
    from gmtool.games.shadowrun.sr5.rules import commands as cmd
    from tests.test_full_and_read_only_disks import _fill_journal

    workspace = window.workspace
    _fill_journal(workspace)
    for _ in range(500):  # the journal's last page may hold a few more: until the file says no
        if not window.run(cmd.StartTurn()):
            break
    assert "is full" in window.status.text() and "nothing of this action was saved" in window.status.text()
    entries = len(workspace.encounter.entries)
    workspace.campaign._conn.execute("PRAGMA max_page_count = 1073741823")  # room again
    assert window.run(cmd.StartTurn()) is True
    assert len(workspace.encounter.entries) == entries + 1
