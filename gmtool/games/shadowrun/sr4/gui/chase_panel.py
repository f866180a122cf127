"""The rigging and chase tab of the SR4 panel, beside the pass order (SR4-V1..V7).

One deed at a time, as in the Matrix tab: pick it (a vehicle or sensor test, a lock-on, a hit on a
vehicle, a chase manoeuvre or range test, who controls a vehicle, starting or ending a chase, adding a
vehicle or changing one's attributes); only its inputs show; the footer keeps the exact odds, the
button, why it cannot be pressed now and the last result in view. The vehicle follows the order's
selection when a vehicle is selected. *Add vehicle* makes a new combatant: a runner never becomes a
car. Ctrl+Alt+V brings the tab forward at the deed. Every press is a command through the bridge.
:mod:`.rigging_model` holds the choices, the commands and the odds.
"""

from __future__ import annotations

from typing import Any, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import active_language, tr
from gmtool.games.shadowrun.rules.weapons.catalogue import catalogue
from gmtool.games.shadowrun.sr4.gui import rigging_model as rm
from gmtool.games.shadowrun.sr4.gui.chase_forms import choice, fill_combatants, spin
from gmtool.games.shadowrun.sr4.gui.matrix_model import odds_text
from gmtool.games.shadowrun.sr4.gui.tab_footer import TabFooter, scrolled, wrapped
from gmtool.games.shadowrun.sr4.rules.vehicle_state import BANDS, VehicleStats
from gmtool.games.shadowrun.sr4.rules.vehicle_view import chase_lines, vehicle_lines
from gmtool.viewmodels.bridge import EncounterBridge

FieldT = TypeVar("FieldT", bound=QWidget)

SHORTCUT = "Ctrl+Alt+V"
SPINS = {  # input → (low, high, default)
    "skill": (0, 20, 3), "threshold": (0, 20, 0), "target_skill": (0, 20, 0), "signature": (-6, 6, 0),
    "boxes": (1, 50, 1), "lead_skill": (0, 20, 3), "pursuer_skill": (0, 20, 3), "system": (0, 10, 3),
    "filter": (0, 10, 0), "passes": (1, 4, 1), "handling": (-6, 6, 0), "speed": (0, 2000, 20), "pilot": (0, 10, 3),
    "body": (0, 40, 2), "armor": (0, 40, 0), "sensor": (0, 10, 2), "maneuver": (0, 10, 0), "clearsight": (0, 10, 0),
    "targeting": (0, 10, 0),
}
COMBOS = {  # input → (keys, message prefix); the combatant choosers are filled from the fight
    "manoeuvre": (("control", "break_away", "cut_off", "positioning", "ram"), "sr4rig.manoeuvre."),
    "mode": (("autonomous", "remote", "jumped"), "sr4rig.mode."),
    "lead_wants": (BANDS, "sr4rig.band."), "pursuer_wants": (BANDS, "sr4rig.band."),
}
CHOOSERS = ("vehicle", "target", "pursuer", "rigger", "lead")
LABELS = {"handling": "sr4rig.ui.handling", "maneuver": "sr4rig.autosoft.maneuver",
          "clearsight": "sr4rig.autosoft.clearsight", "targeting": "sr4rig.autosoft.targeting"}


