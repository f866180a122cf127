"""What Undo and Redo would take back or bring back, in the GM's words ("attack by Kestrel").

The name comes from the journal entry itself: its command's kind names the deed
(``undo_name.<kind>``) and the first combatant its events concern (the game's
``involved``, the doer first) names who did it, so an undo names the same
combatant the log line did, even one removed since. A command without its own
words falls back to its first log line, shortened.
"""

from __future__ import annotations

from collections.abc import Callable

from gmtool.core.game import Involved
from gmtool.core.i18n import DEFAULT_LANGUAGE, catalogue, tr
from gmtool.core.journal import JournalEntry
from gmtool.core.messages import Event

LONGEST = 60  # characters of a log line used as a name (a menu entry stays readable)


def entry_name(entry: JournalEntry, describe: Callable[[Event], str],
               involved: Callable[[Event], tuple[Involved, ...]]) -> str:
    """The deed of a command entry: "attack by Kestrel", or its first log line, shortened."""
    kind = entry.command.kind if entry.command is not None else ""
    key = f"undo_name.{kind}"
    words = catalogue(DEFAULT_LANGUAGE).messages.get(key)
    who = next((w.name for event in entry.events for w in involved(event) if w.name), "")
    if words is not None and (who or "{name}" not in words):
        return tr(key, name=who)
    first = describe(entry.events[0]) if entry.events else kind
    return first if len(first) <= LONGEST else first[: LONGEST - 1].rstrip() + "…"

