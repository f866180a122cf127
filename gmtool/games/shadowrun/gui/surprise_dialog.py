"""The SR4 surprise test dialog (SR4-C9): sides, who lies in ambush or was aware, typed faces."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.shadowrun.gui.surprise_model import (
    COL_AWARENESS,
    COL_FACES,
    COL_NAME,
    COL_SIDE,
    SurpriseModel,
)
from gmtool.ui.toned_line import toned_line
from gmtool.viewmodels import roles
from gmtool.viewmodels.roles import Index

FACES_WIDTH = 150


class ChoiceDelegate(QStyledItemDelegate):
    """A combo box of the cell's choices (role ``CHOICES``), committing at once."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        combo = QComboBox(parent)
        for key, label in index.data(roles.CHOICES) or ():
            combo.addItem(label, key)
        combo.activated.connect(lambda _i, c=combo: self.commitData.emit(c))
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        editor.setCurrentIndex(max(editor.findData(index.data(Qt.ItemDataRole.EditRole)), 0))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


class SurpriseDialog(QDialog):
    """Everyone's side and awareness; OK rolls the test through ``submit`` (a refusal stays in the dialog)."""

    def __init__(self, model: SurpriseModel, submit: Callable[[Command], str | None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._submit = submit
        self.setWindowTitle(tr("dialog.surprise.title"))
        self.model = model
        model.setParent(self)
        self.table = QTableView(self)
        self.table.setObjectName("surpriseTable")
        self.table.setModel(model)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.AllEditTriggers & ~QAbstractItemView.EditTrigger.CurrentChanged
        )
        delegate = ChoiceDelegate(self.table)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.Stretch)
        for column in (COL_SIDE, COL_AWARENESS):
            self.table.setItemDelegateForColumn(column, delegate)
            for row in range(model.rowCount()):
                self.table.openPersistentEditor(model.index(row, column))
        header.setSectionResizeMode(COL_FACES, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(COL_FACES, FACES_WIDTH)  # room for a dozen typed faces
        self.error = toned_line(self, "surpriseError", "error")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("dialog.surprise.roll"))
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        hint = QLabel(tr("dialog.surprise.hint"), self)
        hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.resize(760, 380)

    def _accept(self) -> None:
        command, message = self.model.command()
        if command is not None:
            message = self._submit(command)
        if message:
            self.error.setText(message)
            return
        self.accept()
