"""Small drawings a view paints many times a frame, drawn once and blitted after (Qt's pixmap cache).

A row's pass ladder or condition bars depend only on a few values, the cell's size and the theme;
a list of 200 combatants that scrolls repaints every visible row, and Python drawing calls are
what such a repaint costs. :func:`paint_cached` draws the picture once per distinct key into a
transparent pixmap (at the screen's pixel ratio) and copies it afterwards. The key must name
everything the picture depends on; the theme's shade is added to it here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PySide6.QtCore import QPoint, QSize
from PySide6.QtGui import QImage, QPainter, QPixmap, QPixmapCache

from gmtool.viewmodels.tones import shade


def paint_cached(
    painter: QPainter, at: QPoint, size: QSize, key: tuple[Hashable, ...], draw: Callable[[QPainter], None]
) -> None:
    """Paint ``draw`` (which draws from (0, 0) within ``size``) at ``at``, from the cache when it can."""
    ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
    name = repr((key, shade(), size.width(), size.height(), ratio))
    pixmap = QPixmap()
    if not QPixmapCache.find(name, pixmap) or pixmap.isNull():
        image = QImage(round(size.width() * ratio), round(size.height() * ratio),
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(ratio)
        image.fill(0)  # every pixel transparent: what is not drawn shows the cell behind
        inner = QPainter(image)
        inner.setFont(painter.font())
        draw(inner)
        inner.end()
        pixmap = QPixmap.fromImage(image)
        QPixmapCache.insert(name, pixmap)
    painter.drawPixmap(at, pixmap)
