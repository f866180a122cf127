"""A table view that paints only the lines appended at its end, not every line it shows.

When rows are inserted, ``QTableView`` lays itself out again a moment later and repaints its
whole viewport, though rows appended at the end move nothing already shown. The turn log
appends a line or a few at every key press and scrolls to them: scrolling moves the lines
shown (copied, not painted again) and uncovers the new ones; the repaint of every line shown
cost ~0.4 ms of a phase and ~0.7 ms of an attack.

:class:`AppendingTableView` lays out as Qt does, and repaints as Qt does after anything but
appending (rows inserted elsewhere, removed, moved, a reset, a new layout, another model,
another font or style). After appends only, it repaints from the first new row down; a view
kept at its end, whose rows the new layout moves up, moves what it shows by copying, as a scroll
does (without that copy the lines shown stayed where they were: tested on screen).
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QEvent
from PySide6.QtWidgets import QTableView

from gmtool.viewmodels.roles import Index


class AppendingTableView(QTableView):
    """A table view whose layout after rows appended at the end repaints only those rows."""

    _appended_from: int | None = None  # the first row appended since the last layout
    _whole = True  # something else happened since the last layout: repaint as Qt does

    def watch(self, model: QAbstractItemModel) -> None:
        """Follow the changes of ``model`` (one the view shows, or will) that Qt lays out privately."""
        for signal in (model.layoutChanged, model.rowsMoved, model.columnsInserted, model.columnsRemoved,
                       model.columnsMoved, model.modelReset):
            signal.connect(self._changed_otherwise)

    def _changed_otherwise(self, *_args: object) -> None:
        self._whole = True

    def setModel(self, model: QAbstractItemModel | None) -> None:  # noqa: N802 - Qt's name
        self._whole = True
        super().setModel(model)

    def reset(self) -> None:
        self._whole = True
        super().reset()

    def rowsInserted(self, parent: Index, first: int, last: int) -> None:  # noqa: N802 - Qt's name
        model = self.model()
        if not parent.isValid() and model is not None and last == model.rowCount() - 1:
            self._appended_from = first if self._appended_from is None else min(first, self._appended_from)
        else:
            self._whole = True
        super().rowsInserted(parent, first, last)

    def appending(self, first: int, last: int) -> bool:
        """Rows ``first`` to ``last`` were appended at the end, and the layout to come paints only the
        appended rows (nothing else happened since the last layout)."""
        model = self.model()
        return (not self._whole and self._appended_from is not None and self._appended_from <= first
                and model is not None and last == model.rowCount() - 1)

    def rowsAboutToBeRemoved(self, parent: Index, first: int, last: int) -> None:  # noqa: N802 - Qt's name
        self._whole = True
        super().rowsAboutToBeRemoved(parent, first, last)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.PaletteChange):
            self._whole = True
        super().changeEvent(event)

    def doItemsLayout(self) -> None:  # noqa: N802 - Qt's name
        appended, whole = self._appended_from, self._whole
        self._appended_from, self._whole = None, False
        if whole or appended is None:
            super().doItemsLayout()
            return
        rows, columns = self.verticalHeader(), self.horizontalHeader()
        before = (columns.offset(), rows.offset())
        self.updateGeometries()  # the scroll bar's new range (a view kept at its end moves its rows up)
        viewport = self.viewport()
        moved_x, moved_y = columns.offset() - before[0], rows.offset() - before[1]
        if moved_x or moved_y:
            viewport.scroll(-moved_x, -moved_y)  # the rows shown move with the offset (copied, not painted)
        top = max(self.rowViewportPosition(appended), 0)
        if top < viewport.height():  # new rows in sight (a log not yet full): paint them
            viewport.update(0, top, viewport.width(), viewport.height() - top)
