"""The duel's docks (order, sky map, unit sheet, PP allocation, attack) and actions in the main window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from gmtool.core.i18n import tr
from gmtool.games.aura_battler.gui.allocation_panel import AllocationPanel
from gmtool.games.aura_battler.gui.attack_panel import AttackPanel
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.duel import AuraRules
from gmtool.games.aura_battler.rules.duel_actions import MOVES, why_not
from gmtool.games.aura_battler.rules.duel_state import DuelState
from gmtool.ui.actions import MAP_MENU
from gmtool.ui.map_dock import focus_map
from gmtool.ui.map_window import STEPS, MapWindowParts
from gmtool.ui.pinned import scrolled

if TYPE_CHECKING:
    pass

SLIPS: dict[str, m.Step] = {"ab_slip_left": "slip_left", "ab_slip_right": "slip_right"}
REFUSABLE = {"ab_start_turn": "start_turn", "ab_roll_attack": "roll_attack", "ab_reveal": "reveal",  # action: why_not's key
             **{name: MOVES for name in (*STEPS, *SLIPS, "ab_thrust_up", "ab_thrust_down", "ab_board")}}
LAPTOP_COLUMNS, DESKTOP_COLUMNS = (290, 310), (340, 420)  # px: (order and log, the panels) at 1366 and 1920 px
ORDER_SHARE = 0.4  # of the left column's height for the order (the log below takes the rest)


def side_columns(width: int) -> tuple[int, int]:
    """The left and right columns' widths for a window ``width`` wide (the map takes the rest, ≥ 55 %)."""
    share = min(max((width - 1366) / (1920 - 1366), 0.0), 1.0)
    (left, right), (wide_left, wide_right) = LAPTOP_COLUMNS, DESKTOP_COLUMNS
    return round(left + share * (wide_left - left)), round(right + share * (wide_right - right))


class AuraWindow(MapWindowParts[DuelState]):
    """The duel in one window: the units with PP and durability, the sky, the selected unit's card."""

    menus = (("menu.ab_duel", ("ab_start_turn", "ab_allocate", "ab_reveal", "-", "ab_attack", "ab_roll_attack", "-",
                               "ab_board", "ab_thrust_up", "ab_thrust_down", "-", "ab_table_mode")),
             ("menu.map", (*MAP_MENU, "ab_slip_left", "ab_slip_right")))
    fight_bar = ("ab_start_turn", "ab_allocate", "ab_reveal", "ab_attack", "-", "undo", "redo")

    rules: AuraRules

    def build(self) -> None:
        self._make_docks()
        self._connect_panels()
        self._connect_actions()

    def _make_docks(self) -> None:
        window = self.window
        self.make_order_and_map()
        self.allocation = AllocationPanel(window.bridge, window.run, window)
        self.attack_panel = AttackPanel(window.bridge, window.run, self.rules, window)
        self.add_order_and_map(tr("dock.ab_unit"), Qt.DockWidgetArea.RightDockWidgetArea)
        window.add_dock("ab_allocation", tr("dock.ab_allocation"), scrolled(self.allocation, "abAllocationScroll"),
                        Qt.DockWidgetArea.RightDockWidgetArea)
        window.add_dock("ab_attack", tr("dock.ab_attack"), scrolled(self.attack_panel, "abAttackScroll"),
                        Qt.DockWidgetArea.RightDockWidgetArea)

    def _connect_panels(self) -> None:
        """The map's line of fire and the attack panel aim at the same pair; after an attack the arrows
        move the machine again; the selection is the attacker and the machine allocating."""
        self.map.target.currentIndexChanged.connect(
            lambda _i: self.attack_panel.aim(None, self.map.target.currentData()))
        self.attack_panel.aimed.connect(lambda _attacker, target: self.map.set_target(target))
        self.map.set_target(self.attack_panel.target.currentData())
        self.attack_panel.after_attack = lambda: focus_map(self.map)
        self.window.bridge.selectionChanged.connect(self._selected)

    def _connect_actions(self) -> None:
        window = self.window
        window.action("ab_start_turn").triggered.connect(lambda: window.run(m.StartTurn()))
        window.action("ab_allocate").triggered.connect(self.show_allocation)
        window.action("ab_attack").triggered.connect(self.show_attack)
        window.action("ab_roll_attack").triggered.connect(self.attack_panel.attack)
        window.action("ab_board").triggered.connect(self.board)
        window.action("ab_thrust_up").triggered.connect(lambda: self._thrust(1))
        window.action("ab_thrust_down").triggered.connect(lambda: self._thrust(-1))
        self.connect_map_keys(self.map.step)
        window.action("ab_reveal").triggered.connect(lambda: window.run(m.RevealAllocations()))
        window.action("ab_table_mode").triggered.connect(lambda on: window.run(m.SetTableMode(on=on)))
        for name in SLIPS:
            window.action(name).triggered.connect(lambda _=False, n=name: self.slip(n))
        for name in SLIPS:  # their own words; a reason, when refused, goes under them (MainWindow.enable)
            window.action(name).setToolTip(tr("ab.tip.slip"))

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
        """The map in the middle with most of the width; the order and log a narrow column on its left,
        the machine's panels (allocation, attack, card) one column on its right."""
        self.lay_out_columns("sheet", *side_columns(self.window.width()), ORDER_SHARE)

    def update(self) -> None:
        """Each duel action enabled, or disabled saying why (tooltip and status tip)."""
        state, window = self.state, self.window
        refused = why_not(state, window.bridge.selected)
        for name, key in REFUSABLE.items():
            window.enable(name, refused.get(key))
        window.action("ab_table_mode").setChecked(state.table_mode)

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
