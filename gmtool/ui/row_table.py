"""A read-only table of rows (the party window's members and details, the carry-back summary): chosen
by whole rows, no row numbers, its last column taking the spare width."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QWidget


def row_table(parent: QWidget, name: str, headers: list[str]) -> QTableWidget:
    """An empty table with these column heads, named ``name`` (its object name)."""
    table = QTableWidget(0, len(headers), parent)
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(headers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(len(headers) - 1, QHeaderView.ResizeMode.Stretch)
    return table
