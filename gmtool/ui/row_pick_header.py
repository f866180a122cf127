"""A table's column header that is not repainted when the one selected row moves.

A header draws a column's title bold while the selection crosses that column (Qt's
"highlight sections"), and repaints every section the selection touches whenever it changes.
In a table that selects whole rows one at a time, every column crosses any selected row and
none is selected whole once there are two rows, so moving the selection from one row to
another changes no section's look; the order's header was repainted at every phase all the
same (0.17 ms of a key press). Selecting the first row or clearing the selection still
repaints (titles turn bold or plain), and a table selecting otherwise is left to Qt.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

SelectionBehavior = QAbstractItemView.SelectionBehavior
SelectionMode = QAbstractItemView.SelectionMode


class RowPickHeader(QHeaderView):
    """The horizontal header of ``table``, set up as Qt sets up its own (clickable, highlighting)."""

    def __init__(self, table: QTableView) -> None:
        super().__init__(Qt.Orientation.Horizontal, table)
        self._table = table
        self.setSectionsClickable(True)
        self.setHighlightSections(True)

    def selectionChanged(self, selected: QItemSelection, deselected: QItemSelection) -> None:  # noqa: N802 - Qt's name
        if not self._row_moved(selected, deselected):
            super().selectionChanged(selected, deselected)

    def _row_moved(self, selected: QItemSelection, deselected: QItemSelection) -> bool:
        """The one selected row of a table of two rows or more went to another row."""
        table = self._table
        model = self.model()
        return (
            not selected.isEmpty() and not deselected.isEmpty()
            and table.selectionBehavior() == SelectionBehavior.SelectRows
            and table.selectionMode() == SelectionMode.SingleSelection
            and model is not None and model.rowCount() > 1
        )
