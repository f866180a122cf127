"""The campaign's encounters as a list model (the switch-encounter dialog): name, game, current."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QObject,
    Qt,
)
from PySide6.QtGui import QFont

from gmtool.core.i18n import tr
from gmtool.storage.campaign import EncounterInfo
from gmtool.viewmodels import roles
from gmtool.viewmodels.game_view import game_name
from gmtool.viewmodels.roles import Index
from gmtool.viewmodels.rows_model import RowsModel


class EncounterListModel(RowsModel[EncounterInfo]):
    """Rows: the encounters, oldest first; the current one marked ▶ and bold."""

    def __init__(self, encounters: list[EncounterInfo], current: int | None, parent: QObject | None = None) -> None:
        super().__init__(list(encounters), parent)
        self._current = current

    def row_of(self, encounter_id: int | None) -> int:
        ids = [e.id for e in self._rows]
        return ids.index(encounter_id) if encounter_id in ids else -1

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        info = self.row_at(index)
        if info is None:
            return None
        current = info.id == self._current
        if role == Qt.ItemDataRole.DisplayRole:
            text = tr("encounter.row", name=info.name, game=game_name(info.ruleset))
            return f"▶ {text}" if current else text
        if role == Qt.ItemDataRole.ToolTipRole:
            return tr("encounter.tooltip", game=game_name(info.ruleset), seed=info.seed)
        if role == Qt.ItemDataRole.FontRole and current:
            font = QFont()
            font.setBold(True)
            return font
        if role == roles.ENCOUNTER_ID:
            return info.id
        if role == roles.RULESET:
            return info.ruleset
        return None
