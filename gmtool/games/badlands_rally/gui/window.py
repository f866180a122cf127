"""The rally's docks (order, course map, gear sheet) and actions in the main window."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from gmtool.core.i18n import tr
from gmtool.games.badlands_rally.gui.attack_panel import AttackPanel
from gmtool.games.badlands_rally.gui.course_actions import CourseActions
from gmtool.games.badlands_rally.gui.reliable import reliable_reroll
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_reaction import recovers_after_reaction
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.games.badlands_rally.rules.race_view import offers
from gmtool.games.badlands_rally.rules.scenario_messages import SetGentlemensSport
from gmtool.games.badlands_rally.rules.scenario_view import attack_refusal
from gmtool.ui.map_dock import MapDock, focus_map
from gmtool.ui.order_panel import OrderPanel
from gmtool.ui.pinned import scrolled
from gmtool.ui.sheet_dock import SheetDock

if TYPE_CHECKING:
    from gmtool.ui.main_window import MainWindow

STEPS = {"map_ahead": "ahead", "map_back": "back", "map_left": "left", "map_right": "right"}
OFFERS = {"br_cruising": "cruising", "br_top": "top", "br_end_activation": "end"}


class RallyWindow:
    """The race in one window: who activates, where every gear stands, the selected gear's card."""

    layout_version = 1  # raise it when the docks change: saved layouts of this game are then not restored

    menus = (("menu.race", ("br_add_gear", "br_race_setup", "br_scenario", "br_gentlemens_sport", "br_roll_initiative", "br_table_initiative", "br_start_round",
                            "br_contest", "br_table_contest", "-", "br_cruising", "br_top",
                            "br_attack", "br_roll_attack", "br_no_reaction", "br_resolve_spin", "br_burn_rubber", "br_jump",
                            "br_rally", "br_recover", "br_off_road", "br_reliable",
                            "br_push", "br_end_activation", "-",
                            "br_edit_course", "br_import_course", "br_demo_course", "br_keep_course", "-",
                            "br_table_mode")),
             ("menu.map", ("map_focus", "-", "map_ahead", "map_back", "map_left", "map_right")))
    fight_bar = ("br_cruising", "br_top", "br_attack", "br_end_activation", "-", "br_roll_initiative", "-", "undo", "redo")

    def __init__(self, window: MainWindow, rules: RallyRules) -> None:
        self.window, self.rules = window, rules

    def build(self) -> None:
        window = self.window
        self.order_panel = OrderPanel(window.bridge, window)
        self.map = MapDock(window.bridge, window.run, self.rules, window)
        self.sheet = SheetDock(window.bridge, window.run, window)
        self.attack_panel = AttackPanel(window.bridge, window.run, self.rules, window)
        window.add_dock("order", tr("dock.order"), self.order_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        window.add_dock("map", tr("dock.map"), self.map, Qt.DockWidgetArea.RightDockWidgetArea)
        window.add_dock("sheet", tr("dock.gear"), self.sheet, Qt.DockWidgetArea.RightDockWidgetArea)
        self.attack_area = scrolled(self.attack_panel, "brAttackScroll")
        window.add_dock("br_attack", tr("dock.br_attack"), self.attack_area, Qt.DockWidgetArea.RightDockWidgetArea)
        window.docks["sheet"].visibilityChanged.connect(self.sheet.set_shown)  # a tab behind draws nothing
        window.docks["br_attack"].visibilityChanged.connect(self.attack_panel.set_shown)
        self.map.target.currentIndexChanged.connect(lambda _i: self.attack_panel.aim_at(self.map.target.currentData()))
        window.action("br_attack").triggered.connect(self.show_attack)
        window.action("br_roll_attack").triggered.connect(self.attack_panel.attack)
        panel = self.attack_panel

        def fresh(deed: Callable[[], object]) -> Callable[..., None]:
            """A deed of the attack dock from a key, the dock filled first when its tab is behind."""
            return lambda *_args: (panel.fresh(), deed())[0]

        window.action("br_resolve_spin").triggered.connect(fresh(panel.spins.spin))
        window.action("br_no_reaction").triggered.connect(fresh(panel.reaction.no_reaction))
        moves = panel.moves
        window.action("br_burn_rubber").triggered.connect(fresh(lambda: moves.move("burn_rubber")))
        window.action("br_jump").triggered.connect(fresh(lambda: moves.move("jump")))
        window.action("br_rally").triggered.connect(fresh(moves.rally))
        window.action("br_recover").triggered.connect(fresh(moves.recover))
        window.action("br_push").triggered.connect(self.show_push)
        window.action("br_off_road").triggered.connect(fresh(moves.roll_off_road))
        window.action("br_reliable").triggered.connect(lambda: reliable_reroll(window))
        for name, step in STEPS.items():
            window.action(name).triggered.connect(lambda _=False, s=step: self._step(s))
        for name, offer in OFFERS.items():
            window.action(name).triggered.connect(lambda _=False, o=offer: self._take(o))
        window.action("map_focus").triggered.connect(lambda: focus_map(self.map))
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
            self.window.docks["br_attack"].raise_()
            self.attack_area.ensureWidgetVisible(self.attack_panel.spins)
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
        if opened:
            self.window.docks["br_attack"].raise_()
            self.attack_area.ensureWidgetVisible(self.attack_panel.reaction)
            self.attack_panel.weapon.setFocus()

    def arrange(self) -> None:
        docks = self.window.docks
        self.window.splitDockWidget(docks["order"], docks["log"], Qt.Orientation.Vertical)
        self.window.splitDockWidget(docks["map"], docks["sheet"], Qt.Orientation.Horizontal)
        self.window.tabifyDockWidget(docks["sheet"], docks["br_attack"])
        docks["sheet"].raise_()

    def show_attack(self) -> None:
        """Ctrl+K: the attack panel in front, aimed at the map's target."""
        self.window.docks["br_attack"].raise_()
        self.attack_panel.aim_at(self.map.target.currentData())
        self.attack_panel.target.setFocus()

    def show_push(self) -> None:
        """Ctrl+Shift+H: the attack dock in front, at its push box (BR-17)."""
        self.window.docks["br_attack"].raise_()
        self.attack_panel.fresh()
        self.attack_area.ensureWidgetVisible(self.attack_panel.push)
        self.attack_panel.push.target.setFocus()

    def first_layout(self) -> None:
        docks = self.window.docks
        order, sheet = 380, 320  # the map takes the rest (asked for more, it squeezed the order on a laptop)
        self.window.resizeDocks([docks["order"], docks["map"], docks["sheet"]],
                                [order, max(self.window.width() - order - sheet, 0), sheet], Qt.Orientation.Horizontal)
        self.window.resizeDocks([docks["order"], docks["log"]], [500, 300], Qt.Orientation.Vertical)

    def fight_widget(self) -> QWidget:
        """The map: its arrows move the active gear, Space ends the activation (gmtool.ui.fight_focus)."""
        return self.map.view

    @property
    def state(self) -> RaceState:
        return self.window.bridge.state

    def update(self) -> None:
        state, window = self.state, self.window
        current = state.current
        taken = {o.key: o for o in offers(state, current)} if current else {}
        for name, offer in OFFERS.items():
            found = taken.get(offer)
            window.enable(name, tr("br.heading.not_started") if found is None else None if found.enabled else found.reason)
            window.action(name).setStatusTip(found.reason if found is not None else tr("br.heading.not_started"))
        for name in ("br_roll_initiative", "br_start_round", "br_table_initiative"):
            window.enable(name, _between_rounds(state))
        for name in ("br_contest", "br_table_contest"):
            window.enable(name, None if state.contest else tr("reason.br_no_contest"))
        window.enable("br_scenario", None if state.round == 0 else tr("reason.br_before_round_1"))
        window.action("br_table_mode").setChecked(state.table_mode)
        self._scenario_actions(state)
        self.course.update()
        gear = state.gears.get(current) if current else None
        moving = _not_moving(state, gear)
        for name in STEPS:
            window.enable(name, moving or (tr("reason.br_table_mode") if state.table_mode else None))
        window.enable("br_resolve_spin", None if state.pending else tr("reason.br_no_spin"))
        window.enable("br_no_reaction", None if state.reaction is not None else tr("reason.br_no_reaction"))
        spin = tr("reason.br_resolve_spin_first") if state.pending else None
        acting = moving or spin or (None if gear.actions_used < gear.actions else tr("reason.br_no_action_left"))
        for name in ("br_burn_rubber", "br_jump", "br_rally", "br_push"):
            window.enable(name, acting)
        borrowed = gear is not None and gear.speed is not None and recovers_after_reaction(gear)  # BR-17, BR-18
        window.enable("br_recover", None if borrowed and not spin else acting)
        special = None if gear is not None and "off_road_specialist" in gear.specials else tr("reason.br_not_off_road")
        window.enable("br_off_road", moving or spin or special)
        window.enable("br_add_gear", None if state.course is not None else tr("reason.br_no_course"))

    def _scenario_actions(self, state: RaceState) -> None:
        """The gentlemen's sport: chosen before the race; in round 1 the attack actions off, with the reason."""
        window = self.window
        window.action("br_gentlemens_sport").setChecked(state.gentlemen)
        window.enable("br_gentlemens_sport", None if state.round == 0 else tr("reason.br_before_round_1"))
        refusal = attack_refusal(state)
        for name in ("br_attack", "br_roll_attack"):
            act = window.action(name)
            tip = act.property("brTip") or act.toolTip()  # its own tooltip, kept the first time
            act.setProperty("brTip", tip)
            act.setEnabled(not refusal)
            act.setStatusTip(refusal)
            act.setToolTip(f"{tip}\n{refusal}" if refusal else tip)

    def _step(self, step: str) -> None:
        current = self.state.current
        if current is not None:
            self.window.run(self.rules.step(self.state, current, step))  # type: ignore[arg-type]

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


def _between_rounds(state: RaceState) -> str | None:
    """Why a new round cannot start now (None: it can): the race over, no gears, a round under way."""
    if state.winner is not None or state.contest:
        return tr("reason.br_race_over")
    if not state.gears:
        return tr("reason.br_no_gears")
    return tr("reason.br_activating") if state.current is not None else None


def _not_moving(state: RaceState, gear: RaceGear | None) -> str | None:
    """Why no gear can move or act now (None: the active gear can): nobody activates, no speed declared."""
    if gear is None:
        return tr("reason.br_nobody_activating")
    return tr("reason.br_declare_speed") if gear.speed is None else None
