"""An encounter: a ruleset's state as the fold of its journal.

``prepare`` asks the ruleset to turn a command into events without changing
anything; ``commit`` applies a prepared entry. Between the two, a session
makes the entry durable, so the screen never shows what the disk does not hold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from gmtool.core.dice import DiceSource
from gmtool.core.errors import RulesError
from gmtool.core.journal import JournalEntry, UndoStacks
from gmtool.core.messages import Command, Event
from gmtool.rulesets.base import Ruleset


@dataclass(frozen=True)
class Change:
    """What one committed entry did, for listeners (view models, the log)."""

    entry: JournalEntry
    command_entry: JournalEntry  # the command done, undone or redone
    events: tuple[Event, ...]  # events newly in effect (empty for undo)
    reset: bool  # state was rebuilt: listeners refresh everything


Listener = Callable[[Change], None]


class Encounter:
    """One fight: its ruleset, dice source, journal and current state."""

    def __init__(self, ruleset: Ruleset, seed: int, entries: Iterable[JournalEntry] = ()) -> None:
        self.ruleset = ruleset
        self.dice = DiceSource(seed)
        self.entries: list[JournalEntry] = []
        self._stacks = UndoStacks()
        self._listeners: list[Listener] = []
        for entry in entries:  # replay: rebuild stacks, then fold once
            self._check_seq(entry)
            self._stacks.push(entry)
            self.entries.append(entry)
        self.state: Any = self._fold()

    # -- queries ---------------------------------------------------------
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

    def prepare_redo(self) -> JournalEntry:
        if not self._stacks.undone:
            raise RulesError("error.nothing_to_redo")
        return JournalEntry(seq=self.next_seq, action="redo", target=self._stacks.undone[-1].seq)

    # -- committing -------------------------------------------------------
    def commit(self, entry: JournalEntry) -> Change:
        self._check_seq(entry)
        command_entry = self._stacks.push(entry)
        self.entries.append(entry)
        if entry.action == "undo":
            self.state = self._fold()
            change = Change(entry, command_entry, (), reset=True)
        else:
            for event in command_entry.events:
                self.ruleset.apply(self.state, event)
            change = Change(entry, command_entry, command_entry.events, reset=False)
        for listener in list(self._listeners):
            listener(change)
        return change

    def _check_seq(self, entry: JournalEntry) -> None:
        if entry.seq != len(self.entries) + 1:
            from gmtool.core.errors import FileFormatError

            raise FileFormatError("error.journal_gap", seq=entry.seq)

    def _fold(self) -> Any:
        state = self.ruleset.initial_state()
        for done in self._stacks.done:
            for event in done.events:
                self.ruleset.apply(state, event)
        return state
