"""The rally's adapter, as the shell sees a game's GUI (:class:`gmtool.viewmodels.game_view.GameView`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_state import RaceGear, RaceState
from gmtool.ui.actions import MAP_SPECS, ActionSpec
from gmtool.ui.map_game_view import MapGameView

if TYPE_CHECKING:
    from gmtool.games.badlands_rally.gui.window import RallyWindow
    from gmtool.ui.main_window import MainWindow

RALLY_SPECS = (
    ActionSpec("br_add_gear", "Ctrl+N"),
    ActionSpec("br_race_setup", "Ctrl+Shift+S", changes_fight=False),
    ActionSpec("br_roll_initiative", "Ctrl+T"),
    ActionSpec("br_start_round", "Ctrl+Shift+T"),
    ActionSpec("br_scenario", None),
    ActionSpec("br_gentlemens_sport", None, checkable=True),
    ActionSpec("br_contest", None),
    ActionSpec("br_table_initiative", "Ctrl+Shift+I"),  # as SR's typed initiative dice (Ctrl+Alt+T opens a terminal on many desktops)
    ActionSpec("br_table_contest", None),
    ActionSpec("br_cruising", "Ctrl+1"),
    ActionSpec("br_top", "Ctrl+2"),
    ActionSpec("br_end_activation", "Space"),
    ActionSpec("br_attack", "Ctrl+K", changes_fight=False),
    ActionSpec("br_roll_attack", "Ctrl+Return"),
    ActionSpec("br_no_reaction", "Ctrl+Shift+K"),
    ActionSpec("br_resolve_spin", "Ctrl+Shift+Return"),
    ActionSpec("br_burn_rubber", "Ctrl+B"),
    ActionSpec("br_jump", "Ctrl+J"),
    ActionSpec("br_rally", "Ctrl+R"),
    ActionSpec("br_recover", "Ctrl+E"),
    ActionSpec("br_push", "Ctrl+Shift+H"),  # BR-17 push: the attack dock's push box
    ActionSpec("br_off_road", "Ctrl+Shift+F"),  # BR-20 Off-Road Specialist
    ActionSpec("br_reliable", "Ctrl+Shift+Y"),  # BR-20 Reliable: reroll the last test
    *MAP_SPECS,
    ActionSpec("br_table_mode", None, checkable=True),
    ActionSpec("br_edit_course", None),
    ActionSpec("br_import_course", None),
    ActionSpec("br_demo_course", None),
    ActionSpec("br_keep_course", None, changes_fight=False),
)


class RallyView(MapGameView[RallyRules]):
    """Badlands Rally: the race on its course."""

    key = "badlands_rally"
    rules_class = RallyRules
    action_specs = RALLY_SPECS

    def current_actor(self, state: RaceState) -> RaceGear | None:
        return state.gears.get(state.current) if state.current else None

    def window_parts(self, window: MainWindow) -> RallyWindow:
        from gmtool.games.badlands_rally.gui.window import RallyWindow

        return RallyWindow(window, self.rules)
