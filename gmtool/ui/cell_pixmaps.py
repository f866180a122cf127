"""A delegate whose cells are painted once per content and copied afterwards (a list that scrolls paints less).

An order of 200 combatants scrolling to the current actor repaints every visible row,
some seventy cells, and most of them look like a cell painted before: a score of 12, the same pass
ladder, "acted", an empty condition. A model that answers ``roles.CELL_KEY`` with everything a
cell shows (its look and its picture's values, as a hashable key; None for a cell seen once, a
name) lets :class:`CachedCellDelegate` paint such a cell once and copy it at the next paint
(:class:`gmtool.ui.painted_cells.PaintedCells` keeps the pictures, keyed also by everything else
the pixels depend on): one model call and a copy instead of the drawing.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QStyleOptionViewItem

from gmtool.ui.one_call_delegate import OneCallDelegate
from gmtool.ui.painted_cells import PaintedCells
from gmtool.viewmodels import roles
from gmtool.viewmodels.roles import Index

LIMIT = 1500  # pictures kept (a cell is a few kB): a scrolled order of 200 meets many


class CachedCellDelegate(OneCallDelegate):
    """A :class:`OneCallDelegate` whose cells with a content key (``roles.CELL_KEY``) are painted once and
    copied; a subclass paints its own picture in :meth:`paint_cell`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._cells = PaintedCells(LIMIT)

    def paint_cell(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        """The cell's painting (Qt's own for a plain cell)."""
        super().paint(painter, option, index)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        content = index.data(roles.CELL_KEY)
        if content is None:
            self.paint_cell(painter, option, index)
        else:
            self._cells.paint(painter, option, content, lambda inner, moved: self.paint_cell(inner, moved, index))
