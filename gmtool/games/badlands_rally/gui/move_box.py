"""The active gear's special moves and actions (BR-9, BR-17): burn rubber and jump with their dice
and the exact chance of a success shown before the roll, faces typed from the table or rolled; and
rallying the crowd. The box holds no rules: it asks the game for the dice and runs its command."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from PySide6.QtWidgets import QCheckBox, QFormLayout, QGroupBox, QLabel, QLineEdit, QPushButton, QWidget

from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.badlands_rally.gui.attack_panel_parts import percent, typed_faces
from gmtool.games.badlands_rally.gui.special_moves import SpecialDice, off_road_line, terms_text
from gmtool.games.badlands_rally.rules import action_reasons as why
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.dice import roll_law
from gmtool.games.badlands_rally.rules.race_moves import move_dice
from gmtool.games.badlands_rally.rules.race_reaction import recovers_after_reaction
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.ui.flow_layout import FlowLayout

MOVES = ("burn_rubber", "jump")


class MoveBox(QGroupBox):
    def __init__(self, run: Callable[[Command], bool], parent: QWidget | None = None) -> None:
        super().__init__(tr("br.moves.title"), parent)
        self.setObjectName("brMoveBox")
        self._run = run
        self._gear: str | None = None
        self.odds = QLabel(self)
        self.odds.setWordWrap(True)
        self.faces = QLineEdit(self)
        self.faces.setObjectName("brMoveFaces")
        self.faces.setPlaceholderText(tr("br.attack.faces_hint"))
        self.equipment = QCheckBox(tr("br.setup.equipment"), self)  # 装備による修正 +1D6
        self.equipment.setObjectName("brMoveEquipment")
        self.equipment.toggled.connect(self._equipment_toggled)
        self._state: RaceState | None = None
        self.buttons = {key: QPushButton(tr(f"action.br_{key}"), self) for key in (*MOVES, "rally", "recover")}
        self.special_dice = SpecialDice(self)  # BR-20: the dice its specials may add
        self.off_road = QPushButton(tr("action.br_off_road"), self)
        self.off_road.setObjectName("brMove_off_road")
        row = FlowLayout()  # as many to a row as fit: five side by side made the dock wider than a laptop's
        for key, button in (*self.buttons.items(), ("off_road", self.off_road)):
            button.setObjectName(f"brMove_{key}")
            row.addWidget(button)
        form = QFormLayout(self)
        form.addRow(self.odds)
        form.addRow(self.special_dice)
        form.addRow(tr("br.moves.faces"), self.faces)
        form.addRow(self.equipment)
        form.addRow(row)
        self.off_road.clicked.connect(self.roll_off_road)
        self.special_dice.changed.connect(lambda: self._state is not None and self.show_gear(self._state))
        for key in MOVES:
            self.buttons[key].clicked.connect(lambda _=False, k=key: self.special_move(k))
        self.buttons["rally"].clicked.connect(self.rally)
        self.buttons["recover"].clicked.connect(self.recover)

    def show_gear(self, state: RaceState) -> None:
        """The active gear's dice and chances now (the box is off while no gear may act)."""
        gear = state.gears.get(state.current) if state.current else None
        ready = gear is not None and gear.speed is not None and gear.actions_used < gear.actions
        self._gear, self._state = (gear.id if gear else None), state
        borrowed = gear is not None and gear.speed is not None and recovers_after_reaction(gear)  # BR-17, BR-18
        self.setEnabled((ready or borrowed) and not state.pending)
        self.setToolTip("" if self.isEnabled() else why.recover(state))  # a box off says why
        reason = why.action(state)
        for key in (*MOVES, "rally"):
            self.buttons[key].setEnabled(ready)
            self.buttons[key].setToolTip(reason)
        self.buttons["recover"].setToolTip(why.recover(state))
        self.special_dice.show_gear(gear)
        self.off_road.setVisible(gear is not None and "off_road_specialist" in gear.specials)
        if gear is None or gear.speed is None:
            self.odds.setText(tr("br.moves.not_now"))
            return
        lines = []
        for key in MOVES:
            chosen = self.special_dice.chosen(key)
            dice = move_dice(gear, key, chosen, self.equipment.isChecked())
            chance = 1 - roll_law(dice, gear.defence).get(0, Fraction(0)) if dice else Fraction(0)
            lines.append(tr(f"br.moves.odds_{key}", dice=dice, rating=gear.defence, chance=percent(chance))
                         + terms_text(gear, key, chosen))
        self.odds.setText(" · ".join(line for line in (*lines, off_road_line(gear)) if line))

    def _equipment_toggled(self, _on: bool) -> None:
        if self._state is not None:
            self.show_gear(self._state)

    def special_move(self, key: str) -> bool:  # (not QWidget.move)
        if self._gear is None:
            return False
        done = self._run(m.SpecialMove(gear=self._gear, move=key, faces=typed_faces(self.faces.text()),
                                       specials=self.special_dice.chosen(key), equipment=self.equipment.isChecked()))
        if done:
            self.faces.clear()
            self.special_dice.clear()
            self.equipment.setChecked(False)
        return done

    def roll_off_road(self) -> bool:
        """Off-Road Specialist (BR-20): the defence roll, faces typed or rolled."""
        if self._gear is None:
            return False
        done = self._run(m.OffRoad(gear=self._gear, faces=typed_faces(self.faces.text())))
        if done:
            self.faces.clear()
        return done

    def recover(self) -> bool:
        """Recovery: the first digit typed is the die (empty: rolled)."""
        if self._gear is None:
            return False
        faces = typed_faces(self.faces.text())
        done = self._run(m.Recover(gear=self._gear, die=faces[0] if faces else None))
        if done:
            self.faces.clear()
        return done

    def rally(self) -> bool:
        return self._gear is not None and self._run(m.RallyTheCrowd(gear=self._gear))
