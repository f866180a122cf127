"""The main window: four dockable panels, menus and shortcuts for every action.

The window turns actions into core commands through the :class:`EncounterBridge`
and shows refusals in the status bar. File-level requests (new/open campaign,
preferences) are signals for the application controller.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import QDockWidget, QInputDialog, QLabel, QMainWindow, QMessageBox, QWidget

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.rulesets.sr5 import commands as cmd
from gmtool.rulesets.sr5.sheet import Sheet
from gmtool.rulesets.sr5.test_commands import RefreshEdge
from gmtool.storage.workspace import Workspace
from gmtool.rulesets.sr5.effect_messages import DeclareInterrupt
from gmtool.rulesets.sr5.groups import AddGruntGroup, LeaveGroup, SplitGroup, group_of
from gmtool.ui.group_dialog import GroupDialog
from gmtool.ui.actions import ACTION_SPECS, ASKS_FOR_SKILL, INTERRUPTS, MENUS
from gmtool.ui.initiative_panel import InitiativePanel
from gmtool.ui.log_panel import LogPanel
from gmtool.ui.sheet_panel import SheetPanel
from gmtool.ui.test_panel import TestPanel
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.faces import parse_faces

RULE_OPTION_ACTIONS = {"wound_on_initiative": "wound_modifier_on_initiative", "ones_on_extras": "ones_on_extras_count"}
NEW_COMBATANT_ATTRIBUTES = {a: 3 for a in ("BOD", "AGI", "REA", "STR", "WIL", "LOG", "INT", "CHA")} | {"EDG": 2}


class MainWindow(QMainWindow):
    """gmtool's main window on one workspace."""

    newCampaignRequested = Signal()
    openCampaignRequested = Signal()
    preferencesRequested = Signal()

    def __init__(self, workspace: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.bridge = EncounterBridge(workspace, self)
        self.setObjectName("mainWindow")
        self.setWindowTitle(tr("window.title", encounter=workspace.encounter_name, file=workspace.campaign.path.name))
        self._actions: dict[str, QAction] = {}
        self._layout_restored = False
        self._make_actions()
        self.initiative_panel = InitiativePanel(self.bridge, self._actions, self)
        self.sheet_panel = SheetPanel(self.bridge, self)
        self.test_panel = TestPanel(self.bridge, self)
        self.log_panel = LogPanel(self.bridge, workspace.encounter_name, self)
        self._make_docks()
        self._make_menus()
        self.status = QLabel(self)
        self.status.setObjectName("statusMessage")
        self.statusBar().addWidget(self.status, 1)
        self.bridge.refused.connect(self.show_refusal)
        self.bridge.changed.connect(lambda _c: self._update_actions())
        self.bridge.selectionChanged.connect(lambda _c: self._update_actions())
        self.resize(1366, 820)
        self._follow_current_actor()
        self._update_actions()

    # -- actions -------------------------------------------------------------
    def action(self, name: str) -> QAction:
        return self._actions[name]

    def _make_actions(self) -> None:
        for spec in ACTION_SPECS:
            act = QAction(tr(f"action.{spec.name}"), self)
            act.setObjectName(f"action_{spec.name}")
            if isinstance(spec.shortcut, QKeySequence.StandardKey):
                act.setShortcuts(spec.shortcut)  # every platform binding (Redo: Ctrl+Y and Ctrl+Shift+Z)
            elif spec.shortcut is not None:
                act.setShortcut(QKeySequence(spec.shortcut))
            if spec.shortcut is not None:
                act.setToolTip(f"{act.text()} ({act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})")
            act.setCheckable(spec.checkable)
            act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            self.addAction(act)
            self._actions[spec.name] = act
        handlers = {
            "next_phase": self.next_phase,
            "delay": lambda: self._on_current(lambda c: cmd.DelayPhase(combatant=c)),
            "act_now": lambda: self._on_selected(lambda c: cmd.ActNow(combatant=c)),
            "seize": lambda: self._on_selected(lambda c: cmd.SeizeInitiative(combatant=c)),
            "blitz": lambda: self._on_selected(lambda c: cmd.Blitz(combatant=c)),
            "free_action": lambda: self._on_selected(lambda c: cmd.TakeAction(combatant=c, action="free")),
            "simple_action": lambda: self._on_current(lambda c: cmd.TakeAction(combatant=c, action="simple")),
            "complex_action": lambda: self._on_current(lambda c: cmd.TakeAction(combatant=c, action="complex")),
            "roll_initiative": self.start_turn,
            "new_turn": self.start_turn,
            "enter_initiative": self.enter_initiative,
            "adjust_initiative": self.adjust_initiative,
            "undo": self.bridge.undo,
            "redo": self.bridge.redo,
            "add_combatant": self.add_combatant,
            "remove_combatant": lambda: self._on_selected(lambda c: cmd.RemoveCombatant(combatant=c)),
            "add_grunt_group": self.add_grunt_group,
            "leave_group": lambda: self._on_selected(lambda c: LeaveGroup(combatant=c)),
            "new_campaign": self.newCampaignRequested.emit,
            "open_campaign": self.openCampaignRequested.emit,
            "preferences": self.preferencesRequested.emit,
            "quit": self.close,
            "about": self.about,
        }
        for name, handler in handlers.items():
            self._actions[name].triggered.connect(lambda _checked=False, h=handler: h())
        for name, option in RULE_OPTION_ACTIONS.items():
            self._actions[name].triggered.connect(lambda checked, o=option: self._toggle_option(o, checked))
        for kind in INTERRUPTS:
            self._actions[f"interrupt_{kind}"].triggered.connect(lambda _c=False, k=kind: self.declare_interrupt(k))
        self._actions["split_group"].triggered.connect(self._split_group)
        self._actions["refresh_edge_all"].triggered.connect(lambda: self.run(RefreshEdge()))

    def _make_docks(self) -> None:
        self.setDockNestingEnabled(True)
        self.docks: dict[str, QDockWidget] = {}
        placements = (
            ("initiative", self.initiative_panel, Qt.DockWidgetArea.LeftDockWidgetArea),
            ("sheet", self.sheet_panel, Qt.DockWidgetArea.RightDockWidgetArea),
            ("test", self.test_panel, Qt.DockWidgetArea.RightDockWidgetArea),
            ("log", self.log_panel, Qt.DockWidgetArea.LeftDockWidgetArea),
        )
        for name, widget, area in placements:
            dock = QDockWidget(tr(f"dock.{name}"), self)
            dock.setObjectName(f"dock_{name}")
            dock.setWidget(widget)
            self.addDockWidget(area, dock)
            self.docks[name] = dock
        self.splitDockWidget(self.docks["initiative"], self.docks["log"], Qt.Orientation.Vertical)
        self.splitDockWidget(self.docks["sheet"], self.docks["test"], Qt.Orientation.Horizontal)
        self._sized = False

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._sized:  # default proportions, unless a saved layout was restored
            self._sized = True
            if not self._layout_restored:
                docks = self.docks
                self.resizeDocks([docks["initiative"], docks["sheet"], docks["test"]], [415, 470, 465], Qt.Orientation.Horizontal)
                self.resizeDocks([docks["initiative"], docks["log"]], [470, 300], Qt.Orientation.Vertical)

    def restore_layout(self, geometry: QByteArray | None, state: QByteArray | None) -> None:
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self._layout_restored = self.restoreState(state)

    def _make_menus(self) -> None:
        bar = self.menuBar()
        for key, names in MENUS:
            menu = bar.addMenu(tr(key))
            menu.setObjectName(key.replace(".", "_"))
            if key == "menu.view":
                for dock in self.docks.values():
                    menu.addAction(dock.toggleViewAction())
            for name in names:
                if name == "-":
                    menu.addSeparator()
                else:
                    menu.addAction(self._actions[name])

    def _update_actions(self) -> None:
        state = self.bridge.state
        encounter = self.bridge.encounter
        selected = self.bridge.selected is not None
        started = state.turn > 0
        self._actions["undo"].setEnabled(encounter.can_undo)
        self._actions["redo"].setEnabled(encounter.can_redo)
        self._actions["roll_initiative"].setEnabled(not started)
        self._actions["new_turn"].setEnabled(started)
        for name in ("next_phase", "delay", "simple_action", "complex_action"):
            self._actions[name].setEnabled(started)
        for name in ("act_now", "seize", "blitz", "free_action", "enter_initiative", "adjust_initiative"):
            self._actions[name].setEnabled(started and selected)
        self._actions["remove_combatant"].setEnabled(selected)
        group = group_of(state, self.bridge.selected) if selected else None
        self._actions["leave_group"].setEnabled(group is not None)
        self._actions["split_group"].setEnabled(group is not None)
        self._actions["split_group"].setChecked(bool(group and group.split))
        self._update_interrupts()
        for name, option in RULE_OPTION_ACTIONS.items():
            self._actions[name].setChecked(state.options[option])

    def _update_interrupts(self) -> None:
        """Enabled when the rules allow it; otherwise the tooltip says why (SR5-N*)."""
        cid = self.bridge.selected
        for kind in INTERRUPTS:
            act = self._actions[f"interrupt_{kind}"]
            reason = self.bridge.interrupt_refusal(cid, kind) if cid else tr("error.select_combatant")
            shortcut = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            tooltip = f"{act.text()} ({shortcut})" + (f"\n{reason}" if reason else "")
            if act.isEnabled() != (reason is None):  # each change re-syncs every button showing it
                act.setEnabled(reason is None)
            if act.toolTip() != tooltip:
                act.setToolTip(tooltip)

    def declare_interrupt(self, kind: str) -> None:
        chosen = self._selected_with_name()
        if chosen is None:
            return
        cid, name = chosen
        bonus = 0
        if kind in ASKS_FOR_SKILL:
            bonus, ok = QInputDialog.getInt(
                self, tr(f"interrupt.{kind}"), tr(f"dialog.interrupt_bonus.{kind}", name=name), 0, 0, 20
            )
            if not ok:
                return
        self.run(DeclareInterrupt(combatant=cid, interrupt=kind, bonus=bonus))  # type: ignore[arg-type]

    # -- intents ---------------------------------------------------------------
    def run(self, command: Command) -> bool:
        ok = self.bridge.execute(command)
        if ok:
            self.status.clear()
        return ok

    def _on_selected(self, make) -> None:  # noqa: ANN001
        cid = self.bridge.selected
        if cid is None:
            self.show_refusal(tr("error.select_combatant"))
            return
        self.run(make(cid))

    def _on_current(self, make) -> None:  # noqa: ANN001
        actor = self.bridge.current_actor()
        if actor is None:
            self.show_refusal(tr("error.no_current_actor"))
            return
        self.run(make(actor.id))

    def _follow_current_actor(self) -> None:
        actor = self.bridge.current_actor()
        if actor is not None:
            self.bridge.select(actor.id)

    def next_phase(self) -> None:
        if self.run(cmd.NextPhase()):
            self._follow_current_actor()

    def start_turn(self) -> None:
        if self.run(cmd.StartTurn()):
            self._follow_current_actor()

    def add_combatant(self) -> None:
        number = len(self.bridge.state.combatants) + 1
        sheet = Sheet(
            name=tr("combatant.new_name", number=number),
            metatype="human",
            is_npc=True,
            attributes=NEW_COMBATANT_ATTRIBUTES,
            edge_points=2,
        )
        before = set(self.bridge.state.combatants)
        if self.run(cmd.AddCombatant(sheet=sheet)):
            (new_id,) = set(self.bridge.state.combatants) - before
            self.bridge.select(new_id)
            self.docks["sheet"].show()
            name_edit = self.sheet_panel.editors["name"]
            name_edit.setFocus()
            name_edit.selectAll()  # type: ignore[attr-defined]

    def _selected_with_name(self) -> tuple[str, str] | None:
        """The selected combatant's id and name, or a refusal shown when nobody is selected."""
        cid = self.bridge.selected
        if cid is None:
            self.show_refusal(tr("error.select_combatant"))
            return None
        return cid, self.bridge.state.combatants[cid].sheet.name

    def add_grunt_group(self) -> None:
        """Grunts copied from the selected combatant's sheet (or a plain one)."""
        cid = self.bridge.selected
        template = self.bridge.state.combatants[cid].sheet if cid else Sheet(
            name=tr("combatant.grunt"), metatype="human", is_npc=True, attributes=NEW_COMBATANT_ATTRIBUTES, edge_points=0
        )
        dialog = GroupDialog(template.name, self)
        if dialog.exec():
            self.run(AddGruntGroup(
                sheet=template, count=dialog.count.value(), professional_rating=dialog.rating.value(),
                shared_monitor=dialog.shared.isChecked(),
            ))

    def _split_group(self, checked: bool) -> None:
        group = group_of(self.bridge.state, self.bridge.selected) if self.bridge.selected else None
        if group is not None and not self.run(SplitGroup(group=group.id, split=checked)):
            self._update_actions()

    def enter_initiative(self) -> None:
        chosen = self._selected_with_name()
        if chosen is None:
            return
        cid, name = chosen
        text, ok = QInputDialog.getText(
            self, tr("dialog.enter_initiative.title"), tr("dialog.enter_initiative.label", name=name)
        )
        if not ok:
            return
        try:
            faces = parse_faces(text)
        except GmtoolError as exc:
            self.show_refusal(exc.message())
            return
        self.run(cmd.EnterInitiativeDice(combatant=cid, faces=faces))

    def adjust_initiative(self) -> None:
        chosen = self._selected_with_name()
        if chosen is None:
            return
        cid, name = chosen
        delta, ok = QInputDialog.getInt(
            self, tr("dialog.adjust_initiative.title"), tr("dialog.adjust_initiative.label", name=name), 0, -99, 99
        )
        if ok:
            self.run(cmd.AdjustInitiative(combatant=cid, delta=delta))

    def _toggle_option(self, option: str, checked: bool) -> None:
        if not self.run(cmd.SetRuleOption(option=option, value=checked)):
            self._update_actions()

    def about(self) -> None:
        QMessageBox.about(self, tr("dialog.about.title"), tr("dialog.about.text"))

    def show_refusal(self, message: str) -> None:
        self.status.setText(message)
        self.status.setStyleSheet("color: #c62828;")

    def closeEvent(self, event: QCloseEvent) -> None:
        self.bridge.detach()
        super().closeEvent(event)
