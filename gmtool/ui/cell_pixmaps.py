"""Item-view cells painted once per content, and copied afterwards (a list that scrolls paints less).

A cell a delegate paints in Python costs tens of microseconds (its style option filled from the
model through a sort proxy, the style's drawing, the delegate's own picture); the order of 200
combatants scrolling to the current actor repaints every visible row, some seventy cells, and
most of them look like a cell painted before: a score of 12, the same pass ladder, "acted", an
empty condition. A model that answers ``roles.CELL_KEY`` with everything a cell shows (its look
and its picture's values, as a hashable key; None for a cell seen once, a name) lets
:class:`CachedCellDelegate` paint such a cell once per key and per everything else its pixels
depend on (size, state, palette, font, the background under it, the pixel ratio, the theme),
into an opaque pixmap laid on the viewport's own background, and copy it at the next paint: the
same pixels, one model call and a copy instead of the drawing.

A cell that is selected, has the focus or alternates its row colour, and a view whose background
is no plain colour are painted directly.
"""

from __future__ import annotations

from collections.abc import Hashable

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QStyle, QStyleOptionViewItem

from gmtool.ui.one_call_delegate import OneCallDelegate
from gmtool.viewmodels import roles
from gmtool.viewmodels.tones import shade

Index = QModelIndex | QPersistentModelIndex
DIRECT = (QStyle.StateFlag.State_Selected | QStyle.StateFlag.State_HasFocus).value
ALTERNATE = QStyleOptionViewItem.ViewItemFeature.Alternate.value
LIMIT = 1500  # pixmaps kept (a cell is a few kB); past it the cache starts again


class CellPixmaps:
    """Pixmaps of painted cells by everything their pixels depend on."""

    def __init__(self, limit: int = LIMIT) -> None:
        self._limit = limit
        self._kept: dict[Hashable, QPixmap] = {}
        self._grounds: dict[tuple[int, int], QColor | None] = {}  # (palette, state): the background under a cell

    def copy(self, painter: QPainter, option: QStyleOptionViewItem, content: Hashable) -> bool:
        """Paint the cell showing ``content`` from its copy; False when there is none (:meth:`keep` then)."""
        key = self._key(painter, option, content)
        pixmap = None if key is None else self._kept.get(key)
        if pixmap is None:
            return False
        painter.drawPixmap(option.rect.topLeft(), pixmap)
        return True

    def _key(self, painter: QPainter, option: QStyleOptionViewItem, content: Hashable) -> Hashable | None:
        state = option.state.value
        if state & DIRECT or option.features.value & ALTERNATE:
            return None
        palette = option.palette.cacheKey()
        if (palette, state) not in self._grounds:
            self._grounds[(palette, state)] = self._ground(option)
        if self._grounds[(palette, state)] is None:
            return None
        rect = option.rect
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        return content, rect.width(), rect.height(), state, palette, option.font.key(), ratio, shade()

    @staticmethod
    def _ground(option: QStyleOptionViewItem) -> QColor | None:
        """The plain colour the view lays under its cells (None: no plain colour)."""
        view = option.widget
        if not isinstance(view, QAbstractItemView):
            return None
        viewport = view.viewport()
        base = viewport.palette().brush(viewport.backgroundRole())
        return base.color() if base.style() == Qt.BrushStyle.SolidPattern else None

    def keep(self, painter: QPainter, option: QStyleOptionViewItem, content: Hashable, delegate: CachedCellDelegate,
             index: Index) -> None:
        """Paint the cell with ``delegate`` into a copy kept for ``content``, then the copy (or, when the cell
        cannot be copied, directly)."""
        key = self._key(painter, option, content)
        if key is None:
            delegate.paint_cell(painter, option, index)
            return
        rect = option.rect
        ratio = key[6]  # type: ignore[index]
        image = QImage(round(rect.width() * ratio), round(rect.height() * ratio), QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(ratio)
        image.fill(self._grounds[(key[4], key[3])])  # type: ignore[index,arg-type]
        inner = QPainter(image)
        inner.setFont(painter.font())
        inner.setPen(painter.pen())
        moved = QStyleOptionViewItem(option)
        moved.rect = QRect(0, 0, rect.width(), rect.height())
        delegate.paint_cell(inner, moved, index)
        inner.end()
        pixmap = QPixmap.fromImage(image)
        if len(self._kept) >= self._limit:
            self._kept.clear()
        self._kept[key] = pixmap
        painter.drawPixmap(rect.topLeft(), pixmap)


class CachedCellDelegate(OneCallDelegate):
    """A :class:`OneCallDelegate` whose cells with a content key (``roles.CELL_KEY``) are painted once and
    copied; a subclass paints its own picture in :meth:`paint_cell`."""

    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)
        self._cells = CellPixmaps()

    def paint_cell(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        """The cell's painting (Qt's own for a plain cell)."""
        super().paint(painter, option, index)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        content = index.data(roles.CELL_KEY)
        if content is None:
            self.paint_cell(painter, option, index)
        elif not self._cells.copy(painter, option, content):
            self._cells.keep(painter, option, content, self, index)
