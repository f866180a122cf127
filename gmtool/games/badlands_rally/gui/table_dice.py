"""The table's dice for a check every racing gear makes at once — the new round's initiative (BR-6)
or the contested victory (BR-19): one line per gear, the dice it rolls shown, the faces typed."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from gmtool.core.i18n import tr
from gmtool.games.badlands_rally.gui.attack_panel_parts import typed_faces
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.upgrade_effects import contested_dice_of, initiative_dice_of


def check_dice(gear: RaceGear, contest: bool) -> int:
    return contested_dice_of(gear) if contest else initiative_dice_of(gear)


class TableDiceDialog(QDialog):
    """The faces each gear rolled at the table (the rules check the count and the faces)."""

    def __init__(self, state: RaceState, contest: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("br.table_dice.contest" if contest else "br.table_dice.initiative"))
        gears = [state.gears[g] for g in state.contest] if contest else [g for g in state.gears.values() if not g.out]
        form = QFormLayout(self)
        form.addRow(QLabel(tr("br.table_dice.hint"), self))
        self.faces: dict[str, QLineEdit] = {}
        for gear in gears:
            edit = QLineEdit(self)
            edit.setObjectName(f"brTableDice_{gear.id}")
            edit.setPlaceholderText(tr("br.table_dice.dice", dice=check_dice(gear, contest), rating=gear.initiative))
            self.faces[gear.id] = edit
            form.addRow(gear.name, edit)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def typed(self) -> dict[str, tuple[int, ...]]:
        return {gid: typed_faces(edit.text()) or () for gid, edit in self.faces.items()}
