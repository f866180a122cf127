"""The shared list model over its rows (the log, the encounter list and Shadowrun's effects use it)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex

from gmtool.viewmodels.rows_model import RowsModel


def test_rows_are_counted_at_the_top_only_and_found_by_index() -> None:
    model: RowsModel[str] = RowsModel(["first", "second"])
    assert model.rowCount() == 2
    assert model.rowCount(model.index(0)) == 0  # a row has no children
    assert [model.row_at(model.index(row)) for row in range(2)] == ["first", "second"]


def test_no_row_for_an_invalid_index_or_one_past_the_end() -> None:
    model: RowsModel[str] = RowsModel(["only"])
    beyond = model.createIndex(1, 0)  # a view may still hold an index of a row just removed
    assert (model.row_at(QModelIndex()), beyond.isValid(), model.row_at(beyond)) == (None, True, None)
