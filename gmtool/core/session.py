"""A session runs commands durably: prepare, write to the journal store, then commit.

The store's ``append`` returns only when the entry is on disk (one SQLite
transaction), so a command whose call returned survives any crash.
"""

from __future__ import annotations

from typing import Protocol

from gmtool.core.encounter import Change, Encounter
from gmtool.core.errors import RulesError
from gmtool.core.journal import JournalEntry
from gmtool.core.messages import Command


class JournalStore(Protocol):
    def append(self, encounter_id: int, entry: JournalEntry) -> None:
        """Make ``entry`` durable (raise on failure; nothing is then shown)."""


class MemoryStore:
    """A store that keeps entries in memory (tests and benchmarks of the core)."""

    def __init__(self) -> None:
        self.entries: list[tuple[int, JournalEntry]] = []

    def append(self, encounter_id: int, entry: JournalEntry) -> None:
        self.entries.append((encounter_id, entry))


class EncounterSession:
    """The one way to change an encounter."""

    def __init__(self, encounter: Encounter, store: JournalStore, encounter_id: int) -> None:
        self.encounter = encounter
        self.store = store
        self.encounter_id = encounter_id

    def execute(self, command: Command) -> Change:
        return self._run(self.encounter.prepare(command))

    def preview(self, command: Command) -> JournalEntry:
        """The entry ``command`` would write now (its dice included); nothing is written or changed."""
        return self.encounter.prepare(command)

    def commit_preview(self, entry: JournalEntry) -> Change:
        """Write an entry :meth:`preview` gave, unchanged: what was shown is what is kept, decided once.

        Refused (:class:`~gmtool.core.errors.RulesError`) when anything was written since the
        preview, so a preview can never be applied to another state than the one it was made on.
        """
        if entry.action != "do" or entry.seq != self.encounter.next_seq:
            raise RulesError("error.preview_stale")
        return self._run(entry)

    def undo(self) -> Change:
        return self._run(self.encounter.prepare_undo())

    def redo(self) -> Change:
        return self._run(self.encounter.prepare_redo())

    def rewind(self, keep_through: int) -> Change:
        """Continue the fight from after command entry ``keep_through`` (the rest is kept, abandoned)."""
        return self._run(self.encounter.prepare_rewind(keep_through))

    def _run(self, entry: JournalEntry) -> Change:
        self.store.append(self.encounter_id, entry)
        return self.encounter.commit(entry)
