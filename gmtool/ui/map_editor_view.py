"""The map editor's board: the map view with left-button strokes instead of panning, and the marks
the editor draws over the terrain (zones as see-through tints, checkpoints outlined with their number).

A left press on the board starts a stroke, each further hex the pointer crosses while the button
is held is reported once (the hexes under the pointer's path between two mouse events included,
so a fast drag leaves no gap), the release ends it. The middle or right button, or the left one with Space held, pans;
the wheel and ``+``/``-``/``0`` zoom as on the game's map.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFocusEvent, QKeyEvent, QMouseEvent, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPolygonItem,
    QGraphicsSimpleTextItem,
    QWidget,
)

from gmtool.core.hex.coords import Hex
from gmtool.core.hex.map_edits import on_board
from gmtool.core.hex.map_file import HexMapFile, hex_of
from gmtool.core.i18n import tr
from gmtool.ui.hex_map_view import HexMapView, R, centre, hex_at
from gmtool.viewmodels.tones import see_through, tone

ZONE_ALPHA = 110  # of 255: the terrain shows through a zone's tint
ZONE_TONES = {"start": "map_tint_1", "finish": "map_tint_4"}  # any other zone: OTHER_ZONE_TONE
OTHER_ZONE_TONE = "map_tint_3"
CHECKPOINT_TONE = "map_tint_2"
PAN_BUTTONS = (Qt.MouseButton.MiddleButton, Qt.MouseButton.RightButton)
DIGITS = range(Qt.Key.Key_1.value, Qt.Key.Key_9.value + 1)


def hexagon(h: Hex, radius: float = R) -> QPolygonF:
    """The outline of ``h`` (flat-top), ``radius`` from its centre to each vertex."""
    c = centre(h)
    return QPolygonF([QPointF(c.x() + radius * math.cos(math.radians(60 * i)),
                              c.y() + radius * math.sin(math.radians(60 * i))) for i in range(6)])


def zone_tone(zone: str) -> str:
    return ZONE_TONES.get(zone, OTHER_ZONE_TONE)


class PaintView(HexMapView):
    """The board as the editor shows it: strokes with the left button, panning with the others."""

    strokeStarted = Signal(object)  # Hex: the left button went down on it
    strokeMoved = Signal(object)  # Hex: the stroke entered it (each hex once in a row)
    strokeEnded = Signal()
    hexHovered = Signal(object)  # the Hex under the pointer, None off the board

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mapEditorView")
        self.setDragMode(HexMapView.DragMode.NoDrag)
        self.movable = False
        self.viewport().setMouseTracking(True)
        self._stroke: Hex | None = None  # the last hex of the stroke under way
        self._stroke_at = QPointF()  # the scene point where the stroke was last seen
        self._pan: QPoint | None = None  # where the panning pointer was last
        self._space = False  # Space is held: the left button pans
        self._hovered: Hex | None = None
        self._show_pan_cursor()

    def board_hex(self, point: QPointF | QPoint) -> Hex | None:
        """The hex of the board under a viewport point (None: off the board)."""
        return self._on_board(hex_at(self._scene_point(point)))

    def _scene_point(self, point: QPointF | QPoint) -> QPointF:
        return self.mapToScene(QPoint(round(point.x()), round(point.y())))

    def _on_board(self, h: Hex) -> Hex | None:
        board = self.board
        return h if board is not None and on_board(h, board.columns, board.rows) else None

    def _path(self, start: QPointF, end: QPointF) -> list[Hex]:
        """The board's hexes under the straight path from ``start`` to ``end`` (scene points), in
        order, each once, ``start``'s left out; sampled every quarter hex."""
        steps = max(1, math.ceil(math.hypot(end.x() - start.x(), end.y() - start.y()) / (R / 4)))
        found: list[Hex] = []
        for i in range(1, steps + 1):
            h = self._on_board(hex_at(start + (end - start) * (i / steps)))
            if h is not None and h != self._stroke and (not found or found[-1] != h):
                found.append(h)
        return found

    def stroking(self) -> bool:
        return self._stroke is not None

    # -- the mouse ------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        left = event.button() == Qt.MouseButton.LeftButton
        if event.button() in PAN_BUTTONS or (left and self._space):
            self._pan = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        elif left and self._stroke is None:
            h = self.board_hex(event.position())
            if h is not None:
                self._stroke, self._stroke_at = h, self._scene_point(event.position())
                self.strokeStarted.emit(h)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        point = event.position().toPoint()
        if self._pan is not None:
            delta, self._pan = point - self._pan, point
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            return
        h = self.board_hex(point)
        if h != self._hovered:
            self._hovered = h
            self.hexHovered.emit(h)
        if self._stroke is not None:
            at = self._scene_point(point)
            for step in self._path(self._stroke_at, at):
                self._stroke = step
                self.strokeMoved.emit(step)
            self._stroke_at = at

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self._pan is not None and (event.button() in PAN_BUTTONS or event.button() == Qt.MouseButton.LeftButton):
            self._pan = None
            self._show_pan_cursor()
        elif event.button() == Qt.MouseButton.LeftButton and self._stroke is not None:
            self._stroke = None
            self.strokeEnded.emit()
        event.accept()

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt API
        super().leaveEvent(event)
        if self._hovered is not None:
            self._hovered = None
            self.hexHovered.emit(None)

    # -- keys -----------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        if event.key() == Qt.Key.Key_Space:
            if not event.isAutoRepeat():
                self._space = True
                self._show_pan_cursor()
            event.accept()
        elif event.key() in DIGITS:
            event.ignore()  # 1…9 choose a terrain kind: the dialog's key
        else:
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self._show_pan_cursor()
        super().keyReleaseEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt API
        super().focusOutEvent(event)
        self._space = False
        self._show_pan_cursor()

    def _show_pan_cursor(self) -> None:
        if self._pan is not None:
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        elif self._space:
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        else:
            self.viewport().setCursor(Qt.CursorShape.CrossCursor)


