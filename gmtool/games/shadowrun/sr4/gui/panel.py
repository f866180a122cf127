"""The SR4 panel beside the order, in two tabs: the dice-test box with Edge when going down
(SR4-D*, SR4-E1..E5, E8..E11: :mod:`.dice_tests`, :mod:`.edge_down`), and movement of the current
actor (SR4-C6), the surprise marks (SR4-C9) and a note on what SR4 encounters do not offer.

Its movement and surprise buttons trigger the main window's actions, as in the initiative panel.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.gui.actions import MOVEMENT_ACTIONS
from gmtool.games.shadowrun.sr4.gui.dice_tests import sr4_test_panel
from gmtool.games.shadowrun.sr4.gui.edge_down import EdgeDownBox
from gmtool.games.shadowrun.sr4.gui.matrix_panel import add_matrix_tab, raise_docks
from gmtool.games.shadowrun.sr4.gui.tools_model import SR4ToolsModel
from gmtool.ui.page_sized_tabs import PageSizedTabs
from gmtool.ui.theme import set_tone
from gmtool.viewmodels.bridge import EncounterBridge


def _button(action: QAction, parent: QWidget) -> QToolButton:
    button = QToolButton(parent)
    button.setDefaultAction(action)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    button.setObjectName(f"button_{action.objectName().removeprefix('action_')}")
    return button


class SR4Panel(QWidget):
    """Dice tests, movement and surprise of an SR4 encounter."""

    def __init__(self, bridge: EncounterBridge, actions: dict[str, QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = SR4ToolsModel(bridge, self)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.addWidget(self._movement_box(actions))
        layout.addWidget(self._surprise_box(actions))
        self.note = QLabel(tr("sr4.panel.not_built"), self)
        self.note.setObjectName("sr5OnlyNote")
        self.note.setWordWrap(True)
        self.note.setToolTip(tr("tooltip.sr5_only"))
        set_tone(self.note, "muted")
        layout.addWidget(self.note)
        layout.addStretch(1)
        # In a scroll area the wrapped labels get the height their text needs (a dock alone does not ask).
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        self.tabs = PageSizedTabs(self)  # a wide tab behind does not widen the window
        self.tabs.setObjectName("sr4Tabs")
        self.tabs.addTab(self._tests_tab(bridge), tr("sr4.tab.tests"))
        self.tabs.addTab(scroll, tr("sr4.tab.tools"))
        self._magic_tab(bridge)
        self._rigging_tab(bridge)
        self.matrix = add_matrix_tab(self.tabs, bridge)  # SR4-X*, T*
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.tabs)
        bridge.changed.connect(lambda _c: self.refresh())
        self.refresh()

    def _rigging_tab(self, bridge: EncounterBridge) -> None:
        """Vehicles, drones and the chase (SR4-V1..V7); Ctrl+Alt+V brings the tab to the front."""
        from gmtool.games.shadowrun.sr4.gui.chase_panel import ChasePanel

        self.rigging = ChasePanel(bridge, self)  # its inputs scroll above its footer
        index = self.tabs.addTab(self.rigging, tr("sr4rig.tab"))
        self.rigging.show_action.triggered.connect(lambda _c=False: self._show_rigging(index))
        self.addAction(self.rigging.show_action)

    def _show_rigging(self, index: int) -> None:
        self.show_tab(index)
        self.rigging.deed.setFocus()  # the deed first; Tab walks its inputs from there

    def show_tab(self, index: int) -> None:
        """A tab in front, and the dock holding the panel too (the attack tab may be in front of it)."""
        raise_docks(self)
        self.tabs.setCurrentIndex(index)

    def _tests_tab(self, bridge: EncounterBridge) -> QWidget:
        """The test box, with the Edge uses of a character going down under it (shown while the
        selected combatant goes down: the box's controls never move)."""
        tab = QWidget(self)
        column = QVBoxLayout(tab)
        column.setContentsMargins(0, 0, 0, 0)
        self.tests = sr4_test_panel(bridge, tab)
        self.edge_down = EdgeDownBox(bridge, self.tests._show_error, tab)
        column.addWidget(self.tests, 1)
        column.addWidget(self.edge_down)
        return tab

    def _magic_tab(self, bridge: EncounterBridge) -> None:
        """SR4-S1..S9: the casting tab, and Ctrl+Shift+C to open it."""
        from gmtool.games.shadowrun.sr4.gui.casting_panel import CastingPanel

        self.casting = CastingPanel(bridge, self)  # its inputs scroll above its footer
        index = self.tabs.addTab(self.casting, tr("sr4.tab.magic"))
        self.casting.install_shortcut(self, lambda: self.show_tab(index))

    def _movement_box(self, actions: dict[str, QAction]) -> QGroupBox:
        box = QGroupBox(tr("sr4.panel.movement"), self)
        column = QVBoxLayout(box)
        self.movement_label = QLabel(box)
        self.movement_label.setObjectName("movementLabel")
        self.movement_label.setWordWrap(True)
        column.addWidget(self.movement_label)
        row = QHBoxLayout()
        for name in MOVEMENT_ACTIONS:
            row.addWidget(_button(actions[name], box))
        column.addLayout(row)
        return box

    def _surprise_box(self, actions: dict[str, QAction]) -> QGroupBox:
        box = QGroupBox(tr("sr4.panel.surprise"), self)
        column = QVBoxLayout(box)
        self.surprise_label = QLabel(box)
        self.surprise_label.setObjectName("surpriseLabel")
        self.surprise_label.setWordWrap(True)
        column.addWidget(self.surprise_label)
        column.addWidget(_button(actions["surprise_test"], box))
        return box

    def refresh(self) -> None:
        self.movement_label.setText(self.model.movement_text())
        lines = self.model.surprise_lines()
        self.surprise_label.setText("\n".join(lines) if lines else tr("sr4.surprise.none"))
