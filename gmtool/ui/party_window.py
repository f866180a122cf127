"""The party window (File → Party…): each game's players' characters between encounters.

A game chooser (the games that carry something over), the members with their state now, and for the
selected member its state beside its template's values. The GM adds members from library templates
(made and imported there: Chummer and the rest), removes them, edits a state by hand, and applies the
game's between-encounters actions (heal, refresh Edge, reload …, reset to the template) to the selected
members or the whole party. Every change is undoable (Undo, the platform's undo key) and redone (Redo,
its redo keys) while the window has the focus; each is written in the party log, which the GM reads
and prints here (:mod:`gmtool.printing.party_log`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QPushButton,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gmtool.core.capabilities import Carry
from gmtool.core.declared import carry_of_game
from gmtool.core.errors import GmtoolError
from gmtool.core.i18n import tr
from gmtool.core.party import RESET, state_pairs
from gmtool.core.registry import registry
from gmtool.storage.campaign import Campaign
from gmtool.storage.party_flow import act_between, edit_member, make_member, state_of, template_of, what_words
from gmtool.storage.party_store import LogLine, PartyMember
from gmtool.ui.flow_layout import FlowLayout
from gmtool.ui.row_table import row_table
from gmtool.viewmodels.game_view import game_name


def carrying_games() -> tuple[str, ...]:
    """The registered games that carry something over and keep templates (their members' source)."""
    return tuple(m.key for m in registry().manifests() if "carry" in m.capabilities and m.library is not None)


def add_templates_to_party(campaign: Campaign, template_ids: list[int]) -> tuple[str, bool]:
    """Make each template a member of its game's party; (what to say, whether it is a refusal)."""
    joined, refused = [], []
    for template_id in template_ids:
        try:
            record = campaign.library.get(template_id)
            if record.game not in carrying_games():
                refused.append(tr("party.library.no_carry", name=record.name, game=game_name(record.game)))
                continue
            make_member(campaign, record.game, template_id)
            joined.append(record.name)
        except GmtoolError as exc:
            refused.append(exc.message())
    said = [tr("party.library.added", names=", ".join(joined))] if joined else []
    return " ".join(said + refused), bool(refused)


class PartyWindow(QDialog):
    """The party of each game, between encounters; ``changed`` after the GM changed it."""

    changed = Signal()

    def __init__(self, campaign: Campaign, game: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("partyWindow")
        self.setWindowTitle(tr("party.window.title"))
        self.campaign = campaign
        self.members: list[PartyMember] = []
        self.game_box = QComboBox(self)
        self.game_box.setObjectName("partyGame")
        for key in carrying_games():
            self.game_box.addItem(game_name(key), key)
        self.game_box.setCurrentIndex(max(0, self.game_box.findData(game)))
        self.table = row_table(self, "partyMembers", [tr("party.column.member"), tr("party.column.template"),
                                                   tr("party.column.now")])
        self.details = row_table(self, "partyDetails", [tr("party.column.what"), tr("party.column.now"),
                                                     tr("party.column.template_value")])
        self.message = QLabel(self)
        self.message.setObjectName("partyMessage")
        self.message.setWordWrap(True)
        self.buttons: dict[str, QPushButton] = {}
        self.action_row = FlowLayout()
        self._actions_of: str | None = None  # the game whose action buttons are shown
        self._layout()
        self.game_box.currentIndexChanged.connect(lambda _i: self.refresh())
        self.table.itemSelectionChanged.connect(self._show_details)
        self.resize(900, 560)
        self.refresh()

    def _button(self, key: str, label: str, run: Callable[[], object]) -> QPushButton:
        button = QPushButton(label, self)
        button.setObjectName(f"party_{key}")
        button.clicked.connect(lambda _c=False: run())
        self.buttons[key] = button
        return button

    def _layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(QLabel(tr("party.window.game"), self))
        top.addWidget(self.game_box, 1)
        members = FlowLayout()
        for key, label, run in (("add", tr("party.window.add"), self.ask_add), ("remove", tr("party.window.remove"), self.remove),
                                ("edit", tr("party.window.edit"), self.edit), ("undo", tr("party.window.undo"), self.undo),
                                ("redo", tr("party.window.redo"), self.redo), ("log", tr("party.window.log"), self.show_log)):
            members.addWidget(self._button(key, label, run))
        self._keys()
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 3)
        layout.addWidget(self.details, 2)
        layout.addLayout(members)
        layout.addWidget(QLabel(tr("party.window.between"), self))
        layout.addLayout(self.action_row)
        layout.addWidget(self.message)

    def _keys(self) -> None:
        """Undo and Redo on the platform's keys (Ctrl+Z; Ctrl+Y, Ctrl+Shift+Z) while this window has the focus."""
        for key, keys, run in (("undo", QKeySequence.StandardKey.Undo, self.undo),
                               ("redo", QKeySequence.StandardKey.Redo, self.redo)):
            action = QAction(self)
            action.setObjectName(f"party_{key}_key")
            action.setShortcuts(keys)
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _c=False, run=run: run())
            self.addAction(action)
            self.buttons[key].setToolTip(" / ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                                                    for k in action.shortcuts()))

    # -- what is shown ----------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return str(self.game_box.currentData() or "")

    def carrying(self) -> Carry[object] | None:
        return carry_of_game(self.game) if self.game else None

    def refresh(self) -> None:
        """The members of the chosen game as stored now, and its actions."""
        carrying = self.carrying()
        self.members = self.campaign.party.members(self.game) if carrying is not None else []
        self.table.setRowCount(len(self.members))
        for row, member in enumerate(self.members):
            template = template_of(self.campaign, member)
            self.table.setItem(row, 0, QTableWidgetItem(member.name))
            self.table.setItem(row, 1, QTableWidgetItem(self._template_name(member) if template is not None
                                                        else tr("party.window.template_gone")))
            self.table.setItem(row, 2, QTableWidgetItem(self._state_words(carrying, member)))
        self.table.resizeColumnsToContents()
        self._fill_actions(carrying)
        self._name_steps()
        self._show_details()

    def _name_steps(self) -> None:
        """Undo and Redo enabled, and named after what they would take back or do again."""
        for key, what in (("undo", self.campaign.party.next_undo(self.game)),
                          ("redo", self.campaign.party.next_redo(self.game))):
            button = self.buttons[key]
            button.setEnabled(what is not None)
            label = tr(f"party.window.{key}")
            button.setText(label if what is None else tr("party.window.step", step=label,
                                                          what=what_words(self.game, what)))

    def _template_name(self, member: PartyMember) -> str:
        try:
            return self.campaign.library.get(member.template_id).name  # type: ignore[arg-type]  # a member without a template: get(None) refuses with the GmtoolError caught below
        except GmtoolError:
            return tr("party.window.template_gone")

    @staticmethod
    def _state_words(carrying: Carry[object] | None, member: PartyMember) -> str:
        if carrying is None:
            return ""
        try:
            return " · ".join(f"{line.label} {line.value}" for line in carrying.state_lines(state_of(carrying, member)))
        except GmtoolError as exc:
            return exc.message()

    def _fill_actions(self, carrying: Carry[object] | None) -> None:
        """The game's between-encounters buttons (made again only when another game is chosen)."""
        if self._actions_of == self.game:
            return
        self._actions_of = self.game
        while self.action_row.count():
            item = self.action_row.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()
        actions = [(a.key, a.label) for a in carrying.between_actions()] if carrying is not None else []
        for key, label in [*actions, (RESET, tr("party.window.reset"))] if carrying is not None else []:
            self.action_row.addWidget(self._button(f"act_{key}", label, partial(self.act, key)))

    def _show_details(self) -> None:
        carrying, member = self.carrying(), self.current()
        rows: tuple[tuple[str, str, str], ...] = ()
        if carrying is not None and member is not None:
            try:
                template = template_of(self.campaign, member)
                fresh = carrying.state_lines(carrying.fresh(template)) if template is not None else ()
                rows = state_pairs(carrying.state_lines(state_of(carrying, member)), fresh)
            except GmtoolError as exc:
                self.message.setText(exc.message())
        self.details.setRowCount(len(rows))
        for row, values in enumerate(rows):
            for column, value in enumerate(values):
                self.details.setItem(row, column, QTableWidgetItem(value))
        self.details.resizeColumnsToContents()

    def current(self) -> PartyMember | None:
        row = self.table.currentRow()
        return self.members[row] if 0 <= row < len(self.members) else None

    def selected(self) -> list[PartyMember]:
        """The selected members; none selected: the whole party."""
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return [self.members[r] for r in rows] if rows else list(self.members)

    # -- what the GM does -------------------------------------------------------------------------------
    def _done(self, run: Callable[[], object], say: str = "") -> None:
        try:
            run()
        except GmtoolError as exc:
            self.message.setText(exc.message())
            return
        self.message.setText(say)
        self.refresh()
        self.changed.emit()

    def ask_add(self) -> None:
        """Add a member from one of the game's library templates (chosen from a list)."""
        templates = self.campaign.library.templates(self.game)
        if not templates:
            self.message.setText(tr("party.window.no_templates", game=game_name(self.game)))
            return
        names = [t.name for t in templates]
        chosen, ok = QInputDialog.getItem(self, tr("party.window.add"), tr("party.window.add_which"), names, 0, False)
        if ok:
            self.add(templates[names.index(chosen)].id)

    def add(self, template_id: int) -> None:
        self._done(lambda: make_member(self.campaign, self.game, template_id))

    def remove(self) -> None:
        member = self.current()
        if member is not None:
            self._done(lambda: self.campaign.party.remove(member.id), tr("party.window.removed", name=member.name))

    def edit(self) -> None:
        from gmtool.ui.party_edit_dialog import PartyEditDialog

        carrying, member = self.carrying(), self.current()
        if carrying is None or member is None:
            return
        dialog = PartyEditDialog(carrying, member.name, state_of(carrying, member), self)
        if dialog.exec() and dialog.edited is not None:
            edited = dialog.edited
            self._done(lambda: edit_member(self.campaign, member, edited))

    def act(self, action: str) -> None:
        """A between-encounters action on the selected members (none selected: the whole party)."""
        ids = [m.id for m in self.selected()]
        refused: list[str] = []

        def run() -> None:
            refused.extend(act_between(self.campaign, self.game, ids, action)[1])

        self._done(run)
        if refused:
            self.message.setText(" ".join(refused))

    def undo(self) -> None:
        """Take back the last change (an action on the whole party is one change)."""
        self._step(self.campaign.party.undo, "party.window.undone")

    def redo(self) -> None:
        """Do again the change taken back last (nothing done since)."""
        self._step(self.campaign.party.redo, "party.window.redone")

    def _step(self, step: Callable[[str], list[LogLine]], said: str) -> None:
        try:
            lines = step(self.game)
        except GmtoolError as exc:
            self.message.setText(exc.message())
            return
        if not lines:
            return
        self.message.setText(tr(said, what=what_words(self.game, lines[0].what)))
        self.refresh()
        self.changed.emit()

    def show_log(self) -> QDialog:
        from gmtool.ui.party_log_dialog import PartyLogDialog

        dialog = PartyLogDialog(self.campaign, self.game, self)
        dialog.open()
        return dialog
