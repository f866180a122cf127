"""The turn log as a list model: one row per event in words, appended as entries commit.

The first row names the encounter and its dice seed (X-1). Undo and redo are
lines of their own: the log never forgets what happened.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from gmtool.core.encounter import Change, ViewChange
from gmtool.core.i18n import tr
from gmtool.core.journal import JournalEntry
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge

Index = QModelIndex | QPersistentModelIndex
HEADING_KINDS = frozenset({"turn_started", "pass_started"})
UNDO_BRUSH = QBrush(QColor(120, 120, 120))


class LogModel(QAbstractListModel):
    """Rows: (seq, kind, text, event number in its entry or -1)."""

    def __init__(self, bridge: EncounterBridge, encounter_name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        encounter = bridge.encounter
        self._lines: list[tuple[int, str, str, int]] = [
            (0, "header", tr("log.header", name=encounter_name, seed=encounter.seed), -1)
        ]
        for entry in encounter.entries:
            self._lines.extend(self._render(entry))
        bridge.changed.connect(self._on_change)

    def _render(self, entry: JournalEntry) -> list[tuple[int, str, str, int]]:
        describe = self._bridge.ruleset.describe
        if entry.action == "do":
            return [(entry.seq, e.kind, describe(e), n) for n, e in enumerate(entry.events)]
        if entry.action == "rewind":
            return [(entry.seq, "rewind", tr("log.rewound", seq=entry.target or 0), -1)]
        target = self._bridge.encounter.entry(entry.target or 0)
        what = describe(target.events[0]) if target.events else ""
        key = "log.undone" if entry.action == "undo" else "log.redone"
        return [(entry.seq, entry.action, tr(key, what=what, count=len(target.events)), -1)]

    def _on_change(self, change: Change) -> None:
        if isinstance(change, ViewChange):
            return  # rewind shows another moment; the log itself does not change
        lines = self._render(change.entry)
        if not lines:
            return
        first = len(self._lines)
        self.beginInsertRows(QModelIndex(), first, first + len(lines) - 1)
        self._lines.extend(lines)
        self.endInsertRows()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._lines)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._lines):
            return None
        seq, kind, text, number = self._lines[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return text
        if role == roles.SEQ:
            return seq
        if role == roles.EVENT_KIND:
            return kind
        if role == roles.EVENT_NUMBER:
            return number
        if role == Qt.ItemDataRole.FontRole and (kind in HEADING_KINDS or kind == "header"):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and kind in ("undo", "redo", "rewind"):
            return UNDO_BRUSH
        return None
