"""The turn log as a list model: one row per event in words, appended as entries commit.

The first row names the encounter and its dice seed (X-1). Undo and redo are
lines of their own: the log never forgets what happened. A line whose command is no
longer in effect (undone, or abandoned by *Continue from here*) is shown greyed and
slanted; the branch a rewind abandoned gets a heading of its own above its first line. Each line also knows
the combatants its event concerns, as the game says (``rules.involved``; ``roles.COMBATANTS``), so the
log can be filtered by combatant (see :mod:`gmtool.viewmodels.log_filter`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from PySide6.QtCore import (
    QModelIndex,
    QObject,
    Qt,
)
from PySide6.QtGui import QFont, QGuiApplication, QPalette

from gmtool.core.display import LogShape
from gmtool.core.encounter import Change, ViewChange
from gmtool.core.i18n import tr
from gmtool.core.journal import JournalEntry, UndoStacks
from gmtool.viewmodels import roles
from gmtool.viewmodels.bridge import EncounterBridge
from gmtool.viewmodels.roles import Index
from gmtool.viewmodels.rows_model import RowsModel

MUTED_KINDS = frozenset({"undo", "redo", "rewind"})
ABANDONED = "abandoned"  # the heading above a branch that Continue from here took out of effect
class LogLine(NamedTuple):
    seq: int  # the journal entry
    kind: str  # the event kind, or header / undo / redo / rewind
    text: str
    number: int  # the event's place in its entry (-1: not an event)
    combatants: tuple[str, ...]  # the combatant ids the line concerns
    families: frozenset[str] = frozenset()  # the game's filter families of the line's event (none: not an event)


class LogModel(RowsModel[LogLine]):
    """Rows: :class:`LogLine` (seq, kind, text, event number or -1, combatant ids)."""

    def __init__(self, bridge: EncounterBridge, encounter_name: str, parent: QObject | None = None) -> None:
        header = LogLine(0, "header", tr("log.header", name=encounter_name, seed=bridge.encounter.seed), -1, ())
        super().__init__([header], parent)
        self._bridge = bridge
        encounter = bridge.encounter
        self.shape: LogShape = encounter.ruleset.log_shape()  # the game's headings and filter families
        self.levels: dict[str, int] = dict(self.shape.headings)
        self._names: dict[str, str] = {}
        self._stacks = UndoStacks()  # which commands are in effect, as the log has followed them
        self._done: set[int] = set()  # the seqs of those commands
        for entry in encounter.entries:
            abandoned = self._follow(entry)
            if abandoned:
                self._rows.insert(self._first_row_of(abandoned[0]), self._abandoned_heading(entry, abandoned))
            self._rows.extend(self._render(entry))
        bridge.changed.connect(self._on_change)

    def _render(self, entry: JournalEntry) -> list[LogLine]:
        rules = self._bridge.ruleset
        describe = rules.describe
        if entry.action == "do":
            lines: list[LogLine] = []
            for n, event in enumerate(entry.events):
                concerned = [who for who in rules.involved(event) if who.id]  # combatants of the order
                self._names.update((who.id, who.name) for who in concerned if who.name)
                lines.append(LogLine(entry.seq, event.kind, describe(event), n, tuple(who.id for who in concerned),
                                     rules.log_families(event)))
            return lines
        if entry.action == "rewind":
            return [LogLine(entry.seq, "rewind", tr("log.rewound", seq=entry.target or 0), -1, ())]
        target = self._bridge.encounter.entry(entry.target or 0)
        what = describe(target.events[0]) if target.events else ""
        key = "log.undone" if entry.action == "undo" else "log.redone"
        ids = tuple(dict.fromkeys(who.id for event in target.events for who in rules.involved(event) if who.id))
        return [LogLine(entry.seq, entry.action, tr(key, what=what, count=len(target.events)), -1, ids)]

    # -- what is in effect ---------------------------------------------------------------
    def _follow(self, entry: JournalEntry) -> list[int]:
        """Follow one journal entry; the seqs a rewind abandons (oldest first), else []."""
        if entry.action == "rewind":
            kept = entry.target or 0
            abandoned = [e.seq for e in self._stacks.done if e.seq > kept]
            self._stacks.push(entry)
            self._done.difference_update(abandoned)
            return abandoned
        moved = self._stacks.push(entry)
        if entry.action == "undo":
            self._done.discard(moved.seq)
        else:
            self._done.add(moved.seq)
        return []

    def in_effect(self, line: LogLine) -> bool:
        """Whether a command line's entry is in effect now (headers, undo/redo lines: always)."""
        return line.number < 0 or line.seq in self._done

    def _first_row_of(self, seq: int) -> int:
        return next(row for row, line in enumerate(self._rows) if line.seq == seq and line.number >= 0)

    def _abandoned_heading(self, rewind: JournalEntry, abandoned: list[int]) -> LogLine:
        return LogLine(rewind.seq, ABANDONED, tr("log.abandoned_heading", seq=rewind.target or 0), -1, ())

    def _on_change(self, change: Change) -> None:
        if isinstance(change, ViewChange):
            return  # rewind shows another moment; the log itself does not change
        entry = change.entry
        before = set(self._done) if entry.action != "do" else set()
        abandoned = self._follow(entry)
        if abandoned:
            row = self._first_row_of(abandoned[0])
            self.beginInsertRows(QModelIndex(), row, row)
            self._rows.insert(row, self._abandoned_heading(entry, abandoned))
            self.endInsertRows()
        if entry.action != "do":
            self._restyle(before ^ self._done)
        lines = self._render(entry)
        if not lines:
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(lines) - 1)
        self._rows.extend(lines)
        self.endInsertRows()

    def _restyle(self, seqs: set[int]) -> None:
        """The lines of these entries went in or out of effect: repaint their colour and font."""
        rows = [row for row, line in enumerate(self._rows) if line.seq in seqs and line.number >= 0]
        if rows:
            top, bottom = self.index(min(rows), 0), self.index(max(rows), 0)
            self.dataChanged.emit(top, bottom, [Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.FontRole])

    def combatant_names(self) -> dict[str, str]:
        """Every combatant the log names, id → the latest name it was logged under."""
        return dict(self._names)

    def line(self, row: int) -> LogLine:
        return self._rows[row]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        line = self.row_at(index)
        if line is None:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return line.text
        if role == roles.SEQ:
            return line.seq
        if role == roles.EVENT_KIND:
            return line.kind
        if role == roles.EVENT_NUMBER:
            return line.number
        if role == roles.COMBATANTS:
            return line.combatants
        if role == Qt.ItemDataRole.FontRole:
            return self._font(line)
        if role == Qt.ItemDataRole.ForegroundRole and (line.kind in MUTED_KINDS or not self.in_effect(line)):
            # The disabled text colour of the palette in use: muted in the light and the dark theme.
            return QGuiApplication.palette().brush(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        return None

    def _font(self, line: LogLine) -> QFont | None:
        """Headings bold; the abandoned-branch heading bold and slanted; lines out of effect slanted."""
        heading = line.kind in self.levels or line.kind in ("header", ABANDONED)
        slanted = line.kind == ABANDONED or not self.in_effect(line)
        if not heading and not slanted:
            return None
        font = QFont()
        font.setBold(heading)
        font.setItalic(slanted)
        return font
