"""Dialogs for the campaign's encounters: a new one (name and game) and switching to another."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListView,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.viewmodels import roles
from gmtool.viewmodels.encounter_list_model import EncounterListModel
from gmtool.viewmodels.game_view import games

DIALOG_MIN_WIDTH = 440


class NewEncounterDialog(QDialog):
    """Name and game of a new, empty encounter; OK needs a name."""

    def __init__(self, default_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("dialog.new_encounter.title"))
        self.name = QLineEdit(default_name, self)
        self.name.setObjectName("encounterName")
        self.name.selectAll()
        self.game = QComboBox(self)
        self.game.setObjectName("encounterGame")
        for key, name in games():
            self.game.addItem(name, key)
        form = QFormLayout()
        form.addRow(tr("dialog.new_encounter.name"), self.name)
        form.addRow(tr("dialog.new_encounter.game"), self.game)
        hint = QLabel(tr("dialog.new_encounter.hint"), self)
        hint.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.name.textChanged.connect(self._check)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(hint)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(DIALOG_MIN_WIDTH)
        self._check()

    def _check(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.name.text().strip()))

    def chosen(self) -> tuple[str, str]:
        """(name, ruleset key)."""
        return self.name.text().strip(), str(self.game.currentData())


class SwitchEncounterDialog(QDialog):
    """The campaign's encounters; double-click or OK runs the chosen one."""

    def __init__(self, model: EncounterListModel, current: int | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("dialog.switch_encounter.title"))
        self.model = model
        model.setParent(self)
        self.list = QListView(self)
        self.list.setObjectName("encounterList")
        self.list.setModel(model)
        self.list.setCurrentIndex(model.index(max(model.row_of(current), 0)))
        self.list.doubleClicked.connect(lambda _i: self.accept())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("dialog.switch_encounter.label"), self))
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.resize(520, 320)

    def chosen(self) -> int | None:
        index: QModelIndex = self.list.currentIndex()
        return index.data(roles.ENCOUNTER_ID) if index.isValid() else None

    def choose(self, encounter_id: int) -> None:
        """Select an encounter (tests, keyboard users)."""
        self.list.setCurrentIndex(self.model.index(self.model.row_of(encounter_id)))

