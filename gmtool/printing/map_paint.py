"""The report's maps drawn by Qt into the rich-text document the PDF and the printout come from.

:func:`gmtool.printing.html.render_html` with ``maps="slots"`` leaves an anchored paragraph where
each map goes; :func:`fill_map_slots` puts there one text object (Qt's ``QTextObjectInterface``) that
paints the section's :class:`~gmtool.printing.map_picture.Picture` with a ``QPainter`` when the page
is printed: vector shapes and real text in the PDF (crisp at any zoom, a few kilobytes a map), not
a picture of pixels. The object is as wide as the text (never wider than the picture's own width).
:func:`paint_picture` draws a picture on any painter (a test draws it on a ``QImage``).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QPyTextObject,
    QTextBlock,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)

from gmtool.core.hex.board import Board
from gmtool.printing.html import MAP_ANCHOR, MAP_INKS
from gmtool.printing.map_picture import Disc, Line, Picture, Polygon, Shape, hexagon, picture
from gmtool.printing.report import Report

MAP_OBJECT = QTextFormat.ObjectTypes.UserObject + 1  # the text object type of a map
MAP_INDEX = QTextFormat.Property.UserProperty + 1  # its format's property: the picture's index


def ink(colour: str) -> QColor:
    """A ``#rrggbb`` colour of the picture (the game's terrain data or :data:`MAP_INKS`)."""
    return QColor.fromString(colour)


def paint_picture(painter: QPainter, pic: Picture, font: QFont, rect: QRectF) -> None:
    """Draw ``pic`` scaled into ``rect`` (its aspect kept, top left); ``font`` gives the family."""
    scale = min(rect.width() / pic.width, rect.height() / pic.height)
    painter.save()
    painter.translate(rect.topLeft())
    painter.scale(scale, scale)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    outline = hexagon(0.0, 0.0, pic.radius)
    painter.setPen(QPen(ink(pic.grid_ink), max(pic.radius / 20, 0.3)))
    for terrain in pic.terrain:
        path = QPainterPath()
        for x, y in terrain.centres:
            path.addPolygon(QPolygonF([QPointF(x + dx, y + dy) for dx, dy in outline]))
            path.closeSubpath()
        painter.setBrush(QBrush(ink(terrain.fill)))
        painter.drawPath(path)
    for shape in pic.shapes:
        _shape(painter, shape, font, scale)
    painter.restore()


def _shape(painter: QPainter, shape: Shape, font: QFont, scale: float) -> None:
    if isinstance(shape, Line):
        painter.setPen(QPen(ink(shape.stroke), shape.width, Qt.PenStyle.DashLine if shape.dashed else Qt.PenStyle.SolidLine,
                            Qt.PenCapStyle.FlatCap))
        painter.drawLine(QPointF(shape.x1, shape.y1), QPointF(shape.x2, shape.y2))
    elif isinstance(shape, Polygon):
        painter.setPen(QPen(ink(shape.stroke), shape.width) if shape.stroke else Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(ink(shape.fill)))
        painter.drawPolygon(QPolygonF([QPointF(x, y) for x, y in shape.points]))
    elif isinstance(shape, Disc):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(ink(shape.fill)))
        painter.drawEllipse(QPointF(shape.x, shape.y), shape.radius, shape.radius)
    else:
        painter.setFont(_sized(painter, font, shape.size, shape.bold))
        painter.setPen(ink(shape.fill))
        x = shape.x
        if shape.centred:
            x -= painter.fontMetrics().horizontalAdvance(shape.text) / 2
        painter.drawText(QPointF(x, shape.y), shape.text)


def _sized(painter: QPainter, font: QFont, size: float, bold: bool) -> QFont:
    """``font`` ``size`` picture units tall: Qt turns a point size into pixels at the device's
    resolution before the painter's scale applies, as it does to the shapes' units."""
    sized = QFont(font)
    device = painter.device()
    dpi = device.logicalDpiY() if device is not None else 72
    sized.setPointSizeF(max(size * 72 / dpi, 0.5))
    sized.setBold(bold)
    return sized


class MapObject(QPyTextObject):
    """The text object painting a report's maps (one handler per document, the pictures by index)."""

    def __init__(self, pictures: dict[int, Picture], font: QFont) -> None:
        super().__init__()
        self.pictures = pictures
        self._font = font

    def _picture(self, fmt: QTextFormat) -> Picture:
        return self.pictures[int(fmt.property(MAP_INDEX))]

    def intrinsicSize(self, doc: QTextDocument, pos: int, fmt: QTextFormat) -> QSizeF:  # noqa: N802 - Qt API
        pic = self._picture(fmt)
        width = doc.pageSize().width() - 2 * doc.documentMargin() if doc.pageSize().width() > 0 else pic.width
        scale = min(1.0, max(width, 1.0) / pic.width)
        return QSizeF(pic.width * scale, pic.height * scale)

    def drawObject(self, painter: QPainter, rect: QRectF | QRect, doc: QTextDocument, pos: int,  # noqa: N802 - Qt API
                   fmt: QTextFormat) -> None:
        paint_picture(painter, self._picture(fmt), self._font, QRectF(rect))


def fill_map_slots(document: QTextDocument, report: Report, font: QFont) -> int:
    """Put each section's map into its slot (the document laid out from ``render_html(report,
    "slots")``); returns how many maps were placed. The handler is kept on the document."""
    pictures = {i: picture(s.board, MAP_INKS, s.map_title) for i, s in enumerate(report.rounds) if isinstance(s.board, Board)}
    if not pictures:
        return 0
    handler = MapObject(pictures, font)
    handler.setParent(document)  # lives as long as the document
    document.documentLayout().registerHandler(MAP_OBJECT, handler)
    placed = 0
    block = document.begin()
    while block.isValid():
        index = _slot_index(block)
        if index is not None and index in pictures:
            cursor = QTextCursor(block)
            cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
            fmt = QTextCharFormat()
            fmt.setObjectType(MAP_OBJECT)
            fmt.setProperty(MAP_INDEX, index)
            cursor.insertText("\ufffc", fmt)
            placed += 1
        block = block.next()
    return placed


def _slot_index(block: QTextBlock) -> int | None:
    """The map index of a slot paragraph (the name of the anchor on its first character), else None."""
    cursor = QTextCursor(block)
    cursor.movePosition(QTextCursor.MoveOperation.NextCharacter)  # the format of the character before
    prefix = MAP_ANCHOR.format(index="")
    for name in cursor.charFormat().anchorNames():
        if name.startswith(prefix) and name[len(prefix):].isdigit():
            return int(name[len(prefix):])
    return None
