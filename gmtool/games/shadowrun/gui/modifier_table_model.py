"""The modifier tables of one action as a Qt tree: tables → rows, a check box per row.

The model holds a :class:`~gmtool.core.tables.engine.ModifierSheet` and no
rules: a user tick becomes ``sheet.toggle(key)``; the new sheet is announced with
:attr:`ModifierTableModel.sheetChanged`, and ``dataChanged`` is emitted for the rows
whose tick, value or count changed, with exactly the roles that changed.
Columns: 0 the row's label (check state), 1 its value in dice, 2 its page, 3 the count of a
counted row (take aim, multiple targets, friends in the melee, reach …: editable; the
panel shows a spin box there). A count becomes ``sheet.set_count(key, n)``: the core
ticks the row and holds the value within its cap.
"""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    Qt,
    Signal,
)

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import active_language, tr
from gmtool.core.tables.engine import ModifierSheet, row_key
from gmtool.games.shadowrun.rules.tables.models import COUNT_RULES, Row, Table
from gmtool.viewmodels.roles import Index

USER = int(Qt.ItemDataRole.UserRole)
ROW_KEY = USER + 1  # str: "<table id>/<row id>" (table nodes: the table id)
ROW_VALUE = USER + 2  # int | None: what the row adds when ticked (None: points at another table)
IS_TICKED = USER + 3  # bool
TABLE_ID = USER + 4  # str
ROW_SOURCE = USER + 5  # str: digest, rulebook, house or effect
ROW_GROUP = USER + 6  # str | None: the exclusive group
ROW_COUNT = USER + 7  # int | None: a counted row's count (None: the row has no count)
COUNT_RANGE = USER + 8  # (low, high) | None: the counts a counted row takes

COLUMNS = ("tables.column.row", "tables.column.value", "tables.column.page", "tables.column.count")
COUNT_COLUMN = 3
TABLE_NODE = 0  # internalId of a table node; a row node stores its table's position + 1
CHANGED_ROLES = [int(Qt.ItemDataRole.CheckStateRole), IS_TICKED]
VALUE_ROLES = [int(Qt.ItemDataRole.DisplayRole), ROW_VALUE]
COUNT_ROLES = [int(Qt.ItemDataRole.DisplayRole), int(Qt.ItemDataRole.EditRole), ROW_COUNT]