class ChasePanel(QWidget):
    """Vehicles, drones and the chase of an SR4 encounter."""

    def __init__(self, bridge: EncounterBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chasePanel")
        self.bridge = bridge
        self._stale = False
        body = QWidget(self)
        column = QVBoxLayout(body)
        self.vehicles = wrapped(body, "rigVehicles")
        self.chase = wrapped(body, "rigChase")
        column.addWidget(self.vehicles)
        column.addWidget(self.chase)
        self.form = QFormLayout()
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        column.addLayout(self.form)
        column.addStretch(1)
        self.deed = choice(body, "deed", rm.DEEDS, "sr4rig.deed.")
        self.form.addRow(tr("sr4rig.ui.deed"), self.deed)
        self.inputs = self._inputs(body)
        self.footer = TabFooter("rig", QPushButton(tr("sr4rig.ui.go"), self), self)
        self.footer.button.setObjectName("rig_go")
        self.footer.button.clicked.connect(lambda _c=False: self.go())
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scrolled(body, self, "rigScroll"), 1)
        outer.addWidget(self.footer)
        self.show_action = QAction(tr("sr4rig.ui.show"), self)
        self.show_action.setObjectName("action_rigging")
        self.show_action.setShortcut(QKeySequence(SHORTCUT))
        self.show_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.deed.currentIndexChanged.connect(lambda _i: self.refresh())
        bridge.changed.connect(lambda _c: self.refresh())
        bridge.selectionChanged.connect(lambda _c: self._follow_selection())
        self.refresh()

    # -- building ----------------------------------------------------------------------
    def _inputs(self, parent: QWidget) -> dict[str, QWidget]:
        widgets: dict[str, QWidget] = {}
        for name in dict.fromkeys(n for names in rm.INPUTS.values() for n in names):
            widget = self._input(parent, name)
            widget.setObjectName(f"rig_{name}")
            self.form.addRow(tr(LABELS.get(name, f"sr4rig.ui.{name}")), widget)
            widgets[name] = widget
        refills = ("vehicle", "lead", "target", "pursuer")  # a choice other lists depend on
        for name, widget in widgets.items():
            if isinstance(widget, QComboBox):
                then = self.refresh if name in refills else self.update_odds
                widget.currentIndexChanged.connect(lambda _i, f=then: f())
            elif isinstance(widget, QSpinBox):
                widget.valueChanged.connect(lambda _v: self.update_odds())
            elif isinstance(widget, QCheckBox):
                widget.toggled.connect(lambda _v: self.update_odds())
            elif isinstance(widget, QLineEdit):
                widget.textChanged.connect(lambda _t: self.update_odds())
            elif isinstance(widget, QListWidget):
                widget.itemChanged.connect(lambda _i: self.update_odds())
        return widgets

    def _field(self, name: str, kind: type[FieldT]) -> FieldT:
        """An input as the kind of field the form made it (:meth:`_input`)."""
        widget = self.inputs[name]
        assert isinstance(widget, kind)
        return widget

    def _input(self, parent: QWidget, name: str) -> QWidget:
        if name in SPINS:
            low, high, value = SPINS[name]
            return spin(parent, name, low, high, value)
        if name in COMBOS:
            keys, prefix = COMBOS[name]
            return choice(parent, name, keys, prefix)
        if name in CHOOSERS:
            return choice(parent, name, (), "")
        if name in ("hidden", "on_monitor"):
            box = QCheckBox(parent)
            box.setChecked(name == "on_monitor")
            return box
        if name == "pursuers":
            listing = QListWidget(parent)
            listing.setMaximumHeight(90)
            return listing
        if name == "weapon":
            return self._weapon_choice(parent)
        return QLineEdit("5/15" if name == "accel" else "", parent)

    @staticmethod
    def _weapon_choice(parent: QWidget) -> QComboBox:
        """A mounted weapon from the SR4 catalogue (ranged ones), or none."""
        box = QComboBox(parent)
        box.addItem(tr("sr4rig.ui.none"), "")
        language = active_language()
        for key, weapon in catalogue("sr4").items():
            if not weapon.melee:
                box.addItem(weapon.display_name(language), key)
        return box

    # -- reading -------------------------------------------------------------------------
    def _value(self, name: str) -> Any:
        widget = self.inputs[name]
        if isinstance(widget, QSpinBox):
            return widget.value()
        if isinstance(widget, QCheckBox):
            return widget.isChecked()
        if isinstance(widget, QComboBox):
            return widget.currentData()
        if isinstance(widget, QLineEdit):
            return widget.text()
        return self._checked_pursuers()

    def _checked_pursuers(self) -> tuple[str, ...]:
        listing = self.inputs["pursuers"]
        assert isinstance(listing, QListWidget)
        return tuple(listing.item(i).data(Qt.ItemDataRole.UserRole) for i in range(listing.count())
                     if listing.item(i).checkState() == Qt.CheckState.Checked)

    def choices(self) -> rm.Choices:
        plain = {name: self._value(name) for name in self.inputs
                 if name not in (*rm.STATS, *rm.SOFTS)}
        return rm.Choices(deed=self.deed.currentData(), stats={k: self._value(k) for k in rm.STATS},
                          softs={k: self._value(k) for k in rm.SOFTS}, **plain)

    # -- showing -------------------------------------------------------------------------
    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        if self._stale:
            self.refresh()
        super().showEvent(event)

    def refresh(self) -> None:
        """Lists, the deed's inputs, the odds and whether the deed can be done; while hidden, once shown."""
        if not self.isVisible():
            self._stale = True
            return
        self._stale = False
        state, deed = self.bridge.state, self.deed.currentData()
        names = {cid: c.sheet.name for cid, c in state.combatants.items()}
        vehicles = {cid: name for cid, name in names.items() if cid in state.vehicles}
        fill_combatants(self._field("vehicle", QComboBox), vehicles)
        fill_combatants(self._field("rigger", QComboBox), {c: n for c, n in names.items() if c not in state.vehicles}, none=True)
        fill_combatants(self._field("target", QComboBox), {c: n for c, n in names.items() if c != self._value("vehicle")},
                        none=True)
        fill_combatants(self._field("lead", QComboBox), vehicles)
        chase = state.chase
        fill_combatants(self._field("pursuer", QComboBox), {p: names[p] for p in chase.pursuers} if chase else {})
        self._fill_pursuers(dict(rm.pursuer_rows(vehicles, self._value("lead"))))
        self.vehicles.setText("\n".join(vehicle_lines(state)) or tr("sr4rig.ui.no_vehicles"))
        self.chase.setText("\n".join(chase_lines(state)))
        shown = set(rm.INPUTS[deed])
        for name, widget in self.inputs.items():
            self.form.setRowVisible(widget, name in shown)
        self.update_odds()

    def update_odds(self) -> None:
        deed = self.deed.currentData()
        odds = rm.odds(self.bridge.state, self.choices()) if deed in rm.ROLLS else None
        self.footer.show_odds(odds_text(odds) if odds is not None else "")
        self.footer.odds_area.setVisible(odds is not None)
        self.footer.button.setText(tr(f"sr4rig.go.{deed}"))
        self.footer.refuse(self._refusal())

    def _refusal(self) -> str | None:
        """Why the deed cannot be done now (a preview through the journal, nothing written)."""
        if self.bridge.acting_refusal() is not None:
            return self.bridge.acting_refusal()
        try:
            self.bridge.preview(rm.command(self.choices()))
        except GmtoolError as error:
            return error.message()
        except ValueError:  # a field the command cannot take (a name left empty)
            return tr("sr4rig.ui.fill_in")
        return None

    def _fill_pursuers(self, vehicles: dict[str, str]) -> None:
        listing = self.inputs["pursuers"]
        assert isinstance(listing, QListWidget)
        checked = set(self._checked_pursuers())
        listing.blockSignals(True)
        listing.clear()
        for cid, name in vehicles.items():
            item = QListWidgetItem(name, listing)
            item.setData(Qt.ItemDataRole.UserRole, cid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if cid in checked else Qt.CheckState.Unchecked)
        listing.blockSignals(False)

    def _follow_selection(self) -> None:
        """A selected vehicle becomes the deed's vehicle, its attributes loaded into the form."""
        cid = self.bridge.selected
        v = self.bridge.state.vehicles.get(cid or "")
        if v is None:
            return
        combo = self.inputs["vehicle"]
        assert isinstance(combo, QComboBox)
        index = combo.findData(cid)
        if index >= 0:
            combo.setCurrentIndex(index)
        self._load_stats(v.stats)

    def _load_stats(self, stats: VehicleStats) -> None:
        for key in rm.STATS:
            self._field(key, QSpinBox).setValue(getattr(stats, key))
        for key in rm.SOFTS:
            self._field(key, QSpinBox).setValue(stats.autosoft(key))
        self._field("accel", QLineEdit).setText(stats.accel)

    # -- doing ---------------------------------------------------------------------------
    def go(self) -> bool:
        """The deed, through the bridge; its lines stay in the footer until the tab's next deed."""
        try:
            command = rm.command(self.choices())
        except ValueError:
            self.footer.refuse(tr("sr4rig.ui.fill_in"))
            return False
        message = self.bridge.attempt(command)
        if message is not None:
            self.footer.refuse(message)
            return False
        self.footer.show_last(self.bridge)
        if command.kind == "add_vehicle":
            self._field("name", QLineEdit).clear()
        return True
