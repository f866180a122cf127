"""Carry the party back: what changed for each member in the encounter, confirmed, edited or declined.

Shown when the GM ends or leaves an encounter with party members in it (and by Encounter → Carry the
party back…). One row per member: its name and the game's words for each change (or why it cannot be
carried back: nothing of it is then changed). **Carry back** writes every member's new state in one
transaction with the party log; **Edit…** sets the selected member's new state by hand first;
**Decline** leaves the party as it was. The templates are never changed. When the GM is leaving the
encounter (closing the window, quitting, another encounter or campaign), **Cancel** (or Esc) stays in it:
nothing is carried, nothing declined, the window stays open (``answer`` says which it was).
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.capabilities import Carry
from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.core.party import CarriedState
from gmtool.storage.campaign import Campaign
from gmtool.storage.party_flow import MemberOutcome, carry_back
from gmtool.ui.row_table import row_table

Answer = Literal["carried", "declined", "cancelled"]


def change_words(outcome: MemberOutcome) -> str:
    """A member's changes, one per line (or its problem, or "no change")."""
    if outcome.problem:
        return tr("party.carry.problem", problem=outcome.problem)
    if not outcome.changes:
        return tr("party.carry.no_change")
    return "\n".join(line.text() for line in outcome.changes)


class CarryBackDialog(QDialog):
    """The per-member summary of an encounter's changes, and the GM's answer."""

    def __init__(self, campaign: Campaign, game: str, carrying: Carry[object], plan: list[MemberOutcome],
                 encounter: str, parent: QWidget | None = None, leaving: bool = False) -> None:
        super().__init__(parent)
        self.leaving = leaving
        self.answer: Answer = "cancelled" if leaving else "declined"  # until the GM answers
        self.setObjectName("carryBackDialog")
        self.setWindowTitle(tr("party.carry.title", encounter=encounter))
        self._campaign, self._game, self._carry, self._encounter = campaign, game, carrying, encounter
        self.plan = list(plan)
        self.carried_batch: int | None = None
        self.table = row_table(self, "carryBackTable", [tr("party.column.member"), tr("party.column.changes")])
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        intro = tr("party.carry.intro") + (" " + tr("party.carry.intro_leaving") if leaving else "")
        self.message = QLabel(intro, self)
        self.message.setWordWrap(True)
        self.carry_button = QPushButton(tr("party.carry.carry"), self)
        self.carry_button.setObjectName("carryBackButton")
        self.carry_button.setDefault(True)
        self.edit_button = QPushButton(tr("party.carry.edit"), self)
        self.edit_button.setObjectName("carryBackEdit")
        self.decline_button = QPushButton(tr("party.carry.decline"), self)
        self.decline_button.setObjectName("carryBackDecline")
        self.carry_button.clicked.connect(self.carry)
        self.edit_button.clicked.connect(self.edit_selected)
        self.decline_button.clicked.connect(self.decline)
        self.cancel_button = QPushButton(tr("party.carry.cancel"), self)
        self.cancel_button.setObjectName("carryBackCancel")
        self.cancel_button.setVisible(leaving)
        self.cancel_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for button in (self.carry_button, self.edit_button, self.decline_button, self.cancel_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self._fill()
        self.table.selectRow(0)
        self.resize(640, 360)

    def _fill(self) -> None:
        self.table.setRowCount(len(self.plan))
        for row, outcome in enumerate(self.plan):
            name = QTableWidgetItem(outcome.member.name)
            words = QTableWidgetItem(change_words(outcome))
            words.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            self.table.setItem(row, 0, name)
            self.table.setItem(row, 1, words)
        self.table.resizeColumnToContents(0)

    def edit_selected(self) -> None:
        """Edit… the selected member's new state (a member that cannot be carried back has none)."""
        from gmtool.ui.party_edit_dialog import PartyEditDialog

        row = self.table.currentRow()
        after = self.plan[row].after if 0 <= row < len(self.plan) else None
        if after is None:
            self.message.setText(tr("party.carry.nothing_to_edit"))
            return
        dialog = PartyEditDialog(self._carry, self.plan[row].member.name, after, self)
        if dialog.exec() and dialog.edited is not None:
            self.set_after(row, dialog.edited)

    def set_after(self, row: int, after: CarriedState) -> None:
        """The member's new state as the GM set it (the summary says its changes again)."""
        outcome = self.plan[row]
        before = outcome.before if outcome.before is not None else after  # a member who joined: all is new
        changes = self._carry.describe_changes(before, after)
        self.plan[row] = MemberOutcome(outcome.member, outcome.before, after, changes)
        self._fill()
        self.table.selectRow(row)

    def carry(self) -> None:
        """Carry back: every member's new state in one transaction (a refusal is said, nothing written)."""
        try:
            self.carried_batch = carry_back(self._campaign, self._game, self.plan, self._encounter)
        except GmtoolError as exc:
            self.message.setText(exc.message())
            return
        self.answer = "carried"
        self.accept()

    def decline(self) -> None:
        """Decline: the party stays as it was (leaving, the GM goes on leaving)."""
        self.answer = "declined"
        self.done(QDialog.DialogCode.Rejected)

    def reject(self) -> None:
        """Esc, ✕ or Cancel: leaving, the GM stays in the encounter; otherwise it is Decline."""
        self.answer = "cancelled" if self.leaving else "declined"
        super().reject()
