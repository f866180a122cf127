"""Units' names on a hex map: a plate per unit, the same size on screen at every zoom, placed where it
covers no other unit and no other name, with a thin leader line when it had to stand off its disc.

A board fitted to a laptop's dock draws a hex ~25 px high, less than a name is long: at the start of
a race four gears stand in neighbouring hexes. Every unit keeps its name in sight all the same: each
plate tries the places round its disc nearest first (under, over, beside, the corners), then a ring
further out, then one more; the selected unit chooses first, then the board's order. A plate with no
clear place takes the one that covers least (the selected unit's drawn over the discs, read whole).
Placement works in screen pixels (the view's transform maps once per disc), a few dozen rectangle
tests a unit: cheap enough for every key press that moves a unit.

A long name keeps its start and its end (``Demo Sand…hopper Mk II``): names that differ at their end
stay apart; the whole name is the disc's tooltip.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
)

LABEL_POINTS = 9.0  # a unit's name on the GM's map (the players' map asks for more)
PLATE_Z = 1.5  # name plates: above the terrain and tints, below every disc
SELECTED_PLATE_Z = PLATE_Z + 0.25  # the selected unit's plate above the other plates
PLATE_OVER_DISCS_Z = 2.5  # the selected unit's plate when discs would cover it (below the line of fire)
LEADER_Z = PLATE_Z - 0.1
PLATE_CHARACTERS = 24  # a longer name keeps its start and end round an ellipsis
PAD = 2.0  # px round a plate's text
GAP = 1.0  # px between a disc and a plate beside it
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))  # under, over, right, left …
RINGS = 3  # beside the disc, one plate further out, two


def plate_text(name: str) -> str:
    """The name as its plate shows it: whole up to :data:`PLATE_CHARACTERS`, else its start, "…", its end."""
    if len(name) <= PLATE_CHARACTERS:
        return name
    head = (PLATE_CHARACTERS - 1) // 2
    return name[:head] + "…" + name[len(name) - (PLATE_CHARACTERS - 1 - head):]


def name_plate(name: str, points: float, back: QColor, ink: QColor) -> QGraphicsRectItem:
    """The plate: the name on a rectangle of the unit's colour centred on its position, not scaled."""
    plate = QGraphicsRectItem()
    plate.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
    plate.setZValue(PLATE_Z)
    label = QGraphicsSimpleTextItem(plate_text(name), plate)
    font = label.font()
    font.setPointSizeF(points)
    label.setFont(font)
    label.setBrush(QBrush(ink))
    box = label.boundingRect()
    label.setPos(-box.width() / 2, -box.height() / 2)
    plate.setRect(-box.width() / 2 - PAD, -box.height() / 2, box.width() + 2 * PAD, box.height())
    plate.setBrush(QBrush(back))
    plate.setPen(QPen(Qt.PenStyle.NoPen))
    plate.setData(0, QPointF())  # where it stands from its disc (scene units): a drag moves it on from there
    return plate


def leader_line(colour: QColor) -> QGraphicsLineItem:
    """The thin line from a disc to its plate standing off it (hidden while the plate is beside it)."""
    line = QGraphicsLineItem()
    pen = QPen(colour, 1)
    pen.setCosmetic(True)
    line.setPen(pen)
    line.setZValue(LEADER_Z)
    line.setVisible(False)
    return line


Box = tuple[float, float, float, float]  # left, top, right, bottom: a rectangle as plain numbers (cheap to test)


def spots(disc: QRectF, size: QSizeF) -> Iterator[tuple[Box, int]]:
    """Where a plate of ``size`` may stand round a disc (screen rectangles), nearest first, with its ring."""
    centre, radius = disc.center(), disc.width() / 2
    cx, cy = centre.x(), centre.y()
    width, height = size.width(), size.height()
    for ring in range(RINGS):
        across, down = GAP + ring * max(height, 12.0), GAP + ring * (height + GAP)
        for dx, dy in DIRECTIONS:
            left = cx + dx * (radius + across + width / 2) - width / 2
            top = cy + dy * (radius + down + height / 2) - height / 2
            yield (left, top, left + width, top + height), ring


def _box(rect: QRectF) -> Box:
    return rect.left(), rect.top(), rect.right(), rect.bottom()


def _meets(a: Box, b: Box) -> bool:
    """The two overlap (as ``QRectF.intersects``: edges that only touch do not)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _overlap(box: Box, others: Iterable[Box]) -> float:
    total = 0.0
    for other in others:
        if _meets(box, other):
            total += (min(box[2], other[2]) - max(box[0], other[0])) * (min(box[3], other[3]) - max(box[1], other[1]))
    return total


def reach(disc: QRectF, size: QSizeF) -> QRectF:
    """Where every spot round ``disc`` for a plate of ``size`` lies (:func:`spots`, its farthest ring)."""
    radius, width, height = disc.width() / 2, size.width(), size.height()
    across = radius + GAP + (RINGS - 1) * max(height, 12.0) + width
    down = radius + GAP + (RINGS - 1) * (height + GAP) + height
    centre = disc.center()
    return QRectF(centre.x() - across, centre.y() - down, 2 * across, 2 * down)


def choose(disc: QRectF, size: QSizeF, taken: list[QRectF], room: QRectF) -> tuple[QRectF, int, bool]:
    """The first clear place for a plate inside ``room``, else the one covering least (and True). Only
    what lies within the plate's :func:`reach` is tested (the rest covers no spot); the tests are done
    on plain numbers (a few hundred a unit: the map's share of every move)."""
    area = reach(disc, size)
    near = [_box(other) for other in taken if other.intersects(area)]
    left, top, right, bottom = _box(room)
    best: tuple[float, Box, int] | None = None
    for box, ring in spots(disc, size):
        inside = left <= box[0] and box[2] <= right and top <= box[1] and box[3] <= bottom
        if inside and not any(_meets(box, other) for other in near):
            return QRectF(box[0], box[1], box[2] - box[0], box[3] - box[1]), ring, False
        cost = _overlap(box, near) + (0.0 if inside else (box[2] - box[0]) * (box[3] - box[1]))
        if best is None or cost < best[0]:
            best = (cost, box, ring)
    assert best is not None
    box = best[1]
    return QRectF(box[0], box[1], box[2] - box[0], box[3] - box[1]), best[2], True


def number_badge(text: str, points: float, back: QColor, ink: QColor) -> QGraphicsEllipseItem:
    """A number on a small disc (a checkpoint's), the same size on screen at every zoom, centred on its position."""
    badge = QGraphicsEllipseItem()
    badge.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
    label = QGraphicsSimpleTextItem(text, badge)
    font = label.font()
    font.setPointSizeF(points)
    font.setBold(True)
    label.setFont(font)
    label.setBrush(QBrush(ink))
    box = label.boundingRect()
    label.setPos(-box.width() / 2, -box.height() / 2)
    side = max(box.width() + 2 * PAD, box.height())
    badge.setRect(-side / 2, -side / 2, side, side)
    badge.setBrush(QBrush(back))
    badge.setPen(QPen(ink, 1))
    return badge
