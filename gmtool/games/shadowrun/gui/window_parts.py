"""The window parts both Shadowrun editions build alike: the attack panel and the grunt-group actions."""

from __future__ import annotations

from typing import Any


class ShadowrunWindowParts:
    """Mixed into each edition's view adapter (the shell asks the adapter, never the game by name)."""

    def window_parts(self, window: Any) -> Any:
        """The order, sheet, work and attack docks with the edition's actions and menus."""
        from gmtool.games.shadowrun.gui.window import ShadowrunWindow

        return ShadowrunWindow(window, self)  # type: ignore[arg-type]

    def attack_panel(self, window: Any) -> Any:
        from gmtool.games.shadowrun.gui.attack_panel import AttackPanel

        return AttackPanel(window.bridge, window.action_map(), window)

    def sheet_extras(self, panel: Any) -> Any:
        """The effects in force on the selected combatant, under its sheet."""
        from gmtool.games.shadowrun.gui.effects_box import EffectsBox

        return EffectsBox(panel._bridge, panel)

    def group_actions(self, window: Any) -> Any:
        from gmtool.games.shadowrun.gui.group_actions import GroupActions

        return GroupActions(window)
