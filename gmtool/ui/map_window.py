"""What the window parts of a game played on a hex map share (:class:`MapWindowParts`), written once.

Such a game's window has the order on the left with the log under it, the map in the middle with most
of the width and the selected unit's sheet; the map's keys (:data:`gmtool.ui.actions.MAP_SPECS`) step
the selected unit and give the keyboard to the map, which is the fight's widget (the arrow keys move
the unit, :mod:`gmtool.ui.fight_focus`). The game makes its own panels between :meth:`make_order_and_map`
and :meth:`add_order_and_map` (the keyboard's order through the panels is the order they are made in),
connects :meth:`connect_map_keys` to its step, and lays out its first layout with :meth:`lay_out_columns`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from gmtool.core.hex.on_map import MapRules, Step
from gmtool.core.i18n import tr
from gmtool.ui.hint_gate import HintGate
from gmtool.ui.map_dock import MapDock, focus_map
from gmtool.ui.order_panel import OrderPanel
from gmtool.ui.sheet_dock import SheetDock

if TYPE_CHECKING:
    from gmtool.ui.main_window import MainWindow

STEPS: dict[str, Step] = {"map_ahead": "ahead", "map_back": "back", "map_left": "left", "map_right": "right"}
S = TypeVar("S")


class MapWindowParts(Generic[S]):
    """The order, the map and the sheet of a hex game's window (its state ``S``), the map's keys and the
    columns' widths."""

    layout_version = 1  # raise it when the docks change: saved layouts of this game are then not restored

    def __init__(self, window: MainWindow, rules: MapRules[Any]) -> None:
        self.window, self.rules = window, rules

    @property
    def state(self) -> S:
        """The fight's state, the game's own (the shell's bridge holds any game's)."""
        state: S = self.window.bridge.state
        return state

    def make_order_and_map(self) -> None:
        """The order and the map, each in a hint gate (a new line of text in one lays out that panel, not
        the window), then the sheet: made first, they come first in the keyboard's order."""
        window = self.window
        self.order_panel = OrderPanel(window.bridge, window)
        self._order_gate = HintGate(self.order_panel, window, in_dock=True)
        self.map = MapDock(window.bridge, window.run, self.rules, window)
        self._map_gate = HintGate(self.map, window, in_dock=True)
        self.sheet = SheetDock(window.bridge, window.run, window)

    def add_order_and_map(self, sheet_title: str, sheet_area: Qt.DockWidgetArea) -> None:
        """Their docks: the order on the left, the map on the right of it, the sheet where the game puts it."""
        window = self.window
        window.add_dock("order", tr("dock.order"), self._order_gate, Qt.DockWidgetArea.LeftDockWidgetArea)
        window.add_dock("map", tr("dock.map"), self._map_gate, Qt.DockWidgetArea.RightDockWidgetArea)
        window.add_dock("sheet", sheet_title, self.sheet, sheet_area)
        window.docks["sheet"].visibilityChanged.connect(self.sheet.set_shown)  # a tab behind draws nothing

    def connect_map_keys(self, step: Callable[[Step], object]) -> None:
        """The map's arrows-with-Alt (``step``: the game's move of the selected unit) and Ctrl+M."""
        for name, way in STEPS.items():
            self.window.action(name).triggered.connect(lambda _=False, s=way: step(s))
        self.window.action("map_focus").triggered.connect(lambda: focus_map(self.map))

    def lay_out_columns(self, right: str, left_width: int, right_width: int, order_share: float) -> None:
        """The first layout: the order a ``left_width`` column (``order_share`` of its height, the log
        under it), the ``right`` dock a ``right_width`` column, the map the rest of the width between."""
        docks, width, height = self.window.docks, self.window.width(), self.window.height()
        self.window.resizeDocks([docks["order"], docks["map"], docks[right]],
                                [left_width, max(width - left_width - right_width, 0), right_width],
                                Qt.Orientation.Horizontal)
        self.window.resizeDocks([docks["order"], docks["log"]],
                                [round(height * order_share), round(height * (1 - order_share))],
                                Qt.Orientation.Vertical)

    def fight_widget(self) -> QWidget:
        """The map: its arrows move the selected unit (the shell's focus rule, :mod:`gmtool.ui.fight_focus`)."""
        return self.map.view
