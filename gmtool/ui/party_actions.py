"""The party's actions on the main window: File → Party… (Ctrl+Alt+P), Add the party (Ctrl+Alt+A) and
Carry the party back… (Ctrl+Alt+B), and the carry-back offered when the GM leaves an encounter.

:func:`install_party_actions` (called once from ``MainWindow.__init__``) adds them to the File menu after
the library's. Adding the party runs each member's commands through the window's bridge (journaled, each
undoable); carrying back asks with :class:`~gmtool.ui.carry_back_dialog.CarryBackDialog`. Everything of
a game comes through its declared ``carry`` (:func:`gmtool.core.declared.carry`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal

from gmtool.core.declared import carry
from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.ui.actions import PARTY_SPECS
from gmtool.ui.library_actions import bring_to_front, file_menu
from gmtool.ui.window_actions import WindowActions

if TYPE_CHECKING:
    from gmtool.core.capabilities import Carry
    from gmtool.printing.report import PartySection
    from gmtool.storage.party_flow import Brought, MemberOutcome
    from gmtool.ui.carry_back_dialog import CarryBackDialog
    from gmtool.ui.main_window import MainWindow
    from gmtool.ui.party_window import PartyWindow


class PartyActions(WindowActions):
    """The party's actions on one main window; ``partyChanged`` after anything changed the party."""

    partyChanged = Signal()

    def __init__(self, window: MainWindow, shortcuts: dict[str, str] | None = None) -> None:
        super().__init__(window, "partyActions")
        self.party_window: PartyWindow | None = None
        self._settled: list[tuple[int, object, str]] | None = None  # the changes the GM answered when leaving
        self._closing: CarryBackDialog | None = None  # the summary open while the window waits to close
        handlers = {"party": self.show_party, "add_party": self.add_party, "carry_back": self.ask_carry_back}
        self.add_actions(PARTY_SPECS, handlers, shortcuts)
        carries = self._carry() is not None
        for name in ("add_party", "carry_back"):
            self.actions[name].setEnabled(carries)
            self.actions[name].setToolTip("" if carries else tr("party.error.no_carry"))

    def _carry(self) -> Carry[object] | None:
        return carry(self.window.bridge.encounter.ruleset)

    def add_to_menu(self) -> None:
        menu = file_menu(self.window)
        if menu is None:
            return
        menu.addSeparator()
        menu.addActions(list(self.actions.values()))

    # -- the party window ------------------------------------------------------------------------
    def show_party(self) -> PartyWindow:
        from gmtool.ui.party_window import PartyWindow

        if self.party_window is None:
            self.party_window = PartyWindow(self.campaign, self.window.workspace.ruleset_key, self.window)
            self.party_window.changed.connect(self.partyChanged.emit)
        self.party_window.refresh()
        bring_to_front(self.party_window)
        return self.party_window

    # -- into and out of the encounter -----------------------------------------------------------------
    def add_party(self) -> None:
        """Every member of this game's party not yet in the encounter joins as it is now."""
        from gmtool.storage.party_flow import bring_party

        workspace, bridge = self.window.workspace, self.window.bridge
        game = workspace.ruleset_key
        rules = bridge.encounter.ruleset
        try:
            with self.window.one_update():
                outcome = bring_party(self.campaign, workspace.encounter_id, game, bridge.execute,
                                      lambda: rules.roster(bridge.encounter.state))
        except GmtoolError as exc:
            self.window.show_refusal(exc.message())
            return
        self._say_brought(outcome)
        self.partyChanged.emit()  # its members are in the encounter now

    def _say_brought(self, outcome: Brought) -> None:
        if not (outcome.joined or outcome.already or outcome.refused):
            self.window.show_refusal(tr("party.status.empty"))
            return
        words = [tr("party.status.joined", names=", ".join(outcome.joined))] if outcome.joined else []
        if outcome.already:
            words.append(tr("party.status.already", names=", ".join(outcome.already)))
        words += outcome.refused
        say = self.window.show_warning if outcome.refused else self.window.show_status
        say(" ".join(words))

    def report_party(self) -> PartySection | None:
        """The party of this encounter's game for the printed report (None: the game carries nothing)."""
        from gmtool.printing.party_report import party_section

        if self._carry() is None:
            return None
        workspace, encounter = self.window.workspace, self.window.bridge.encounter
        return party_section(self.campaign, workspace.encounter_id, workspace.ruleset_key, encounter.state,
                             encounter.ruleset.roster(encounter.state))

    def carry_back_dialog(self, leaving: bool = False) -> CarryBackDialog | None:
        """The carry-back summary of this encounter's party members (None: none, or nothing changed);
        ``leaving``: the GM is leaving the encounter (the dialog offers Cancel: stay)."""
        from gmtool.storage.party_flow import carry_back_plan
        from gmtool.ui.carry_back_dialog import CarryBackDialog

        carrying = self._carry()
        workspace, encounter = self.window.workspace, self.window.bridge.encounter
        if carrying is None or workspace.read_only:
            return None
        plan = carry_back_plan(self.campaign, workspace.encounter_id, workspace.ruleset_key, encounter.state,
                               encounter.ruleset.roster(encounter.state))
        if not any(outcome.changes or outcome.problem for outcome in plan):
            return None
        return CarryBackDialog(self.campaign, workspace.ruleset_key, carrying, plan, workspace.encounter_name,
                               self.window, leaving)

    def ask_carry_back(self) -> None:
        """Encounter's end, or the GM's Carry the party back…: the summary, answered."""
        dialog = self.carry_back_dialog()
        if dialog is None:
            self.window.show_status(tr("party.status.nothing_to_carry"))
            return
        dialog.exec()
        self._answered(dialog.answer == "carried")

    def _leaving_question(self) -> tuple[CarryBackDialog, list[tuple[int, object, str]]] | None:
        """The summary to show before leaving and what it asks (None: nothing changed, or the GM already
        answered these very changes: the window closing after a switch asks nothing again)."""
        dialog = self.carry_back_dialog(leaving=True)
        if dialog is None:
            return None
        asked = _plan_key(dialog.plan)
        if asked == self._settled:
            dialog.deleteLater()
            return None
        return dialog, asked

    def offer_carry_back(self) -> bool:
        """Before leaving the encounter (another encounter or campaign): the summary if any member changed,
        never silent. False: the GM cancelled and stays in the encounter."""
        question = self._leaving_question()
        if question is None:
            return True
        dialog, asked = question
        dialog.exec()
        if dialog.answer == "cancelled":
            return False
        self._settled = asked
        self._answered(dialog.answer == "carried")
        return True

    def settle_before_closing(self) -> bool:
        """The window is closing (✕, File → Quit): True, nothing to ask; False, the summary is open over the
        window (window-modal): Carry back or Decline closes the window then, Cancel keeps it open."""
        if self._closing is not None:
            return False  # already asked: the answer closes it
        if self.campaign.closed:
            return True  # the campaign went first (the application's end): nothing can be carried
        try:
            question = self._leaving_question()
        except GmtoolError as exc:  # the party cannot be read: nothing to carry into, the journal is kept
            self.window.show_warning(exc.message())
            return True
        if question is None:
            return True
        dialog, asked = question
        self._closing = dialog
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.finished.connect(lambda _code: self._closing_answered(dialog, asked))
        dialog.open()
        return False

    def _closing_answered(self, dialog: CarryBackDialog, asked: list[tuple[int, object, str]]) -> None:
        self._closing = None
        dialog.deleteLater()
        if dialog.answer == "cancelled":
            self.window.show_status(tr("party.status.stayed"))
            return
        self._settled = asked
        self._answered(dialog.answer == "carried")
        self.window.close()

    def _answered(self, carried: bool) -> None:
        self.window.show_status(tr("party.status.carried" if carried else "party.status.declined"))
        if self.party_window is not None:
            self.party_window.refresh()
        self.partyChanged.emit()


def _plan_key(plan: list[MemberOutcome]) -> list[tuple[int, object, str]]:
    """What a carry-back plan would write, comparable: each member's new state (or its problem)."""
    return [(o.member.id, o.after.document() if o.after is not None else None, o.problem) for o in plan]


def install_party_actions(window: Any, shortcuts: dict[str, str] | None = None) -> PartyActions:
    """Add the party's actions to the window's File menu (with the GM's own keys); return them."""
    actions = PartyActions(window, shortcuts)
    actions.add_to_menu()
    return actions
