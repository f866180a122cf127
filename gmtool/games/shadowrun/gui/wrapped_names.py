"""The modifier table's names whole (issue 30): a name wider than its column wraps onto more lines.

Cut at its end, "Wireless smartgun (gear)" and "Wireless smartgun (implanted)" (+1 and +2) read alike;
cut in the middle, "Visibility: light rain / fog / smoke" and "Visibility: heavy rain / fog / smoke"
do. So a row whose name does not fit its column is as tall as the wrapped name needs; the other rows keep
one line. The heights are worked out when the tree lays out its rows (a new table, a new column width),
never when it paints.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTreeView

TALLEST = 10_000  # px: room enough for any name, wrapped


class WrappedNameDelegate(QStyledItemDelegate):
    """Draws a tree's first column with its text wrapped, and sizes each row to the wrapped text."""

    def __init__(self, tree: QTreeView) -> None:
        super().__init__(tree)
        self._tree = tree

    def sizeHint(  # noqa: N802 - Qt's name
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        text = str(index.data() or "")
        if not text:
            return hint
        room = self._text_room(option, index)
        metrics = option.fontMetrics
        lines = metrics.boundingRect(QRect(0, 0, max(room, 1), TALLEST), Qt.TextFlag.TextWordWrap, text).height()
        return QSize(hint.width(), max(hint.height(), hint.height() - metrics.height() + lines))

    def _text_room(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> int:
        """The width the name is drawn in: the column less the row's indentation, box and margins."""
        tree = self._tree
        depth, parent = 0, index.parent()
        while parent.isValid():
            depth, parent = depth + 1, parent.parent()
        inset = tree.indentation() * (depth + int(tree.rootIsDecorated()))
        shaped = QStyleOptionViewItem(option)
        self.initStyleOption(shaped, index)
        shaped.rect = QRect(0, 0, tree.columnWidth(index.column()) - inset, option.fontMetrics.height())
        style = tree.style()
        text = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, shaped, tree)
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, tree) + 1
        return text.width() - 2 * margin
