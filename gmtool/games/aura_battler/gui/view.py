"""The duel's adapter, as the shell sees a game's GUI (:class:`gmtool.viewmodels.game_view.GameView`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.games.aura_battler.rules.duel import AuraRules
from gmtool.games.aura_battler.rules.duel_state import DuelState, DuelUnit
from gmtool.ui.actions import MAP_SPECS, ActionSpec
from gmtool.ui.map_game_view import MapGameView

if TYPE_CHECKING:
    from gmtool.games.aura_battler.gui.window import AuraWindow
    from gmtool.ui.main_window import MainWindow

AURA_SPECS = (
    ActionSpec("ab_start_turn", "Ctrl+T"),
    ActionSpec("ab_allocate", "Ctrl+L", changes_fight=False),
    ActionSpec("ab_attack", "Ctrl+K", changes_fight=False),
    ActionSpec("ab_roll_attack", "Ctrl+Return"),
    ActionSpec("ab_board", "Ctrl+B"),
    ActionSpec("ab_thrust_up", "Ctrl+]"),
    ActionSpec("ab_thrust_down", "Ctrl+["),
    *MAP_SPECS,
    ActionSpec("ab_reveal", "Ctrl+Shift+R"),  # not Ctrl+Shift+L: the NPC library's in every window
    ActionSpec("ab_table_mode", None, checkable=True),
    ActionSpec("ab_slip_left", "Alt+Shift+Left"),
    ActionSpec("ab_slip_right", "Alt+Shift+Right"),
)


class AuraView(MapGameView[AuraRules]):
    """The Aura Battler duel: the units on the sky map, their power points and the attacks."""

    key = "aura_battler"
    rules_class = AuraRules
    action_specs = AURA_SPECS

    def current_actor(self, state: DuelState) -> DuelUnit | None:
        return None  # the digest's turn order (movement, sections 1–11) is not in it: the GM picks

    def window_parts(self, window: MainWindow) -> AuraWindow:
        from gmtool.games.aura_battler.gui.window import AuraWindow

        return AuraWindow(window, self.rules)
