"""The pass order's table: a re-sort that leaves the rows in view as they were repaints nothing.

The order is sorted again whenever a score changes (a wound, a spell's damage, a delay), and Qt
repaints the whole view at every re-sort (4–5 ms among 200 combatants). Most often the combatant
that moved was out of view and stays out of view: the rows in view then show the same combatants
in the same places, and a row whose words or marks changed is repainted by its own ``dataChanged``.
This view compares the combatants in view before and after a re-sort and leaves the view alone when
they are the same; any other change of layout repaints as Qt does.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel
from PySide6.QtWidgets import QWidget

from gmtool.ui.resizing_table import ResizingTableView
from gmtool.viewmodels import roles


class OrderView(ResizingTableView):
    """A :class:`ResizingTableView` of combatants (rows answering ``roles.COMBATANT_ID``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._in_view_before: tuple[Any, ...] | None = None  # before the first re-sort since the last layout
        self._spoiled = False  # rows came, went or were all read again since: Qt lays out and repaints

    def setModel(self, model: QAbstractItemModel | None) -> None:  # noqa: N802 - Qt's name
        super().setModel(model)
        if model is not None:
            model.layoutAboutToBeChanged.connect(self._before_layout)
            for signal in (model.modelAboutToBeReset, model.rowsAboutToBeInserted, model.rowsAboutToBeRemoved,
                           model.columnsAboutToBeInserted, model.columnsAboutToBeRemoved, model.rowsAboutToBeMoved):
                signal.connect(self._spoil)

    def rows_in_view(self) -> tuple[Any, ...] | None:
        """The combatants of the rows in view, top to bottom (None: no row in view)."""
        model = self.model()
        top = self.rowAt(0)
        if model is None or top < 0:
            return None
        bottom = self.rowAt(self.viewport().height() - 1)
        bottom = model.rowCount() - 1 if bottom < 0 else bottom
        return tuple(model.index(row, 0).data(roles.COMBATANT_ID) for row in range(top, bottom + 1))

    def _before_layout(self, *_args: object) -> None:
        if self._in_view_before is None:  # what the view shows: as it was before the first of them
            self._in_view_before = self.rows_in_view()

    def _spoil(self, *_args: object) -> None:
        self._spoiled = True

    def doItemsLayout(self) -> None:  # noqa: N802 - Qt's name
        before, spoiled = self._in_view_before, self._spoiled
        self._in_view_before, self._spoiled = None, False
        if (before is not None and not spoiled and self.verticalHeader().updatesEnabled()
                and before == self.rows_in_view()):
            self.updateGeometries()  # the same rows in view: their own changes repaint them
            return
        super().doItemsLayout()
