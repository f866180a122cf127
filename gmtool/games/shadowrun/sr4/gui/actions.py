"""The main window's SR4-only actions: the surprise test (SR4-C9) and movement (SR4-C6).

Edge on initiative (go first SR4-E6, extra pass SR4-E7) goes through the ruleset
view like SR5's Seize the Initiative and Blitz; these are the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QInputDialog

from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.games.shadowrun.gui.actions import MOVEMENT_ACTIONS
from gmtool.games.shadowrun.gui.edition import edition_parts
from gmtool.games.shadowrun.gui.surprise_model import SurpriseModel

if TYPE_CHECKING:
    from gmtool.games.shadowrun.sr4.gui.panel import SR4Panel
    from gmtool.games.shadowrun.sr4.gui.tools_model import SR4ToolsModel
    from gmtool.ui.main_window import MainWindow

RUNNING_SKILL_MAX = 20
MOVE_MAX_M = 1000


class SR4Actions:
    """Connects and updates the SR4-only actions of one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        window.action("surprise_test").triggered.connect(lambda _c=False: self.surprise_test())
        window.action("walk").triggered.connect(lambda _c=False: self.move("walk"))
        window.action("run").triggered.connect(lambda _c=False: self.move("run"))
        window.action("sprint").triggered.connect(lambda _c=False: self.sprint())

    @property
    def tools(self) -> SR4ToolsModel:  # the SR4 panel's
        panel: SR4Panel = edition_parts(self.window).test_panel  # the SR4 view's work panel
        return panel.model

    def update(self) -> None:
        window = self.window
        acting = window.bridge.current_actor() is not None
        for name in MOVEMENT_ACTIONS:
            window.enable(name, None if acting else tr("error.no_current_actor"))
        window.enable("surprise_test", None if len(window.bridge.state.combatants) >= 2 else tr("reason.two_combatants"))

    def surprise_test(self) -> None:
        from gmtool.games.shadowrun.gui.surprise_dialog import SurpriseDialog

        window = self.window
        dialog = SurpriseDialog(sr4_surprise_model(window.bridge.state), window.bridge.attempt, window)
        if dialog.exec():
            window.status.clear()

    def move(self, mode: str) -> None:
        """Walk or run: how many metres (what is left this turn by default)."""
        window, tools = self.window, self.tools
        movement = tools.movement()
        if movement is None:
            window.show_refusal(tr("error.no_current_actor"))
            return
        left = tools.metres_left(mode)
        metres, ok = QInputDialog.getInt(
            window, tr(f"action.{mode}"),
            tr(f"dialog.move.{mode}", name=movement.name, moved=movement.moved, left=left),
            max(left, 1), 1, MOVE_MAX_M,
        )
        if ok and tools.move(mode, metres):
            window.status.clear()

    def sprint(self) -> None:
        """SR4-C6: Running + Strength; asks for the Running skill (0: defaulting)."""
        window, tools = self.window, self.tools
        movement = tools.movement()
        if movement is None:
            window.show_refusal(tr("error.no_current_actor"))
            return
        skill, ok = QInputDialog.getInt(
            window, tr("action.sprint"), tr("dialog.sprint.label", name=movement.name), 0, 0, RUNNING_SKILL_MAX
        )
        if ok and tools.sprint(skill):
            window.status.clear()


def sr4_surprise_model(state: Any, parent: QObject | None = None) -> SurpriseModel:
    """The surprise test's table for an SR4 encounter (SR4-C9): its terms and its command."""
    from gmtool.games.shadowrun.sr4.rules import commands as cmd
    from gmtool.games.shadowrun.sr4.rules.surprise import AWARENESS_BONUS, surprise_terms

    def terms_for(state: Any, cid: str, awareness: str) -> tuple[tuple[str, int], ...]:
        return surprise_terms(state.combatants[cid].sheet, awareness)

    def make_command(entries: list[dict[str, Any]]) -> Command:
        return cmd.SurpriseTest(entries=tuple(cmd.SurpriseEntry(**entry) for entry in entries))

    return SurpriseModel(state, parent, terms_for=terms_for, make_command=make_command, awareness_bonus=AWARENESS_BONUS)
