"""The SR4 pass ladder: one small numbered cell per initiative pass, the current pass framed.

The cells' states come from the model (role ``PASS_LADDER``: the current pass and
each pass's state, as the ruleset names them); the delegate only paints them.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QStyleOptionViewItem,
)

from gmtool.games.shadowrun.gui import sr_roles
from gmtool.ui.cell_pixmaps import CachedCellDelegate
from gmtool.ui.drawn_once import paint_cached
from gmtool.viewmodels.tones import tone

CELL = 15
GAP = 3
FILLS: dict[str, str | None] = {  # each step's tone (viewmodels.tones); "off": no fill
    "off": None, "past": "ladder_past", "acted": "ladder_acted", "acting": "ladder_acting",
    "due": "ladder_due", "later": "ladder_later",
}


def ladder_width(cells: int = 4) -> int:
    """Pixels the ladder of ``cells`` passes needs (for the column's width)."""
    return cells * (CELL + GAP) + GAP


class PassLadderDelegate(CachedCellDelegate):
    """Cells 1 … n: filled when the combatant acts in that pass; the current pass framed."""

    def paint_cell(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:
        ladder = index.data(sr_roles.PASS_LADDER)
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        if ladder:
            opt.text = ""  # the cells replace the number (kept for tooltips and screen readers)
        style = opt.widget.style() if opt.widget else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        if not ladder:
            return
        current, steps = ladder
        font = painter.font()
        font.setPointSizeF(max(font.pointSizeF() * 0.75, 6))
        top = (option.rect.height() - CELL) // 2
        text_colour = option.palette.text().color()

        def draw(target: QPainter) -> None:
            target.setFont(font)
            for number, step in enumerate(steps, 1):
                cell = QRect(GAP + (number - 1) * (CELL + GAP), top, CELL, CELL)
                self._cell(target, cell, number, step, number == current, text_colour)

        key = ("ladder", current, tuple(steps), text_colour.rgba(), font.toString())
        paint_cached(painter, option.rect.topLeft(), option.rect.size(), key, draw)

    @staticmethod
    def _cell(painter: QPainter, cell: QRect, number: int, step: str, current: bool, text: QColor) -> None:
        name = FILLS.get(step)
        fill = tone(name) if name else None
        if fill is not None:
            painter.fillRect(cell, fill)
        pen = QPen(tone("ladder_frame") if current else tone("ladder_edge"), 2 if current else 1)
        pen.setStyle(Qt.PenStyle.SolidLine if fill is not None or current else Qt.PenStyle.DotLine)
        painter.setPen(pen)
        painter.drawRect(cell.adjusted(0, 0, -1, -1))
        if fill is not None:
            painter.setPen(text)
            painter.drawText(cell, int(Qt.AlignmentFlag.AlignCenter), str(number))
