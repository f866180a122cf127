"""Tabs as wide as the page in front.

Qt sizes a tab widget for its widest page, shown or not: a form the GM has not opened (a game's
rarer tab) kept the dock, and so the whole window, too wide for a 1366 px laptop at 125 % scaling.
Here the least width is the front page's; opening a wider page asks for more room then (the
window's other docks give it, down to their own least widths).
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QTabWidget, QWidget


def least_width(page: QWidget) -> int:
    """The width a layout will not go below: the page's explicit minimum, else its hint."""
    return page.minimumWidth() or page.minimumSizeHint().width()


class PageSizedTabs(QTabWidget):
    """A :class:`QTabWidget` whose least width follows its current page (module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.currentChanged.connect(lambda _index: self.updateGeometry())

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        page = self.currentWidget()
        if page is None:
            return hint
        widest = max(least_width(tab) for i in range(self.count()) if (tab := self.widget(i)) is not None)
        frame = max(0, hint.width() - widest)  # the pane's frame (or a tab bar wider than every page)
        own = least_width(page) + frame
        return QSize(max(own, self.tabBar().minimumSizeHint().width()), hint.height())
