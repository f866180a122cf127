"""A condition monitor drawn as a track of boxes, three to a row; click a box to mark it.

Clicking box n marks n boxes; clicking the last marked box clears it. Overflow
boxes (physical damage beyond the monitor) are drawn after a gap, darker.

A track keeps the height of the tallest monitor it has shown: stepping through the
combatants (a troll's longer monitor, then a human's) does not move what lies below it,
which would repaint the whole sheet at every phase.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from gmtool.viewmodels.tones import tone

BOX = 16
GAP = 3
PER_ROW = 3
GROUPS_PER_LINE = 4  # 12 boxes a line: a usual monitor (10-12 boxes) on one line, the sheet dock still narrow


class ConditionTrack(QWidget):
    """Boxes of one monitor; emits the number of boxes the user wants marked."""

    boxesRequested = Signal(int)

    def __init__(self, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._colour = colour  # a tone's name: the theme in use decides the colour when painting
        self._boxes = 0
        self._overflow = 0
        self._filled = 0
        self._tallest = 0  # the height of the tallest monitor shown so far (module docstring)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def set_track(self, boxes: int, filled: int, overflow: int = 0) -> None:
        if (boxes, filled, overflow) == (self._boxes, self._filled, self._overflow):
            return
        resized = (boxes, overflow) != (self._boxes, self._overflow)
        self._boxes, self._filled, self._overflow = boxes, filled, overflow
        if resized:
            height = self._height()
            if height > self._tallest:
                self._tallest = height
                self.updateGeometry()
        self.update()

    @property
    def filled(self) -> int:
        return self._filled

    def _total(self) -> int:
        return self._boxes + self._overflow

    def _rect(self, i: int) -> QRect:
        """Box ``i``: monitor boxes first, overflow boxes from a new line after a gap."""
        per_line = PER_ROW * GROUPS_PER_LINE
        box_lines = -(-self._boxes // per_line)
        overflow = i >= self._boxes
        j = i - self._boxes if overflow else i
        line, position = divmod(j, per_line)
        group, within = divmod(position, PER_ROW)
        x = group * (PER_ROW * (BOX + GAP) + 2 * GAP) + within * (BOX + GAP)
        y = (line + (box_lines if overflow else 0)) * (BOX + GAP) + (2 * GAP if overflow else 0)
        return QRect(x + 1, y + 1, BOX, BOX)

    def _height(self) -> int:
        """The height the boxes of this monitor take."""
        return self._rect(max(self._total(), 1) - 1).bottom() + 3

    def sizeHint(self) -> QSize:
        width = GROUPS_PER_LINE * (PER_ROW * (BOX + GAP) + 2 * GAP)
        return QSize(width, max(self._height(), self._tallest))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def box_at(self, point: QPoint) -> int | None:
        for i in range(self._total()):
            if self._rect(i).contains(point):
                return i
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        i = self.box_at(event.position().toPoint())
        if i is None or event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        wanted = i if i + 1 == self._filled else i + 1
        self.boxesRequested.emit(wanted)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        border = self.palette().windowText().color()
        for i in range(self._total()):
            rect = self._rect(i)
            overflow = i >= self._boxes
            fill = tone(self._colour).darker(160) if overflow else tone(self._colour)
            if i < self._filled:
                painter.fillRect(rect, fill)
            painter.setPen(QPen(border if not overflow else border.lighter(150), 1))
            painter.drawRect(rect)
        painter.end()
