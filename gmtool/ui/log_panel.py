"""The turn-log panel: every event in words, newest at the bottom, following the fight."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QTreeView, QVBoxLayout, QWidget

from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.log_model import LogModel


class LogPanel(QWidget):
    def __init__(self, bridge: EncounterBridge, encounter_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = LogModel(bridge, encounter_name, self)
        # A flat tree view with uniform rows: appending to a long log stays cheap
        # (a QListView lays out every item again on scrollToBottom).
        self.view = QTreeView(self)
        self.view.setObjectName("logView")
        self.view.setModel(self.model)
        self.view.setHeaderHidden(True)
        self.view.setRootIsDecorated(False)
        self.view.setUniformRowHeights(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setWordWrap(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self.model.rowsInserted.connect(self._follow)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.view.scrollToBottom()  # the newest line, also after a restart

    def _follow(self, _parent: QModelIndex, _first: int, _last: int) -> None:
        self.view.scrollToBottom()
