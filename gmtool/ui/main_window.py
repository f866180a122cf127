"""The main window: four dockable panels, menus and shortcuts for every action.

The window turns actions into core commands through the :class:`EncounterBridge`
and the game's view adapter (named in its manifest), and shows refusals in the status bar.
The game builds its own parts through that adapter: the panel beside the order, the attack
panel, its actions and the fight bar's order; the window imports no game. In an SR4 window
the SR5-only actions are still disabled with the reason (issue 14 moves them into the game). File-level requests
(new/open campaign, new/switch encounter, preferences) are signals for the
application controller.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolBar,
    QWidget,
)

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.storage.workspace import Workspace
from gmtool.ui.actions import ACTION_SPECS, MENUS, SHOWN_DISABLED_ELSEWHERE, ActionSpec
from gmtool.ui.fight_bar import fight_bar
from gmtool.ui.fit import never_sideways
from gmtool.ui.initiative_panel import InitiativePanel
from gmtool.ui.library_actions import install_library_actions
from gmtool.ui.log_panel import LogPanel
from gmtool.ui.sheet_panel import SheetPanel
from gmtool.ui.theme import set_tone
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.faces import parse_faces
from gmtool.viewmodels.ruleset_view import game_name

DEFAULT_SIZE = QSize(1366, 820)
FRAME_HEIGHT = 30  # a title bar, which the screen's free area does not subtract
LAYOUT_VERSION = 2  # saved dock layouts of another version are not restored (the panels changed)
# Actions that change nothing in the fight: usable while it is shown as it was (rewind).
NOT_COMMANDS = frozenset({
    "new_campaign", "open_campaign", "new_encounter", "switch_encounter", "preferences", "quit", "about",
    "reload_house_rules", "attack", "print_log", "back_to_now", "player_view",
})


class MainWindow(QMainWindow):
    """gmtool's main window on one workspace."""

    newCampaignRequested = Signal()
    openCampaignRequested = Signal()
    newEncounterRequested = Signal()
    switchEncounterRequested = Signal()
    preferencesRequested = Signal()
    reloadHouseRulesRequested = Signal()
    playerViewRequested = Signal()

    def __init__(
        self, workspace: Workspace, parent: QWidget | None = None, shortcuts: dict[str, str] | None = None
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self._shortcuts = dict(shortcuts or {})  # the GM's own keys: action name -> key text ("": none)
        self.bridge = EncounterBridge(workspace, self)
        self.view = self.bridge.view
        self.setObjectName("mainWindow")
        title = tr(
            "window.title_game", encounter=workspace.encounter_name, game=game_name(self.view.key),
            file=workspace.campaign.path.name,
        )
        self.setWindowTitle(tr("window.read_only", title=title) if workspace.read_only else title)
        self._actions: dict[str, QAction] = {}
        self._layout_restored = False
        self._make_actions()
        self.initiative_panel = InitiativePanel(self.bridge, self)
        self.sheet_panel = SheetPanel(self.bridge, self)
        self.test_panel = self._make_game_panel()
        self.attack_panel = self.view.attack_panel(self)
        self.log_panel = LogPanel(self.bridge, workspace.encounter_name, self)
        self.extras = self._make_game_actions()
        self.groups = self.view.group_actions(self)
        self.fight_bar = fight_bar(self.view.fight_bar, self._actions, self)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.fight_bar)
        self._make_docks()
        for panel in (self.sheet_panel, self.test_panel, self.attack_panel):
            for area in panel.findChildren(QScrollArea):
                if area.objectName() != "attackResultArea":  # the result wraps to the panel's width
                    never_sideways(area)
        self._make_menus()
        self.library_actions = install_library_actions(self)  # File: library, import, build, restore
        self.rewind_bar = self._make_rewind_bar()
        self.bridge.pastChanged.connect(self._show_rewind_bar)
        self.status = QLabel(self)
        self.status.setObjectName("statusMessage")
        self.status.setWordWrap(True)  # a long refusal takes a second line rather than being cut
        self.statusBar().addWidget(self.status, 1)
        if workspace.read_only:
            self._show_read_only()
        self.bridge.refused.connect(self.show_refusal)
        self.bridge.changed.connect(lambda _c: self.update_actions())
        self.bridge.selectionChanged.connect(lambda _c: self.update_actions())
        self.resize(first_size(self))
        self._follow_current_actor()
        self.update_actions()

    def _show_read_only(self) -> None:
        """A campaign open read-only says so for as long as it is open, beside the status line."""
        badge = QLabel(tr("status.read_only_badge"), self)
        badge.setObjectName("readOnlyBadge")
        badge.setToolTip(tr("status.read_only"))
        badge.setContentsMargins(8, 0, 8, 0)
        badge.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Maximum)
        set_tone(badge, "banner")
        self.statusBar().addPermanentWidget(badge)
        self._show_status(tr("status.read_only"))

    def _make_rewind_bar(self) -> QToolBar:
        """Shown while the fight is seen as it was: what moment, continue from there, back to now."""
        bar = QToolBar(tr("rewind.back"), self)
        bar.setObjectName("rewindBar")
        bar.setMovable(False)
        self.rewind_label = QLabel(bar)
        self.rewind_label.setObjectName("rewindLabel")
        set_tone(self.rewind_label, "banner")  # dark on amber: readable in the light and the dark theme
        bar.addWidget(self.rewind_label)
        continue_button = QPushButton(tr("rewind.continue"), bar)
        continue_button.setObjectName("continueFromHere")
        continue_button.clicked.connect(self.bridge.continue_from_here)
        bar.addWidget(continue_button)
        back = QPushButton(tr("rewind.back"), bar)
        back.setObjectName("backToNow")
        back.clicked.connect(self.bridge.back_to_now)
        bar.addWidget(back)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        bar.hide()
        return bar

    def _show_rewind_bar(self) -> None:
        past = self.bridge.past
        self.rewind_bar.setVisible(past is not None)
        self.update_actions()
        if past is None:
            self.status.clear()  # "you are looking at the past" no longer holds
        else:
            index = self.log_panel.view.currentIndex()
            line = index.data() if index.isValid() else ""
            self.rewind_label.setText(tr("rewind.banner", line=line))

    def print_log(self) -> None:
        """Ctrl+P: the turn log as a report (preview, print, PDF, HTML, Markdown)."""
        from gmtool.ui.report_dialog import ReportDialog

        dialog = ReportDialog(self.workspace.encounter, self.workspace.encounter_name, self)
        dialog.exported.connect(lambda path: self._show_status(tr("status.exported", path=path)))
        dialog.exec()

    def show_attack(self) -> None:
        """Ctrl+K: the attack panel, the current actor attacking the selected combatant."""
        self.attack_panel.start_from_turn()  # before showing: a hidden panel plans once, when shown
        self._raise_attack()
        self.attack_panel.focus_first_missing()

    def _raise_attack(self) -> None:
        """The attack dock in front (Roll and Apply from the keyboard show what they did, or why not)."""
        dock = self.docks["attack"]
        dock.show()
        dock.raise_()

    # -- actions -------------------------------------------------------------
    def action(self, name: str) -> QAction:
        return self._actions[name]

    def has_action(self, name: str) -> bool:
        """Whether this window has the action (an SR4-only one exists in SR4 windows only)."""
        return name in self._actions

    def _make_actions(self) -> None:
        for spec in ACTION_SPECS:
            if spec.game in (None, self.view.key) or spec.game in SHOWN_DISABLED_ELSEWHERE:
                self._actions[spec.name] = self._make_action(spec)
        view = self.view
        handlers = {
            "next_phase": self.next_phase,
            "delay": lambda: self._on_current(view.delay),
            "act_now": lambda: self.on_selected(view.act_now),
            "free_action": lambda: self.on_selected(lambda c: view.take_action(c, "free")),
            "simple_action": lambda: self._on_current(lambda c: view.take_action(c, "simple")),
            "complex_action": lambda: self._on_current(lambda c: view.take_action(c, "complex")),
            "roll_initiative": self.start_turn,
            "new_turn": self.start_turn,
            "enter_initiative": self.enter_initiative,
            "adjust_initiative": self.adjust_initiative,
            "undo": self.bridge.undo,
            "redo": self.bridge.redo,
            "add_combatant": self.add_combatant,
            "remove_combatant": lambda: self.on_selected(view.remove),
            "new_campaign": self.newCampaignRequested.emit,
            "open_campaign": self.openCampaignRequested.emit,
            "new_encounter": self.newEncounterRequested.emit,
            "switch_encounter": self.switchEncounterRequested.emit,
            "preferences": self.preferencesRequested.emit,
            "reload_house_rules": self.reloadHouseRulesRequested.emit,
            "quit": self.close,
            "about": self.about,
            "attack": self.show_attack,
            "print_log": self.print_log,
            "back_to_now": self.bridge.back_to_now,
            "player_view": self.playerViewRequested.emit,
            "roll_attack": lambda: (self._raise_attack(), self.attack_panel.model.roll()),
            "apply_attack": lambda: (self._raise_attack(), self.attack_panel.model.apply()),
            "reload_weapon": lambda: self.attack_panel.model.reload(),
        }
        for name in view.edge_actions:  # SR5: seize, blitz; SR4: go first (E6), extra pass (E7)
            handlers[name] = lambda n=name: self.on_selected(lambda c: view.edge_on_initiative(n, c))
        for name, handler in handlers.items():
            self._actions[name].triggered.connect(lambda _checked=False, h=handler: h())
        for name, option in view.rule_options.items():
            self._actions[name].triggered.connect(lambda checked, o=option: self._toggle_option(o, checked))

    def _make_action(self, spec: ActionSpec) -> QAction:
        act = QAction(tr(f"action.{spec.name}"), self)
        act.setObjectName(f"action_{spec.name}")
        if spec.name in self._shortcuts:  # the GM's own key replaces the default ("" removes it)
            act.setShortcut(QKeySequence(self._shortcuts[spec.name]))
        elif isinstance(spec.shortcut, QKeySequence.StandardKey):
            act.setShortcuts(spec.shortcut)  # every platform binding (Redo: Ctrl+Y and Ctrl+Shift+Z)
        elif spec.shortcut is not None:
            act.setShortcut(QKeySequence(spec.shortcut))
        if not act.shortcut().isEmpty():
            act.setToolTip(f"{act.text()} ({act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})")
        act.setCheckable(spec.checkable)
        act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        if spec.game is not None and spec.game != self.view.key:  # an SR5-only action in an SR4 window
            act.setEnabled(False)
            act.setToolTip(f"{act.text()}\n{tr(f'tooltip.{spec.game}_only')}")
            act.setStatusTip(tr(f"tooltip.{spec.game}_only"))
        self.addAction(act)
        return act

    def _make_game_panel(self) -> QWidget:
        """The game's panel beside the order (the view adapter builds it)."""
        return self.view.work_panel(self)

    def _make_game_actions(self):  # noqa: ANN202 - the game's own actions object
        """The game's own actions (the view adapter builds them)."""
        return self.view.game_actions(self)

    def _make_docks(self) -> None:
        self.setDockNestingEnabled(True)
        self.docks: dict[str, QDockWidget] = {}
        placements = (
            ("initiative", self.initiative_panel, Qt.DockWidgetArea.LeftDockWidgetArea),
            ("test", self.test_panel, Qt.DockWidgetArea.RightDockWidgetArea),
            ("sheet", self.sheet_panel, Qt.DockWidgetArea.RightDockWidgetArea),
            ("attack", self.attack_panel, Qt.DockWidgetArea.RightDockWidgetArea),
            ("log", self.log_panel, Qt.DockWidgetArea.LeftDockWidgetArea),
        )
        titles = {"test": self.view.work_title}
        for name, widget, area in placements:
            dock = QDockWidget(tr(titles.get(name, f"dock.{name}")), self)
            dock.setObjectName(f"dock_{name}")
            dock.setWidget(widget)
            self.addDockWidget(area, dock)
            self.docks[name] = dock
        self.splitDockWidget(self.docks["initiative"], self.docks["log"], Qt.Orientation.Vertical)
        # The order at the left, the work of the moment (test box, attack) beside it, the sheet at the right.
        self.splitDockWidget(self.docks["test"], self.docks["sheet"], Qt.Orientation.Horizontal)
        self.tabifyDockWidget(self.docks["test"], self.docks["attack"])
        self.docks["attack"].visibilityChanged.connect(self.attack_panel.set_shown)  # hidden: no work
        self.attack_panel.set_shown(False)  # a tab behind the test box until raised
        self.docks["test"].raise_()
        self._sized = False

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._sized:  # default proportions, unless a saved layout was restored
            self._sized = True
            if not self._layout_restored:
                docks = self.docks
                widths = self.view.dock_widths
                self.resizeDocks([docks["initiative"], docks["sheet"], docks["test"]], list(widths), Qt.Orientation.Horizontal)
                tall = self.height()
                self.resizeDocks([docks["initiative"], docks["log"]], [tall * 3 // 5, tall * 2 // 5], Qt.Orientation.Vertical)

    def layout_state(self) -> QByteArray:
        """The docks and bars as placed now, tagged with this window's layout version."""
        return self.saveState(LAYOUT_VERSION)

    def restore_layout(self, geometry: QByteArray | None, state: QByteArray | None) -> None:
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self._layout_restored = self.restoreState(state, LAYOUT_VERSION)
        self.rewind_bar.setVisible(self.bridge.past is not None)  # a saved layout never brings the banner back

    def _make_menus(self) -> None:
        bar = self.menuBar()
        for key, names in MENUS:
            menu = bar.addMenu(tr(key))
            menu.setObjectName(key.replace(".", "_"))
            if key == "menu.view":
                for dock in self.docks.values():
                    menu.addAction(dock.toggleViewAction())
            menu.setToolTipsVisible(True)  # the reason an action of another game is disabled
            for name in names:
                if name == "-":
                    menu.addSeparator()
                elif name in self._actions:
                    menu.addAction(self._actions[name])

    def update_actions(self) -> None:
        self._release_rewound()
        state = self.bridge.state
        encounter = self.bridge.encounter
        selected = self.bridge.selected is not None
        started = state.turn > 0
        self._name_undo_redo(encounter)
        self._actions["roll_initiative"].setEnabled(not started)
        self._actions["new_turn"].setEnabled(started)
        for name in ("next_phase", "delay", "simple_action", "complex_action"):
            self._actions[name].setEnabled(started)
        for name in ("act_now", *self.view.edge_actions, "free_action", "enter_initiative", "adjust_initiative"):
            self._actions[name].setEnabled(started and selected)
        self._actions["remove_combatant"].setEnabled(selected)
        self.extras.update()
        self.groups.update()
        for name, option in self.view.rule_options.items():
            self._actions[name].setChecked(state.options[option])
        self._refuse_while_rewound()

    def _name_undo_redo(self, encounter) -> None:  # noqa: ANN001 - core Encounter
        """Undo and Redo say what they would take back or bring back, in the menu and the tooltip."""
        from gmtool.viewmodels.undo_names import entry_name

        for name, target in (("undo", encounter.undo_target), ("redo", encounter.redo_target)):
            act = self._actions[name]
            act.setEnabled(target is not None)
            text = tr(f"action.{name}")
            if target is not None:
                text = tr(f"action.{name}_named", what=entry_name(target, self.bridge.ruleset.describe))
            if act.toolTip().split(" (")[0] != text or not act.toolTip():
                act.setText(text.replace("&", "&&"))  # a name with "&" is no menu mnemonic
                act.setIconText(tr(f"action.{name}"))  # the fight bar's button stays short
                keys = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
                act.setToolTip(f"{text} ({keys})" if keys else text)

    def _release_rewound(self) -> None:
        """Give back what :meth:`_refuse_while_rewound` took: enabled, with the tooltip it had."""
        for act in self._actions.values():
            tip = act.property("tipBeforeRewind")
            if tip is not None:
                act.setProperty("tipBeforeRewind", None)
                act.setToolTip(tip)
                act.setEnabled(True)  # the rules' own checks (run next) disable it again if they must

    def _refuse_while_rewound(self) -> None:
        """While the fight is shown as it was, every action that would change it is disabled, saying why."""
        reason = self.bridge.acting_refusal()
        if reason is None:
            return
        for name, act in self._actions.items():
            if name not in NOT_COMMANDS and act.isEnabled():  # one disabled already keeps its own reason
                act.setProperty("tipBeforeRewind", act.toolTip())
                act.setEnabled(False)
                act.setToolTip(f"{act.text()}\n{reason}")

    # -- intents ---------------------------------------------------------------
    def run(self, command: Command) -> bool:
        ok = self.bridge.execute(command)
        if ok:
            self.status.clear()
        return ok

    def on_selected(self, make) -> None:  # noqa: ANN001
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
        if self.run(self.view.next_phase()):
            self._follow_current_actor()

    def start_turn(self) -> None:
        if self.run(self.view.start_turn()):
            self._follow_current_actor()

    def add_combatant(self) -> None:
        number = len(self.bridge.state.combatants) + 1
        sheet = self.view.new_sheet(tr("combatant.new_name", number=number))
        before = set(self.bridge.state.combatants)
        if self.run(self.view.add(sheet)):
            (new_id,) = set(self.bridge.state.combatants) - before
            self.bridge.select(new_id)
            self.docks["sheet"].show()
            name_edit = self.sheet_panel.editors["name"]
            name_edit.setFocus()
            name_edit.selectAll()  # type: ignore[attr-defined]

    def selected_with_name(self) -> tuple[str, str] | None:
        """The selected combatant's id and name, or a refusal shown when nobody is selected."""
        cid = self.bridge.selected
        if cid is None:
            self.show_refusal(tr("error.select_combatant"))
            return None
        return cid, self.bridge.state.combatants[cid].sheet.name

    def enter_initiative(self) -> None:
        chosen = self.selected_with_name()
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
        self.run(self.view.enter_dice(cid, faces))

    def adjust_initiative(self) -> None:
        chosen = self.selected_with_name()
        if chosen is None:
            return
        cid, name = chosen
        delta, ok = QInputDialog.getInt(
            self, tr("dialog.adjust_initiative.title"), tr("dialog.adjust_initiative.label", name=name), 0, -99, 99
        )
        if ok:
            self.run(self.view.adjust(cid, delta))

    def _toggle_option(self, option: str, checked: bool) -> None:
        if not self.run(self.view.rule_option(option, checked)):
            self.update_actions()

    def about(self) -> None:
        QMessageBox.about(self, tr("dialog.about.title"), tr("dialog.about.text"))

    def show_refusal(self, message: str) -> None:
        self._show_status(message, error=True)

    def show_status(self, message: str) -> None:
        """A notice (not a refusal) in the status line."""
        self._show_status(message)

    def _show_status(self, message: str, error: bool = False) -> None:
        self.status.setText(message)
        set_tone(self.status, "error" if error else None)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.bridge.detach()
        super().closeEvent(event)


def first_size(window: QWidget) -> QSize:
    """The window's size on first start: 1366 × 820 at most, never more than the screen's free area
    minus the window frame (a 1366 × 768 laptop with a 40-px task bar gets 1366 × 698)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    free = screen.availableGeometry()
    return QSize(min(DEFAULT_SIZE.width(), free.width()), min(DEFAULT_SIZE.height(), free.height() - FRAME_HEIGHT))
