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

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QProxyStyle,
    QScrollBar,
    QStyle,
    QStyleOptionSlider,
    QWidget,
)

from gmtool.ui.drawn_once import paint_cached

OPAQUE_STYLES = frozenset({"fusion"})


class FilledScrollBar(QScrollBar):
    """A scroll bar that lays the window colour under what the style draws, its groove drawn once.

    Fusion paints the groove (a gradient and its edges, the whole bar) before the handle and
    the arrows, from the bar's size and palette alone, and the groove is most of the cost
    (~0.3 of 0.35 ms for a bar 234 px high). While opaque, the bar blits its groove from the
    pixmap cache (:mod:`gmtool.ui.drawn_once`) and has the style draw the rest over it. Under
    the mouse or while a button is down, Qt paints it all (only Qt knows which part is hovered
    or pressed); a key press repaints a bar the mouse is not on.
    """

    def paintEvent(self, event: QPaintEvent) -> None:
        if not is_opaque(self):
            super().paintEvent(event)
            return
        painter = QPainter(self)
        painter.fillRect(event.rect(), self.palette().window())
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        style = self.style()
        if self.underMouse() or QApplication.mouseButtons() != Qt.MouseButton.NoButton or style.styleHint(
            QStyle.StyleHint.SH_ScrollBar_Transient, option, self
        ):
            painter.end()
            super().paintEvent(event)
            return
        option.subControls = QStyle.SubControl.SC_All  # as QScrollBar paints with nothing hovered or pressed
        self._paint_groove(painter, option)
        option.subControls &= ~QStyle.SubControl.SC_ScrollBarGroove
        style.drawComplexControl(QStyle.ComplexControl.CC_ScrollBar, option, painter, self)
        painter.end()

    def _paint_groove(self, painter: QPainter, option: QStyleOptionSlider) -> None:
        """The groove alone, as the style draws it, from the cache (keyed by what it depends on)."""
        groove = QStyleOptionSlider(option)
        groove.subControls = QStyle.SubControl.SC_ScrollBarGroove
        groove.activeSubControls = QStyle.SubControl.SC_None
        palette = option.palette
        key = ("scroll-groove", style_name(self), int(option.orientation.value), palette.cacheKey(),
               int(palette.currentColorGroup().value), bool(option.state & QStyle.StateFlag.State_Enabled))

        def draw(target: QPainter) -> None:  # on the window colour, as on screen: the same pixels
            target.fillRect(option.rect, palette.window())
            self.style().drawComplexControl(QStyle.ComplexControl.CC_ScrollBar, groove, target, self)

        paint_cached(painter, QPoint(0, 0), option.rect.size(), key, draw)


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
