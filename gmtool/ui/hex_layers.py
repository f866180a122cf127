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
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QPolygon, QPolygonF, QTransform
from PySide6.QtWidgets import QAbstractGraphicsShapeItem, QGraphicsItem, QStyleOptionGraphicsItem, QWidget

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


class CachedLayer(QGraphicsItem):
    """A layer of hexes drawn as one item, cached in device pixels: its bounds those of its polygons and a
    margin (the pen's reach), its place in the stack ``z`` (the terrain 0, the zones over it)."""

    def __init__(self, polygons: Iterable[QPolygonF], margin: float, z: float) -> None:
        super().__init__()
        bounds = QRectF()
        for polygon in polygons:
            bounds = bounds.united(polygon.boundingRect())
        self._bounds = bounds.adjusted(-margin, -margin, margin, margin)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(z)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._bounds


class TerrainLayer(CachedLayer):
    """Every hex of the board in its kind's colour with the grid, as one item cached in device pixels."""

    def __init__(self, colours: Mapping[Hex, QColor], grid: QColor) -> None:
        groups: dict[int, tuple[QBrush, list[QPolygonF]]] = {}
        for h, colour in colours.items():
            groups.setdefault(colour.rgba(), (QBrush(colour), []))[1].append(hexagon(h))
        super().__init__((p for _brush, polygons in groups.values() for p in polygons), 1, 0)
        self.colours, self._grid, self._groups = dict(colours), QPen(grid, 1), groups

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


class DeviceHexagons:
    """Hexagons in a view's device pixels, whole pixels (the painter fills a polygon of whole pixels about
    twice as fast as one it must first transform and round itself), kept while the view's transform
    and the radius are the same: a unit's tints after a step mostly cover hexes it tinted before."""

    def __init__(self) -> None:
        self._key: tuple[float, ...] = ()
        self._found: dict[Hex, QPolygon] = {}

    def of(self, world: QTransform, hexes: Iterable[Hex], radius: float) -> list[QPolygon]:
        key = (world.m11(), world.m12(), world.m21(), world.m22(), world.dx(), world.dy(), radius)
        if key != self._key:
            self._key, self._found = key, {}
        found = self._found
        shown = []
        for h in hexes:
            polygon = found.get(h)
            if polygon is None:
                polygon = found[h] = world.map(hexagon(h, radius)).toPolygon()
            shown.append(polygon)
        return shown


_ON_SCREEN = DeviceHexagons()  # the tints' hexagons (one map shows tints at a time: the GM's)
TINT_INSET = 1.0  # scene units: a tint's hexagon inside its hex (the grid shows between)


@lru_cache(maxsize=64)
def _tile(fill: int, line: int, style: Qt.BrushStyle) -> QBrush:
    return hatched(QColor.fromRgba(fill), QBrush(QColor.fromRgba(line), style))


def hatched(fill: QColor, hatching: QBrush) -> QBrush:
    """One brush for a fill with its hatching over it: a tile of the pattern's 8 × 8 pixels, the hatching
    drawn over the fill (one pass over the hexagons instead of two; the same colours within 1/255)."""
    tile = QImage(8, 8, QImage.Format.Format_ARGB32_Premultiplied)
    tile.fill(0)  # every pixel 0: transparent (premultiplied)
    painter = QPainter(tile)
    painter.fillRect(tile.rect(), fill)
    painter.fillRect(tile.rect(), hatching)
    painter.end()
    return QBrush(tile)


def _bounds(hexes: list[Hex]) -> QRectF:
    """The scene rectangle round the hexes' hexagons (from their columns and half-rows: no hexagon made)."""
    if not hexes:
        return QRectF()
    columns = [h[0] for h in hexes]
    half_rows = [2 * h[1] + h[0] for h in hexes]  # a centre's y is √3·R·(r + q/2)
    left, right = 1.5 * R * min(columns), 1.5 * R * max(columns)
    top, bottom = SQRT3 * R * min(half_rows) / 2, SQRT3 * R * max(half_rows) / 2
    return QRectF(left - R, top - R, right - left + 2 * R, bottom - top + 2 * R)


class _TintItem(QAbstractGraphicsShapeItem):
    """A tint drawn without antialiasing and hexagon by hexagon: a see-through fill of hundreds of
    hexagons rasterises several times faster so than as one path, and its inset edges hide the steps.
    Over the fill, lines in the tint's colour (its hatching): a tint never reads as a terrain of a like
    colour, and two tints differ in the lines' way as well as in colour. The hexagons are drawn in the
    view's device pixels with the fill and hatching as one tiled brush, the hatching starting at the
    board's corner (it keeps to the board as the map pans); its shape (a path of every hexagon) is
    made only when asked (a click's hit test)."""

    def __init__(self, hexes: list[Hex], fill: QColor, hatching: QBrush) -> None:
        super().__init__()
        self._hexes = hexes
        self._hatching = hatching
        self._tile = _tile(fill.rgba(), hatching.color().rgba(), hatching.style())  # made once per theme's tint
        self._shape: QPainterPath | None = None
        self._device: tuple[tuple[float, ...], list[QPolygon]] = ((), [])  # the hexagons on screen, for a transform
        self._bounds = _bounds(hexes)
        self.setBrush(QBrush(fill))
        self.setPen(QPen(Qt.PenStyle.NoPen))

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._bounds

    def shape(self) -> QPainterPath:
        if self._shape is None:
            path = QPainterPath()
            path.setFillRule(Qt.FillRule.WindingFill)
            for h in self._hexes:
                path.addPolygon(hexagon(h, R - TINT_INSET))
            self._shape = path
        return self._shape

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        world = painter.worldTransform()
        key = (world.m11(), world.m12(), world.m21(), world.m22(), world.dx(), world.dy())
        if self._device[0] != key:
            self._device = (key, _ON_SCREEN.of(world, self._hexes, R - TINT_INSET))
        painter.save()
        painter.resetTransform()
        painter.setBrushOrigin(world.map(QPointF(0, 0)).toPoint())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._tile)
        for polygon in self._device[1]:
            painter.drawPolygon(polygon)
        painter.restore()


def tint_paths(tints: Mapping[Hex, int], colour_of: dict[int, QColor],
               line_of: dict[int, QColor] | None = None) -> list[QAbstractGraphicsShapeItem]:
    """One item per tint number over its hexes (slightly inset: the grid shows between), hatched in
    ``line_of``'s colour (default: the fill's, opaque)."""
    groups: dict[int, list[Hex]] = {}
    for h, number in tints.items():
        groups.setdefault(number, []).append(h)
    items: list[QAbstractGraphicsShapeItem] = []
    for number, hexes in groups.items():
        line = with_alpha((line_of or {}).get(number, colour_of[number]), HATCH_ALPHA)
        item = _TintItem(hexes, colour_of[number], QBrush(line, TINT_HATCHING.get(number, Qt.BrushStyle.BDiagPattern)))
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
                path.moveTo(corners.at((side + 4) % 6))
                path.lineTo(corners.at((side + 5) % 6))
    return path


class ZoneLayer(CachedLayer):
    """The areas a game marks (start and finish zones, checkpoints …): a see-through fill and a border
    round each area in its colour (dashed for a numbered one), one item cached in device pixels like the
    terrain, drawn over it and under the tints and units."""

    def __init__(self, zones: list[tuple[list[QPolygonF], QPainterPath, QColor, bool]]) -> None:
        super().__init__((p for polygons, _outline, _colour, _dashed in zones for p in polygons), 3, 0.5)
        self._zones = zones

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
