"""What the hex board view draws with (Qt, no rules): hex geometry in scene units, the terrain as one
cached layer and see-through tints as one path per tint.

The terrain of a 60×40 board is 2,400 hexagons; as items they cost every repaint a search and an
antialiased polygon each. As one item cached in device pixels (``DeviceCoordinateCache``) it is
drawn once per zoom and blitted after: a unit moving repaints a few pixels of a picture. Tints
(a unit's arcs, a few hundred hexes) are one path per tint, built from cached hexagons.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from gmtool.core.hex.coords import DIRS, Hex

R = 20.0  # centre to vertex, in scene units
SQRT3 = math.sqrt(3)


def centre(h: Hex) -> QPointF:
    return QPointF(1.5 * R * h.q, SQRT3 * R * (h.r + h.q / 2))


def hex_at(point: QPointF) -> Hex:
    """The hex whose area holds the scene point (cube rounding of the fractional hex)."""
    q = point.x() / (1.5 * R)
    r = point.y() / (SQRT3 * R) - q / 2
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex.axial(rq, rr)


@lru_cache(maxsize=20_000)
def hexagon(h: Hex, radius: float = R) -> QPolygonF:
    """The hexagon of ``h`` (cached: a board asks for the same hexes again and again; do not change it)."""
    c = centre(h)
    return QPolygonF([QPointF(c.x() + radius * math.cos(math.radians(60 * i)),
                              c.y() + radius * math.sin(math.radians(60 * i))) for i in range(6)])


def facing_arrow(h: Hex, facing: int) -> QPolygonF:
    """A small triangle pointing through side ``facing`` of the token's hex."""
    c = centre(h)
    ahead = centre(DIRS[facing % 6])
    length = math.hypot(ahead.x(), ahead.y())
    ux, uy = ahead.x() / length, ahead.y() / length
    tip = QPointF(c.x() + ux * R * 0.85, c.y() + uy * R * 0.85)
    base = QPointF(c.x() + ux * R * 0.45, c.y() + uy * R * 0.45)
    side = QPointF(-uy * R * 0.22, ux * R * 0.22)
    return QPolygonF([tip, base + side, base - side])


class TerrainLayer(QGraphicsItem):
    """Every hex of the board in its kind's colour with the grid, as one item cached in device pixels."""

    def __init__(self, colours: Mapping[Hex, QColor], grid: QColor) -> None:
        super().__init__()
        self.colours = dict(colours)
        self._grid = QPen(grid, 1)
        self._groups: dict[int, tuple[QBrush, list[QPolygonF]]] = {}
        for h, colour in self.colours.items():
            self._groups.setdefault(colour.rgba(), (QBrush(colour), []))[1].append(hexagon(h))
        bounds = QRectF()
        for _brush, polygons in self._groups.values():
            for polygon in polygons:
                bounds = bounds.united(polygon.boundingRect())
        self._bounds = bounds.adjusted(-1, -1, 1, 1)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(0)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(self._grid)
        for brush, polygons in self._groups.values():
            painter.setBrush(brush)
            for polygon in polygons:
                painter.drawPolygon(polygon)


class _TintItem(QGraphicsPathItem):
    """A tint drawn without antialiasing and hexagon by hexagon: a see-through fill of hundreds of
    hexagons rasterises several times faster so (one path of 432 hexagons: 1.9 ms; the same
    hexagons one by one: 0.5 ms), and its inset edges hide the steps. The path stays the item's
    shape and bounds."""

    def __init__(self, path: QPainterPath, polygons: list[QPolygonF]) -> None:
        super().__init__(path)
        self._polygons = polygons

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(self.pen())
        painter.setBrush(self.brush())
        for polygon in self._polygons:
            painter.drawPolygon(polygon)


def tint_paths(tints: Mapping[Hex, int], colour_of: dict[int, QColor]) -> list[QGraphicsPathItem]:
    """One filled path per tint number over its hexes (slightly inset: the grid shows between)."""
    paths: dict[int, QPainterPath] = {}
    polygons: dict[int, list[QPolygonF]] = {}
    for h, number in tints.items():
        path = paths.get(number)
        if path is None:
            path = paths[number] = QPainterPath()
            path.setFillRule(Qt.FillRule.WindingFill)
            polygons[number] = []
        polygon = hexagon(h, R - 1)
        path.addPolygon(polygon)
        polygons[number].append(polygon)
    items = []
    for number, path in paths.items():
        item = _TintItem(path, polygons[number])
        item.setPen(QPen(Qt.PenStyle.NoPen))
        item.setBrush(QBrush(colour_of[number]))
        item.setZValue(1)
        item.setData(0, number)
        items.append(item)
    return items
