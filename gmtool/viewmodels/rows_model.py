"""A list model over the rows it holds: its row count and the row an index points at, once.

A model built on it keeps its rows in ``self._rows`` (replacing or changing them between the model's
own reset or insert signals) and answers ``data`` with :meth:`RowsModel.row_at`.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject

from gmtool.viewmodels.roles import Index

R = TypeVar("R")


class RowsModel(QAbstractListModel, Generic[R]):
    """Rows: ``self._rows``, in order; no children."""

    def __init__(self, rows: list[R], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows = rows

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def row_at(self, index: Index) -> R | None:
        """The row ``index`` points at (None: an invalid index, or one past the last row)."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        return self._rows[index.row()]
