"""The duel's docks (order, sky map, unit sheet, PP allocation, attack) and actions in the main window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from gmtool.core.i18n import tr
from gmtool.games.aura_battler.gui.allocation_panel import AllocationPanel
from gmtool.games.aura_battler.gui.attack_panel import AttackPanel
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.duel import AuraRules
from gmtool.games.aura_battler.rules.duel_state import DuelState
from gmtool.ui.map_dock import MapDock, focus_map
from gmtool.ui.order_panel import OrderPanel
from gmtool.ui.pinned import scrolled
from gmtool.ui.sheet_dock import SheetDock

if TYPE_CHECKING:
    from gmtool.ui.main_window import MainWindow

STEPS = {"map_ahead": "ahead", "map_back": "back", "map_left": "left", "map_right": "right"}
SLIPS: dict[str, m.Step] = {"ab_slip_left": "slip_left", "ab_slip_right": "slip_right"}


class AuraWindow:
    """The duel in one window: the units with PP and durability, the sky, the selected unit's card."""

    layout_version = 1  # raise it when the docks change: saved layouts of this game are then not restored

    menus = (("menu.ab_duel", ("ab_start_turn", "ab_allocate", "ab_reveal", "-", "ab_attack", "ab_roll_attack", "-",
                               "ab_board", "ab_thrust_up", "ab_thrust_down", "-", "ab_table_mode")),
             ("menu.map", ("map_focus", "-", "map_ahead", "map_back", "map_left", "map_right", "ab_slip_left",
                           "ab_slip_right")))
    fight_bar = ("ab_start_turn", "ab_allocate", "ab_reveal", "ab_attack", "-", "undo", "redo")

    def __init__(self, window: MainWindow, rules: AuraRules) -> None:
        self.window, self.rules = window, rules

    def build(self) -> None:
        window = self.window
        self.order_panel = OrderPanel(window.bridge, window)
        self.map = MapDock(window.bridge, window.run, self.rules, window)
        self.sheet = SheetDock(window.bridge, window.run, window)
        self.allocation = AllocationPanel(window.bridge, window.run, window)
        self.attack_panel = AttackPanel(window.bridge, window.run, self.rules, window)
        window.add_dock("order", tr("dock.order"), self.order_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        window.add_dock("map", tr("dock.map"), self.map, Qt.DockWidgetArea.RightDockWidgetArea)
        window.add_dock("sheet", tr("dock.ab_unit"), self.sheet, Qt.DockWidgetArea.RightDockWidgetArea)
        window.docks["sheet"].visibilityChanged.connect(self.sheet.set_shown)  # a tab behind draws nothing
        window.add_dock("ab_allocation", tr("dock.ab_allocation"), scrolled(self.allocation, "abAllocationScroll"),
                        Qt.DockWidgetArea.RightDockWidgetArea)
        window.add_dock("ab_attack", tr("dock.ab_attack"), scrolled(self.attack_panel, "abAttackScroll"),
                        Qt.DockWidgetArea.RightDockWidgetArea)
        self.map.target.currentIndexChanged.connect(
            lambda _i: self.attack_panel.aim(None, self.map.target.currentData()))
        window.bridge.selectionChanged.connect(self._selected)
        window.action("ab_start_turn").triggered.connect(lambda: window.run(m.StartTurn()))
        window.action("ab_allocate").triggered.connect(self.show_allocation)
        window.action("ab_attack").triggered.connect(self.show_attack)
        window.action("ab_roll_attack").triggered.connect(self.attack_panel.attack)
        window.action("ab_board").triggered.connect(self.board)
        window.action("ab_thrust_up").triggered.connect(lambda: self._thrust(1))
        window.action("ab_thrust_down").triggered.connect(lambda: self._thrust(-1))
        for name, step in STEPS.items():
            window.action(name).triggered.connect(lambda _=False, s=step: self.map.step(s))
        window.action("ab_reveal").triggered.connect(lambda: window.run(m.RevealAllocations()))
        window.action("ab_table_mode").triggered.connect(lambda on: window.run(m.SetTableMode(on=on)))
        for name in SLIPS:
            window.action(name).triggered.connect(lambda _=False, n=name: self.slip(n))
            window.action(name).setStatusTip(tr("ab.tip.slip"))
        window.action("map_focus").triggered.connect(lambda: focus_map(self.map))

    def _selected(self, unit: str | None) -> None:
        if unit is not None:
            self.attack_panel.aim(unit)
            if unit in self.state.units and not self.state.units[unit].allocated:
                self.allocation.choose(unit)

    def arrange(self) -> None:
        docks = self.window.docks
        self.window.splitDockWidget(docks["order"], docks["log"], Qt.Orientation.Vertical)
        self.window.splitDockWidget(docks["map"], docks["sheet"], Qt.Orientation.Horizontal)
        self.window.tabifyDockWidget(docks["sheet"], docks["ab_allocation"])
        self.window.tabifyDockWidget(docks["ab_allocation"], docks["ab_attack"])
        (docks["ab_allocation"] if self.state.allocating else docks["sheet"]).raise_()

    def first_layout(self) -> None:
        docks = self.window.docks
        self.window.resizeDocks([docks["order"], docks["map"], docks["sheet"]], [380, 590, 400],
                                Qt.Orientation.Horizontal)
        self.window.resizeDocks([docks["order"], docks["log"]], [500, 300], Qt.Orientation.Vertical)

    def fight_widget(self) -> QWidget:
        """The sky map: its arrows move the selected machine (the shell's focus rule, gmtool.ui.fight_focus)."""
        return self.map.view

    @property
    def state(self) -> DuelState:
        return self.window.bridge.state

    def update(self) -> None:
        state, window = self.state, self.window
        allocating = tr("ab.tip.allocate_first") if state.allocating else None
        window.enable("ab_start_turn", allocating if state.units else tr("reason.ab_no_units"))
        window.action("ab_start_turn").setStatusTip(allocating or "")
        fighting = None if state.turn > 0 and not state.allocating else tr("reason.ab_not_fighting")
        window.enable("ab_roll_attack", fighting)
        window.enable("ab_reveal", fighting or (tr("reason.ab_revealed") if state.revealed else None))
        window.action("ab_table_mode").setChecked(state.table_mode)
        selected = state.units.get(window.bridge.selected or "")
        still = tr("reason.ab_select_unit") if selected is None else tr("reason.ab_destroyed") if selected.destroyed \
            else tr("reason.ab_no_sky") if state.sky is None else None
        for name in (*STEPS, *SLIPS, "ab_thrust_up", "ab_thrust_down", "ab_board"):
            window.enable(name, still)

    def show_allocation(self) -> None:
        """Ctrl+L: the allocation panel in front, on the selected unit."""
        self.window.docks["ab_allocation"].raise_()
        selected = self.window.bridge.selected
        if selected is not None:
            self.allocation.choose(selected)
        self.allocation.unit.setFocus()

    def show_attack(self) -> None:
        """Ctrl+K: the attack panel in front, from the selected unit at the map's target."""
        self.window.docks["ab_attack"].raise_()
        self.attack_panel.aim(self.window.bridge.selected, self.map.target.currentData())
        self.attack_panel.target.setFocus()

    def _thrust(self, change: int) -> None:
        unit = self.state.units.get(self.window.bridge.selected or "")
        if unit is not None:
            self.window.run(m.SetThrust(unit=unit.id, thrust=max(0, unit.thrust + change)))

    def slip(self, name: str) -> bool:
        """Alt+Shift+Left/Right: the selected machine side-slips (refused when heavily damaged, AB-19)."""
        unit = self.window.bridge.selected
        return unit is not None and self.window.run(m.StepUnit(unit=unit, step=SLIPS[name]))

    def board(self) -> bool:
        """Ctrl+B (AB-21): the selected battler leaves its Wing Caliber, or boards the one in its hex."""
        unit = self.state.units.get(self.window.bridge.selected or "")
        if unit is None:
            return False
        if unit.carried_by is not None:
            return self.window.run(m.Board(unit=unit.id, carrier=None))
        here = [u for u in self.state.units.values() if u.hex == unit.hex and u.id != unit.id and u.machine.carrier]
        if not here:
            self.window.show_refusal(tr("error.ab_no_carrier_here", name=unit.name))
            return False
        return self.window.run(m.Board(unit=unit.id, carrier=here[0].id))
