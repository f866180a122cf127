"""The duel's attack panel (AB-13..AB-20): attacker, target, gun or sword and the target's defence
chosen; aura power spent (the attacker's first; the target's also on action PP for its defence and on
response PP for a response turn); in table mode the sector and range typed (:mod:`.table_inputs`); the hit value term by term, the exact chance to hit,
the open damage roll's law and the chance to destroy shown before anything is rolled; the dice typed
from the table or rolled. The panel holds no rules: it asks the game (``attack_plan``) and runs its
command."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.encounter import Change
from gmtool.core.errors import RulesError
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.aura_battler.gui.faces import percent, typed_faces
from gmtool.games.aura_battler.gui.table_inputs import TableInputs
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.duel import AuraRules
from gmtool.games.aura_battler.rules.duel_attack import AttackPlan
from gmtool.games.aura_battler.rules.duel_state import DuelState
from gmtool.viewmodels.bridge import EncounterBridge

SWORD = -1  # the arm combo's data for the sword
DEFENCES = ("evade", "parry", "none")
AURA = ("aura_attack", "aura_power", "aura_action", "aura_defence", "aura_barrier")  # the attacker's first (20.3)


class AttackPanel(QWidget):
    def __init__(self, bridge: EncounterBridge, run: Callable[[Command], bool], rules: AuraRules,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge, self._run, self._rules = bridge, run, rules
        self.attacker, self.target, self.arm, self.defence = (QComboBox(self) for _ in range(4))
        for name, combo in (("Attacker", self.attacker), ("Target", self.target), ("Arm", self.arm),
                            ("Defence", self.defence)):
            combo.setObjectName(f"abAttack{name}")
        for choice in DEFENCES:
            self.defence.addItem(tr(f"ab.defence.{choice}"), choice)
        self.aura = {name: QSpinBox(self) for name in AURA}
        for name, spin in self.aura.items():
            spin.setObjectName(f"abAttack_{name}")
            spin.setRange(0, 30)
        self.breakdown = QLabel(self)
        self.breakdown.setObjectName("abAttackBreakdown")
        self.breakdown.setWordWrap(True)
        self.odds = QLabel(self)
        self.odds.setObjectName("abAttackOdds")
        self.odds.setWordWrap(True)
        self.faces = {name: QLineEdit(self) for name in ("hit", "land", "damage")}
        for name, edit in self.faces.items():
            edit.setObjectName(f"abFaces_{name}")
            edit.setPlaceholderText(tr("ab.attack.faces_hint"))
        self.response = QComboBox(self)
        self.response.setObjectName("abAttackResponse")
        for sides in (-1, -2, -3, 1, 2, 3):
            side = "left" if sides < 0 else "right"
            self.response.addItem(tr(f"ab.turn.{side}", degrees=60 * abs(sides)), sides)
        self.response_aura = QSpinBox(self)  # AB-20: aura power on response PP just before the turn
        self.response_aura.setObjectName("abAttack_aura_response")
        self.response_aura.setRange(0, 30)
        self.response_aura.setToolTip(tr("ab.attack.aura_response"))
        self.table = TableInputs(self)
        self.response_turn = QPushButton(tr("ab.attack.response_turn"), self)
        self.response_turn.setObjectName("abResponseTurn")
        self.response_turn.clicked.connect(self.turn_in_response)
        self.land_on = QComboBox(self)
        self.land_on.setObjectName("abAttackLandOn")
        for aboard in ("battler", "carrier"):
            self.land_on.addItem(tr(f"ab.land.{aboard}"), aboard)
        self.landing = QLabel(self)
        self.landing.setObjectName("abAttackLanding")
        self.landing.setWordWrap(True)
        self.roll = QPushButton(tr("ab.attack.roll"), self)
        self.roll.setObjectName("abAttackRoll")
        self._lay_out()
        self.land_on.currentIndexChanged.connect(self.refresh)
        for combo in (self.attacker, self.target, self.arm, self.defence):
            combo.currentIndexChanged.connect(self._changed)
        for spin in self.aura.values():
            spin.valueChanged.connect(self.refresh)
        self.table.on_change(self.refresh)
        self.roll.clicked.connect(self.attack)
        for edit in self.faces.values():
            edit.textChanged.connect(self.refresh)
        bridge.changed.connect(self._on_change)
        self._fill()

    def _lay_out(self) -> None:
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a narrow dock: long labels above
        for key, widget in (("attacker", self.attacker), ("target", self.target), ("arm", self.arm),
                            ("defence", self.defence)):
            form.addRow(tr(f"ab.attack.{key}"), widget)
        for name, spin in self.aura.items():
            form.addRow(tr(f"ab.attack.{name}"), spin)
        form.addRow(tr("ab.attack.land_on"), self.land_on)
        turning = QHBoxLayout()
        turning.addWidget(self.response, 1)
        turning.addWidget(QLabel(tr("ab.attack.aura_short"), self))
        turning.addWidget(self.response_aura)
        turning.addWidget(self.response_turn)
        form.addRow(tr("ab.attack.response"), turning)
        dice = QFormLayout()
        dice.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for name, edit in self.faces.items():
            dice.addRow(tr(f"ab.attack.faces_{name}"), edit)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addLayout(form)
        layout.addWidget(self.breakdown)
        layout.addWidget(self.odds)
        layout.addWidget(self.landing)
        layout.addLayout(dice)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.roll)
        layout.addLayout(row)
        layout.addStretch(1)

    @property
    def state(self) -> DuelState:
        return self._bridge.state

    def _on_change(self, _change: Change) -> None:
        self._fill()

    @staticmethod
    def _set_items(combo: QComboBox, items: list[tuple[object, str]]) -> None:
        if [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())] == items:
            return
        chosen = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        for data, text in items:
            combo.addItem(text, data)
        combo.setCurrentIndex(max(0, combo.findData(chosen)))
        combo.blockSignals(False)

    def _fill(self) -> None:
        """The units still flying as attackers and targets, the attacker's guns and sword."""
        state = self.state
        flying = [(u.id, u.name) for u in state.units.values() if not u.destroyed]
        self._set_items(self.attacker, flying)  # type: ignore[arg-type]
        attacker = self.attacker.currentData()
        self._set_items(self.target, [(i, n) for i, n in flying if i != attacker])  # type: ignore[arg-type]
        unit = state.units.get(attacker)
        arms: list[tuple[object, str]] = [(n, g.name) for n, g in enumerate(unit.machine.guns)] if unit else []
        if unit and unit.machine.sword:
            arms.append((SWORD, unit.machine.sword.name))
        self._set_items(self.arm, arms)
        self.table.setVisible(state.table_mode)
        self.refresh()

    def _changed(self) -> None:
        self._fill()

    def aim(self, attacker: str | None, target: str | None = None) -> None:
        """Choose the attacker (the selected unit) and the target (the map's)."""
        for combo, value in ((self.attacker, attacker), (self.target, target)):
            index = combo.findData(value)
            if value is not None and index >= 0:
                combo.setCurrentIndex(index)

    def draft(self) -> m.Attack | None:
        attacker, target, arm = self.attacker.currentData(), self.target.currentData(), self.arm.currentData()
        if attacker is None or target is None or arm is None:
            return None
        hit = typed_faces(self.faces["hit"].text())
        return m.Attack(attacker=attacker, target=target, gun=None if arm == SWORD else arm,
                        defence=self.defence.currentData(), **{k: s.value() for k, s in self.aura.items()},
                        hit_faces=hit if hit is not None and len(hit) == 2 else None,
                        land_on=self.land_on.currentData(), land_faces=(typed_faces(self.faces["land"].text()) or ())[:2] or None,
                        damage_faces=typed_faces(self.faces["damage"].text()),
                        table=self.table.geometry_typed() if self.state.table_mode else None)

    def refresh(self) -> None:
        draft = self.draft()
        if draft is None:
            self._refused(tr("ab.attack.nothing"))
            return
        typed = typed_faces(self.faces["hit"].text())
        if typed is not None and len(typed) != 2:
            self._refused(tr("ab.attack.typed_two", typed=len(typed)))
            return
        try:
            self._show(self._rules.attack_plan(self.state, draft))
        except RulesError as refused:
            self._refused(refused.message())

    def _refused(self, why: str) -> None:
        self.breakdown.setText(why)
        self.landing.setText("")
        self.odds.setText("")
        self.roll.setEnabled(False)

    def _show(self, seen: AttackPlan) -> None:
        lines = [f"{tr(key)} {value:+d}" for key, value in seen.hit.terms]
        self.breakdown.setText(tr("ab.attack.breakdown", sector=seen.sector, range=seen.range, terms="\n".join(lines),
                                  value=seen.hit.value))
        law = " · ".join(f"{d}: {percent(p)}" for d, p in seen.damage_law(6) if p)
        triggers = " ".join(map(str, sorted(seen.triggers))) or "—"
        self.odds.setText(tr("ab.attack.odds", hit=percent(seen.chance), triggers=triggers, law=law,
                             destroy_if_hit=percent(seen.destroy_if_hit), destroy=percent(seen.destroy)))
        carried = len(seen.landing) > 1
        self.landing.setVisible(carried)
        self.landing.setText(tr("ab.attack.landing", landing=", ".join(f"{u.name} {percent(p)}" for u, p in seen.landing))
                             if carried else "")
        self.roll.setEnabled(True)

    def turn_in_response(self) -> bool:
        """AB-12: the target turns against the attack being declared, paying response PP."""
        target = self.target.currentData()
        if target is None or not self._run(m.ResponseTurn(unit=target, sides=self.response.currentData(),
                                                          aura=self.response_aura.value())):
            return False
        self.response_aura.setValue(0)
        return True

    def attack(self) -> bool:
        draft = self.draft()
        if draft is None or not self._run(draft):
            return False
        for edit in self.faces.values():
            edit.clear()
        for spin in self.aura.values():
            spin.setValue(0)
        return True
