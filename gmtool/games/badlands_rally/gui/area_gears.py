"""Table mode's Area Effect input (BR-11): the gears next to the target, ticked by the GM from the
physical board (the map is off, so gmtool cannot find them). The list holds no rules."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from gmtool.games.badlands_rally.rules.race_state import RaceState


class AreaGears(QListWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("brAreaGears")
        self.setMaximumHeight(90)

    def show_gears(self, state: RaceState, attacker: str | None) -> None:
        """Every racing gear but the attacker, unticked when the list changes."""
        gears = [(g.id, g.name) for g in state.gears.values() if g.id != attacker and not g.out]
        if [(self.item(i).data(Qt.ItemDataRole.UserRole), self.item(i).text()) for i in range(self.count())] == gears:
            return
        self.blockSignals(True)
        self.clear()
        for gid, name in gears:
            item = QListWidgetItem(name, self)
            item.setData(Qt.ItemDataRole.UserRole, gid)
            item.setCheckState(Qt.CheckState.Unchecked)
        self.blockSignals(False)

    def ticked(self) -> tuple[str, ...]:
        return tuple(self.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.count())
                     if self.item(i).checkState() == Qt.CheckState.Checked)
