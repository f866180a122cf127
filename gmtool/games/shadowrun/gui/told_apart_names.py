"""The modifier table's names told apart when their column is too narrow for them whole (issue 30).

Cut at its end, "Wireless smartgun (gear)" and "Wireless smartgun (implanted)" (+1 and +2) read alike,
and so do "Attacker firing from cover with an imaging device" and "… from a moving vehicle"; cut in the
middle, "Visibility: light rain / fog / smoke" and "… heavy rain / fog / smoke" would. So a row keeps the
usual cut at its end unless that makes it read like another row of its table: then it is cut in the middle
(its start and its end kept), else at its start. The rows stay one line (the table keeps its height); the
choice is worked out once per table and column width, not at each paint.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, QRect, Qt
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTreeView

Elide = Qt.TextElideMode
TRIED = (Elide.ElideMiddle, Elide.ElideLeft)  # after the usual cut at the end, in this order


class ToldApartDelegate(QStyledItemDelegate):
    """Draws a tree's first column, each name cut so that no two rows of one table read alike."""

    def __init__(self, tree: QTreeView) -> None:
        super().__init__(tree)
        self._tree = tree
        self._modes: dict[tuple[int, int], Elide] | None = None  # (table row, row) → its cut, when not the end
        self._width = -1
        tree.header().sectionResized.connect(lambda column, _old, _new: self._forget() if column == 0 else None)

    def watch(self, model: QAbstractItemModel) -> None:
        """Work the cuts out anew whenever the model's rows change."""
        for signal in (model.modelReset, model.layoutChanged, model.rowsInserted, model.rowsRemoved):
            signal.connect(self._forget)

    def _forget(self, *_args: object) -> None:
        self._modes = None

    def initStyleOption(  # noqa: N802 - Qt's name
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        parent = index.parent()
        if not parent.isValid():
            return  # a table's heading
        if self._modes is None or self._width != self._tree.columnWidth(0):
            self._width = self._tree.columnWidth(0)
            self._modes = self._work_out()
        mode = self._modes.get((parent.row(), index.row()))
        if mode is not None:
            option.textElideMode = mode

    def _work_out(self) -> dict[tuple[int, int], Elide]:
        model, modes = self._tree.model(), {}
        for table in range(model.rowCount()):
            parent = model.index(table, 0)
            rows = [model.index(row, 0, parent) for row in range(model.rowCount(parent))]
            shown = {index.row(): self._cut(index, Elide.ElideRight) for index in rows}
            for index in rows:
                if self._alike(shown, index.row()):
                    for mode in TRIED:
                        shown[index.row()] = self._cut(index, mode)
                        if not self._alike(shown, index.row()):
                            modes[(table, index.row())] = mode
                            break
        return modes

    @staticmethod
    def _alike(shown: dict[int, tuple[str, str]], row: int) -> bool:
        drawn, text = shown[row]
        return any(other != row and their == drawn and whole != text for other, (their, whole) in shown.items())

    def _cut(self, index: QModelIndex, mode: Elide) -> tuple[str, str]:
        """(the name as drawn with ``mode``, the name whole)."""
        tree = self._tree
        option = QStyleOptionViewItem()
        tree.initViewItemOption(option)
        super().initStyleOption(option, index)
        option.rect = QRect(0, 0, tree.columnWidth(0) - tree.indentation() * (1 + int(tree.rootIsDecorated())),
                            option.fontMetrics.height())
        style = tree.style()
        room = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, tree).width()
        room -= 2 * (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, tree) + 1)
        return option.fontMetrics.elidedText(option.text, mode, room), option.text
