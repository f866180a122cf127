"""The turn-log panel: every event in words, newest at the bottom, following the fight."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QAbstractItemView, QListView, QVBoxLayout, QWidget

from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.log_model import LogModel


class LogPanel(QWidget):
    def __init__(self, bridge: EncounterBridge, encounter_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = LogModel(bridge, encounter_name, self)
        self.view = QListView(self)
        self.view.setObjectName("logView")
        self.view.setModel(self.model)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setUniformItemSizes(True)
        self.view.setWordWrap(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self.model.rowsInserted.connect(self._follow)
        self.view.scrollToBottom()

    def _follow(self, _parent: QModelIndex, _first: int, _last: int) -> None:
        self.view.scrollToBottom()
