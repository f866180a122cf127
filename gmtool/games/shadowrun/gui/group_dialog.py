"""Asking how many grunts to add, their professional rating and (SR5) whether they share a monitor."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.rules.grunt_groups import MAX_MEMBERS


class GroupDialog(QDialog):
    def __init__(self, template_name: str, shared_monitor: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("dialog.group.title"))
        self.count = QSpinBox(self)
        self.count.setObjectName("groupCount")
        self.count.setRange(2, MAX_MEMBERS)
        self.count.setValue(4)
        self.rating = QSpinBox(self)
        self.rating.setObjectName("groupRating")
        self.rating.setRange(0, 6)
        self.rating.setValue(2)
        self.shared = QCheckBox(tr("dialog.group.shared"), self)
        self.shared.setObjectName("groupShared")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(QLabel(tr("dialog.group.template", name=template_name), self))
        form.addRow(tr("dialog.group.count"), self.count)
        form.addRow(tr("dialog.group.rating"), self.rating)
        if shared_monitor:  # SR5 only: SR4 grunts keep one monitor each
            form.addRow(self.shared)
        else:
            self.shared.hide()
        form.addRow(buttons)
