"""The duel's attack panel (AB-13..AB-20), one column beside the map at 1366 px: whose attack (the
attacker follows the window's selection) on which target (enemies first; never one's own side or a
wreck by default, and an attack on one's own side asks once), gun or sword and the target's defence;
aura power spent (the attacker's first; the target's also on action PP for its defence, and on
response PP for a response turn); in table mode the sector and range typed (:mod:`.table_inputs`);
the hit value term by term, the exact chance to hit, the open damage roll's law and the chance to
destroy before anything is rolled; the dice typed from the table or rolled; and the last roll's
outcome, whole, until the next roll. A new attacker starts from its own inputs (nothing carried
over from the last). The panel holds no rules: it asks the game (``attack_plan``, the targets of
:mod:`..rules.duel_targets`) and runs its command."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import escape

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QVBoxLayout, QWidget

from gmtool.core.encounter import Change
from gmtool.core.errors import RulesError
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.aura_battler.gui import own_side
from gmtool.games.aura_battler.gui.attack_parts import AuraInputs, DiceInputs, ResponseRow, terms_html
from gmtool.games.aura_battler.gui.faces import percent, typed_faces
from gmtool.games.aura_battler.gui.table_inputs import TableInputs
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.duel import AuraRules
from gmtool.games.aura_battler.rules.duel_attack import AttackPlan
from gmtool.games.aura_battler.rules.duel_state import DuelState
from gmtool.games.aura_battler.rules.duel_targets import default_target, same_side, targets
from gmtool.games.aura_battler.rules.duel_words import result_lines
from gmtool.ui.narrow_combo import narrow
from gmtool.viewmodels.bridge import EncounterBridge

SWORD = -1  # the arm combo's data for the sword
DEFENCES = ("evade", "parry", "none")


class AttackPanel(QWidget):
    aimed = Signal(object, object)  # (attacker, target) after the pair changed, by the GM or by the panel

    def __init__(self, bridge: EncounterBridge, run: Callable[[Command], bool], rules: AuraRules,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge, self._run, self._rules = bridge, run, rules
        self._pair: tuple[object, object] = (None, None)  # the attacker and target the inputs are for
        self._confirmed: tuple[str, str] | None = None  # an attack on one's own side, confirmed for this pair
        self._result: m.AttackMade | None = None
        self._held: bool | None = None  # inside _one_refresh: whether a refresh waits
        self.after_attack: Callable[[], None] = lambda: None  # the window gives the focus back to the fight
        self._make_widgets()
        self._lay_out()
        self._connect()
        bridge.changed.connect(self._on_change)
        self._fill()

    def _make_widgets(self) -> None:
        self.attacker, self.target, self.arm, self.defence = (narrow(QComboBox(self), 6) for _ in range(4))
        for name, combo in (("Attacker", self.attacker), ("Target", self.target), ("Arm", self.arm),
                            ("Defence", self.defence)):
            combo.setObjectName(f"abAttack{name}")
            combo.setToolTip(tr(f"ab.attack.{name.lower()}"))
        for choice in DEFENCES:
            self.defence.addItem(tr(f"ab.defence.{choice}"), choice)
        self.table = TableInputs(self)
        self.aura_inputs = AuraInputs(self)
        self.aura = self.aura_inputs.spins
        self.response_row = ResponseRow(self)
        self.response, self.response_aura = self.response_row.sides, self.response_row.aura
        self.response_turn = self.response_row.button
        self.land_on = narrow(QComboBox(self), 6)
        self.land_on.setObjectName("abAttackLandOn")
        for aboard in ("battler", "carrier"):
            self.land_on.addItem(tr(f"ab.land.{aboard}"), aboard)
        self.land_on_label = QLabel(tr("ab.attack.land_on"), self)
        self.land_on_label.setWordWrap(True)
        self.warning = self._label("abAttackWarning")
        self.warning.setVisible(False)  # shown only for a target of the attacker's own side
        self.breakdown, self.odds, self.landing = (self._label(n) for n in ("abAttackBreakdown", "abAttackOdds",
                                                                            "abAttackLanding"))
        self.dice = DiceInputs(self)
        self.faces, self.roll = self.dice.faces, self.dice.roll
        self.result = self._label("abAttackResult")

    def _label(self, name: str) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setWordWrap(True)
        return label

    def _lay_out(self) -> None:
        pair = QGridLayout()
        pair.setContentsMargins(0, 0, 0, 0)
        pair.addWidget(self.attacker, 0, 0)
        pair.addWidget(QLabel("→", self), 0, 1)
        pair.addWidget(self.target, 0, 2)
        pair.addWidget(self.arm, 1, 0, 1, 3)
        defence = QLabel(tr("ab.attack.defence"), self)
        defence.setBuddy(self.defence)
        pair.addWidget(defence, 2, 0)
        pair.addWidget(self.defence, 2, 1, 1, 2)
        pair.setColumnStretch(0, 1)
        pair.setColumnStretch(2, 1)
        carried = QGridLayout()
        carried.setContentsMargins(0, 0, 0, 0)
        carried.addWidget(self.land_on_label, 0, 0)
        carried.addWidget(self.land_on, 0, 1)
        carried.setColumnStretch(0, 1)
        layout = QVBoxLayout(self)
        layout.setSpacing(5)
        for part in (pair, self.aura_inputs, self.response_row):
            layout.addLayout(part)
        layout.addWidget(self.table)
        layout.addLayout(carried)
        for label in (self.warning, self.breakdown, self.odds, self.landing):
            layout.addWidget(label)
        layout.addLayout(self.dice)
        layout.addWidget(self.result)
        layout.addStretch(1)

    def _connect(self) -> None:
        self.attacker.currentIndexChanged.connect(self._attacker_chosen)
        self.target.currentIndexChanged.connect(self._target_chosen)
        for combo in (self.arm, self.defence, self.land_on):
            combo.currentIndexChanged.connect(self.refresh)
        for spin in self.aura.values():
            spin.valueChanged.connect(self.refresh)
        for edit in self.faces.values():
            edit.textChanged.connect(self.refresh)
        self.table.on_change(self.refresh)
        self.roll.clicked.connect(self.attack)
        self.response_turn.clicked.connect(self.turn_in_response)

    @property
    def state(self) -> DuelState:
        state: DuelState = self._bridge.state  # the duel's (the shell holds any game's)
        return state

    def _on_change(self, _change: Change) -> None:
        self._fill()

    @staticmethod
    def _set_items(combo: QComboBox, items: list[tuple[object, str]], chosen: object) -> None:
        if [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())] != items:
            combo.blockSignals(True)
            combo.clear()
            for data, text in items:
                combo.addItem(text, data)
            combo.blockSignals(False)
        if combo.currentData() != chosen or combo.currentIndex() < 0:
            combo.blockSignals(True)
            combo.setCurrentIndex(max(0, combo.findData(chosen)))
            combo.blockSignals(False)

    # -- who attacks whom ---------------------------------------------------------------------
    def _fill(self) -> None:
        """Every machine as attacker (a wreck marked: selected, it is refused with the reason); its
        targets enemies first; its guns and sword. A new pair starts from fresh inputs."""
        state = self.state
        units: list[tuple[object, str]] = [(u.id, tr("ab.attack.wreck", name=u.name) if u.destroyed else u.name)
                                           for u in state.units.values()]
        self._set_items(self.attacker, units, self.attacker.currentData())
        attacker = self.attacker.currentData()
        offered = targets(state, attacker)
        chosen = self.target.currentData()
        wanted = next((c for c in offered if c.id == chosen), None)
        if attacker != self._pair[0] or wanted is None or wanted.destroyed:
            chosen = default_target(state, attacker)  # never one's own side, never a wreck
        items: list[tuple[object, str]] = [(None, tr("ab.attack.choose_target"))]
        items += [(c.id, self._target_text(c.name, c.enemy, c.destroyed)) for c in offered]
        self._set_items(self.target, items, chosen)
        unit = state.units.get(attacker)
        arms: list[tuple[object, str]] = [(n, g.name) for n, g in enumerate(unit.machine.guns)] if unit else []
        if unit and unit.machine.sword:
            arms.append((SWORD, unit.machine.sword.name))
        self._set_items(self.arm, arms, self.arm.currentData())
        self.table.setVisible(state.table_mode)
        self._new_pair()
        self._show_result(state.last_attack)
        self.refresh()

    @staticmethod
    def _target_text(name: str, enemy: bool, destroyed: bool) -> str:
        if destroyed:
            return tr("ab.attack.wreck", name=name)
        return name if enemy else tr("ab.attack.own_side_name", name=name)

    def _new_pair(self) -> None:
        """Inputs start afresh for a new attacker (all) or a new target (the target's and the table's)."""
        pair = (self.attacker.currentData(), self.target.currentData())
        if pair == self._pair:
            return
        new_attacker = pair[0] != self._pair[0]
        self._pair, self._confirmed = pair, None
        widgets = [self.defence, self.land_on, self.response, self.response_aura, *self.aura.values(), *self.faces.values()]
        for widget in widgets:
            widget.blockSignals(True)
        if new_attacker:
            self.arm.setCurrentIndex(0)
            for name in ("aura_attack", "aura_power"):
                self.aura[name].setValue(0)
        for combo in (self.defence, self.land_on, self.response):
            combo.setCurrentIndex(0)
        for name in ("aura_action", "aura_defence", "aura_barrier"):
            self.aura[name].setValue(0)
        self.response_aura.setValue(0)
        self.dice.clear()
        for widget in widgets:
            widget.blockSignals(False)
        self.table.reset()
        self.aimed.emit(*pair)

    def _attacker_chosen(self) -> None:
        attacker = self.attacker.currentData()
        if attacker is not None and attacker != self._bridge.selected:
            self._bridge.select(attacker)  # the window follows: map, sheet and order on the same machine
        self._fill()

    def _target_chosen(self) -> None:
        self._fill()

    def aim(self, attacker: str | None, target: str | None = None) -> None:
        """The attacker (the selected machine) and, if given, the target (the map's)."""
        if attacker is not None and self.attacker.findData(attacker) >= 0 and attacker != self.attacker.currentData():
            self.attacker.blockSignals(True)
            self.attacker.setCurrentIndex(self.attacker.findData(attacker))
            self.attacker.blockSignals(False)
            self._fill()
        if target is not None and self.target.findData(target) >= 0 and target != self.target.currentData():
            self.target.setCurrentIndex(self.target.findData(target))

    # -- the plan before the roll ----------------------------------------------------------------
    def draft(self) -> m.Attack | None:
        attacker, target, arm = self.attacker.currentData(), self.target.currentData(), self.arm.currentData()
        if attacker is None or target is None or arm is None:
            return None
        hit = typed_faces(self.faces["hit"].text())
        land = (typed_faces(self.faces["land"].text()) or ())[:2] or None
        return m.Attack(attacker=attacker, target=target, gun=None if arm == SWORD else arm,
                        defence=self.defence.currentData(), **{k: s.value() for k, s in self.aura.items()},
                        hit_faces=hit if hit is not None and len(hit) == 2 else None,
                        land_on=self.land_on.currentData(), land_faces=land,
                        damage_faces=typed_faces(self.faces["damage"].text()),
                        table=self.table.geometry_typed() if self.state.table_mode else None)

    def refresh(self) -> None:
        if self._held is not None:
            self._held = True  # refreshed once at the end of _one_refresh
            return
        state = self.state
        target = state.units.get(self.target.currentData())
        carried = target is not None and target.carried_by is not None
        for widget in (self.land_on_label, self.land_on):
            widget.setVisible(carried)
        self.dice.show_landing(carried)
        turnable = target is not None and not target.destroyed
        self.response_turn.setEnabled(turnable)  # AB-12: the target turns; with none, the button says so
        self.response_turn.setToolTip(tr("ab.attack.response") if turnable else tr("ab.attack.response_no_target"))
        self._warn()
        draft = self.draft()
        if draft is None:
            self._refused(tr("ab.attack.no_enemy") if self.target.currentData() is None and
                          self.attacker.currentData() is not None else tr("ab.attack.nothing"))
            return
        typed = typed_faces(self.faces["hit"].text())
        if typed is not None and len(typed) != 2:
            self._refused(tr("ab.attack.typed_two", typed=len(typed)))
            return
        try:
            self._show(self._rules.attack_plan(state, draft))
        except RulesError as refused:
            self._refused(refused.message())

    def _warn(self) -> None:
        """A line over the plan when the target flies for the attacker's own side."""
        attacker, target = self.attacker.currentData(), self.target.currentData()
        ally = same_side(self.state, attacker, target)
        text = tr("ab.attack.own_side_warning", target=self.state.units[target].name,
                  side=self.state.units[target].side) if ally else ""
        if self.warning.text() != text:
            self.warning.setText(text)
            self.warning.setVisible(ally)

    def _refused(self, why: str) -> None:
        self.breakdown.setText(f"<b>{escape(why)}</b>")
        self.landing.setText("")
        self.landing.setVisible(False)
        self.odds.setText("")
        self.roll.setEnabled(False)
        self.roll.setToolTip(why)

    def _show(self, seen: AttackPlan) -> None:
        terms = [(tr(key), value) for key, value in seen.hit.terms]
        self.breakdown.setText(terms_html(tr("ab.attack.head", sector=seen.sector, range=seen.range), terms,
                                          tr("ab.attack.value", value=seen.hit.value)))
        law = " · ".join(f"{d}: {percent(p)}" for d, p in seen.damage_law(6) if p)
        triggers = " ".join(map(str, sorted(seen.triggers))) or "—"
        chances = tr("ab.attack.chances", hit=percent(seen.chance), destroy=percent(seen.destroy))
        odds = tr("ab.attack.odds", triggers=triggers, law=law, destroy_if_hit=percent(seen.destroy_if_hit))
        self.odds.setText(f"<b>{escape(chances)}</b><br>{escape(odds)}")
        carried = len(seen.landing) > 1
        self.landing.setVisible(carried)
        self.landing.setText(tr("ab.attack.landing", landing=", ".join(f"{u.name} {percent(p)}" for u, p in seen.landing))
                             if carried else "")
        self.roll.setEnabled(True)
        self.roll.setToolTip(tr("ab.attack.roll_tip"))

    def _show_result(self, made: m.AttackMade | None) -> None:
        """The last roll's outcome, whole, until the next (undo and rewind show the one then)."""
        if made is self._result and self.result.text():
            return
        self._result = made
        if made is None:
            self.result.setText(f"<i>{escape(tr('ab.result.none'))}</i>")
            return
        head, dice = result_lines(made)
        self.result.setText(f"{escape(tr('ab.result.title'))}: <b>{escape(head)}</b><br>{escape(dice)}")

    # -- what the GM does ---------------------------------------------------------------------
    def turn_in_response(self) -> bool:
        """AB-12: the target turns against the attack being declared, paying response PP."""
        target = self.target.currentData()
        if target is None:
            return False
        if not self._run(m.ResponseTurn(unit=target, sides=self.response.currentData(), aura=self.response_aura.value())):
            return False
        self.response_aura.setValue(0)
        return True

    def attack(self) -> bool:
        """Roll (or take the typed dice); an attack on one's own side asks first, once for this pair."""
        draft = self.draft()
        if draft is None:
            return False
        pair = (draft.attacker, draft.target)
        if same_side(self.state, *pair) and self._confirmed != pair:
            attacker, target = self.state.units[draft.attacker], self.state.units[draft.target]
            if not own_side.ask(self, attacker.name, target.name, target.side):
                return False
            self._confirmed = pair
        with self._one_refresh():  # the duel redrawn, the dice and aura cleared: the next attack planned once
            if not self._run(draft):
                return False
            self._confirmed = None  # for that attack only
            self.dice.clear()
            for spin in self.aura.values():
                spin.setValue(0)
        self.after_attack()
        return True

    @contextmanager
    def _one_refresh(self) -> Iterator[None]:
        """While inside, a refresh asked for waits; at the end the panel is refreshed once if one was asked for
        (an attack's change, then each field cleared, planned the next attack three times)."""
        self._held = False
        try:
            yield
        finally:
            due, self._held = self._held, None
            if due:
                self.refresh()
