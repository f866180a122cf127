"""Restoring a backup: the campaign's backups with date and size, one restored after confirmation.

The dialog only chooses: after the GM confirms, it emits
``restoreRequested(Path)``. The application controller then closes the
workspace, restores and reopens, with :func:`restore_and_reopen` (the campaign
must be closed while its file is replaced).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLocale, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.storage.backups import BackupInfo, list_backups, restore_backup
from gmtool.storage.workspace import Workspace

PATH_ROLE = int(Qt.ItemDataRole.UserRole) + 1


def confirm_restore(parent: QWidget, when: str) -> bool:
    answer = QMessageBox.question(
        parent, tr("libui.backup.confirm_title"), tr("libui.backup.confirm", when=when),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


def size_text(size_bytes: int) -> str:
    return QLocale().formattedDataSize(size_bytes)


def when_text(info: BackupInfo) -> str:
    """The backup's time in local time, minutes precision."""
    return info.created.astimezone().strftime("%Y-%m-%d %H:%M:%S")


def restore_and_reopen(workspace: Workspace, backup: Path) -> tuple[Workspace, str | None]:
    """Close ``workspace``, restore ``backup`` over its campaign and open it again.

    Returns the reopened workspace and None, or (when the restore was refused,
    the file left as it was) the reopened workspace and the translated reason.
    Raises GmtoolError only if the campaign cannot be reopened at all.
    """
    path = workspace.campaign.path
    if workspace.read_only:
        return workspace, tr("error.campaign_read_only", path=path.name)
    workspace.close()
    problem: str | None = None
    try:
        restore_backup(backup, path)
    except GmtoolError as exc:
        problem = exc.message()
    return Workspace.open(path), problem


class BackupDialog(QDialog):
    """The open campaign's backups, newest first."""

    restoreRequested = Signal(Path)

    def __init__(self, campaign_path: Path, folder: Path | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("backupDialog")
        self.setWindowTitle(tr("libui.backup.title"))
        self.backups = list_backups(campaign_path, folder)
        self.table = QTableWidget(len(self.backups), 2, self)
        self.table.setObjectName("backupList")
        self.table.setHorizontalHeaderLabels([tr("libui.backup.col.when"), tr("libui.backup.col.size")])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        for row, info in enumerate(self.backups):
            when = QTableWidgetItem(when_text(info))
            when.setData(PATH_ROLE, str(info.path))
            when.setToolTip(info.path.name)
            self.table.setItem(row, 0, when)
            size = QTableWidgetItem(size_text(info.size_bytes))
            size.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, 1, size)
        if self.backups:
            self.table.selectRow(0)
        self.table.doubleClicked.connect(lambda _i: self.restore_selected())
        hint = QLabel(tr("libui.backup.hint", file=campaign_path.name) if self.backups
                      else tr("libui.backup.none", file=campaign_path.name), self)
        hint.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.restore_button = buttons.addButton(tr("libui.backup.restore"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.restore_button.setObjectName("backupRestore")
        self.restore_button.setEnabled(bool(self.backups))
        buttons.accepted.connect(self.restore_selected)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(560, 380)

    def selected(self) -> BackupInfo | None:
        row = self.table.currentRow()
        return self.backups[row] if 0 <= row < len(self.backups) else None

    def restore_selected(self) -> bool:
        info = self.selected()
        if info is None or not confirm_restore(self, when_text(info)):
            return False
        self.accept()
        self.restoreRequested.emit(info.path)
        return True
