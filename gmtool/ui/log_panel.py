"""The turn-log panel: every event in words, newest at the bottom, following the fight.

Clicking a line shows the fight as it was right after that event (rewind, read-only).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QTreeView, QVBoxLayout, QWidget

from gmtool.viewmodels import roles
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
        self._bridge = bridge
        self.view.activated.connect(self._rewind_to)  # Enter or double click on a line
        self.view.clicked.connect(self._rewind_to)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.view.scrollToBottom()  # the newest line, also after a restart

    def _follow(self, _parent: QModelIndex, _first: int, _last: int) -> None:
        if self._bridge.past is None:
            self.view.scrollToBottom()

    def _rewind_to(self, index: QModelIndex) -> None:
        """Show the fight as it was right after this line's event (read-only)."""
        number = index.data(roles.EVENT_NUMBER)
        if number is None or number < 0:
            return
        self._bridge.show_past(int(index.data(roles.SEQ)), int(number) + 1)
