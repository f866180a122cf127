"""The rally's attack panel: the active gear attacks — target and weapon chosen, the plan term by
term and the exact odds shown before anything is rolled; the dice typed from the table or rolled.
In table mode the geometry read off the physical board is typed here (arc, lock, side, range, cover).
The panel holds no rules: it asks the game (``attack_preview``) and runs its command."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.encounter import Change
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.badlands_rally.gui.area_gears import AreaGears
from gmtool.games.badlands_rally.gui.attack_panel_parts import percent, typed_faces
from gmtool.games.badlands_rally.gui.move_box import MoveBox
from gmtool.games.badlands_rally.gui.push_box import PushBox
from gmtool.games.badlands_rally.gui.reaction_box import ReactionBox
from gmtool.games.badlands_rally.gui.spin_box import SpinBox
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_attack import AttackPreview
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.ui.theme import set_tone
from gmtool.viewmodels.bridge import EncounterBridge

SIDES = ("front", "flank", "rear")


class AttackPanel(QWidget):
    def __init__(self, bridge: EncounterBridge, run: Callable[[Command], bool], rules: RallyRules,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge, self._run, self._rules = bridge, run, rules
        self._stale = False
        self._shown = True  # the dock's tab in front (set_shown)
        self.attacker = QLabel(self)
        self.target = QComboBox(self)
        self.target.setObjectName("brAttackTarget")
        self.weapon = QComboBox(self)
        self.weapon.setObjectName("brAttackWeapon")
        self.table = self._table_inputs()
        self.plan = QLabel(self)
        self.plan.setWordWrap(True)
        self.odds = QLabel(self)
        self.odds.setObjectName("brAttackOdds")
        self.odds.setWordWrap(True)
        self.faces = {name: QLineEdit(self) for name in ("attack", "defence", "damage")}
        for name, edit in self.faces.items():
            edit.setObjectName(f"brFaces_{name}")
            edit.setPlaceholderText(tr("br.attack.faces_hint"))
        self.warning = QLabel(self)
        self.warning.setWordWrap(True)
        set_tone(self.warning, "warning")
        self.warning.hide()
        self.roll = QPushButton(tr("br.attack.roll"), self)
        self.roll.setObjectName("brAttackRoll")
        self.spins = SpinBox(run, self)
        self.reaction = ReactionBox(run, rules, self)  # BR-18: while a passive gear may react, the panel is its
        self.moves = MoveBox(run, self)
        self.push = PushBox(run, lambda: rules.readings, self)
        self._lay_out()
        for combo in (self.target, self.weapon):
            combo.currentIndexChanged.connect(self.refresh)
        for edit in self.faces.values():
            edit.textChanged.connect(self.refresh)
        self.roll.clicked.connect(self.attack)
        self.reaction.gear.currentIndexChanged.connect(self._fill)
        self.reaction.active_first.toggled.connect(self._fill)
        bridge.changed.connect(self._on_change)
        self._fill()

    def _table_inputs(self) -> QGroupBox:
        box = QGroupBox(tr("br.attack.table"), self)
        form = QFormLayout(box)
        self.in_front, self.lock = QCheckBox(tr("br.attack.in_front"), box), QCheckBox(tr("br.attack.lock"), box)
        self.in_front.setChecked(True)
        self.lock.setChecked(True)
        self.side = QComboBox(box)
        for side in SIDES:
            self.side.addItem(tr(f"br.side.{side}"), side)
        self.range, self.cover = QSpinBox(box), QSpinBox(box)
        self.range.setRange(0, 60)
        self.range.setValue(1)
        self.cover.setRange(0, 12)
        self.cover.setSuffix("D6")
        form.addRow(self.in_front)
        form.addRow(self.lock)
        form.addRow(tr("br.attack.side"), self.side)
        form.addRow(tr("br.attack.range"), self.range)
        form.addRow(tr("br.attack.cover"), self.cover)
        self.area_gears = AreaGears(box)  # BR-11 Area Effect: the gears next to the target, off the board
        form.addRow(tr("br.attack.area_gears"), self.area_gears)
        self.area_gears.itemChanged.connect(self.refresh)
        for widget in (self.in_front, self.lock):
            widget.toggled.connect(self.refresh)
        self.side.currentIndexChanged.connect(self.refresh)
        for spin in (self.range, self.cover):
            spin.valueChanged.connect(self.refresh)
        return box

    def _lay_out(self) -> None:
        form = QFormLayout()
        form.addRow(tr("br.attack.attacker"), self.attacker)
        form.addRow(tr("br.attack.target"), self.target)
        form.addRow(tr("br.attack.weapon"), self.weapon)
        dice = QFormLayout()
        for name, edit in self.faces.items():
            dice.addRow(tr(f"br.attack.faces_{name}"), edit)
        layout = QVBoxLayout(self)
        layout.addWidget(self.reaction)
        layout.addLayout(form)
        layout.addWidget(self.table)
        layout.addWidget(self.plan)
        layout.addWidget(self.odds)
        layout.addLayout(dice)
        layout.addWidget(self.warning)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.roll)
        layout.addLayout(row)
        layout.addWidget(self.spins)
        layout.addWidget(self.moves)
        layout.addWidget(self.push)
        layout.addStretch(1)

    # -- what is shown ------------------------------------------------------------------------
    @property
    def state(self) -> RaceState:
        return self._bridge.state

    def _on_change(self, _change: Change) -> None:
        if self.isVisible() and self._shown:
            self._fill()
        else:
            self._stale = True  # a hidden tab plans nothing: it fills when shown

    def set_shown(self, shown: bool) -> None:
        """The dock's tab is in front or behind another (a tab behind is moved off screen, not hidden)."""
        self._shown = shown
        if shown and self._stale and self.isVisible():
            self._stale = False
            self._fill()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if self._stale and self._shown:
            self._stale = False
            self._fill()

    def _fill(self) -> None:
        """The attacker (the active gear), its targets and weapons, keeping the choices still valid."""
        state = self.state
        self.reaction.show_window(state)
        attacker = self._attacker()
        gear = state.gears.get(attacker) if attacker else None
        self.attacker.setText(gear.name if gear else tr("br.attack.nobody"))
        targets = [(g.id, g.name) for g in state.gears.values() if gear is not None and g.id != gear.id and not g.out
                   and (attacker == state.current or g.id == state.current)]  # a reaction: on the active gear
        weapons = [(n, w.name) for n, w in enumerate(gear.weapons)] if gear else []
        for combo, items in ((self.target, targets), (self.weapon, weapons)):
            if [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())] != items:
                chosen = combo.currentData()
                combo.blockSignals(True)
                combo.clear()
                for data, text in items:
                    combo.addItem(text, data)
                combo.setCurrentIndex(max(0, combo.findData(chosen)))
                combo.blockSignals(False)
        if gear is not None and self.reaction.melee_only():  # a melee reaction: its melee weapon offered first
            chosen = self.weapon.currentData()
            if chosen is None or "melee" not in gear.weapons[chosen].traits:
                melee = next((n for n, w in enumerate(gear.weapons) if "melee" in w.traits), None)
                if melee is not None:
                    self.weapon.setCurrentIndex(self.weapon.findData(melee))
        self.table.setVisible(state.table_mode)
        self.area_gears.show_gears(state, state.current)
        self.spins.show_waiting(state)
        self.moves.show_gear(state)
        reactor = self.reaction.reactor()
        self.roll.setText(tr("br.reaction.react", name=gear.name) if reactor and gear else tr("br.attack.roll"))
        self.push.show_gear(state)
        self.refresh()

    def _attacker(self) -> str | None:
        """The active gear, or the passive gear whose reaction the panel is for (BR-18)."""
        return self.reaction.reactor() or self.state.current

    def fresh(self) -> None:
        """A panel behind another tab is filled before a deed of it runs from a key: its boxes read the race."""
        if self._stale:
            self._stale = False
            self._fill()

    def aim_at(self, target: str | None) -> None:
        """Choose the target (the map's line of fire follows the same gear)."""
        self.fresh()
        index = self.target.findData(target)
        if index >= 0:
            self.target.setCurrentIndex(index)

    def draft(self) -> m.AttackGear | None:
        state, attacker = self.state, self._attacker()
        if attacker is None or self.target.currentData() is None or self.weapon.currentData() is None:
            return None
        table = m.TableGeometry(in_front=self.in_front.isChecked(), lock=self.lock.isChecked(),
                                side=self.side.currentData(), range=self.range.value(),
                                cover_dice=self.cover.value()) if state.table_mode else None
        return m.AttackGear(attacker=attacker, target=self.target.currentData(), weapon=self.weapon.currentData(),
                            attack_faces=typed_faces(self.faces["attack"].text()),
                            defence_faces=typed_faces(self.faces["defence"].text()),
                            damage_faces=typed_faces(self.faces["damage"].text()), table=table,
                            area_gears=self.area_gears.ticked() if table else ())

    def refresh(self) -> None:
        draft = self.draft()
        if draft is None:
            self._show(None)
            return
        preview = self._rules.reaction_preview if self.reaction.reactor() else self._rules.attack_preview
        self._show(preview(self.state, draft))

    def _show(self, seen: AttackPreview | None) -> None:
        if seen is None or seen.refusal:
            self.plan.setText(seen.refusal if seen else tr("br.attack.nothing"))
            self.odds.setText("")
            self.roll.setEnabled(False)
            return
        terms = lambda pairs: ", ".join(f"{tr(key)} {dice:+d}" for key, dice in pairs)  # noqa: E731
        self.plan.setText(tr("br.attack.plan", attack=seen.attack_dice, attack_terms=terms(seen.attack_terms),
                             defence=seen.defence_dice, defence_terms=terms(seen.defence_terms), range=seen.range,
                             side=tr(f"br.side.{seen.side}")))
        if seen.area:  # BR-11 Area Effect: who else it would hit
            self.plan.setText(self.plan.text() + " " + tr("br.attack.area", names=", ".join(seen.area),
                                                          chance=percent(seen.area_chance)))
        if seen.automatic_failure:
            self.odds.setText(tr("br.attack.beyond_maximum"))
        else:
            self.odds.setText(tr("br.attack.odds", success=percent(seen.success), damage=percent(seen.some_damage),
                                 hull=percent(seen.empties_hull))
                              + (" " + tr("br.attack.exposed", chance=percent(seen.exposed_spin))
                                 if seen.exposed_spin else ""))
        wrong = [tr("br.attack.typed_count", dice=tr(f"br.attack.faces_{name}"), typed=len(faces), needed=needed)
                 for name, needed in (("attack", seen.attack_dice), ("defence", seen.defence_dice))
                 if (faces := typed_faces(self.faces[name].text())) is not None and len(faces) != needed]
        self.warning.setText(" ".join(wrong))
        self.warning.setVisible(bool(wrong))
        if seen.damage_dice is not None:
            self.faces["damage"].setPlaceholderText(tr("br.attack.damage_needed", dice=seen.damage_dice))
        else:
            self.faces["damage"].setPlaceholderText(tr("br.attack.faces_hint"))
        self.roll.setEnabled(True)

    # -- the attack -----------------------------------------------------------------------------
    def attack(self) -> bool:
        self.fresh()
        draft = self.draft()
        if draft is None or not (self.reaction.react(draft) if self.reaction.reactor() else self._run(draft)):
            return False
        for edit in self.faces.values():
            edit.clear()
        return True
