"""A journal record is read back as a command with its events, each of its own kind.

The codecs a game gives (``GameRules.commands`` and ``events``) decode any message class they were
built with; a game whose codecs mix the two (an event class among its commands) would otherwise put an
event where the journal keeps a command. :meth:`JournalEntry.from_record` refuses such a record as a
bad journal message, as it refuses any other it cannot read.
"""

from __future__ import annotations

from typing import Literal

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.core.journal import JournalEntry
from gmtool.core.messages import Command, Event, MessageCodec


class Go(Command):
    kind: Literal["go"] = "go"


class Went(Event):
    kind: Literal["went"] = "went"


MIXED = MessageCodec((Go, Went))  # a misbuilt game's codec: both kinds in one


def record(command: dict[str, str] | None, events: list[dict[str, str]]) -> dict[str, object]:
    return {"seq": 1, "action": "do", "command": command, "events": events, "target": None}


def test_a_command_and_its_events_are_read_back_as_such() -> None:
    entry = JournalEntry.from_record(record({"kind": "go"}, [{"kind": "went"}]), MIXED, MIXED)
    assert entry.command == Go() and entry.events == (Went(),)


@pytest.mark.parametrize(("command", "events"), [
    ({"kind": "went"}, [{"kind": "went"}]),  # an event where the command goes
    ({"kind": "go"}, [{"kind": "went"}, {"kind": "go"}]),  # a command among the events
])
def test_a_message_of_the_other_kind_is_a_bad_journal_message(command: dict[str, str], events: list[dict[str, str]]) -> None:
    with pytest.raises(FileFormatError) as refused:
        JournalEntry.from_record(record(command, events), MIXED, MIXED)
    assert refused.value.key == "error.journal_bad_message"
