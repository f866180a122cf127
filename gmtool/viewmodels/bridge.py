"""The bridge between the encounter session and Qt: signals for changes and refusals.

All user intents go through :meth:`EncounterBridge.execute`, which runs the core
command durably and reports a refusal (a translated message) instead of raising.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from gmtool.core.encounter import Change
from gmtool.core.errors import GmtoolError
from gmtool.core.messages import Command
from gmtool.storage.workspace import Workspace
from gmtool.viewmodels.ruleset_view import RulesetView, view_for


class EncounterBridge(QObject):
    """Qt face of one workspace's encounter session."""

    changed = Signal(object)  # Change
    refused = Signal(str)  # a translated message
    selectionChanged = Signal(object)  # combatant id or None
    undoStateChanged = Signal()

    def __init__(self, workspace: Workspace, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self._selected: str | None = None
        self.view: RulesetView = view_for(workspace.encounter.ruleset.key)
        workspace.encounter.subscribe(self._on_change)

    def detach(self) -> None:
        self.workspace.encounter.unsubscribe(self._on_change)

    # -- state -------------------------------------------------------------
    @property
    def encounter(self):  # noqa: ANN201 - core Encounter
        return self.workspace.encounter

    @property
    def state(self):  # noqa: ANN201 - the ruleset's state
        return self.workspace.encounter.state

    @property
    def ruleset(self):  # noqa: ANN201
        return self.workspace.encounter.ruleset

    def current_actor(self):  # noqa: ANN201 - the ruleset's combatant or None
        return self.view.current_actor(self.state)

    def has(self, feature: str) -> bool:
        """Whether the encounter's game offers a GUI feature (``ruleset_view`` constants)."""
        return feature in self.view.features

    def interrupt_refusal(self, combatant_id: str, interrupt: str) -> str | None:
        """Why an SR5 interrupt cannot be declared now (translated), or None when it can."""
        from gmtool.rulesets.sr5.decide_effects import check_interrupt

        try:
            check_interrupt(self.state, combatant_id, interrupt)
        except GmtoolError as exc:
            return exc.message()
        return None

    # -- selection -----------------------------------------------------------
    @property
    def selected(self) -> str | None:
        if self._selected is not None and self._selected not in self.state.combatants:
            self._selected = None
        return self._selected

    def select(self, combatant_id: str | None) -> None:
        if combatant_id is not None and combatant_id not in self.state.combatants:
            combatant_id = None
        if combatant_id != self._selected:
            self._selected = combatant_id
            self.selectionChanged.emit(combatant_id)

    # -- intents -------------------------------------------------------------
    def execute(self, command: Command) -> bool:
        """Run a command; on refusal emit :attr:`refused` and return False."""
        return self._guard(lambda: self.workspace.session.execute(command))

    def attempt(self, command: Command) -> str | None:
        """Run a command; return the translated refusal, or None when it was done."""
        try:
            self.workspace.session.execute(command)
        except GmtoolError as exc:
            return exc.message()
        return None

    def undo(self) -> bool:
        return self._guard(self.workspace.session.undo)

    def redo(self) -> bool:
        return self._guard(self.workspace.session.redo)

    def _guard(self, run) -> bool:  # noqa: ANN001
        try:
            run()
        except GmtoolError as exc:
            self.refused.emit(exc.message())
            return False
        return True

    def _on_change(self, change: Change) -> None:
        self.changed.emit(change)
        if self._selected is not None and self._selected not in self.state.combatants:
            self.select(None)
        self.undoStateChanged.emit()
