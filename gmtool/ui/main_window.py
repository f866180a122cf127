"""The main window: the shell around one encounter, whatever its game.

The shell owns the log dock, the rewind banner, the status line, the File, Edit, View and Help
menus and its own actions (files, undo and redo, the report, the player view). The encounter's
game adds the rest through its view adapter (named in its manifest): its docks, its actions and
menus, the fight bar's order, and what is enabled after each change
(:class:`~gmtool.ui.window_parts.WindowParts`). The window imports no game. Every action runs a
command through the :class:`EncounterBridge` and shows a refusal in the status bar. File-level
requests (new/open campaign, new/switch encounter, preferences) are signals for the application
controller.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QKeySequence,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QSizePolicy,
    QWidget,
)

from gmtool.core.encounter import Encounter
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.storage.workspace import Workspace
from gmtool.ui.action_reasons import refusal_of, set_reason
from gmtool.ui.actions import (
    ACTION_SPECS,
    EDIT_MENU,
    FILE_MENU,
    HELP_MENU,
    SHELL_MENUS,
    VIEW_MENU,
    ActionSpec,
    keys_for,
)
from gmtool.ui.fight_bar import fight_bar
from gmtool.ui.fight_focus import FightFocus
from gmtool.ui.first_size import first_place, first_size
from gmtool.ui.library_actions import install_library_actions
from gmtool.ui.log_panel import LogPanel
from gmtool.ui.party_actions import install_party_actions
from gmtool.ui.rewind_bar import RewindBar
from gmtool.ui.theme import set_tone
from gmtool.ui.window_parts import WindowParts
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.game_view import game_name

LAYOUT_VERSION = 3  # the shell's docks and bars; saved layouts of another version are not restored


class MainWindow(QMainWindow):
    """gmtool's main window on one workspace."""

    newCampaignRequested = Signal()
    openCampaignRequested = Signal()
    newEncounterRequested = Signal()
    switchEncounterRequested = Signal()
    preferencesRequested = Signal()
    reloadHouseRulesRequested = Signal()
    playerViewRequested = Signal()
    shareRequested = Signal()  # View → Share with players…

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
        self._reasons: dict[str, str | None] = {}  # each action's reason as last set by enable()
        self._not_commands: set[str] = set()  # actions usable while the fight is shown as it was
        self._rewound: set[str] = set()  # actions disabled while the fight is shown as it was
        self._held = False  # update_actions waits for the intent under way to end (one_update)
        self._update_due = False
        self._layout_restored = False
        self._sized = False
        self.docks: dict[str, QDockWidget] = {}
        self.setDockNestingEnabled(True)
        self.status = QLabel(self)
        self.status.setObjectName("statusMessage")
        self.status.setWordWrap(True)  # a long refusal takes a second line rather than being cut
        self.statusBar().addWidget(self.status, 1)
        self._make_actions()
        self.parts: WindowParts = self.view.window_parts(self)
        self.parts.build()  # the game's docks (the first takes the keyboard), and its actions connected
        self.log_panel = LogPanel(self.bridge, workspace.encounter_name, self)
        self.add_dock("log", tr("dock.log"), self.log_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.parts.arrange()  # the game's docks placed around the log
        self.fight_focus = FightFocus(self, self.parts.fight_widget)  # Space ticks a focused box; see the module
        self.fight_focus.disabledKey.connect(lambda action: self.show_refusal(refusal_of(action)))
        self.fight_bar = fight_bar(self.parts.fight_bar, self._actions, self)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.fight_bar)
        self._make_menus()
        self.library_actions = install_library_actions(self, self._shortcuts)  # File: library, import, build, restore
        self.party_actions = install_party_actions(self, self._shortcuts)  # File: party, add it, carry it back
        clashing = self._drop_clashing_keys()
        self.rewind_bar = self._make_rewind_bar()
        self.bridge.pastChanged.connect(self._show_rewind_bar)
        if workspace.read_only:
            self._show_read_only()
        self.bridge.refused.connect(self.show_refusal)
        self._refusal_shown = False
        self._replaced = False  # closed by the application for a new window in its place (close_replaced)
        for signal in (self.bridge.changed, self.bridge.selectionChanged):
            signal.connect(self._forget_refusal)  # a refusal is stale once something else happened
            signal.connect(lambda _c: self.update_actions())
        self.resize(first_size(self))
        self.move(first_place(self))  # a saved size and place replace both (restore_layout)
        self._default_layout = self.saveState(self.layout_version)  # View → Reset layout (sizes: first_layout)
        self.update_actions()
        if clashing:
            self.show_warning(tr("shortcuts.dropped", keys=", ".join(clashing)))

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

    def _make_rewind_bar(self) -> RewindBar:
        """The rewind bar on a row of its own above the fight bar (hidden until a log line is clicked)."""
        bar = RewindBar(self.bridge, self)
        self.rewind_label = bar.label
        self.insertToolBar(self.fight_bar, bar)
        self.insertToolBarBreak(self.fight_bar)
        return bar

    def _show_rewind_bar(self) -> None:
        past = self.bridge.past
        self.rewind_bar.setVisible(past is not None)
        self.update_actions()
        if past is None:
            self.status.clear()  # "you are looking at the past" no longer holds
        else:
            index = self.log_panel.view.currentIndex()
            self.rewind_bar.show_moment(index.data() if index.isValid() else "")

    def return_focus_to_fight(self) -> bool:
        """The keyboard to where the fight continues (the game's ``fight_widget``: the order, the map)."""
        return self.fight_focus.give_back()

    def print_log(self) -> None:
        """Ctrl+P: the turn log as a report (preview, print, PDF, HTML, Markdown)."""
        from gmtool.ui.report_dialog import ReportDialog

        dialog = ReportDialog(self.workspace.encounter, self.workspace.encounter_name, self,
                              party=self.party_actions.report_party)
        dialog.exported.connect(lambda path: self._show_status(tr("status.exported", path=path)))
        dialog.exec()

    # -- actions -------------------------------------------------------------
    def action(self, name: str) -> QAction:
        return self._actions[name]

    def has_action(self, name: str) -> bool:
        """Whether this window has the action (a game's own actions exist in its windows only)."""
        return name in self._actions

    def action_map(self) -> dict[str, QAction]:
        """Every action of this window by name (the shell's and the game's)."""
        return self._actions

    def _make_actions(self) -> None:
        for spec in (*ACTION_SPECS, *self.view.action_specs):
            self._actions[spec.name] = self._make_action(spec)
            if not spec.changes_fight:
                self._not_commands.add(spec.name)
        handlers = {
            "undo": self.bridge.undo,
            "redo": self.bridge.redo,
            "new_campaign": self.newCampaignRequested.emit,
            "open_campaign": self.openCampaignRequested.emit,
            "new_encounter": self.newEncounterRequested.emit,
            "switch_encounter": self.switchEncounterRequested.emit,
            "preferences": self.preferencesRequested.emit,
            "reload_house_rules": self.reloadHouseRulesRequested.emit,
            "quit": self.quit,
            "about": self.about,
            "print_log": self.print_log,
            "back_to_now": self.bridge.back_to_now,
            "player_view": self.playerViewRequested.emit,
            "share_players": self.shareRequested.emit,
            "reset_layout": self.reset_layout,
        }
        for name, handler in handlers.items():
            self._actions[name].triggered.connect(lambda _checked=False, h=handler: h())

    def _make_action(self, spec: ActionSpec) -> QAction:
        act = QAction(tr(spec.label_key), self)
        act.setObjectName(f"action_{spec.name}")
        act.setShortcuts(keys_for(spec, self._shortcuts))  # the GM's own key replaces the default
        if not act.shortcut().isEmpty():
            act.setToolTip(f"{act.text()} ({act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})")
        act.setCheckable(spec.checkable)
        act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.addAction(act)
        return act

    def _drop_clashing_keys(self) -> list[str]:
        """A key of the GM's own that another action of this window also has (an older or hand-edited
        settings file: Preferences refuses such a key) is taken from the GM's action: no key fires two
        actions, or none. The keys taken, as the GM reads them."""
        owners: dict[str, list[QAction]] = {}
        for act in self.findChildren(QAction):
            for key in act.shortcuts():
                owners.setdefault(key.toString(QKeySequence.SequenceFormat.PortableText), []).append(act)
        dropped = []
        for text, acts in owners.items():
            theirs = [a for a in acts if a.objectName().removeprefix("action_") in self._shortcuts]
            if len(acts) > 1 and theirs:
                for act in theirs:
                    act.setShortcuts([k for k in act.shortcuts() if k.toString(QKeySequence.SequenceFormat.PortableText) != text])
                    act.setToolTip(act.text().replace("&", ""))
                dropped.append(QKeySequence(text).toString(QKeySequence.SequenceFormat.NativeText))
        return dropped

    def add_dock(self, name: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        """A dock of this window (``dock_<name>``: saved layouts find it by that name)."""
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock_{name}")
        # The content paints its own background: a label changing text inside it (at every phase)
        # repaints that, not the dock's title bar and the window behind (~0.1 ms each time).
        widget.setAutoFillBackground(True)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        self.docks[name] = dock
        return dock

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._sized:  # the game's default proportions, unless a saved layout was restored
            self._sized = True
            if not self._layout_restored:
                self.parts.first_layout()

    @property
    def game_key(self) -> str:
        """The encounter's game: its layout is saved and restored under this key, never another game's."""
        return self.view.key

    @property
    def layout_version(self) -> int:
        """The shell's layout version and the game's, in one number (either changing drops saved layouts)."""
        return LAYOUT_VERSION * 1000 + self.parts.layout_version

    def layout_state(self) -> QByteArray:
        """The docks and bars as placed now, tagged with this window's layout version."""
        return self.saveState(self.layout_version)

    def restore_layout(self, geometry: QByteArray | None, state: QByteArray | None) -> None:
        """The size and place, and this game's saved docks (``state`` must be this game's own)."""
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self._layout_restored = self.restoreState(state, self.layout_version)
        self.rewind_bar.setVisible(self.bridge.past is not None)  # a saved layout never brings the banner back

    def reset_layout(self) -> None:
        """View → Reset layout: the game's own docks as a fresh window places them, at the size it has."""
        self.restoreState(self._default_layout, self.layout_version)
        for dock in self.docks.values():
            dock.setFloating(False)
        self.parts.first_layout()
        self.rewind_bar.setVisible(self.bridge.past is not None)

    def _make_menus(self) -> None:
        """The shell's menus with the game's items added to Edit and View, its own menus after Edit."""
        game_menus = dict(self.parts.menus)
        shell = {"menu.file": FILE_MENU, "menu.edit": EDIT_MENU, "menu.view": VIEW_MENU, "menu.help": HELP_MENU}
        order = ["menu.file", "menu.edit", *(k for k in game_menus if k not in SHELL_MENUS), "menu.view", "menu.help"]
        bar = self.menuBar()
        for key in order:
            menu = bar.addMenu(tr(key))
            menu.setObjectName(key.replace(".", "_"))
            if key == "menu.view":  # the game's docks, then the log
                for _name, dock in sorted(self.docks.items(), key=lambda item: item[0] == "log"):
                    menu.addAction(dock.toggleViewAction())
            menu.setToolTipsVisible(True)  # the reason an action is disabled
            for name in (*shell.get(key, ()), *game_menus.get(key, ())):
                if name == "-":
                    menu.addSeparator()
                elif name in self._actions:
                    menu.addAction(self._actions[name])

    @contextmanager
    def one_update(self) -> Iterator[None]:
        """The actions brought up to date once when the intent under way is done (a phase ends, then the
        next actor is selected: one update, not two), however many changes and selections it makes."""
        if self._held:
            yield
            return
        self._held, self._update_due = True, False
        try:
            yield
        finally:
            self._held = False
            if self._update_due:
                self.update_actions()

    def update_actions(self) -> None:
        if self._held:
            self._update_due = True
            return
        self._release_rewound()
        self._name_undo_redo(self.bridge.encounter)
        self.parts.update()
        self._refuse_while_rewound()

    def _name_undo_redo(self, encounter: Encounter) -> None:
        """Undo and Redo say what they would take back or bring back, in the menu and the tooltip."""
        from gmtool.viewmodels.undo_names import entry_name

        rules = encounter.ruleset
        for name, target in (("undo", encounter.undo_target), ("redo", encounter.redo_target)):
            act = self._actions[name]
            text = tr(f"action.{name}")
            if target is not None:
                text = tr(f"action.{name}_named", what=entry_name(target, rules.describe, rules.involved))
            if act.toolTip().split(" (")[0] != text or not act.toolTip():
                act.setText(text.replace("&", "&&"))  # a name with "&" is no menu mnemonic
                act.setIconText(tr(f"action.{name}"))  # the fight bar's button stays short
                keys = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
                act.setToolTip(f"{text} ({keys})" if keys else text)
            set_reason(act, None if target is not None else tr(f"reason.nothing_to_{name}"))

    def _release_rewound(self) -> None:
        """Give back what :meth:`_refuse_while_rewound` took: enabled, with the tooltip it had."""
        for name in self._rewound:  # only those it took (asking all 80 actions cost each key press)
            act = self._actions[name]
            tip = act.property("tipBeforeRewind")
            if tip is not None:
                self._reasons.pop(name, None)
                act.setProperty("tipBeforeRewind", None)
                act.setToolTip(tip)
                act.setEnabled(True)  # the rules' own checks (run next) disable it again if they must
        self._rewound.clear()

    def _refuse_while_rewound(self) -> None:
        """While the fight is shown as it was, every action that would change it is disabled, saying why."""
        reason = self.bridge.acting_refusal()
        if reason is None:
            return
        for name, act in self._actions.items():
            if name not in self._not_commands and act.isEnabled():  # one disabled already keeps its own reason
                self._reasons.pop(name, None)
                self._rewound.add(name)
                act.setProperty("tipBeforeRewind", act.toolTip())
                act.setEnabled(False)
                act.setToolTip(f"{act.text()}\n{reason}")

    # -- intents ---------------------------------------------------------------
    def run(self, command: Command) -> bool:
        ok = self.bridge.execute(command)
        if ok and self.status.text():  # clearing an empty label still re-lays out the whole window
            self.status.clear()
            set_tone(self.status, None)
            self._refusal_shown = False
        return ok

    def on_selected(self, make: Callable[[str], Command]) -> None:
        cid = self.bridge.selected
        if cid is None:
            self.show_refusal(tr("error.select_combatant"))
            return
        self.run(make(cid))

    def about(self) -> None:
        """Help → About: version, folders, games and licences (its module loads on first use)."""
        from gmtool.ui.about_dialog import AboutDialog

        AboutDialog(self).exec()

    def show_refusal(self, message: str) -> None:
        """Why something was not done, in the status line until the next change or selection."""
        self._show_status(message, error=True)

    def show_status(self, message: str) -> None:
        """A notice (not a refusal) in the status line."""
        self._show_status(message)

    def show_warning(self, message: str) -> None:
        """A warning about the campaign (a backup failed, house rules left out): in the refusals' colour,
        kept until another message replaces it (the fight going on does not make it stale)."""
        self._show_status(message, error=True)
        self._refusal_shown = False

    def _show_status(self, message: str, error: bool = False) -> None:
        self.status.setText(message)
        set_tone(self.status, "error" if error else None)
        self._refusal_shown = error

    def _forget_refusal(self, _what: object = None) -> None:
        if self._refusal_shown:  # clearing an empty label still re-lays out the whole window
            self._refusal_shown = False
            self.status.clear()
            set_tone(self.status, None)

    def enable(self, name: str, reason: str | None) -> None:
        """An action enabled (``reason`` None) or disabled saying why (its tooltip; the status line when
        its key is pressed): what a game's window parts call in ``update`` (twice a key press, for
        every action: the same reason as last time costs nothing)."""
        if self._reasons.get(name, ...) != reason:
            self._reasons[name] = reason
            set_reason(self._actions[name], reason)

    def quit(self) -> None:
        """File → Quit: close the window (the party's changes are offered to carry back first)."""
        self.close()

    def close_replaced(self) -> None:
        """Closed by the application, a new window in its place: another encounter or campaign (the party's
        changes were offered before), or this one rebuilt (a language, the house rules): nothing to ask."""
        self._replaced = True
        self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        """The GM closes the window (✕, File → Quit): the party's changes offered to carry back first, never
        lost silently; Cancel there keeps the window open."""
        if not self._replaced and not self.party_actions.settle_before_closing():
            event.ignore()
            return
        self.bridge.detach()
        super().closeEvent(event)
