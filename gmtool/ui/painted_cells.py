"""Item-view cells painted once per look and copied afterwards (a row repainted costs a copy a cell).

A cell a delegate paints from Python costs tens of microseconds, and Qt's own delegate asks the
model for seven roles first (a Python call each): the hex games' order repainted the acting gear's
row and its neighbour at every key, about a millisecond. :class:`PaintedCells` keeps each cell's
picture under everything its pixels depend on — what the cell shows (the model's key for it), its
size, its state (selected, current, focused, hovered …), the palette, the font, the style, the pixel
ratio and the theme — painted into an opaque pixmap laid on the viewport's own background colour,
so the copy has the pixels the direct painting has. A view whose background is no plain colour is
painted directly.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QStyleOptionViewItem

from gmtool.viewmodels.tones import shade

LIMIT = 600  # pictures kept (a cell is a few kB); past it the cache starts again
Paint = Callable[[QPainter, QStyleOptionViewItem], None]


class PaintedCells:
    """Pictures of cells by everything they depend on."""

    def __init__(self, limit: int = LIMIT) -> None:
        self._limit = limit
        self._kept: dict[Hashable, QPixmap] = {}
        self._grounds: dict[tuple[int, int], QColor | None] = {}  # (view, its palette): the colour under its cells

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, content: Hashable, draw: Paint) -> None:
        """Paint the cell showing ``content`` (``draw`` paints it at ``option.rect``) from its copy, made first
        when there is none."""
        view, palette = option.widget, option.palette.cacheKey()
        try:
            ground = self._grounds[(id(view), palette)]
        except KeyError:
            ground = self._grounds[(id(view), palette)] = _ground(option)
        if ground is None:
            draw(painter, option)
            return
        rect = option.rect
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        key = (content, rect.width(), rect.height(), option.state, option.features, palette, option.font.key(),
               id(view.style()), ratio, shade(), ground.rgba())
        pixmap = self._kept.get(key)
        if pixmap is None:
            pixmap = self._picture(painter, option, ground, ratio, draw)
            if len(self._kept) >= self._limit:
                self._kept.clear()
            self._kept[key] = pixmap
        painter.drawPixmap(rect.topLeft(), pixmap)

    @staticmethod
    def _picture(painter: QPainter, option: QStyleOptionViewItem, ground: QColor, ratio: float, draw: Paint) -> QPixmap:
        rect = option.rect
        image = QImage(round(rect.width() * ratio), round(rect.height() * ratio), QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(ratio)
        image.fill(ground)
        inner = QPainter(image)
        inner.setFont(painter.font())
        inner.setPen(painter.pen())
        moved = QStyleOptionViewItem(option)
        moved.rect = QRect(0, 0, rect.width(), rect.height())
        draw(inner, moved)
        inner.end()
        return QPixmap.fromImage(image)

    def clear(self) -> None:
        self._kept.clear()
        self._grounds.clear()


def _ground(option: QStyleOptionViewItem) -> QColor | None:
    """The plain colour the view paints under its cells (None: no plain colour, or no view)."""
    view = option.widget
    if not isinstance(view, QAbstractItemView):
        return None
    viewport = view.viewport()
    brush = viewport.palette().brush(viewport.backgroundRole())
    return brush.color() if brush.style() == Qt.BrushStyle.SolidPattern else None
