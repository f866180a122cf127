"""Scroll bars that paint every pixel themselves, so what lies behind them is not painted again.

A scroll bar whose handle moves (a log growing line by line) is repainted, and Qt paints
every widget behind it first (main window, dock, panel, view frame: ~0.4 ms with two docks)
unless the scroll bar says it is opaque. Fusion (gmtool's light and dark themes, and the
default on Linux) draws the scroll bar's edges semi-transparent, so the bar first fills
itself with the window colour its parents would have painted, then lets the style draw;
then the promise holds. Other styles may draw overlay scroll bars over the content (macOS),
so the promise is made for Fusion only and revised when the style changes.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QAbstractScrollArea, QProxyStyle, QScrollBar, QWidget

OPAQUE_STYLES = frozenset({"fusion"})


class FilledScrollBar(QScrollBar):
    """A scroll bar that lays the window colour under what the style draws."""

    def paintEvent(self, event: QPaintEvent) -> None:
        if is_opaque(self):
            painter = QPainter(self)
            painter.fillRect(event.rect(), self.palette().window())
            painter.end()
        super().paintEvent(event)


def fill_opaque(area: QAbstractScrollArea) -> None:
    """Give the area filled scroll bars, opaque while its style is Fusion (and kept so)."""
    area.setVerticalScrollBar(FilledScrollBar(Qt.Orientation.Vertical, area))
    area.setHorizontalScrollBar(FilledScrollBar(Qt.Orientation.Horizontal, area))
    _apply(area)
    area.installEventFilter(_StyleWatcher(area))


def style_name(widget: QWidget) -> str:
    """The widget's style by name; a proxy style (gmtool's tick boxes on Fusion) by its base's."""
    style = widget.style()
    if not style.name() and isinstance(style, QProxyStyle) and style.baseStyle() is not None:
        return style.baseStyle().name()
    return style.name()


def _apply(area: QAbstractScrollArea) -> None:
    opaque = style_name(area).lower() in OPAQUE_STYLES
    for bar in (area.verticalScrollBar(), area.horizontalScrollBar()):
        bar.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, opaque)


class _StyleWatcher(QObject):
    def __init__(self, area: QAbstractScrollArea) -> None:
        super().__init__(area)
        self._area = area

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._area and event.type() == QEvent.Type.StyleChange:
            _apply(self._area)
        return False


def is_opaque(widget: QWidget) -> bool:
    return widget.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