def wet_paint(h: Hex, colour: QColor) -> QGraphicsItem:
    """A hex painted during a stroke, drawn over the terrain until the stroke ends."""
    item = QGraphicsPolygonItem(hexagon(h))
    item.setBrush(QBrush(colour))
    item.setPen(QPen(tone("map_grid"), 1))
    item.setZValue(0.5)
    return item


def mark_items(document: HexMapFile, current: int) -> list[QGraphicsItem]:
    """The zones' tints and the checkpoints' outlines and numbers (``current``: the 0-based
    checkpoint the GM is editing, outlined in the selection tone)."""
    items: list[QGraphicsItem] = []
    for zone, labels in document.zones.items():
        for text in labels:
            items += _zone_hex(hex_of(text), zone_tone(zone))
    for number, labels in enumerate(document.checkpoints):
        pen = QPen(tone("map_selected" if number == current else CHECKPOINT_TONE), 3 if number == current else 2)
        for text in labels:
            items += _checkpoint_hex(hex_of(text), number + 1, pen)
    return items


def zone_brushes(name: str) -> tuple[QBrush, QBrush]:
    """A zone's see-through fill and its hatching (the hatching tells a zone from terrain of a like colour)."""
    return QBrush(see_through(name, ZONE_ALPHA)), QBrush(tone(name), Qt.BrushStyle.BDiagPattern)


def _zone_hex(h: Hex, name: str) -> list[QGraphicsItem]:
    fill, hatch = zone_brushes(name)
    items: list[QGraphicsItem] = []
    for brush, pen in ((fill, QPen(tone(name), 2)), (hatch, QPen(Qt.PenStyle.NoPen))):
        item = QGraphicsPolygonItem(hexagon(h, R - 1.5))
        item.setBrush(brush)
        item.setPen(pen)
        item.setZValue(1)
        items.append(item)
    return items


def _checkpoint_hex(h: Hex, number: int, pen: QPen) -> list[QGraphicsItem]:
    outline = QGraphicsPolygonItem(hexagon(h, R - 3))
    outline.setPen(pen)
    outline.setZValue(2)
    c = centre(h)
    disc = QGraphicsEllipseItem(c.x() - R * 0.52, c.y() - R * 0.52, R * 1.04, R * 1.04)
    disc.setBrush(QBrush(tone("map_token")))
    disc.setPen(QPen(pen.color(), 1))
    disc.setZValue(2)
    text = QGraphicsSimpleTextItem(str(number), disc)
    font = text.font()
    font.setPointSizeF(9)
    font.setBold(True)
    text.setFont(font)
    text.setBrush(QBrush(tone("map_token_text")))
    box = text.boundingRect()
    text.setPos(c.x() - box.width() / 2, c.y() - box.height() / 2)
    return [outline, disc]


def legend_entries(zones: tuple[str, ...]) -> list[tuple[tuple[QBrush, ...], str]]:
    """What the marks mean: each zone's fill and hatching, then the checkpoints' colour."""
    found = [(zone_brushes(zone_tone(zone)), tr(f"mapedit.zone.{zone}")) for zone in zones]
    return [*found, ((QBrush(tone(CHECKPOINT_TONE)),), tr("mapedit.legend.checkpoint"))]
