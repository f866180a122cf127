"""At start the campaign's backup waits for the first paint (issue 19): the program opens with it
pending, makes it just after, and tells the GM if it failed, as it did when it came first."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from gmtool.core.errors import StorageError
from gmtool.core.i18n import tr
from gmtool.storage.backups import BackupOutcome, list_backups
from gmtool.storage.paths import default_campaign_path
from gmtool.storage.settings import Settings
from gmtool.storage.workspace import Workspace


def _started(monkeypatch):  # noqa: ANN001, ANN202
    from gmtool import app as app_module

    Workspace.open_default().close()  # the campaign of an earlier start
    warned: list[str] = []
    monkeypatch.setattr(app_module.QMessageBox, "warning", lambda _p, _t, text: warned.append(text))
    gm = app_module.GmtoolApp(QApplication.instance(), Settings(), False)
    workspace = gm.open_first(None)
    assert workspace is not None
    return gm, workspace, warned


def test_the_backup_comes_after_the_window(qtbot, monkeypatch) -> None:
    gm, workspace, warned = _started(monkeypatch)
    try:
        assert workspace.campaign.backup_pending
        before = len(list_backups(default_campaign_path()))
        gm.switch_to(workspace)
        qtbot.addWidget(gm.window)
        gm.finish_opening()
        assert not workspace.campaign.backup_pending
        assert len(list_backups(default_campaign_path())) == before + 1
        qtbot.wait(10)
        assert warned == []
    finally:
        gm.shutdown()


def test_a_failed_backup_after_the_window_is_told(qtbot, monkeypatch) -> None:
    import gmtool.storage.campaign as campaign_module

    failure = StorageError("storage.error.backup_failed", path="x", detail="disk full")
    monkeypatch.setattr(campaign_module, "backup_quietly", lambda *_a: BackupOutcome(error=failure))
    gm, workspace, warned = _started(monkeypatch)
    try:
        gm.switch_to(workspace)
        qtbot.addWidget(gm.window)
        gm.finish_opening()
        assert gm.window.status.text() == tr("notice.status_backup_failed")
        qtbot.waitUntil(lambda: len(warned) == 1)
        assert "disk full" in warned[0]
    finally:
        gm.shutdown()
