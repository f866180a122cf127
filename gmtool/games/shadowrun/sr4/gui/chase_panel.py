"""The rigging and chase tab of the SR4 panel, beside the pass order (SR4-V1..V7).

The vehicle forms act on the combatant selected in the order: register its vehicle attributes,
set who controls it, roll its vehicle or sensor test, lock on, take a hit, make a chase
manoeuvre. The chase box starts a chase, rolls a pursuer's range test and shows the bands.
Ctrl+Alt+V brings the tab to the front. Every press is a command through the bridge; refusals
show in the tab's error line.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.shadowrun.sr4.gui.chase_forms import choice, fill_combatants, spin
from gmtool.games.shadowrun.sr4.rules import vehicle_messages as vm
from gmtool.games.shadowrun.sr4.rules.vehicle_state import AUTOSOFTS, BANDS, VehicleStats
from gmtool.games.shadowrun.sr4.rules.vehicle_view import chase_lines, vehicle_lines
from gmtool.ui.theme import set_tone
from gmtool.viewmodels.bridge import EncounterBridge

SHORTCUT = "Ctrl+Alt+V"
STATS = (("handling", -6, 6), ("speed", 0, 2000), ("pilot", 0, 10), ("body", 0, 40), ("armor", 0, 40),
         ("sensor", 0, 10))
MANOEUVRES = ("control", "break_away", "cut_off", "positioning", "ram")


class ChasePanel(QWidget):
    """Vehicles, drones and the chase of an SR4 encounter."""

    def __init__(self, bridge: EncounterBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chasePanel")
        self.bridge = bridge
        layout = QVBoxLayout(self)
        self.error = QLabel(self)
        self.error.setObjectName("rigError")
        self.error.setWordWrap(True)
        set_tone(self.error, "error")
        self.vehicles = QLabel(self)
        self.vehicles.setObjectName("rigVehicles")
        self.vehicles.setWordWrap(True)
        for widget in (self.error, self.vehicles, self._vehicle_box(), self._control_box(), self._test_box(),
                       self._chase_box()):
            layout.addWidget(widget)
        layout.addStretch(1)
        self.show_action = QAction(tr("sr4rig.ui.show"), self)
        self.show_action.setObjectName("action_rigging")
        self.show_action.setShortcut(QKeySequence(SHORTCUT))
        self.show_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        bridge.changed.connect(lambda _c: self.refresh())
        bridge.selectionChanged.connect(lambda _c: self._load_stats())
        self.refresh()

    # -- building ----------------------------------------------------------------------
    def _button(self, parent: QWidget, key: str, slot) -> QPushButton:  # noqa: ANN001
        button = QPushButton(tr(f"sr4rig.ui.{key}"), parent)
        button.setObjectName(f"rig_{key}")
        button.clicked.connect(lambda _c=False: slot())
        return button

    def _vehicle_box(self) -> QGroupBox:
        box = QGroupBox(tr("sr4rig.ui.vehicle_box"), self)
        form = QFormLayout(box)
        defaults = VehicleStats()
        self.stat_boxes = {key: spin(box, key, low, high, getattr(defaults, key)) for key, low, high in STATS}
        self.accel = QLineEdit("5/15", box)
        self.accel.setObjectName("rig_accel")
        form.addRow(tr("sr4rig.ui.accel"), self.accel)
        for key, widget in self.stat_boxes.items():
            form.addRow(tr(f"sr4rig.ui.{key}"), widget)
        self.softs = {key: spin(box, f"soft_{key}", 0, 10) for key in AUTOSOFTS}
        for key, widget in self.softs.items():
            form.addRow(tr(f"sr4rig.autosoft.{key}"), widget)
        form.addRow(self._button(box, "register", self.register))
        return box

    def _control_box(self) -> QGroupBox:
        box = QGroupBox(tr("sr4rig.ui.control_box"), self)
        form = QFormLayout(box)
        self.mode = choice(box, "mode", ("autonomous", "remote", "jumped"), "sr4rig.mode.")
        self.rigger = choice(box, "rigger", (), "")
        self.system, self.filter = spin(box, "system", 0, 10, 3), spin(box, "filter", 0, 10)
        self.group = QLineEdit(box)
        self.group.setObjectName("rig_group")
        for key, widget in (("mode", self.mode), ("rigger", self.rigger), ("system", self.system),
                            ("filter", self.filter), ("group", self.group)):
            form.addRow(tr(f"sr4rig.ui.{key}"), widget)
        form.addRow(self._button(box, "control", self.control))
        return box

    def _test_box(self) -> QGroupBox:
        box = QGroupBox(tr("sr4rig.ui.test_box"), self)
        form = QFormLayout(box)
        self.test = choice(box, "test", ("vehicle", "sensor"), "sr4rig.test.")
        self.skill, self.threshold = spin(box, "skill", 0, 20, 3), spin(box, "threshold", 0, 20)
        self.target = choice(box, "target", (), "")
        self.target_skill, self.signature = spin(box, "target_skill", 0, 20), spin(box, "signature", -6, 6)
        self.hidden = QCheckBox(tr("sr4rig.ui.hidden"), box)
        self.hidden.setObjectName("rig_hidden")
        self.boxes = spin(box, "boxes", 1, 50, 1)
        self.on_monitor = QCheckBox(tr("sr4rig.ui.on_monitor"), box)
        self.on_monitor.setObjectName("rig_on_monitor")
        self.on_monitor.setChecked(True)
        self.manoeuvre = choice(box, "manoeuvre", MANOEUVRES, "sr4rig.manoeuvre.")
        for key, widget in (("test", self.test), ("skill", self.skill), ("threshold", self.threshold),
                            ("target", self.target), ("target_skill", self.target_skill),
                            ("signature", self.signature)):
            form.addRow(tr(f"sr4rig.ui.{key}"), widget)
        form.addRow(self.hidden)
        form.addRow(self._button(box, "roll", self.roll))
        form.addRow(self._button(box, "lock_active", lambda: self.lock("active")))
        form.addRow(self._button(box, "lock_passive", lambda: self.lock("passive")))
        form.addRow(tr("sr4rig.ui.boxes"), self.boxes)
        form.addRow(self.on_monitor)
        form.addRow(self._button(box, "hit", self.hit))
        form.addRow(tr("sr4rig.ui.manoeuvre"), self.manoeuvre)
        form.addRow(self._button(box, "manoeuvre_go", self.make_manoeuvre))
        return box

    def _chase_box(self) -> QGroupBox:
        box = QGroupBox(tr("sr4rig.ui.chase_box"), self)
        form = QFormLayout(box)
        self.chase = QLabel(box)
        self.chase.setObjectName("rigChase")
        self.chase.setWordWrap(True)
        form.addRow(self.chase)
        self.lead = choice(box, "lead", (), "")
        self.pursuers = QListWidget(box)
        self.pursuers.setObjectName("rig_pursuers")
        self.pursuers.setMaximumHeight(90)
        form.addRow(tr("sr4rig.ui.lead"), self.lead)
        form.addRow(tr("sr4rig.ui.pursuers"), self.pursuers)
        form.addRow(self._button(box, "start_chase", self.start_chase))
        self.pursuer = choice(box, "pursuer", (), "")
        self.lead_skill, self.pursuer_skill = spin(box, "lead_skill", 0, 20, 3), spin(box, "pursuer_skill", 0, 20, 3)
        self.lead_wants = choice(box, "lead_wants", BANDS, "sr4rig.band.")
        self.lead_wants.setCurrentIndex(BANDS.index("long"))
        self.pursuer_wants = choice(box, "pursuer_wants", BANDS, "sr4rig.band.")
        for key, widget in (("pursuer", self.pursuer), ("lead_skill", self.lead_skill),
                            ("pursuer_skill", self.pursuer_skill), ("lead_wants", self.lead_wants),
                            ("pursuer_wants", self.pursuer_wants)):
            form.addRow(tr(f"sr4rig.ui.{key}"), widget)
        form.addRow(self._button(box, "range", self.range_test))
        form.addRow(self._button(box, "end_chase", lambda: self._send(vm.EndChase())))
        return box

    # -- intents -----------------------------------------------------------------------
    def _send(self, command: Command) -> bool:
        message = self.bridge.attempt(command)
        self.error.setText(message or "")
        return message is None

    def _selected(self) -> str | None:
        cid = self.bridge.selected
        if cid is None:
            self.error.setText(tr("error.select_combatant"))
        return cid

    def register(self) -> None:
        cid = self._selected()
        if cid is None:
            return
        values = {key: box.value() for key, box in self.stat_boxes.items()}
        softs = {key: box.value() for key, box in self.softs.items() if box.value()}
        stats = VehicleStats(accel=self.accel.text().strip() or "0/0", autosofts=softs, **values)
        self._send(vm.RegisterVehicle(combatant=cid, stats=stats))

    def control(self) -> None:
        cid = self._selected()
        if cid is not None:
            self._send(vm.ControlVehicle(
                vehicle=cid, mode=self.mode.currentData(), rigger=self.rigger.currentData(),
                system=self.system.value(), biofeedback_filter=self.filter.value(), group=self.group.text().strip(),
            ))

    def roll(self) -> None:
        cid = self._selected()
        if cid is not None:
            self._send(vm.VehicleTest(
                vehicle=cid, test=self.test.currentData(), skill=self.skill.value(), threshold=self.threshold.value(),
                target=self.target.currentData() if self.hidden.isChecked() else None,
                target_skill=self.target_skill.value(),
            ))

    def lock(self, targeting: str) -> None:
        cid, target = self._selected(), self.target.currentData()
        if cid is None:
            return
        if target is None:
            self.error.setText(tr("sr4rig.ui.pick_target"))
            return
        self._send(vm.LockOn(vehicle=cid, target=target, targeting=targeting, skill=self.skill.value(),  # type: ignore[arg-type]
                             signature=self.signature.value(), hidden=self.hidden.isChecked(),
                             target_skill=self.target_skill.value()))

    def hit(self) -> None:
        cid = self._selected()
        if cid is not None:
            self._send(vm.VehicleHit(vehicle=cid, boxes=self.boxes.value(), on_monitor=self.on_monitor.isChecked(),
                                     skill=self.skill.value()))

    def make_manoeuvre(self) -> None:
        cid = self._selected()
        if cid is not None:
            self._send(vm.ChaseManoeuvre(vehicle=cid, manoeuvre=self.manoeuvre.currentData(),
                                         target=self.target.currentData(), skill=self.skill.value(),
                                         target_skill=self.target_skill.value()))

    def start_chase(self) -> None:
        pursuers = tuple(
            self.pursuers.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.pursuers.count())
            if self.pursuers.item(i).checkState() == Qt.CheckState.Checked
        )
        if self.lead.currentData() is None or not pursuers:
            self.error.setText(tr("sr4rig.ui.pick_chase"))
            return
        self._send(vm.StartChase(lead=self.lead.currentData(), pursuers=pursuers))

    def range_test(self) -> None:
        pursuer = self.pursuer.currentData()
        if pursuer is None:
            self.error.setText(tr("error.sr4rig.no_chase"))
            return
        self._send(vm.ChaseRange(pursuer=pursuer, lead_skill=self.lead_skill.value(),
                                 pursuer_skill=self.pursuer_skill.value(), lead_wants=self.lead_wants.currentData(),
                                 pursuer_wants=self.pursuer_wants.currentData()))

    # -- showing -------------------------------------------------------------------------
    def _load_stats(self) -> None:
        v = self.bridge.state.vehicles.get(self.bridge.selected or "")
        if v is None:
            return
        for key, box in self.stat_boxes.items():
            box.setValue(getattr(v.stats, key))
        for key, box in self.softs.items():
            box.setValue(v.stats.autosoft(key))
        self.accel.setText(v.stats.accel)

    def refresh(self) -> None:
        state = self.bridge.state
        names = {cid: c.sheet.name for cid, c in state.combatants.items()}
        vehicles = {cid: name for cid, name in names.items() if cid in state.vehicles}
        people = {cid: name for cid, name in names.items() if cid not in state.vehicles}
        fill_combatants(self.rigger, people, none=True)
        fill_combatants(self.target, names, none=True)
        fill_combatants(self.lead, vehicles)
        chase = state.chase
        fill_combatants(self.pursuer, {p: names[p] for p in chase.pursuers} if chase else {})
        self._fill_pursuers(vehicles)
        self.vehicles.setText("\n".join(vehicle_lines(state)) or tr("sr4rig.ui.no_vehicles"))
        self.chase.setText("\n".join(chase_lines(state)))

    def _fill_pursuers(self, vehicles: dict[str, str]) -> None:
        checked = {self.pursuers.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.pursuers.count())
                   if self.pursuers.item(i).checkState() == Qt.CheckState.Checked}
        self.pursuers.clear()
        for cid, name in vehicles.items():
            item = QListWidgetItem(name, self.pursuers)
            item.setData(Qt.ItemDataRole.UserRole, cid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if cid in checked else Qt.CheckState.Unchecked)
