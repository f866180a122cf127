"""A row of buttons that wraps: left to right, a new line when the width runs out.

A dock's least width is its widest row's; a row of three long buttons (a sheet's offers, the Edge
uses after a roll in Japanese) made the window too wide for a 1366 px laptop at 125 % scaling.
Wide enough, this is one row like :class:`QHBoxLayout`, each line's spare width shared by its
items; narrower, the items go on as many lines as they need (``heightForWidth``).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    """Items in lines that wrap (module docstring)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    # -- the QLayout protocol --------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), apply=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, apply=True)

    def sizeHint(self) -> QSize:
        """All on one line."""
        shown = self._shown()
        margins = self.contentsMargins()
        width = sum(item.sizeHint().width() for item in shown) + self.spacing() * max(len(shown) - 1, 0)
        height = max((item.sizeHint().height() for item in shown), default=0)
        return QSize(width + margins.left() + margins.right(), height + margins.top() + margins.bottom())

    def minimumSize(self) -> QSize:
        """As narrow as the widest item (one to a line)."""
        shown = self._shown()
        margins = self.contentsMargins()
        width = max((item.minimumSize().width() for item in shown), default=0)
        height = max((item.minimumSize().height() for item in shown), default=0)
        return QSize(width + margins.left() + margins.right(), height + margins.top() + margins.bottom())

    # -- laying out ----------------------------------------------------------------------------------
    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _lines(self, width: int) -> list[list[QLayoutItem]]:
        """The items in lines no wider than ``width`` (an item wider than that alone on its line)."""
        lines: list[list[QLayoutItem]] = []
        used = 0
        for item in self._shown():
            wanted = item.sizeHint().width()
            if lines and used + self.spacing() + wanted <= width:
                lines[-1].append(item)
                used += self.spacing() + wanted
            else:
                lines.append([item])
                used = wanted
        return lines

    def _arrange(self, rect: QRect, apply: bool) -> int:
        """Place the items in ``rect`` (when ``apply``); the height they take."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        y = area.y()
        for line in self._lines(area.width()):
            height = max(item.sizeHint().height() for item in line)
            if apply:
                self._place_line(line, QPoint(area.x(), y), area.width(), height)
            y += height + self.spacing()
        taken = y - self.spacing() - area.y() if y > area.y() else 0
        return taken + margins.top() + margins.bottom()

    def _place_line(self, line: list[QLayoutItem], start: QPoint, width: int, height: int) -> None:
        """One line, its spare width shared among its items."""
        natural = [item.sizeHint().width() for item in line]
        spare = max(width - sum(natural) - self.spacing() * (len(line) - 1), 0)
        share, rest = divmod(spare, len(line))
        x = start.x()
        for n, (item, wanted) in enumerate(zip(line, natural, strict=True)):
            item_width = min(wanted + share + (1 if n < rest else 0), width)
            item.setGeometry(QRect(x, start.y(), item_width, height))
            x += item_width + self.spacing()
