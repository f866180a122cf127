"""The bridge between the encounter session and Qt: signals for changes and refusals.

All user intents go through :meth:`EncounterBridge.execute`, which runs the core
command durably and reports a refusal (a translated message) instead of raising.
While the fight is shown as it was (rewind), :attr:`state` is that past state and
every command is refused until the GM continues from there or goes back to now.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from gmtool.core.encounter import Change, Encounter, ViewChange
from gmtool.core.errors import GmtoolError, RulesError, StorageError
from gmtool.core.game import OpaqueRules
from gmtool.core.i18n import tr
from gmtool.core.journal import JournalEntry
from gmtool.core.messages import Command
from gmtool.storage.workspace import Workspace
from gmtool.viewmodels.game_view import GameView, view_for


class EncounterBridge(QObject):
    """Qt face of one workspace's encounter session."""

    changed = Signal(object)  # Change
    refused = Signal(str)  # a translated message
    selectionChanged = Signal(object)  # combatant id or None
    undoStateChanged = Signal()
    pastChanged = Signal()  # the fight is shown as it was (rewind), or now again

    def __init__(self, workspace: Workspace, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self._selected: str | None = None
        self._past: tuple[int, int, Any] | None = None  # entry seq, events shown, that state
        self._detached = False
        self._roster: tuple[object, frozenset[str]] | None = None  # (revision, ids) of the state shown
        self.view: GameView = view_for(workspace.encounter.ruleset.key, workspace.encounter.ruleset)
        workspace.encounter.subscribe(self._on_change)

    def detach(self) -> None:
        """Stop listening to the encounter (safe to call twice)."""
        if not self._detached:
            self._detached = True
            self.workspace.encounter.unsubscribe(self._on_change)

    # -- state -------------------------------------------------------------
    @property
    def encounter(self) -> Encounter:
        return self.workspace.encounter

    @property
    def state(self) -> Any:  # Any: see below
        """The game's state shown (a past one while rewound). The shell only hands it back to the rules
        (:data:`~gmtool.core.game.OpaqueRules` take ``object``); a game's panels read it as their own state
        type. ``Any``: Python cannot say "the state type of whichever game is open" (an existential type)."""
        return self._past[2] if self._past is not None else self.workspace.encounter.state

    # -- rewind ----------------------------------------------------------------
    @property
    def past(self) -> tuple[int, int] | None:
        """(entry seq, events shown) while the fight is shown as it was; None: now."""
        return None if self._past is None else (self._past[0], self._past[1])

    def show_past(self, seq: int, events: int) -> bool:
        """Show the fight right after the ``events``-th event of command entry ``seq`` (read-only)."""
        done = [e.seq for e in self.encounter.done]
        if seq not in done:
            self.refused.emit(tr("error.rewind_unknown", seq=seq))
            return False
        self._past = (seq, events, self.encounter.state_after(done.index(seq), events))
        self._show_moment()
        return True

    def back_to_now(self) -> None:
        if self._past is not None:
            self._past = None
            self._show_moment()

    def continue_from_here(self) -> bool:
        """Make the moment shown the present: the later commands stay in the journal, abandoned."""
        if self._past is None:
            return False
        seq = self._past[0]
        self._past = None
        if self._guard(lambda: self.workspace.session.rewind(seq)):
            self.pastChanged.emit()  # the present again: the banner and its messages go
            return True
        self._show_moment()
        return False

    def _show_moment(self) -> None:
        entries = self.encounter.entries
        last = entries[-1] if entries else None
        if last is not None:
            self.changed.emit(ViewChange(last, last, (), reset=True))
        self.pastChanged.emit()
        self.undoStateChanged.emit()

    @property
    def ruleset(self) -> OpaqueRules:
        return self.workspace.encounter.ruleset

    def current_actor(self) -> Any:  # Any: the game's own combatant or None (as :attr:`state`)
        return self.view.current_actor(self.state)

    def has(self, feature: str) -> bool:
        """Whether the encounter's game offers a GUI feature (names the game chooses)."""
        return feature in self.view.features

    def combatant_ids(self) -> frozenset[str]:
        """Every combatant's id in the state shown (the game's ``roster``, read once per change)."""
        revision = self.revision
        if self._roster is None or self._roster[0] != revision:
            self._roster = (revision, frozenset(cid for cid, _name in self.ruleset.roster(self.state)))
        return self._roster[1]

    # -- selection -----------------------------------------------------------
    @property
    def selected(self) -> str | None:
        if self._selected is not None and self._selected not in self.combatant_ids():
            self._selected = None
        return self._selected

    def select(self, combatant_id: str | None) -> None:
        if combatant_id is not None and combatant_id not in self.combatant_ids():
            combatant_id = None
        if combatant_id != self._selected:
            self._selected = combatant_id
            self.selectionChanged.emit(combatant_id)

    # -- intents -------------------------------------------------------------
    def execute(self, command: Command) -> bool:
        """Run a command; on refusal emit :attr:`refused` and return False."""
        return self._guard(lambda: self.workspace.session.execute(command))

    def preview(self, command: Command) -> JournalEntry:
        """The entry ``command`` would write now, through the session (nothing written).

        Raises :class:`~gmtool.core.errors.GmtoolError` with the refusal, also while the fight
        is shown as it was: a preview is always made on the state it will be applied to.
        """
        self._refuse_in_past()
        return self.workspace.session.preview(command)

    def commit_preview(self, entry: JournalEntry) -> bool:
        """Write a previewed entry as it was shown (refused if anything was written since)."""
        return self._guard(lambda: self.workspace.session.commit_preview(entry))

    def acting_refusal(self) -> str | None:
        """Why nothing can be done now (translated), or None: the fight is shown as it was, or the
        campaign is open read-only."""
        if self.workspace.read_only:
            return tr("error.campaign_read_only", path=self.workspace.campaign.path.name)
        return tr("error.rewind_read_only") if self._past is not None else None

    @property
    def revision(self) -> tuple[int, tuple[int, int] | None]:
        """Changes whenever the state shown changes: entries written, and the moment shown."""
        return len(self.workspace.encounter.entries), self.past

    def attempt(self, command: Command) -> str | None:
        """Run a command; return the translated refusal, or None when it was done."""
        try:
            self._refuse_in_past()
            self.workspace.session.execute(command)
        except GmtoolError as exc:
            return exc.message()
        return None

    def undo(self) -> bool:
        return self._guard(self.workspace.session.undo)

    def redo(self) -> bool:
        return self._guard(self.workspace.session.redo)

    def _refuse_in_past(self) -> None:
        if self.workspace.read_only:
            raise StorageError("error.campaign_read_only", path=self.workspace.campaign.path.name)
        if self._past is not None:
            raise RulesError("error.rewind_read_only")

    def _guard(self, run: Callable[[], object]) -> bool:
        try:
            self._refuse_in_past()
            run()
        except GmtoolError as exc:
            self.refused.emit(exc.message())
            return False
        return True

    def _on_change(self, change: Change) -> None:
        self.changed.emit(change)
        if self._selected is not None and self._selected not in self.combatant_ids():
            self.select(None)
        self.undoStateChanged.emit()
