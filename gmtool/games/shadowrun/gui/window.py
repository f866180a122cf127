"""Both Shadowrun editions' part of the main window: the order, the sheet, the work panel, the attack.

The shell's window asks the edition's view adapter for these parts (``window_parts``); they add
their docks, connect their actions (:mod:`gmtool.games.shadowrun.gui.actions`) and keep them
enabled or disabled with the reason after every change. Every action becomes a command built by
the view adapter and runs through the window (bridge → session → journal).

The attack panel waits behind the test box's tab: it is built (with the attack rules it imports)
the first time its tab is shown or an attack action needs it, not for the first paint.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QInputDialog, QLineEdit, QScrollArea, QVBoxLayout, QWidget

from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.shadowrun.gui.actions import edit_menu
from gmtool.games.shadowrun.gui.initiative_panel import InitiativePanel
from gmtool.games.shadowrun.gui.sheet_panel import SheetPanel
from gmtool.ui.fight_focus import back_to_fight_on_enter
from gmtool.ui.fit import never_sideways
from gmtool.ui.hint_gate import HintGate
from gmtool.viewmodels.faces import parse_faces

if TYPE_CHECKING:
    from gmtool.games.shadowrun.gui.attack_panel import AttackPanel
    from gmtool.games.shadowrun.gui.view_protocol import RulesetView
    from gmtool.ui.main_window import MainWindow

LEFT = Qt.DockWidgetArea.LeftDockWidgetArea
RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
SHEET_BESIDE_AT = 1600  # px of window width from which the sheet has a column of its own (else a tab)
ORDER_SHARE = 28  # % of such a window's width for the order and the log


class ShadowrunWindow:
    """The docks, actions and menus of a Shadowrun encounter's window (either edition)."""

    layout_version = 1  # raise it when the docks change: saved layouts of this game are then not restored

    def __init__(self, window: MainWindow, view: RulesetView) -> None:
        self.window = window
        self.view = view
        self.menus = (("menu.edit", edit_menu()), ("menu.combat", view.combat_menu))
        self.fight_bar = view.fight_bar

    # -- building ------------------------------------------------------------------------
    def build(self) -> None:
        """The panels and their docks, then every action's handler."""
        window = self.window
        self.initiative_panel = InitiativePanel(window.bridge, window)
        self.sheet_panel = SheetPanel(window.bridge, window)
        self.test_panel = self.view.work_panel(window)
        self.attack_host = QWidget(window)  # the attack panel, once built (attack_panel)
        QVBoxLayout(self.attack_host).setContentsMargins(0, 0, 0, 0)
        self._attack_panel: AttackPanel | None = None
        self.extras = self.view.game_actions(window)
        self.groups = self.view.group_actions(window)
        self._make_docks()
        for panel in (self.sheet_panel, self.test_panel):
            _fit_scroll_areas(panel)
        self._connect()
        self.follow_current_actor()

    @property
    def attack_panel(self) -> AttackPanel:
        """The attack panel, built on first use (its tab shown, an attack action, a test)."""
        if self._attack_panel is None:
            panel = self.view.attack_panel(self.window)
            host = self.attack_host.layout()
            assert host is not None  # its column, made with it (build)
            host.addWidget(panel)
            panel.show()  # now, not when the layout's queued show comes
            _fit_scroll_areas(panel)
            panel.set_shown(self.window.docks["attack"].isVisible())
            self._attack_panel = panel
        return self._attack_panel

    def _attack_shown(self, shown: bool) -> None:
        """The attack tab shown (build the panel) or hidden (a hidden panel does no work)."""
        if shown or self._attack_panel is not None:
            self.attack_panel.set_shown(shown)

    def _make_docks(self) -> None:
        window = self.window
        # Gated: a new actor's name or pool re-lays out the panel, not the dock and the whole window.
        window.add_dock("initiative", tr("dock.initiative"), HintGate(self.initiative_panel), LEFT)
        window.add_dock("test", tr(self.view.work_title), HintGate(self.test_panel), RIGHT)
        window.add_dock("sheet", tr("dock.sheet"), self.sheet_panel, RIGHT)
        window.add_dock("attack", tr("dock.attack"), self.attack_host, RIGHT)

    def arrange(self) -> None:
        """The order above the log at the left; the work panels, the attack and the sheet as tabs beside
        them (the window's width then decides where the sheet goes: :meth:`first_layout`)."""
        window = self.window
        docks = window.docks
        test, attack = docks["test"], docks["attack"]
        window.splitDockWidget(docks["initiative"], docks["log"], Qt.Orientation.Vertical)
        window.tabifyDockWidget(test, attack)
        window.tabifyDockWidget(attack, docks["sheet"])
        attack.visibilityChanged.connect(self._attack_shown)  # hidden: no work (and not yet built)
        test.raise_()

    def first_layout(self) -> None:
        """The default layout for the window's width (unless a saved layout was restored).

        A laptop (under ``SHEET_BESIDE_AT`` px): the order and the log at the left, and the rest of the
        width for the work panels, the attack and the sheet as tabs, so the attack has the room for
        its inputs beside a tall modifier table. A wider screen: the sheet in a column of its own
        at the right."""
        window, docks = self.window, self.window.docks
        order, sheet, work = self.view.dock_widths
        test = docks["test"]
        if window.width() >= SHEET_BESIDE_AT:
            window.addDockWidget(RIGHT, docks["sheet"], Qt.Orientation.Horizontal)  # its own column
            order = max(order, window.width() * ORDER_SHARE // 100)  # the names whole, the badges beside
            rest = max(window.width() - order - sheet, work)
            window.resizeDocks([docks["initiative"], test, docks["sheet"]], [order, rest, sheet],
                               Qt.Orientation.Horizontal)
        else:
            window.tabifyDockWidget(docks["attack"], docks["sheet"])
            window.resizeDocks([docks["initiative"], test], [order, max(window.width() - order, work)],
                               Qt.Orientation.Horizontal)
        test.raise_()
        tall = window.height()
        window.resizeDocks([docks["initiative"], docks["log"]], [tall * 3 // 5, tall * 2 // 5], Qt.Orientation.Vertical)

    def fight_widget(self) -> QWidget:
        """The pass order: Space ends the phase there (the shell's focus rule, gmtool.ui.fight_focus)."""
        return self.initiative_panel.view

    def _connect(self) -> None:
        window, view = self.window, self.view
        handlers: dict[str, Callable[[], object]] = {
            "next_phase": self.next_phase,
            "delay": lambda: self._on_current(view.delay),
            "act_now": lambda: window.on_selected(view.act_now),
            "free_action": lambda: window.on_selected(lambda c: view.take_action(c, "free")),
            "simple_action": lambda: self._on_current(lambda c: view.take_action(c, "simple")),
            "complex_action": lambda: self._on_current(lambda c: view.take_action(c, "complex")),
            "roll_initiative": self.start_turn,
            "new_turn": self.start_turn,
            "enter_initiative": self.enter_initiative,
            "adjust_initiative": self.adjust_initiative,
            "add_combatant": self.add_combatant,
            "remove_combatant": lambda: window.on_selected(view.remove),
            "attack": self.show_attack,
            "roll_attack": self._roll_attack,
            "apply_attack": self._apply_attack,
            "reload_weapon": lambda: self.attack_panel.model.reload(),
        }
        for name in view.edge_actions:  # SR5: seize, blitz; SR4: go first (E6), extra pass (E7)
            handlers[name] = partial(window.on_selected, partial(view.edge_on_initiative, name))
        for name, handler in handlers.items():
            window.action(name).triggered.connect(lambda _checked=False, h=handler: h())
        for name, option in view.rule_options.items():
            window.action(name).triggered.connect(lambda checked, o=option: self._toggle_option(o, checked))

    # -- keeping the actions true ---------------------------------------------------------------
    def update(self) -> None:
        """Enabled by the state of the fight (the shell then disables what a rewind forbids)."""
        window = self.window
        state = window.bridge.state
        selected = window.bridge.selected is not None
        started = state.turn > 0
        first = None if started else tr("reason.roll_initiative_first")
        pick = None if selected else tr("error.select_combatant")
        window.enable("roll_initiative", tr("reason.turn_under_way") if started else None)
        for name in ("new_turn", "next_phase", "delay", "simple_action", "complex_action"):
            window.enable(name, first)
        for name in ("act_now", *self.view.edge_actions, "free_action", "enter_initiative", "adjust_initiative"):
            window.enable(name, first or pick)
        window.enable("remove_combatant", pick)
        self.extras.update()
        self.groups.update()
        for name, option in self.view.rule_options.items():
            window.action(name).setChecked(state.options[option])

    # -- intents ---------------------------------------------------------------------------
    def show_attack(self) -> None:
        """Ctrl+K: the attack panel, the current actor attacking the selected combatant."""
        self.attack_panel.start_from_turn()  # before showing: a hidden panel plans once, when shown
        self.raise_attack()
        self.attack_panel.focus_first_missing()

    def raise_attack(self) -> None:
        """The attack dock in front (Roll and Apply from the keyboard show what they did, or why not)."""
        dock = self.window.docks["attack"]
        dock.show()
        dock.raise_()

    def _roll_attack(self) -> None:
        self.raise_attack()
        self.attack_panel.model.roll()

    def _apply_attack(self) -> None:
        self.raise_attack()
        self.attack_panel.apply()

    def _on_current(self, make: Callable[[str], Command]) -> None:
        actor = self.window.bridge.current_actor()
        if actor is None:
            self.window.show_refusal(tr("error.no_current_actor"))
            return
        self.window.run(make(actor.id))

    def follow_current_actor(self) -> None:
        actor = self.window.bridge.current_actor()
        if actor is not None:
            self.window.bridge.select(actor.id)

    def next_phase(self) -> None:
        with self.window.one_update():  # the phase, then the next actor selected: the actions updated once
            if self.window.run(self.view.next_phase()):
                self.follow_current_actor()

    def start_turn(self) -> None:
        with self.window.one_update():
            if self.window.run(self.view.start_turn()):
                self.follow_current_actor()

    def add_combatant(self) -> None:
        bridge = self.window.bridge
        number = len(bridge.state.combatants) + 1
        sheet = self.view.new_sheet(tr("combatant.new_name", number=number))
        before = set(bridge.state.combatants)
        if self.window.run(self.view.add(sheet)):
            (new_id,) = set(bridge.state.combatants) - before
            bridge.select(new_id)
            self.window.docks["sheet"].show()
            self.window.docks["sheet"].raise_()  # in front of the work panels where it is their tab
            name_edit = self.sheet_panel.editors["name"]
            name_edit.setFocus()
            if isinstance(name_edit, QLineEdit):  # (the sheet's name field is one)
                name_edit.selectAll()
                back_to_fight_on_enter(name_edit)  # Enter: Space ends the phase again

    def selected_with_name(self) -> tuple[str, str] | None:
        """The selected combatant's id and name, or a refusal shown when nobody is selected."""
        bridge = self.window.bridge
        cid = bridge.selected
        if cid is None:
            self.window.show_refusal(tr("error.select_combatant"))
            return None
        return cid, bridge.state.combatants[cid].sheet.name

    def enter_initiative(self) -> None:
        chosen = self.selected_with_name()
        if chosen is None:
            return
        cid, name = chosen
        text, ok = QInputDialog.getText(
            self.window, tr("dialog.enter_initiative.title"), tr("dialog.enter_initiative.label", name=name)
        )
        if not ok:
            return
        try:
            faces = parse_faces(text)
        except GmtoolError as exc:
            self.window.show_refusal(exc.message())
            return
        self.window.run(self.view.enter_dice(cid, faces))

    def adjust_initiative(self) -> None:
        chosen = self.selected_with_name()
        if chosen is None:
            return
        cid, name = chosen
        delta, ok = QInputDialog.getInt(
            self.window, tr("dialog.adjust_initiative.title"), tr("dialog.adjust_initiative.label", name=name),
            0, -99, 99,
        )
        if ok:
            self.window.run(self.view.adjust(cid, delta))

    def _toggle_option(self, option: str, checked: bool) -> None:
        if not self.window.run(self.view.rule_option(option, checked)):
            self.window.update_actions()


def _fit_scroll_areas(panel: QWidget) -> None:
    """A panel's scroll areas never scroll sideways (the attack result wraps to the panel's width), and
    its forms put a field under its label where both do not fit side by side (a long label in
    Japanese, a list of names): the panel, and so the window, stays narrow enough for a laptop."""
    for form in panel.findChildren(QFormLayout):
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    for area in panel.findChildren(QScrollArea):
        if area.objectName() != "attackResultArea":
            never_sideways(area)
