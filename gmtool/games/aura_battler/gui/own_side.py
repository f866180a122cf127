"""The one question before a machine attacks its own side: gmtool never does that by default, and
when the GM aims so on purpose it asks once (remembered for that attack only)."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from gmtool.core.i18n import tr


def ask(parent: QWidget, attacker: str, target: str, side: str) -> bool:
    """Whether the GM confirms ``attacker`` attacking ``target`` of its own ``side`` (No is the default)."""
    box = QMessageBox(QMessageBox.Icon.Warning, tr("ab.own_side.title"),
                      tr("ab.own_side.question", attacker=attacker, target=target, side=side),
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    box.setObjectName("abOwnSideQuestion")
    box.setDefaultButton(QMessageBox.StandardButton.No)
    return box.exec() == QMessageBox.StandardButton.Yes
