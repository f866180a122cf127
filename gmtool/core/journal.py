"""The encounter journal: an append-only list of entries, and the undo/redo stacks.

An entry is a command with the events it produced ("do"), or an undo or redo of
an earlier command, or a "rewind" that continues the fight from an earlier entry
(``target``: the last command entry kept in effect; the later ones become an
abandoned branch: taken out of effect like undone commands, still in the journal,
never deleted, and redoable until a new command is done). Undo, redo and rewind are
entries too, so the journal never loses history: the turn log, crash recovery and
rewind all read the same list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from gmtool.core.errors import FileFormatError
from gmtool.core.messages import Command, Event, MessageCodec

Action = Literal["do", "undo", "redo", "rewind"]
ACTIONS: tuple[str, ...] = ("do", "undo", "redo", "rewind")


@dataclass(frozen=True)
class JournalEntry:
    """One line of the journal."""

    seq: int
    action: Action
    command: Command | None = None
    events: tuple[Event, ...] = ()
    target: int | None = None  # for undo/redo: the seq of the command entry

    def to_record(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "action": self.action,
            "command": self.command.to_record() if self.command else None,
            "events": [e.to_record() for e in self.events],
            "target": self.target,
        }

    @classmethod
    def from_record(
        cls, record: dict[str, Any], commands: MessageCodec, events: MessageCodec
    ) -> JournalEntry:
        try:
            action = record["action"]
            if action not in ACTIONS:
                raise FileFormatError("error.journal_bad_message", detail=f"action {action!r}")
            command = commands.decode(record["command"]) if action == "do" else None
            decoded = [events.decode(e) for e in record.get("events") or ()]
            done = tuple(e for e in decoded if isinstance(e, Event))
            if not isinstance(command, Command | None) or len(done) != len(decoded):
                raise FileFormatError("error.journal_bad_message", detail="a command among the events or the reverse")
            return cls(
                seq=int(record["seq"]),
                action=action,
                command=command,
                events=done,
                target=record.get("target"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise FileFormatError("error.journal_bad_message", detail=repr(exc)) from exc


class UndoStacks:
    """Which command entries are in effect (done) and which can be redone."""

    def __init__(self) -> None:
        self.done: list[JournalEntry] = []
        self.undone: list[JournalEntry] = []

    def push(self, entry: JournalEntry) -> JournalEntry:
        """Record ``entry``; returns the command entry it acts on."""
        if entry.action == "do":
            self.done.append(entry)
            self.undone.clear()
            return entry
        if entry.action == "rewind":
            return self._rewind(entry)
        source, dest = (self.done, self.undone) if entry.action == "undo" else (self.undone, self.done)
        if not source or source[-1].seq != entry.target:
            raise FileFormatError("error.journal_bad_undo", seq=entry.seq)
        moved = source.pop()
        dest.append(moved)
        return moved

    def _rewind(self, entry: JournalEntry) -> JournalEntry:
        """Take every command after ``entry.target`` out of effect (0: all of them)."""
        kept = [e.seq for e in self.done]
        if entry.target is None or (entry.target != 0 and entry.target not in kept) or entry.target == (kept[-1] if kept else 0):
            raise FileFormatError("error.journal_bad_undo", seq=entry.seq)
        while self.done and self.done[-1].seq != entry.target:
            self.undone.append(self.done.pop())
        return entry
