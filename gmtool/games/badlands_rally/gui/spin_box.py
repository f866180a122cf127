"""The spin-outs waiting in the race (BR-15, BR-16): which gear, which way it turns (the attacker,
or the player on the left, chooses), the dice typed from the table or rolled, and what is at stake
(the skid's distance before the roll). The box holds no rules: it runs the game's command."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.badlands_rally.gui.attack_panel_parts import typed_faces
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race_state import RaceState


class SpinBox(QGroupBox):
    def __init__(self, run: Callable[[Command], bool], parent: QWidget | None = None) -> None:
        super().__init__(tr("br.spin.title"), parent)
        self.setObjectName("brSpinBox")
        self._run = run
        self.gear = QComboBox(self)
        self.clockwise = QRadioButton(tr("br.spin.clockwise"), self)
        self.anticlockwise = QRadioButton(tr("br.spin.anticlockwise"), self)
        self.clockwise.setChecked(True)
        self.stake = QLabel(self)
        self.stake.setWordWrap(True)
        self.dice = {name: QLineEdit(self) for name in ("spin", "skid", "collision", "other")}
        for name, edit in self.dice.items():
            edit.setObjectName(f"brSpin_{name}")
            edit.setPlaceholderText(tr("br.attack.faces_hint"))
        self.resolve = QPushButton(tr("br.spin.resolve"), self)
        self.resolve.setObjectName("brSpinResolve")
        way = QHBoxLayout()
        way.addWidget(self.clockwise)
        way.addWidget(self.anticlockwise)
        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a narrow dock: labels above their fields
        gear_row = QHBoxLayout()  # the gear's name gets the whole width (the dice rows' labels are long)
        gear_row.addWidget(QLabel(tr("br.spin.gear"), self))
        gear_row.addWidget(self.gear, 1)
        form.addRow(gear_row)
        form.addRow(tr("br.spin.way"), way)
        form.addRow(self.stake)
        for name, edit in self.dice.items():
            form.addRow(tr(f"br.spin.dice_{name}"), edit)
        form.addRow(self.resolve)
        self.resolve.clicked.connect(self.spin)
        self.gear.currentIndexChanged.connect(self._show_stake)
        self._excess: dict[str, int] = {}
        self._the_move: set[str] = set()

    def show_waiting(self, state: RaceState) -> None:
        """The gears waiting to spin out (the box hides when none does). Filled before it is shown: shown
        first, the box was laid out for its old words, and again a turn of the event loop later."""
        waiting = [(gid, state.gears[gid].name) for gid, _excess in state.pending]
        self._excess = dict(state.pending)
        self._the_move = {gid for gid, _name in waiting if "the_move" in state.gears[gid].upgrades}  # BR-20
        if [(self.gear.itemData(i), self.gear.itemText(i)) for i in range(self.gear.count())] != waiting:
            chosen = self.gear.currentData()
            self.gear.blockSignals(True)
            self.gear.clear()
            for gid, name in waiting:
                self.gear.addItem(name, gid)
            self.gear.setCurrentIndex(max(0, self.gear.findData(chosen)))
            self.gear.blockSignals(False)
        self._show_stake()
        self.setVisible(bool(waiting))

    def _show_stake(self) -> None:
        gear = self.gear.currentData()
        stake = tr("br.spin.stake", excess=self._excess.get(gear, 0)) if gear else ""
        self.stake.setText(f"{stake} {tr('br.setup.spin_the_move')}" if gear in self._the_move else stake)

    def command(self) -> m.ResolveSpin | None:
        gear = self.gear.currentData()
        if gear is None:
            return None
        spin, skid = typed_faces(self.dice["spin"].text()), typed_faces(self.dice["skid"].text())
        return m.ResolveSpin(gear=gear, clockwise=self.clockwise.isChecked(),
                             spin_die=spin[0] if spin else None,
                             skid_die=skid[0] if skid else None,
                             second_die=spin[1] if spin and len(spin) > 1 else None,  # The Move
                             collision_faces=typed_faces(self.dice["collision"].text()),
                             other_faces=typed_faces(self.dice["other"].text()))

    def spin(self) -> bool:
        command = self.command()
        if command is None or not self._run(command):
            return False
        for edit in self.dice.values():
            edit.clear()
        return True
