"""The coin duel's part of the main window: the shell's generic order dock, its own coin table, three actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from gmtool.core.encounter import Change
from gmtool.core.i18n import tr
from gmtool.ui.actions import ActionSpec
from gmtool.ui.order_panel import OrderPanel
from gmtool.ui.sheet_dock import SheetDock
from gmtool.viewmodels.bridge import EncounterBridge
from tests.games.coin.rules import HEADS, AddDuelist, CoinRules, CoinState, Duelist, Flip, StartRound

if TYPE_CHECKING:
    from gmtool.ui.main_window import MainWindow


class CoinTable(QWidget):
    """The game's own dock: the last flip, and a button to flip."""

    def __init__(self, bridge: EncounterBridge, flip: QPushButton, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.face = QLabel(self)
        self.face.setObjectName("coinFace")
        layout = QVBoxLayout(self)
        layout.addWidget(self.face)
        layout.addWidget(flip)
        layout.addStretch(1)
        bridge.changed.connect(self._on_change)
        self._on_change(None)

    def _on_change(self, change: Change | None) -> None:
        face = self._bridge.state.last_face
        if face is None:
            self.face.setText(tr("coin.no_flip"))
        else:
            self.face.setText(tr("coin.last_flip", face=tr("coin.face.heads" if face == HEADS else "coin.face.tails")))


class CoinWindow:
    """The duel's docks (order, coin table) and actions."""

    layout_version = 1  # raise it when the docks change: saved layouts of this game are then not restored

    menus = (("menu.coin", ("add_duelist", "start_round", "-", "flip")),)
    fight_bar = ("flip", "start_round", "-", "undo", "redo")

    def __init__(self, window: MainWindow) -> None:
        self.window = window

    def build(self) -> None:
        window = self.window
        self.order_panel = OrderPanel(window.bridge, window)
        flip = QPushButton(tr("action.flip"), window)
        flip.setObjectName("coinFlipButton")
        flip.clicked.connect(window.action("flip").trigger)
        self.table = CoinTable(window.bridge, flip, window)
        window.add_dock("order", tr("dock.order"), self.order_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        window.add_dock("coin_table", tr("coin.table"), self.table, Qt.DockWidgetArea.RightDockWidgetArea)
        self.sheet = SheetDock(window.bridge, window.run, window)  # the shell's, drawn from the rules' SheetView
        window.add_dock("sheet", tr("coin.sheet"), self.sheet, Qt.DockWidgetArea.RightDockWidgetArea)
        window.action("add_duelist").triggered.connect(self.add_duelist)
        window.action("start_round").triggered.connect(lambda: window.run(StartRound()))
        window.action("flip").triggered.connect(self.flip)

    def arrange(self) -> None:
        docks = self.window.docks
        self.window.splitDockWidget(docks["order"], docks["log"], Qt.Orientation.Vertical)
        self.window.splitDockWidget(docks["coin_table"], docks["sheet"], Qt.Orientation.Vertical)

    def first_layout(self) -> None:
        docks = self.window.docks
        self.window.resizeDocks([docks["order"], docks["coin_table"]], [700, 600], Qt.Orientation.Horizontal)

    def fight_widget(self) -> QWidget:
        return self.order_panel.view

    def update(self) -> None:
        state: CoinState = self.window.bridge.state
        self.window.action("flip").setEnabled(state.current is not None)
        self.window.action("start_round").setEnabled(state.current is None)
        self.window.action("add_duelist").setEnabled(len(state.combatants) < 2)

    def add_duelist(self) -> None:
        number = len(self.window.bridge.state.combatants) + 1
        self.window.run(AddDuelist(name=tr("coin.new_name", number=number)))

    def flip(self) -> None:
        current = self.window.bridge.state.current
        if current is not None:
            self.window.run(Flip(by=current))


class CoinView:
    """The duel's adapter, as the shell sees a game's GUI."""

    key = "coin"
    features: frozenset[str] = frozenset()
    action_specs = (
        ActionSpec("add_duelist", "Ctrl+N"),
        ActionSpec("start_round", "Ctrl+T"),
        ActionSpec("flip", "Space"),
    )

    def __init__(self, rules: CoinRules | None = None) -> None:
        self.rules = rules

    def current_actor(self, state: CoinState) -> Duelist | None:
        return state.combatants.get(state.current) if state.current else None

    def window_parts(self, window: MainWindow) -> CoinWindow:
        return CoinWindow(window)
