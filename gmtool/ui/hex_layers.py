"""What the hex board view draws with (Qt, no rules): hex geometry in scene units, the terrain as one
cached layer, the areas a game marks (zones) as another, and see-through tints as one path per tint.

The terrain of a 60×40 board is 2,400 hexagons; as items they cost every repaint a search and an
antialiased polygon each. As one item cached in device pixels (``DeviceCoordinateCache``) it is
drawn once per zoom and blitted after: a unit moving repaints a few pixels of a picture. Tints
(a unit's arcs, a few hundred hexes) are one path per tint, built from cached hexagons.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from gmtool.core.hex.coords import DIRS, Hex
from gmtool.viewmodels.tones import with_alpha

R = 20.0  # centre to vertex, in scene units
ZONE_FILL_ALPHA = 60  # of 255: a marked area's fill, the terrain showing through
ZONE_BORDER = 3.0  # px on screen: a marked area's border
HATCH_ALPHA = 190  # of 255: a tint's lines
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


TINT_HATCHING = {  # each tint's hatching: two neighbouring tints differ in colour and in the lines' way
    1: Qt.BrushStyle.FDiagPattern, 2: Qt.BrushStyle.BDiagPattern, 3: Qt.BrushStyle.VerPattern,
    4: Qt.BrushStyle.BDiagPattern, 5: Qt.BrushStyle.FDiagPattern, 6: Qt.BrushStyle.HorPattern,
}


class _TintItem(QGraphicsPathItem):
    """A tint drawn without antialiasing and hexagon by hexagon: a see-through fill of hundreds of
    hexagons rasterises several times faster so (one path of 432 hexagons: 1.9 ms; the same
    hexagons one by one: 0.5 ms), and its inset edges hide the steps. The path stays the item's
    shape and bounds. Over the fill, lines in the tint's colour (its hatching): a tint never reads as
    a terrain of a like colour, and two tints differ in the lines' way as well as in colour."""

    def __init__(self, path: QPainterPath, polygons: list[QPolygonF], hatching: QBrush) -> None:
        super().__init__(path)
        self._polygons = polygons
        self._hatching = hatching

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(self.pen())
        for brush in (self.brush(), self._hatching):
            painter.setBrush(brush)
            for polygon in self._polygons:
                painter.drawPolygon(polygon)


def tint_paths(tints: Mapping[Hex, int], colour_of: dict[int, QColor],
               line_of: dict[int, QColor] | None = None) -> list[QGraphicsPathItem]:
    """One filled path per tint number over its hexes (slightly inset: the grid shows between), hatched
    in ``line_of``'s colour (default: the fill's, opaque)."""
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
        line = with_alpha((line_of or {}).get(number, colour_of[number]), HATCH_ALPHA)
        item = _TintItem(path, polygons[number], QBrush(line, TINT_HATCHING.get(number, Qt.BrushStyle.BDiagPattern)))
        item.setPen(QPen(Qt.PenStyle.NoPen))
        item.setBrush(QBrush(colour_of[number]))
        item.setZValue(1)
        item.setData(0, number)
        items.append(item)
    return items


def region_outline(hexes: Iterable[Hex], inset: float) -> QPainterPath:
    """The outer edges of a set of hexes, each drawn ``inset`` inside its own hex (two areas side by
    side keep their own borders): side ``k`` of a hex runs between its vertices ``k + 4`` and ``k + 5``
    (vertex ``i`` at ``60·i`` degrees, flat-top, y down)."""
    inside = set(hexes)
    path = QPainterPath()
    for h in inside:
        corners = hexagon(h, R - inset)
        for side, step in enumerate(DIRS):
            if h + step not in inside:
                path.moveTo(corners[(side + 4) % 6])
                path.lineTo(corners[(side + 5) % 6])
    return path


class ZoneLayer(QGraphicsItem):
    """The areas a game marks (start and finish zones, checkpoints …): a see-through fill and a border
    round each area in its colour (dashed for a numbered one), one item cached in device pixels like the
    terrain, drawn over it and under the tints and units."""

    def __init__(self, zones: list[tuple[list[QPolygonF], QPainterPath, QColor, bool]]) -> None:
        super().__init__()
        self._zones = zones
        bounds = QRectF()
        for polygons, _outline, _colour, _dashed in zones:
            for polygon in polygons:
                bounds = bounds.united(polygon.boundingRect())
        self._bounds = bounds.adjusted(-3, -3, 3, 3)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(0.5)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for polygons, outline, colour, dashed in self._zones:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(with_alpha(colour, ZONE_FILL_ALPHA)))
            for polygon in polygons:
                painter.drawPolygon(polygon)
            pen = QPen(colour, ZONE_BORDER, Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine)
            pen.setCosmetic(True)  # as thick at every zoom
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(outline)


def zone_layer(zones: Iterable[tuple[tuple[Hex, ...], QColor, bool]]) -> ZoneLayer:
    """The layer for ``zones``: each its hexes, its colour and whether its border is dashed."""
    return ZoneLayer([([hexagon(h, R - 1) for h in hexes], region_outline(hexes, ZONE_BORDER / 2 + 1), colour, dashed)
                      for hexes, colour, dashed in zones])
