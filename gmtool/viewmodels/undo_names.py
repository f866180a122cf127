"""What Undo and Redo would take back or bring back, in the GM's words ("attack by Kestrel").

The name comes from the journal entry itself: its command's kind names the deed
(``undo_name.<kind>``) and its events name who did it, so an undo names the same
combatant the log line did, even one removed since. A command without its own
words falls back to its first log line, shortened.
"""

from __future__ import annotations

from collections.abc import Callable

from gmtool.core.i18n import DEFAULT_LANGUAGE, catalogue, tr
from gmtool.core.journal import JournalEntry
from gmtool.core.messages import Event

LONGEST = 60  # characters of a log line used as a name (a menu entry stays readable)


def entry_name(entry: JournalEntry, describe: Callable[[Event], str]) -> str:
    """The deed of a command entry: "attack by Kestrel", or its first log line, shortened."""
    kind = entry.command.kind if entry.command is not None else ""
    key = f"undo_name.{kind}"
    words = catalogue(DEFAULT_LANGUAGE).messages.get(key)
    who = _who(entry)
    if words is not None and (who or "{name}" not in words):
        return tr(key, name=who)
    first = describe(entry.events[0]) if entry.events else kind
    return first if len(first) <= LONGEST else first[: LONGEST - 1].rstrip() + "…"


def _who(entry: JournalEntry) -> str:
    """Who did it: an attack's attacker, else the first combatant name the entry's events carry."""
    for field in ("attacker_name", "name"):
        for event in entry.events:
            value = getattr(event, field, "")
            if isinstance(value, str) and value:
                return value
    for event in entry.events:  # a combatant added: the name is on its sheet
        value = getattr(getattr(event, "sheet", None), "name", "")
        if isinstance(value, str) and value:
            return value
    return ""
