"""Dialogs of the race: a gear joins (the GM types its card; nothing official is shipped) and who won
the round's initiative check."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.games.badlands_rally.gui.specials_list import specials_box
from gmtool.games.badlands_rally.gui.weapon_table import WeaponTable
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.games.badlands_rally.rules.race_words import facing_name
from gmtool.ui.card_editor import message_and_buttons

# field, low, high, default (a middling made-up gear until the GM types the card)
NUMBERS = (("attack", 2, 6, 4), ("defence", 2, 6, 4), ("initiative", 2, 6, 4), ("armour", 0, 30, 6), ("hull", 0, 20, 2),
           ("structure", 1, 20, 2), ("cruising_mr", 1, 30, 5), ("top_mr", 1, 40, 8), ("actions", 0, 5, 1))


class AddGearDialog(QDialog):
    """A gear's card values, its player and where it starts."""

    def __init__(self, state: RaceState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("br.add_gear.title"))
        columns = QHBoxLayout(self)  # the card's form, and its special rules beside it (BR-20)
        form = QFormLayout()
        columns.addLayout(form, 1)
        self.name = QLineEdit(tr("br.add_gear.default_name", number=len(state.gears) + 1), self)
        self.seat = QLineEdit(self)
        self.seat.setPlaceholderText(tr("br.add_gear.seat_hint"))
        form.addRow(tr("br.field.name"), self.name)
        form.addRow(tr("br.field.seat"), self.seat)
        self.numbers: dict[str, QSpinBox] = {}
        for key, low, high, default in NUMBERS:
            spin = QSpinBox(self)
            spin.setRange(low, high)
            spin.setValue(default)
            self.numbers[key] = spin
            form.addRow(tr(f"br.field.{key}"), spin)
        self.hex = QLineEdit(self)
        self.hex.setInputMask("9999")
        self.hex.setPlaceholderText(tr("br.add_gear.hex_hint"))
        self.facing = QComboBox(self)
        for side in range(6):
            self.facing.addItem(facing_name(side), side)
        form.addRow(tr("br.add_gear.hex"), self.hex)
        form.addRow(tr("br.add_gear.facing"), self.facing)
        self.weapons = WeaponTable((), self)
        form.addRow(self.weapons)
        box, self.specials = specials_box((), self)
        columns.addWidget(box)
        self.message = message_and_buttons(self, form, self._accept_checked)

    def _accept_checked(self) -> None:
        try:
            self.command()
        except GmtoolError as exc:
            self.message.setText(exc.message())
            return
        self.accept()

    def command(self) -> m.AddGear:
        """The gear as typed (the rules refuse a hex off the board or taken, with the reason)."""
        typed = self.hex.text().strip()
        where = typed if len(typed) == 4 else None  # the rules take the first free hex of the start zone
        return m.AddGear(name=self.name.text().strip() or tr("br.add_gear.default_name", number=1),
                         seat=self.seat.text().strip() or tr("br.add_gear.default_seat"),
                         hex=where, facing=int(self.facing.currentData()), weapons=self.weapons.weapons(),
                         specials=self.specials.selected(),
                         **{key: spin.value() for key, spin in self.numbers.items()})


def ask_first(state: RaceState, selected: str | None, parent: QWidget | None = None) -> str | None:
    """Which gear's player won the initiative check (the selected gear offered first)."""
    racing = [g for g in state.gears.values() if not g.out]
    if not racing:
        return None
    names = [g.name for g in racing]
    start = next((i for i, g in enumerate(racing) if g.id == selected), 0)
    name, ok = QInputDialog.getItem(parent, tr("br.first.title"), tr("br.first.label"), names, start, False)
    return racing[names.index(name)].id if ok else None


def ask_scenario(parent: QWidget | None = None) -> int | None:
    """0: roll 1D6; else the die face of the scenario chosen; None: cancelled."""
    from gmtool.core.i18n import active_language
    from gmtool.games.badlands_rally.rules.scenarios import scenarios

    options = [(0, tr("br.scenario.roll"))] + [(s.faces[0], s.name(active_language())) for s in scenarios()]
    names = [name for _face, name in options]
    name, ok = QInputDialog.getItem(parent, tr("br.scenario.title"), tr("br.scenario.label"), names, 0, False)
    return options[names.index(name)][0] if ok else None
