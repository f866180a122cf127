"""How the order of play of any game draws its name and badge cells (the display types only).

The name: elided in the middle when narrow ("Demo Sa…hopper"), so names that differ at their end stay
apart, and under it the game's note in smaller, muted type (a race's standing). The badges: one chip
each in its tone's colour, wrapped onto more lines as the column needs, never elided away — a chip
alone wider than the column is cut, the whole list stays in the cell's tooltip. A game puts the
states a GM acts on first. Rows grow to their lines (:meth:`OrderDelegate.row_height`).

It paints every cell of the order (Qt's own drawing for the plain ones), each once per look and
copied afterwards (:mod:`gmtool.ui.painted_cells`): a key press repaints a row or two with copies.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTableView, QWidget

from gmtool.ui.painted_cells import PaintedCells
from gmtool.viewmodels.order_model import BADGES, CELL, KIND, NOTE
from gmtool.viewmodels.roles import Index
from gmtool.viewmodels.tones import tone, with_alpha

TONE_COLOURS = {"harm": "error", "warning": "warning", "good": "success"}  # other tones: "muted"
CHIP_PAD, CHIP_GAP, LINE_GAP, CELL_PAD = 3, 3, 2, 3  # px
CHIP_FILL_ALPHA = 40  # of 255: a chip's fill in its tone, the row showing through
NOTE_RATIO = 0.88  # of the table's type (a name's note, the badges' chips)


def shown_name(metrics: QFontMetrics, name: str, width: int) -> str:
    """A name as its cell draws it: whole, or its start and end round "…" (names differing at their end stay apart)."""
    return metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, width)


class OrderDelegate(QStyledItemDelegate):
    """The name and badge cells of an order table (other cells: Qt's own drawing)."""

    def __init__(self, view: QTableView, parent: QWidget | None = None) -> None:
        super().__init__(parent or view)
        self._view = view
        self._cells = PaintedCells()

    # -- measuring ----------------------------------------------------------------------------
    def _fonts(self, option: QStyleOptionViewItem, index: Index) -> tuple[QFont, QFont]:
        font = QFont(option.font)
        bold = index.data(Qt.ItemDataRole.FontRole)
        if isinstance(bold, QFont):
            font.setBold(bold.bold())
        note = QFont(option.font)
        note.setPointSizeF(max(option.font.pointSizeF() * NOTE_RATIO, 1.0))
        return font, note

    def _chips(self, index: Index, metrics: QFontMetrics) -> list[tuple[str, str, int]]:
        # 2 px over the text's advance: Qt elides a text given exactly its advance (CJK fallback fonts)
        return [(text, meaning, metrics.horizontalAdvance(text) + 2 * CHIP_PAD + 2) for text, meaning in index.data(BADGES) or ()]

    @staticmethod
    def chip_font(font: QFont) -> QFont:
        """The badges' type: a little smaller than the table's, as the name's note."""
        small = QFont(font)
        small.setPointSizeF(max(font.pointSizeF() * NOTE_RATIO, 1.0))
        return small

    def widest_chip(self, index: Index) -> int:
        """The room the badges need at least: their widest chip."""
        metrics = QFontMetrics(self.chip_font(self._view.font()))
        return max((width for _t, _m, width in self._chips(index, metrics)), default=0) + 2 * CELL_PAD

    def _lines(self, chips: list[tuple[str, str, int]], room: int) -> list[list[tuple[str, str, int]]]:
        lines: list[list[tuple[str, str, int]]] = [[]]
        used = 0
        for chip in chips:
            if lines[-1] and used + CHIP_GAP + chip[2] > room:
                lines.append([])
                used = 0
            used += (CHIP_GAP if lines[-1] else 0) + chip[2]
            lines[-1].append(chip)
        return lines

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:  # noqa: N802 - Qt API
        kind = index.data(KIND)
        if kind == "name":
            font, note_font = self._fonts(option, index)
            name = QFontMetrics(font)
            width = name.horizontalAdvance(str(index.data() or ""))
            height = name.height()
            note = str(index.data(NOTE) or "")
            if note:
                small = QFontMetrics(note_font)
                width, height = max(width, small.horizontalAdvance(note)), height + small.height()
            return QSize(width + 2 * CELL_PAD + 4, height + 2 * CELL_PAD)
        if kind == "badges":
            metrics = QFontMetrics(self.chip_font(option.font))
            chips = self._chips(index, metrics)
            room = max(self._view.columnWidth(index.column()) - 2 * CELL_PAD, 1)
            lines = len(self._lines(chips, room)) if chips else 1
            widest = max((width for _t, _m, width in chips), default=0)
            return QSize(widest + 2 * CELL_PAD, lines * (metrics.height() + 2) + (lines - 1) * LINE_GAP + 2 * CELL_PAD)
        return super().sizeHint(option, index)

    # -- drawing --------------------------------------------------------------------------------
    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        """The cell from its copy (:class:`~gmtool.ui.painted_cells.PaintedCells`), painted first when new."""
        self._cells.paint(painter, option, index.data(CELL), lambda inner, moved: self._paint_cell(inner, moved, index))

    def _paint_cell(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        kind = index.data(KIND)
        if kind not in ("name", "badges"):
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget is not None else self._view.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)  # background, selection
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        ink = option.palette.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        painter.save()
        if kind == "name":
            self._paint_name(painter, option, index, ink, selected)
        else:
            self._paint_badges(painter, option, index, ink, selected)
        painter.restore()

    def _paint_name(self, painter: QPainter, option: QStyleOptionViewItem, index: Index, ink: QColor,
                    selected: bool) -> None:
        font, note_font = self._fonts(option, index)
        area = option.rect.adjusted(CELL_PAD + 2, CELL_PAD, -CELL_PAD, -CELL_PAD)
        name_metrics = QFontMetrics(font)
        note = str(index.data(NOTE) or "")
        top = area.top() if note else area.top() + (area.height() - name_metrics.height()) // 2
        painter.setFont(font)
        painter.setPen(ink)
        line = QRect(area.left(), top, area.width(), name_metrics.height())
        painter.drawText(line, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                         shown_name(name_metrics, str(index.data() or ""), area.width()))
        if note:
            small = QFontMetrics(note_font)
            painter.setFont(note_font)
            painter.setPen(ink if selected else tone("muted"))
            below = QRect(area.left(), line.bottom() + 1, area.width(), small.height())
            painter.drawText(below, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                             small.elidedText(note, Qt.TextElideMode.ElideRight, area.width()))

    def _paint_badges(self, painter: QPainter, option: QStyleOptionViewItem, index: Index, ink: QColor,
                      selected: bool) -> None:
        font = self.chip_font(option.font)
        metrics = QFontMetrics(font)
        painter.setFont(font)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = option.rect.adjusted(CELL_PAD, CELL_PAD, -CELL_PAD, -CELL_PAD)
        height = metrics.height() + 2
        for row, line in enumerate(self._lines(self._chips(index, metrics), max(area.width(), 1))):
            x, y = area.left(), area.top() + row * (height + LINE_GAP)
            for text, meaning, width in line:
                shown = min(width, area.right() - x + 1)
                colour = ink if selected else tone(TONE_COLOURS.get(meaning, "muted"))
                chip = QRectF(x + 0.5, y + 0.5, shown - 1, height - 1)
                painter.setBrush(with_alpha(colour, CHIP_FILL_ALPHA))
                painter.setPen(colour)
                painter.drawRoundedRect(chip, 3, 3)
                painter.setPen(colour)
                label = metrics.elidedText(text, Qt.TextElideMode.ElideRight, shown - 2 * CHIP_PAD)
                painter.drawText(chip.toRect().adjusted(CHIP_PAD, 0, -CHIP_PAD, 0), Qt.AlignmentFlag.AlignVCenter, label)
                x += width + CHIP_GAP
