"""The rally's docks and actions in the main window, laid out for a 1366 × 768 laptop: the course map in
the middle (more than half the width), the order with the standings and the log (the gear's card
behind it) on the left, the active gear's actions in one column on the right.

After a deed of the actions column (an attack, a move, a push, a spin-out, an answer to a reaction) and
when a reaction window opens, the map takes the keyboard back: the arrow keys move the gear again.
Every action disabled says why in its tooltip (:mod:`..rules.action_reasons`). The map's line of fire
follows the attack's target."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmtool.core.hex.on_map import Step
from gmtool.core.i18n import tr
from gmtool.games.badlands_rally.gui.attack_panel import AttackPanel
from gmtool.games.badlands_rally.gui.course_actions import CourseActions
from gmtool.games.badlands_rally.gui.reliable import reliable_reroll
from gmtool.games.badlands_rally.rules import action_reasons as why
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.games.badlands_rally.rules.race_view import offers
from gmtool.games.badlands_rally.rules.scenario_messages import SetGentlemensSport
from gmtool.games.badlands_rally.rules.scenario_view import attack_refusal
from gmtool.ui.actions import MAP_MENU
from gmtool.ui.hint_gate import HintGate
from gmtool.ui.map_dock import focus_map
from gmtool.ui.map_window import STEPS, MapWindowParts

if TYPE_CHECKING:
    pass

OFFERS = {"br_cruising": "cruising", "br_top": "top", "br_end_activation": "end"}
MOVES_PAGE = ("br_burn_rubber", "br_jump", "br_rally", "br_recover", "br_off_road")  # their keys show the moves page
LEFT_SHARE, RIGHT_SHARE = 0.225, 0.205  # the side columns' shares of the width (the map: the rest, 55 % or more)
SIDE_LEAST, SIDE_MOST = 270, 430  # px


class RallyWindow(MapWindowParts[RaceState]):
    """The race in one window: who activates, where every gear stands, the selected gear's card."""

    menus = (("menu.race", ("br_add_gear", "br_race_setup", "br_scenario", "br_gentlemens_sport", "br_roll_initiative", "br_table_initiative", "br_start_round",
                            "br_contest", "br_table_contest", "-", "br_cruising", "br_top",
                            "br_attack", "br_roll_attack", "br_no_reaction", "br_resolve_spin", "br_burn_rubber", "br_jump",
                            "br_rally", "br_recover", "br_off_road", "br_reliable",
                            "br_push", "br_end_activation", "-",
                            "br_edit_course", "br_import_course", "br_demo_course", "br_keep_course", "-",
                            "br_table_mode")),
             ("menu.map", MAP_MENU))
    fight_bar = ("br_cruising", "br_top", "br_attack", "br_end_activation", "-", "br_roll_initiative", "-", "undo", "redo")

    rules: RallyRules

    def build(self) -> None:
        window = self.window
        # The actions in a hint gate too (a new line of text in it, at every key, lays out that panel, not the
        # docks and the window around it), made after the order and the map: the keyboard's order
        self.make_order_and_map()
        self.attack_panel = AttackPanel(window.bridge, window.run, self.rules, window)
        actions = HintGate(self.attack_panel, window, in_dock=True)
        self.add_order_and_map(tr("dock.gear"), Qt.DockWidgetArea.LeftDockWidgetArea)
        window.add_dock("br_attack", tr("dock.br_actions"), actions, Qt.DockWidgetArea.RightDockWidgetArea)
        window.docks["br_attack"].visibilityChanged.connect(self.attack_panel.set_shown)
        panel = self.attack_panel
        self.map.target.currentIndexChanged.connect(lambda _i: panel.aim_at(self.map.target.currentData()))
        panel.target.currentIndexChanged.connect(lambda _i: self._line_of_fire())
        panel.acted.connect(self.back_to_map)
        window.action("br_attack").triggered.connect(self.show_attack)
        window.action("br_roll_attack").triggered.connect(self.roll_attack)

        def fresh(deed: Callable[[], object], page: str) -> Callable[..., None]:
            """A deed of the actions dock from a key: the dock filled first when its tab is behind, its page shown."""

            def act(*_args: object) -> None:
                panel.fresh()
                self.show_page(page)
                deed()

            return act

        window.action("br_resolve_spin").triggered.connect(fresh(panel.spins.spin, "spin"))
        window.action("br_no_reaction").triggered.connect(fresh(panel.reaction.no_reaction, "attack"))
        moves = panel.moves
        window.action("br_burn_rubber").triggered.connect(fresh(lambda: moves.special_move("burn_rubber"), "moves"))
        window.action("br_jump").triggered.connect(fresh(lambda: moves.special_move("jump"), "moves"))
        window.action("br_rally").triggered.connect(fresh(moves.rally, "moves"))
        window.action("br_recover").triggered.connect(fresh(moves.recover, "moves"))
        window.action("br_push").triggered.connect(self.show_push)
        window.action("br_off_road").triggered.connect(fresh(moves.roll_off_road, "moves"))
        window.action("br_reliable").triggered.connect(lambda: reliable_reroll(window))
        self.connect_map_keys(self._step)
        for name, offer in OFFERS.items():
            window.action(name).triggered.connect(lambda _=False, o=offer: self._take(o))
        window.action("br_add_gear").triggered.connect(self.add_gear)
        window.action("br_race_setup").triggered.connect(self.race_setup)
        window.action("br_start_round").triggered.connect(self.start_round)
        window.action("br_roll_initiative").triggered.connect(lambda: window.run(m.RollInitiative()))
        window.action("br_contest").triggered.connect(lambda: window.run(m.ContestVictory()))
        window.action("br_scenario").triggered.connect(self.choose_scenario)
        window.action("br_table_initiative").triggered.connect(lambda: self.table_dice(contest=False))
        window.action("br_table_contest").triggered.connect(lambda: self.table_dice(contest=True))
        window.action("br_table_mode").triggered.connect(lambda on: window.run(m.SetTableMode(on=on)))
        window.action("br_gentlemens_sport").triggered.connect(lambda on: window.run(SetGentlemensSport(on=on)))
        self.course = CourseActions(window)
        self.course.connect()
        self._current = self.state.current
        self._pending = bool(self.state.pending)
        self._reaction: tuple[str, object] | None = None
        window.bridge.changed.connect(self._follow_current)
        window.bridge.select(self._current)

    def _follow_current(self, _change: object) -> None:
        """When another gear's activation begins, it is selected (its arcs shown, the arrows move it);
        when a spin-out starts to wait, the attack panel comes to the front with it."""
        pending = bool(self.state.pending)
        if pending and not self._pending:
            self.show_page("spin")
        self._pending = pending
        self._follow_reaction()
        current = self.state.current
        if current != self._current:
            self._current = current
            if current is not None:
                self.window.bridge.select(current)

    def _follow_reaction(self) -> None:
        """A reaction window opening (BR-18): the attack panel in front, on the passive gear's weapon."""
        window = self.state.reaction
        opened = window is not None and (window.active, window.offers) != self._reaction
        self._reaction = (window.active, window.offers) if window is not None else None
        if opened:  # the GM answers with Ctrl+Return or Ctrl+Shift+K: the map keeps the keyboard
            self.show_page("attack")
            self.back_to_map()

    def arrange(self) -> None:
        """The order over the log (the gear's card a tab behind it) on the left, the map and the actions."""
        docks, window = self.window.docks, self.window
        window.splitDockWidget(docks["order"], docks["log"], Qt.Orientation.Vertical)
        window.tabifyDockWidget(docks["log"], docks["sheet"])
        docks["log"].raise_()
        window.splitDockWidget(docks["map"], docks["br_attack"], Qt.Orientation.Horizontal)

    def show_page(self, page: str) -> None:
        """The actions dock in front at one of its pages (its key's deed, a spin-out waiting …). A page
        hidden with the keyboard in it gives the keyboard to the map (Qt would pass it down the focus
        chain, to whatever field comes next)."""
        panel = self.attack_panel
        focus = QApplication.focusWidget()
        if focus is not None and panel.isAncestorOf(focus) and page != panel.page():
            self.back_to_map()
        self.window.docks["br_attack"].raise_()
        panel.show_page(page)

    def show_attack(self) -> None:
        """Ctrl+K: the attack page in front, aimed at the map's target (the target list takes the keyboard)."""
        self.show_page("attack")
        self.attack_panel.aim_at(self.map.target.currentData())
        self._line_of_fire()  # the map draws the line to the target the attack is aimed at
        self.attack_panel.target.setFocus()

    def roll_attack(self) -> bool:
        """Ctrl+Return: the attack (or the reaction) made, its page in front for its roll (a spin-out waiting
        keeps its own page: the attack is refused until it is resolved)."""
        if not self.state.pending:
            self.show_page("attack")
        return self.attack_panel.attack()

    def show_push(self) -> None:
        """Ctrl+Shift+H: the push page in front (BR-17)."""
        self.attack_panel.fresh()
        self.show_page("push")
        self.attack_panel.push.target.setFocus()

    def back_to_map(self) -> None:
        """The keyboard to the map: its arrow keys move the active gear (after a deed, a reaction offered)."""
        focus_map(self.map)

    def _line_of_fire(self) -> None:
        """The map's line of fire follows the attack's target, when the attacker is the gear the map shows it from."""
        panel = self.attack_panel
        if panel.draft_attacker() == self.window.bridge.selected:
            self.map.show_line_to(panel.target.currentData())

    def first_layout(self) -> None:
        """Each side column about a fifth of the width, the map the rest (55 % or more at 1366 px); the
        order as tall as a race's gears need, the log under it."""
        width = self.window.width()
        left, right = (min(max(round(width * share), SIDE_LEAST), SIDE_MOST) for share in (LEFT_SHARE, RIGHT_SHARE))
        self.lay_out_columns("br_attack", left, right, 0.42)

    def update(self) -> None:
        state, window = self.state, self.window
        current = state.current
        taken = {o.key: o for o in offers(state, current)} if current else {}
        for name, offer in OFFERS.items():
            found = taken.get(offer)
            self._allow(name, (found.reason or "" if not found.enabled else "") if found is not None else why.speed(state))
        for name in ("br_roll_initiative", "br_start_round", "br_table_initiative"):
            self._allow(name, why.new_round(state))
        for name in ("br_contest", "br_table_contest"):
            self._allow(name, why.contest(state))
        self._allow("br_scenario", why.before_the_start(state))
        window.action("br_table_mode").setChecked(state.table_mode)
        self._scenario_actions(state)
        self.course.update(self._allow)
        for name in STEPS:
            self._allow(name, why.step(state))
        self._allow("br_resolve_spin", why.resolve_spin(state))
        self._allow("br_no_reaction", why.no_reaction(state))
        for name in ("br_burn_rubber", "br_jump", "br_rally", "br_push"):
            self._allow(name, why.action(state))
        self._allow("br_recover", why.recover(state))
        self._allow("br_off_road", why.off_road(state))
        self._allow("br_add_gear", why.add_gear(state))

    def _allow(self, name: str, reason: str) -> None:
        """Enable the action (``reason`` empty), or disable it saying why (the shell's
        :meth:`~gmtool.ui.main_window.MainWindow.enable`: its tooltip, and the status line when its key is pressed)."""
        self.window.enable(name, reason or None)

    def _scenario_actions(self, state: RaceState) -> None:
        """The gentlemen's sport: chosen before the race; in round 1 the attack actions off, with the reason."""
        self.window.action("br_gentlemens_sport").setChecked(state.gentlemen)
        self._allow("br_gentlemens_sport", why.before_the_start(state))
        refusal = attack_refusal(state)
        for name in ("br_attack", "br_roll_attack"):
            self._allow(name, refusal)

    def _step(self, step: Step) -> None:
        current = self.state.current
        if current is not None:
            self.window.run(self.rules.step(self.state, current, step))

    def _take(self, offer: str) -> None:
        current = self.state.current
        if current is not None:
            self.window.run(self.rules.take(self.state, current, offer))

    def add_gear(self) -> None:
        from gmtool.games.badlands_rally.gui.add_gear import AddGearDialog

        dialog = AddGearDialog(self.state, self.window)
        if dialog.exec():
            self.window.run(dialog.command())

    def race_setup(self) -> None:
        """Ctrl+Shift+S: the race setup (players, choice order, upgrades, pole position)."""
        from gmtool.games.badlands_rally.gui.setup_dialog import open_race_setup

        self.setup_dialog = open_race_setup(self.window, self.rules, getattr(self, "setup_dialog", None))

    def table_dice(self, contest: bool) -> bool:
        """The check with the dice thrown at the table, typed per gear."""
        from gmtool.games.badlands_rally.gui.table_dice import TableDiceDialog

        dialog = TableDiceDialog(self.state, contest, self.window)
        if not dialog.exec():
            return False
        faces = dialog.typed()
        command = m.ContestVictory(faces=faces) if contest else m.RollInitiative(faces=faces)
        return self.window.run(command)

    def choose_scenario(self) -> None:
        from gmtool.games.badlands_rally.gui.add_gear import ask_scenario

        chosen = ask_scenario(self.window)
        if chosen is not None:
            self.window.run(m.ChooseScenario(scenario=chosen or None))

    def start_round(self) -> None:
        from gmtool.games.badlands_rally.gui.add_gear import ask_first

        first = ask_first(self.state, self.window.bridge.selected, self.window)
        if first is not None:
            self.window.run(m.StartRound(first=first))
