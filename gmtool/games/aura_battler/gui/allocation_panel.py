"""The PP allocation panel (AB-22): one unit's split among action, attack, defence, power, barrier
and response, the PP still to give always shown, refused until the six total the pilot's base.
The panel holds no rules: the game decides the command it runs."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from gmtool.core.encounter import Change
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.duel_actions import why_not
from gmtool.games.aura_battler.rules.duel_state import DuelState
from gmtool.ui.theme import set_tone
from gmtool.viewmodels.bridge import EncounterBridge


class AllocationPanel(QWidget):
    def __init__(self, bridge: EncounterBridge, run: Callable[[Command], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge, self._run = bridge, run
        self.unit = QComboBox(self)
        self.unit.setObjectName("abAllocUnit")
        self.spins = {item: QSpinBox(self) for item in m.PP_ITEMS}
        form = QFormLayout()
        form.addRow(tr("ab.alloc.unit"), self.unit)
        for item, spin in self.spins.items():
            spin.setObjectName(f"abAlloc_{item}")
            form.addRow(tr(f"ab.pp.{item}"), spin)
            spin.valueChanged.connect(self._show_left)
        self.left = QLabel(self)
        self.left.setObjectName("abAllocLeft")
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.allocate = QPushButton(tr("ab.alloc.allocate"), self)
        self.allocate.setObjectName("abAllocate")
        self.reveal = QPushButton(tr("action.ab_reveal"), self)  # AB-22: the splits shown to the players
        self.reveal.setObjectName("abReveal")
        self.reveal.clicked.connect(lambda: self._run(m.RevealAllocations()))
        layout = QVBoxLayout(self)
        help_text = QLabel(tr("ab.alloc.help"), self)
        help_text.setWordWrap(True)
        layout.addWidget(help_text)
        layout.addLayout(form)
        layout.addWidget(self.left)
        layout.addWidget(self.allocate)
        layout.addWidget(self.status)
        layout.addWidget(self.reveal)
        layout.addStretch(1)
        self.unit.currentIndexChanged.connect(self._unit_chosen)
        self.allocate.clicked.connect(self.submit)
        bridge.changed.connect(self._on_change)
        self._fill()

    @property
    def state(self) -> DuelState:
        state: DuelState = self._bridge.state  # the duel's (the shell holds any game's)
        return state

    def _on_change(self, _change: Change) -> None:
        self._fill()

    def _fill(self) -> None:
        """Every unit still in the fight; the first one still allocating is chosen."""
        state = self.state
        items = [(u.id, u.name) for u in state.units.values() if not u.destroyed]
        if [(self.unit.itemData(i), self.unit.itemText(i)) for i in range(self.unit.count())] != items:
            self.unit.blockSignals(True)
            self.unit.clear()
            for data, text in items:
                self.unit.addItem(text, data)
            self.unit.blockSignals(False)
        waiting = state.allocating
        chosen = self.unit.currentData()
        if waiting and (chosen is None or state.units[chosen].allocated):
            self.unit.setCurrentIndex(max(0, self.unit.findData(waiting[0].id)))
        self.status.setText(tr("ab.alloc.waiting", names=", ".join(u.name for u in waiting)) if waiting
                            else tr("ab.alloc.done") if state.turn else tr("ab.heading.not_started"))
        refused = why_not(state, None).get("reveal", "")
        self.reveal.setEnabled(not refused)
        self.reveal.setToolTip(refused or tr("ab.heading.not_revealed"))
        self._unit_chosen()

    def choose(self, unit_id: str) -> None:
        index = self.unit.findData(unit_id)
        if index >= 0:
            self.unit.setCurrentIndex(index)

    def _unit_chosen(self) -> None:
        unit = self.state.units.get(self.unit.currentData())
        base = unit.pilot.base_pp if unit else 0
        split = (unit.points.action, unit.points.attack, unit.points.defence, unit.points.power, unit.points.barrier,
                 unit.points.response) if unit and unit.allocated else (0,) * 6  # a new split starts from nothing
        for spin, value in zip(self.spins.values(), split, strict=True):
            spin.blockSignals(True)
            spin.setRange(0, base)
            spin.setValue(value)
            spin.blockSignals(False)
        self._show_left()

    def remaining(self) -> int:
        unit = self.state.units.get(self.unit.currentData())
        return (unit.pilot.base_pp if unit else 0) - sum(spin.value() for spin in self.spins.values())

    def _show_left(self) -> None:
        left = self.remaining()
        self.left.setText(tr("ab.alloc.left", n=left))
        set_tone(self.left, "good" if left == 0 else "warning")
        refused = (tr("error.ab_no_turn") if self.state.turn == 0 else tr("ab.tip.select_machine")
                   if self.unit.currentData() is None else "" if left == 0 else tr("ab.alloc.must_total"))
        self.allocate.setEnabled(not refused)
        self.allocate.setToolTip(refused)

    def set_split(self, values: tuple[int, ...]) -> None:
        for spin, value in zip(self.spins.values(), values, strict=True):
            spin.setValue(value)

    def submit(self) -> bool:
        unit = self.unit.currentData()
        if unit is None:
            return False
        values = tuple(spin.value() for spin in self.spins.values())
        return self._run(m.AllocatePP(unit=unit, points=values))