class ModifierTableModel(QAbstractItemModel):
    """Tables and their rows for the action being resolved."""

    sheetChanged = Signal(object)  # the new ModifierSheet
    refused = Signal(str)  # a translated message

    def __init__(self, sheet: ModifierSheet | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._sheet = sheet
        self._rows: list[tuple[Table, tuple[Row, ...]]] = []
        self._values: dict[str, int | None] = {}
        self._read()

    # -- the sheet -------------------------------------------------------------------
    @property
    def sheet(self) -> ModifierSheet | None:
        return self._sheet

    def set_sheet(self, sheet: ModifierSheet | None) -> None:
        """Show another action's tables (a reset)."""
        self.beginResetModel()
        self._sheet = sheet
        self._read()
        self.endResetModel()
        self.sheetChanged.emit(sheet)

    def _read(self) -> None:
        sheet = self._sheet
        # cast: a Shadowrun sheet holds Shadowrun tables and rows (plan.sheet_for); the engine's
        # TableData and RowData protocols are not generic over a game's own
        self._rows = cast(list[tuple[Table, tuple[Row, ...]]],
                          [(table, sheet.rows(table)) for table in sheet.tables] if sheet else [])
        self._values = self._compute_values()

    def _compute_values(self) -> dict[str, int | None]:
        """Every row's value, and (in ``_counts``) every counted row's count."""
        if self._sheet is None:
            self._counts: dict[str, int] = {}
            return {}
        keys = [(row_key(t.id, r.id), r) for t, rows in self._rows for r in rows]
        self._counts = {key: self._sheet.count(key) for key, r in keys if r.rule in COUNT_RULES}
        return {key: self._sheet.row_value(key) for key, _r in keys}

    def update_sheet(self, sheet: ModifierSheet) -> None:
        """Take a new sheet on the same tables (a tick, a count, a free modifier) and signal what changed."""
        old_ticked = self._sheet.choices.ticked if self._sheet else frozenset()
        old_values, old_counts = self._values, self._counts
        self._sheet = sheet
        self._values = self._compute_values()
        for position, (table, rows) in enumerate(self._rows):
            for number, row in enumerate(rows):
                key = row_key(table.id, row.id)
                if (key in old_ticked) != sheet.is_ticked(key):
                    self.dataChanged.emit(self.index(number, 0, self.index(position, 0)), self.index(number, 0, self.index(position, 0)), CHANGED_ROLES)
                if old_values.get(key) != self._values.get(key):
                    cell = self.index(number, 1, self.index(position, 0))
                    self.dataChanged.emit(cell, cell, VALUE_ROLES)
                if old_counts.get(key) != self._counts.get(key):
                    cell = self.index(number, COUNT_COLUMN, self.index(position, 0))
                    self.dataChanged.emit(cell, cell, COUNT_ROLES)
        self.sheetChanged.emit(sheet)

    def set_count(self, key: str, count: int) -> bool:
        """The GM gives a counted row its count; a refusal is announced with :attr:`refused`."""
        if self._sheet is None:
            return False
        try:
            sheet = self._sheet.set_count(key, count)
        except GmtoolError as error:
            self.refused.emit(error.message())
            return False
        self.update_sheet(sheet)
        return True

    def count_cells(self) -> list[QModelIndex]:
        """The count cells of the counted rows (where the panel puts its spin boxes)."""
        return [
            self.index(number, COUNT_COLUMN, self.index(position, 0))
            for position, (_table, rows) in enumerate(self._rows)
            for number, row in enumerate(rows)
            if row.rule in COUNT_RULES
        ]

    def toggle(self, key: str) -> bool:
        """The GM ticks or unticks a row; a refusal is announced with :attr:`refused`."""
        if self._sheet is None:
            return False
        try:
            sheet = self._sheet.toggle(key)
        except GmtoolError as error:
            self.refused.emit(error.message())
            return False
        self.update_sheet(sheet)
        return True

    def add_free(self, label: str, value: int) -> bool:
        if self._sheet is None:
            return False
        try:
            sheet = self._sheet.add_free(label, value)
        except GmtoolError as error:
            self.refused.emit(error.message())
            return False
        self.update_sheet(sheet)
        return True

    def remove_free(self, index: int) -> bool:
        if self._sheet is None:
            return False
        try:
            sheet = self._sheet.remove_free(index)
        except GmtoolError as error:
            self.refused.emit(error.message())
            return False
        self.update_sheet(sheet)
        return True

    # -- tree structure --------------------------------------------------------------
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, TABLE_NODE)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, child: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008 - Qt overloads parent() with QObject.parent()
        if not child.isValid() or child.internalId() == TABLE_NODE:
            return QModelIndex()
        return self.createIndex(int(child.internalId()) - 1, 0, TABLE_NODE)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._rows)
        if parent.internalId() == TABLE_NODE and parent.column() == 0:
            return len(self._rows[parent.row()][1])
        return 0

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(COLUMNS):
            return tr(COLUMNS[section])
        return None

    def _node(self, index: Index) -> tuple[Table, Row | None]:
        if index.internalId() == TABLE_NODE:
            return self._rows[index.row()][0], None
        table, rows = self._rows[int(index.internalId()) - 1]
        return table, rows[index.row()]

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        _table, row = self._node(index)
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if row is not None and row.tickable and index.column() == 0:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        if row is not None and row.rule in COUNT_RULES and index.column() == COUNT_COLUMN:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    # -- data ----------------------------------------------------------------------------
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self._sheet is None:
            return None
        table, row = self._node(index)
        if row is None:
            return self._table_data(table, index.column(), role)
        return self._row_data(table, row, index.column(), role)

    def _table_data(self, table: Table, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return table.title.text(active_language())
            return str(table.page) if column == 2 and table.page else None
        if role in (ROW_KEY, TABLE_ID):
            return table.id
        return None

    def _row_data(self, table: Table, row: Row, column: int, role: int) -> Any:
        key = row_key(table.id, row.id)
        assert self._sheet is not None
        if column == COUNT_COLUMN:
            return self._count_data(key, row, role)
        if role == Qt.ItemDataRole.DisplayRole:
            return (self._label(row), self._value_text(row, key), self._page_text(row))[column]
        if role == Qt.ItemDataRole.CheckStateRole and column == 0 and row.tickable:
            return Qt.CheckState.Checked if self._sheet.is_ticked(key) else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole and column in (0, 1):
            return self._tooltip(row)
        if role == Qt.ItemDataRole.TextAlignmentRole and column > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return {
            ROW_KEY: key,
            ROW_VALUE: self._values.get(key),
            IS_TICKED: self._sheet.is_ticked(key),
            TABLE_ID: table.id,
            ROW_SOURCE: row.source,
            ROW_GROUP: row.group,
        }.get(role)

    def _count_data(self, key: str, row: Row, role: int) -> Any:
        if row.rule not in COUNT_RULES:
            return None
        assert self._sheet is not None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, ROW_COUNT):
            return self._counts.get(key)
        if role == COUNT_RANGE:
            return self._sheet.count_range(key)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tr("tables.count_tooltip")
        if role == ROW_KEY:
            return key
        return None

    @staticmethod
    def _label(row: Row) -> str:
        """The row's label; a house rule says so ("Acid rain (house rule)")."""
        label = row.label.text(active_language())
        return tr("tables.house_label", label=label) if row.source == "house" else label

    def _value_text(self, row: Row, key: str) -> str:
        if row.rule == "see_table":
            return "→"
        if row.rule in ("split_pool", "no_defence"):
            return tr(f"tables.special.{row.rule}")
        if row.rule == "environment_shift":
            return "↑"
        value = self._values.get(key)
        return "" if value is None else f"{value:+d}"

    @staticmethod
    def _page_text(row: Row) -> str:
        if row.page is None:
            return ""
        marked = row.source == "rulebook" or row.page_source == "rulebook"
        return f"{row.page}*" if marked else str(row.page)

    def _tooltip(self, row: Row) -> str:
        parts = [row.note.text(active_language())] if row.note else []
        target = self._sheet.table(row.see) if row.see and self._sheet is not None else None
        if row.see:
            shown = target.title.text(active_language()) if isinstance(target, Table) else row.see
            parts.append(tr("tables.see", table=shown))
        if row.source in ("rulebook", "house"):
            parts.append(tr(f"tables.source.{row.source}"))
        return "\n".join(parts)

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or index.internalId() == TABLE_NODE:
            return False
        if role == Qt.ItemDataRole.EditRole and index.column() == COUNT_COLUMN:
            return self._set_count_at(index, value)
        if role != Qt.ItemDataRole.CheckStateRole:
            return False
        table, row = self._node(index)
        assert row is not None
        key = row_key(table.id, row.id)
        wanted = Qt.CheckState(value) == Qt.CheckState.Checked if not isinstance(value, bool) else value
        if self._sheet is None or wanted == self._sheet.is_ticked(key):
            return False
        return self.toggle(key)

    def _set_count_at(self, index: Index, value: Any) -> bool:
        table, row = self._node(index)
        if row is None or row.rule not in COUNT_RULES or isinstance(value, bool):
            return False
        key = row_key(table.id, row.id)
        try:
            count = int(value)
        except (TypeError, ValueError):
            return False
        if self._counts.get(key) == count and self._sheet is not None and self._sheet.choices.count(key) == count:
            return False
        return self.set_count(key, count)
