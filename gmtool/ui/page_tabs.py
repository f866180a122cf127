"""Pages with tabs above them, for panels whose pages change text on every key press.

A ``QTabWidget`` repaints itself whole whenever a page's size hint changes (its layout
request ends in ``update()``), so a label changing text inside a page repaints every
page's frame, table and buttons. Here a tab bar and a stacked widget sit in an ordinary
layout: a page's size hint changing only moves what really moves.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QStackedWidget, QTabBar, QVBoxLayout, QWidget


class PageTabs(QWidget):
    """A tab bar over a stack of pages (the few ``QTabWidget`` calls the panels use)."""

    currentChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bar = QTabBar(self)
        self._bar.setDrawBase(False)
        self._bar.setExpanding(False)
        self._stack = QStackedWidget(self)
        self._stack.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self._bar)
        layout.addWidget(self._stack, 1)
        self._bar.currentChanged.connect(self._show_page)

    def addTab(self, page: QWidget, label: str) -> int:
        self._stack.addWidget(page)
        return self._bar.addTab(label)

    def tabBar(self) -> QTabBar:
        return self._bar

    def count(self) -> int:
        return self._bar.count()

    def widget(self, index: int) -> QWidget | None:
        return self._stack.widget(index)

    def currentIndex(self) -> int:
        return self._bar.currentIndex()

    def currentWidget(self) -> QWidget | None:
        return self._stack.currentWidget()

    def setCurrentIndex(self, index: int) -> None:
        self._bar.setCurrentIndex(index)

    def setCurrentWidget(self, page: QWidget) -> None:
        self._bar.setCurrentIndex(self._stack.indexOf(page))

    def setTabText(self, index: int, label: str) -> None:
        self._bar.setTabText(index, label)

    def tabText(self, index: int) -> str:
        return self._bar.tabText(index)

    def _show_page(self, index: int) -> None:
        self._stack.setCurrentIndex(index)
        self.currentChanged.emit(index)
