"""A delegate that styles a cell from one model call (its :class:`~gmtool.viewmodels.cell_look.CellLook`).

Qt's ``initStyleOption`` asks the model seven times a cell; a model that answers
``roles.CELL_LOOK`` is asked once (why: :mod:`gmtool.viewmodels.cell_look`). The option is
filled as Qt fills it; any other index is styled by Qt's own ``initStyleOption``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QFontMetrics, QPalette
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

from gmtool.viewmodels import roles
from gmtool.viewmodels.cell_look import CellLook
from gmtool.viewmodels.roles import Index


class OneCallDelegate(QStyledItemDelegate):
    """Fills a cell's style option from its :class:`CellLook`, as ``QStyledItemDelegate`` would."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: Index) -> None:  # noqa: N802 - Qt's name
        look = index.data(roles.CELL_LOOK)
        if not isinstance(look, CellLook):
            super().initStyleOption(option, index)
            return
        option.index = index  # type: ignore[assignment]  # Qt converts a persistent index; PySide6's stubs lack that
        if look.font is not None:
            option.font = look.font.resolve(option.font)
            option.fontMetrics = QFontMetrics(option.font)
        if look.alignment is not None:
            option.displayAlignment = Qt.AlignmentFlag(look.alignment)
        if look.foreground is not None:
            option.palette.setBrush(QPalette.ColorRole.Text, look.foreground)
        if look.text is not None:
            option.features |= QStyleOptionViewItem.ViewItemFeature.HasDisplay
            option.text = self.displayText(look.text, option.locale)
        option.backgroundBrush = look.background if look.background is not None else QBrush()
        option.styleObject = None  # type: ignore[assignment]  # as Qt: no style animations in item views (stubs lack None)
