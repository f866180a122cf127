"""Grunt-group actions of the main window, for every game that has groups.

The command that forms a group comes from the game's view (each edition forms
it from its own sheet); leaving and splitting are the same in both editions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.gui.edition import edition_view
from gmtool.games.shadowrun.gui.view_protocol import SHARED_MONITOR
from gmtool.games.shadowrun.rules.grunt_groups import LeaveGroup, SplitGroup, group_of

if TYPE_CHECKING:
    from gmtool.ui.main_window import MainWindow


class GroupActions:
    """Connects and updates add / leave / split for one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        window.action("add_grunt_group").triggered.connect(lambda _c=False: self.add_grunt_group())
        window.action("leave_group").triggered.connect(
            lambda _c=False: window.on_selected(lambda c: LeaveGroup(combatant=c))
        )
        window.action("split_group").triggered.connect(self._split_group)

    def update(self) -> None:
        window = self.window
        selected = window.bridge.selected
        group = group_of(window.bridge.state, selected) if selected is not None else None
        for name in ("leave_group", "split_group"):
            window.enable(name, None if group is not None else tr("reason.no_grunt_group"))
        window.action("split_group").setChecked(bool(group and group.split))

    def add_grunt_group(self) -> None:
        """Grunts copied from the selected combatant's sheet (or a plain one)."""
        from gmtool.games.shadowrun.gui.group_dialog import GroupDialog

        window = self.window
        cid = window.bridge.selected
        if cid:
            template = window.bridge.state.combatants[cid].sheet
        else:
            template = edition_view(window.bridge).new_sheet(tr("combatant.grunt")).model_copy(update={"edge_points": 0})
        dialog = GroupDialog(template.name, window.bridge.has(SHARED_MONITOR), window)
        if dialog.exec():
            window.run(edition_view(window.bridge).grunt_group(
                template, dialog.count.value(), dialog.rating.value(), dialog.shared.isChecked(),
            ))

    def _split_group(self, checked: bool) -> None:
        window = self.window
        selected = window.bridge.selected
        group = group_of(window.bridge.state, selected) if selected else None
        if group is not None and not window.run(SplitGroup(group=group.id, split=checked)):
            window.update_actions()
