"""An encounter: a ruleset's state as the fold of its journal.

``prepare`` asks the ruleset to turn a command into events without changing
anything; ``commit`` applies a prepared entry. Between the two, a session
makes the entry durable, so the screen never shows what the disk does not hold.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from gmtool.core.dice import DiceSource
from gmtool.core.errors import RulesError
from gmtool.core.game import EVERYTHING, NOTHING, OpaqueRules, Touched
from gmtool.core.journal import JournalEntry, UndoStacks
from gmtool.core.messages import Command, Event

SNAPSHOT_EVERY = 256  # commands between two kept states (rewind in long fights)


class Snapshots:
    """Copies of the state after every :data:`SNAPSHOT_EVERY` commands in effect, keyed by
    the entries they fold, so an undo or rewind simply makes older keys miss."""

    def __init__(self) -> None:
        self._kept: dict[tuple[int, int], object] = {}  # (commands folded, last seq) → state

    def nearest(self, done: list[JournalEntry], index: int, fold: Callable[[int], object]) -> tuple[int, object]:
        """(commands folded, a private copy of the state) to continue folding from for ``index``."""
        upto = max(0, index) // SNAPSHOT_EVERY * SNAPSHOT_EVERY
        if upto == 0:
            return 0, fold(0)
        key = (upto, done[upto - 1].seq)
        if key not in self._kept:
            self._kept[key] = fold(upto)
        return upto, copy.deepcopy(self._kept[key])


@dataclass(frozen=True)
class Change:
    """What one committed entry did, for listeners (view models, the log)."""

    entry: JournalEntry
    command_entry: JournalEntry  # the command done, undone or redone
    events: tuple[Event, ...]  # events newly in effect (empty for undo)
    reset: bool  # state was rebuilt from the journal (a rewind): listeners refresh everything
    touched: Touched = EVERYTHING  # what the entry may have changed (undo: what the undone command did)


@dataclass(frozen=True)
class ViewChange(Change):
    """Not a journal entry: the screen now shows another moment of the fight (rewind)."""


Listener = Callable[[Change], None]


class Encounter:
    """One fight: its ruleset, dice source, journal and current state."""

    def __init__(self, ruleset: OpaqueRules, seed: int, entries: Iterable[JournalEntry] = ()) -> None:
        self.ruleset = ruleset
        self.dice = DiceSource(seed)
        self.entries: list[JournalEntry] = []
        self._stacks = UndoStacks()
        self._listeners: list[Listener] = []
        self._snapshots = Snapshots()
        for entry in entries:  # replay: rebuild stacks, then fold once
            self._check_seq(entry)
            self._stacks.push(entry)
            self.entries.append(entry)
        self.state: object = self._fold()

    # -- queries ---------------------------------------------------------
    @property
    def done(self) -> tuple[JournalEntry, ...]:
        """The command entries in effect, in order (what the turn log shows)."""
        return tuple(self._stacks.done)

    def state_after(self, done_index: int, events: int | None = None) -> object:
        """The state right after the ``done_index``-th command in effect (its first ``events``
        events only, when given; ``done_index`` -1: before any command). A new object: the
        encounter's own state is not touched. Snapshots every :data:`SNAPSHOT_EVERY` commands
        keep this fast in long fights."""
        done = self._stacks.done
        if not -1 <= done_index < len(done):
            raise RulesError("error.rewind_unknown", seq=done_index)
        if done_index == -1:
            return self._snapshot_source(0)
        start, state = self._snapshots.nearest(done, done_index, self._snapshot_source)
        for entry in done[start:done_index]:
            for event in entry.events:
                self.ruleset.apply(state, event)
        last = done[done_index].events
        for event in last if events is None else last[:events]:
            self.ruleset.apply(state, event)
        return state

    def _snapshot_source(self, upto: int) -> object:
        """A fresh fold of the first ``upto`` commands in effect."""
        state = self.ruleset.initial_state()
        for entry in self._stacks.done[:upto]:
            for event in entry.events:
                self.ruleset.apply(state, event)
        return state

    @property
    def seed(self) -> int:
        return self.dice.seed

    @property
    def next_seq(self) -> int:
        return len(self.entries) + 1

    @property
    def can_undo(self) -> bool:
        return bool(self._stacks.done)

    @property
    def can_redo(self) -> bool:
        return bool(self._stacks.undone)

    @property
    def undo_target(self) -> JournalEntry | None:
        """The command entry Undo would take back, or None."""
        return self._stacks.done[-1] if self._stacks.done else None

    @property
    def redo_target(self) -> JournalEntry | None:
        """The command entry Redo would bring back, or None."""
        return self._stacks.undone[-1] if self._stacks.undone else None

    def entry(self, seq: int) -> JournalEntry:
        return self.entries[seq - 1]

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    # -- preparing entries (nothing changes) ------------------------------
    def prepare(self, command: Command) -> JournalEntry:
        seq = self.next_seq
        events = self.ruleset.decide(self.state, command, self.dice.for_command(seq))
        return JournalEntry(seq=seq, action="do", command=command, events=tuple(events))

    def prepare_undo(self) -> JournalEntry:
        if not self._stacks.done:
            raise RulesError("error.nothing_to_undo")
        return JournalEntry(seq=self.next_seq, action="undo", target=self._stacks.done[-1].seq)

    def prepare_rewind(self, keep_through: int) -> JournalEntry:
        """Continue from after command entry ``keep_through`` (0: before the first command)."""
        kept = [e.seq for e in self._stacks.done]
        if keep_through != 0 and keep_through not in kept:
            raise RulesError("error.rewind_unknown", seq=keep_through)
        if keep_through == (kept[-1] if kept else 0):
            raise RulesError("error.rewind_now")
        return JournalEntry(seq=self.next_seq, action="rewind", target=keep_through)

    def prepare_redo(self) -> JournalEntry:
        if not self._stacks.undone:
            raise RulesError("error.nothing_to_redo")
        return JournalEntry(seq=self.next_seq, action="redo", target=self._stacks.undone[-1].seq)

    # -- committing -------------------------------------------------------
    def commit(self, entry: JournalEntry) -> Change:
        self._check_seq(entry)
        command_entry = self._stacks.push(entry)
        self.entries.append(entry)
        if entry.action == "rewind":
            self.state = self._fold()
            change = Change(entry, command_entry, (), reset=True)
        elif entry.action == "undo":
            self.state = self._fold()  # the undone command's events no longer in effect
            change = Change(entry, command_entry, (), reset=False, touched=self._touched(command_entry.events))
        else:
            for event in command_entry.events:
                self.ruleset.apply(self.state, event)
            change = Change(entry, command_entry, command_entry.events, reset=False,
                            touched=self._touched(command_entry.events))
        for listener in list(self._listeners):
            listener(change)
        return change

    def _touched(self, events: Iterable[Event]) -> Touched:
        """What these events may have changed, as the game says (``rules.touched``)."""
        found = NOTHING
        for event in events:
            found = found | self.ruleset.touched(event)
        return found

    def _check_seq(self, entry: JournalEntry) -> None:
        if entry.seq != len(self.entries) + 1:
            from gmtool.core.errors import FileFormatError

            raise FileFormatError("error.journal_gap", seq=entry.seq)

    def _fold(self) -> object:
        state = self.ruleset.initial_state()
        for done in self._stacks.done:
            for event in done.events:
                self.ruleset.apply(state, event)
        return state
