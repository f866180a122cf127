"""The modifier-table panel: the tables that fit the action, a free modifier, the breakdown and total.

Shows a :class:`~gmtool.games.shadowrun.gui.modifier_table_model.ModifierTableModel` as a tree
of check boxes, a spin box in the row of each counted modifier (take aim, multiple
targets, friends in the melee, reach …); every change (a tick, a count, a free modifier
added or removed) emits :attr:`ModifierPanel.modifiersChanged` with the new
:class:`~gmtool.core.tables.engine.ModifierSheet`. Holds no rules.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import active_language, tr
from gmtool.core.tables.engine import (
    COUNT_MAX,
    FREE_TABLE,
    FREE_VALUE_MAX,
    ModifierSheet,
    Term,
)
from gmtool.games.shadowrun.gui.modifier_table_model import (
    COUNT_COLUMN,
    COUNT_RANGE,
    ROW_COUNT,
    ROW_KEY,
    ModifierTableModel,
)
from gmtool.games.shadowrun.gui.told_apart_names import ToldApartDelegate

FREE_INDEX = int(Qt.ItemDataRole.UserRole) + 1  # int: a free modifier's position in the breakdown list


def term_line(term: Term) -> str:
    """One breakdown line: label, value, table page and what shifted it."""
    text = f"{term.display()}  {term.value:+d}"
    if term.page:
        text += f"  (p.{term.page})"
    if term.source:
        text += f"  ({term.source})"
    if term.notes:
        text += "  " + tr("tables.shifted_by", equipment=", ".join(n.text(active_language()) for n in term.notes))
    return text


class CountDelegate(QStyledItemDelegate):
    """A spin box for a counted row's count, committing each change at once."""

    def createEditor(  # noqa: N802 - Qt's name
        self, parent: QWidget, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QWidget:
        spin = QSpinBox(parent)
        low, high = index.data(COUNT_RANGE) or (0, 0)
        spin.setRange(low, high)
        spin.setObjectName(f"count_{index.data(ROW_KEY)}")
        spin.setToolTip(index.data(Qt.ItemDataRole.ToolTipRole) or "")
        spin.valueChanged.connect(lambda _value, s=spin: self.commitData.emit(s))
        return spin

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:  # noqa: N802
        assert isinstance(editor, QSpinBox)
        editor.blockSignals(True)  # the model's count shown: not a change of the GM's
        editor.setValue(int(index.data(ROW_COUNT) or 0))
        editor.blockSignals(False)

    def setModelData(  # noqa: N802
        self, editor: QWidget, model: QAbstractItemModel, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        assert isinstance(editor, QSpinBox)
        model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)


class ModifierPanel(QWidget):
    """Tree of modifier rows, free-modifier input, breakdown list and total."""

    modifiersChanged = Signal(object)  # the ModifierSheet

    def __init__(self, sheet: ModifierSheet | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows_kept = 0  # rows the table keeps in view (keep_rows), 0: as the layout gives
        self.model = ModifierTableModel(sheet, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self._tree(), 3)
        layout.addLayout(self._free_row())
        self.breakdown_title = QLabel(tr("tables.breakdown"))
        layout.addWidget(self.breakdown_title)
        self.breakdown = QListWidget()
        self.breakdown.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.breakdown.setWordWrap(True)
        self.breakdown.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.breakdown.itemSelectionChanged.connect(self._selection_changed)
        layout.addWidget(self.breakdown, 2)
        bottom = QHBoxLayout()
        self.total = QLabel()
        self.total.setStyleSheet("font-weight: bold")
        self.remove_button = QPushButton(tr("tables.free.remove"))
        self.remove_button.setEnabled(False)
        self.remove_button.clicked.connect(self._remove_free)
        bottom.addWidget(self.total, 1)
        bottom.addWidget(self.remove_button)
        layout.addLayout(bottom)
        self.message = QLabel()
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.model.sheetChanged.connect(self._sheet_changed)
        self.model.refused.connect(self.message.setText)
        self._show(sheet)

    def _tree(self) -> QTreeView:
        tree = QTreeView()
        tree.setModel(self.model)
        tree.setUniformRowHeights(True)
        tree.setAlternatingRowColors(True)
        header = tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # Fixed widths: ResizeToContents would read every row again on each change.
        metrics = tree.fontMetrics()
        for column, sample in ((1, "−10 →"), (2, "p. 888*")):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(column, max(metrics.horizontalAdvance(sample) + 12, header.sectionSizeHint(column)))
        probe = QSpinBox()  # never shown: a count's spin box, as wide as its widest count
        probe.setRange(-COUNT_MAX, COUNT_MAX)
        header.setSectionResizeMode(COUNT_COLUMN, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(COUNT_COLUMN, max(probe.sizeHint().width() + 4, header.sectionSizeHint(COUNT_COLUMN)))
        probe.deleteLater()
        tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # the label column gives way
        self.names = ToldApartDelegate(tree)  # names cut so that no two rows of a table read alike
        self.names.watch(self.model)
        tree.setItemDelegateForColumn(0, self.names)
        self.count_delegate = CountDelegate(tree)
        tree.setItemDelegateForColumn(COUNT_COLUMN, self.count_delegate)
        self.tree = tree
        self._tree_shown()
        self.model.modelReset.connect(self._tree_shown)
        return tree

    def _tree_shown(self) -> None:
        """After a new set of tables: every table open, a spin box in each counted row."""
        self.tree.expandAll()
        for cell in self.model.count_cells():
            self.tree.openPersistentEditor(cell)
        self._keep_rows()

    def keep_rows(self, rows: int, breakdown_lines: int) -> None:
        """The table at least ``rows`` rows tall, the breakdown at most ``breakdown_lines`` (then it scrolls):
        the rows to tick get the room (the attack panel's terms are in its odds already)."""
        self._rows_kept = rows
        spacing = self.breakdown.fontMetrics().lineSpacing()
        self.breakdown.setMaximumHeight(breakdown_lines * (spacing + 4) + 2 * self.breakdown.frameWidth())
        self.breakdown_title.setVisible(False)  # its words in the list's tooltip: a row more for the table
        self.breakdown.setToolTip(self.breakdown_title.text())
        self._keep_rows()

    def _keep_rows(self) -> None:
        rows = self._rows_kept
        if not rows:
            return
        tree = self.tree
        row = tree.sizeHintForRow(0) if self.model.rowCount() else -1
        row = max(row, tree.fontMetrics().height() + 4, tree.iconSize().height())
        tall = tree.header().sizeHint().height() + rows * row + 2 * tree.frameWidth()
        if tall != tree.minimumHeight():
            tree.setMinimumHeight(tall)

    def count_spin(self, key: str) -> QSpinBox | None:
        """The spin box of a counted row ("<table id>/<row id>"), if the row is shown."""
        for cell in self.model.count_cells():
            if cell.data(ROW_KEY) == key:
                widget = self.tree.indexWidget(cell)
                return widget if isinstance(widget, QSpinBox) else None
        return None

    def _free_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(QLabel(tr("tables.free.label")))
        self.free_label = QLineEdit()
        self.free_label.setPlaceholderText(tr("tables.free.placeholder"))
        self.free_label.returnPressed.connect(self._add_free)
        self.free_value = QSpinBox()
        self.free_value.setRange(-FREE_VALUE_MAX, FREE_VALUE_MAX)
        self.free_value.setPrefix("")
        self.add_button = QPushButton(tr("tables.free.add"))
        self.add_button.clicked.connect(self._add_free)
        row.addWidget(self.free_label, 1)
        row.addWidget(self.free_value)
        row.addWidget(self.add_button)
        return row

    # -- public ------------------------------------------------------------------------
    @property
    def sheet(self) -> ModifierSheet | None:
        return self.model.sheet

    def set_sheet(self, sheet: ModifierSheet | None) -> None:
        """Show another action's tables (the same tables are updated in place, not reset)."""
        if self.message.text():
            self.message.clear()
        old = self.model.sheet
        if sheet is not None and old is not None and sheet == old:
            return
        if sheet is not None and old is not None and sheet.context.action == old.context.action \
                and sheet.tables == old.tables:  # the same action's tables
            self.model.update_sheet(sheet)
        else:
            self.model.set_sheet(sheet)

    # -- intents ----------------------------------------------------------------------
    def _add_free(self) -> None:
        if self.model.add_free(self.free_label.text(), self.free_value.value()):
            self.free_label.clear()
            self.free_value.setValue(0)
            self.message.clear()

    def _remove_free(self) -> None:
        item = self.breakdown.currentItem()
        if item is not None and item.data(FREE_INDEX) is not None:
            self.model.remove_free(int(item.data(FREE_INDEX)))

    def _selection_changed(self) -> None:
        item = self.breakdown.currentItem()
        self.remove_button.setEnabled(item is not None and item.data(FREE_INDEX) is not None)

    # -- showing ----------------------------------------------------------------------------
    def _sheet_changed(self, sheet: ModifierSheet | None) -> None:
        self._show(sheet)
        self.modifiersChanged.emit(sheet)

    def _show(self, sheet: ModifierSheet | None) -> None:
        terms = sheet.breakdown() if sheet is not None else ()
        lines = [(term_line(term), term.table == FREE_TABLE) for term in terms]
        total = sheet.total() if sheet is not None else 0
        self.total.setText(tr("tables.total", total=f"{total:+d}"))
        shown = getattr(self, "_lines_shown", None)
        if lines == shown:
            return  # the same breakdown (a new sheet with the same terms): nothing to refill
        self._lines_shown = lines
        if shown is not None and [free for _text, free in shown] == [free for _text, free in lines]:
            for row, (text, _free) in enumerate(lines):  # the same terms, other values (recoil …): in place
                item = self.breakdown.item(row)
                if item.text() != text:
                    item.setText(text)
            return
        self.breakdown.clear()
        free_number = 0
        for term in terms:
            item = QListWidgetItem(term_line(term))
            if term.table == FREE_TABLE:
                item.setData(FREE_INDEX, free_number)
                free_number += 1
            self.breakdown.addItem(item)
        self._selection_changed()
