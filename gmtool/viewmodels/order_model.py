"""The order of play of any game, as a table: drawn from the game's display types only.

Columns: the name (the game's note under it, a race's standing), the score (the game names it; none
when it names none), one per track of the game's order layout, and the badges (none when the layout
names none; the urgent ones first), each with its tone for the chips :mod:`gmtool.ui.order_delegate`
draws. Rows follow ``rules.order(state)`` by rank. After each change the model reads the order again
and signals ``dataChanged`` for exactly the rows that differ (display values compare with ``==``), or
resets when someone joined or left. A game with a richer order of its own (a pass ladder, condition
monitors drawn as boxes) builds its own dock; this one serves any game.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QFont

from gmtool.core.display import Badge, OrderLayout, OrderRow
from gmtool.core.encounter import Change
from gmtool.core.i18n import active_language, tr
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.roles import Index

DISPLAY = int(Qt.ItemDataRole.DisplayRole)
TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
FONT = int(Qt.ItemDataRole.FontRole)
KIND, BADGES, NOTE, CELL = roles.CELL_KIND, roles.BADGE_LIST, roles.NOTE, roles.ORDER_CELL  # read by ui.order_delegate


def urgent_first(row: OrderRow) -> tuple[Badge, ...]:
    """The row's badges, those the GM acts on (``urgent``) first, each group in the game's order."""
    return tuple(sorted(row.badges, key=lambda badge: not badge.urgent))


def urgent_text(row: OrderRow) -> str:
    """The start of the badges' cell that is never cut: the urgent badges, as the cell shows them."""
    return ", ".join(badge.text for badge in row.badges if badge.urgent)


class OrderModel(QAbstractTableModel):
    """One row per combatant in the order of play, as the game words it."""

    def __init__(self, bridge: EncounterBridge, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.layout: OrderLayout = bridge.ruleset.order_layout()
        self._kind_list = self._kinds()  # the layout's columns (read once: asked for every cell)
        self._words: tuple[str, tuple[str, ...]] = ("", ())  # the headers, in the language they were made in
        self._rows: tuple[OrderRow, ...] = self._read()
        bridge.changed.connect(self._on_change)

    def _read(self) -> tuple[OrderRow, ...]:
        return tuple(sorted(self._bridge.ruleset.order(self._bridge.state), key=lambda row: row.rank))

    def _on_change(self, _change: Change) -> None:
        fresh = self._read()
        if [row.id for row in fresh] != [row.id for row in self._rows]:
            self.beginResetModel()
            self._rows = fresh
            self.endResetModel()
            return
        before, self._rows = self._rows, fresh
        for number, (old, new) in enumerate(zip(before, fresh, strict=True)):
            if old != new:
                self.dataChanged.emit(self.index(number, 0), self.index(number, self.columnCount() - 1))

    # -- the table ---------------------------------------------------------------------
    def kinds(self) -> tuple[str, ...]:
        """What each column shows: "name", "score", "track:<key>", "badges"."""
        return self._kind_list

    def _kinds(self) -> tuple[str, ...]:
        """What each column shows: "name", "score", a track's key, "badges"."""
        layout = self.layout
        score = ("score",) if layout.score_label else ()
        badges = ("badges",) if layout.badge_label else ()
        return ("name", *score, *(f"track:{key}" for key, _label in layout.track_columns), *badges)

    def columns(self) -> tuple[str, ...]:
        """The headers, in the game's words (made again when the language changed)."""
        language = active_language()
        if self._words[0] != language:
            tracks = dict(self.layout.track_columns)
            words = {"name": tr("order.name"), "score": self.layout.score_label, "badges": self.layout.badge_label}
            self._words = (language, tuple(words.get(kind) or tracks[kind[6:]] for kind in self._kind_list))
        return self._words[1]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._kind_list)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation == Qt.Orientation.Horizontal and role in (DISPLAY, TOOLTIP) and 0 <= section < self.columnCount():
            return self.columns()[section]  # the tooltip: the whole word of a narrowed column
        return None

    def row(self, number: int) -> OrderRow:
        return self._rows[number]

    def row_of(self, combatant_id: str) -> int:
        return next((n for n, row in enumerate(self._rows) if row.id == combatant_id), -1)

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == CELL:
            return row, index.column()  # the row as read (a snapshot: another read, another row) and the column
        if role == roles.COMBATANT_ID:
            return row.id
        if role == roles.IS_CURRENT:
            return row.current
        if role == FONT and row.current:
            font = QFont()
            font.setBold(True)
            return font
        if role in (DISPLAY, TOOLTIP):
            return self._text(row, index.column(), role == TOOLTIP)
        if role == KIND:
            return self._kind_list[index.column()]
        if role == BADGES:
            return tuple((badge.text, badge.tone) for badge in urgent_first(row))
        if role == NOTE:
            return row.note
        return None

    def _text(self, row: OrderRow, column: int, tooltip: bool) -> str | None:
        kind = self._kind_list[column]
        if kind == "name":
            return f"{row.name}\n{row.note}" if tooltip and row.note else row.name
        if kind == "score":
            return row.score or ""
        if kind == "badges":  # the urgent first (never cut); the tooltip: one badge a line, whole
            badges = urgent_first(row)
            if tooltip:
                return "\n".join(badge.tooltip or badge.text for badge in badges)
            return ", ".join(badge.text for badge in badges)
        track = row.track(kind[6:])
        if track is None:
            return ""
        return (track.tooltip or track.text()) if tooltip else track.text()
