"""Commands and events: the two kinds of message an encounter journal holds.

A command is a user's intent; a ruleset validates it and answers with events,
which carry every fact (each die face, each value before and after). Both are
frozen pydantic models with a ``kind`` tag so they survive a JSON round trip.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from gmtool.core.errors import FileFormatError


class Message(BaseModel):
    """Base of commands and events."""

    # Schemas are built at first use, not at import: start-up stays fast and only
    # the message kinds a journal really holds are ever built.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    kind: str

    def to_record(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


class Command(Message):
    """A user intent, validated by a ruleset before anything changes."""


class Event(Message):
    """A fact that happened; state is the fold of events."""


Loader = Callable[[], tuple[type[Message], ...]]


class MessageCodec:
    """Decodes stored records into the message classes of one ruleset.

    ``later`` maps kinds to a loader of their classes, called on the first record of such a
    kind: a game's rarer messages (an attack's, say) need not be imported to open a journal
    without them.
    """

    def __init__(self, classes: tuple[type[Message], ...], later: Mapping[str, Loader] | None = None) -> None:
        self._by_kind: dict[str, type[Message]] = {}
        for cls in classes:
            self._add(cls)
        self._later: dict[str, Loader] = {k: v for k, v in (later or {}).items() if k not in self._by_kind}
        self._adapters: dict[str, TypeAdapter[Any]] = {}

    def _add(self, cls: type[Message]) -> None:
        kind = cls.model_fields["kind"].default
        if not isinstance(kind, str):
            raise TypeError(f"{cls.__name__} needs a default kind")
        self._by_kind[kind] = cls

    def _load(self, kind: str) -> None:
        """The classes of ``kind``'s loader, with every other kind they bring."""
        loader = self._later.pop(kind)
        for cls in loader():
            if cls.model_fields["kind"].default not in self._by_kind:  # the ruleset's own classes come first
                self._add(cls)
        for other in [k for k in self._later if k in self._by_kind]:
            del self._later[other]

    def decode(self, record: Any) -> Message:
        kind = record.get("kind") if isinstance(record, dict) else None
        if isinstance(kind, str) and kind in self._later:
            self._load(kind)
        if not isinstance(kind, str) or kind not in self._by_kind:
            raise FileFormatError("error.journal_unknown_message", kind=str(record)[:80])
        try:
            return self._by_kind[kind].model_validate(record)
        except ValidationError as exc:
            raise FileFormatError("error.journal_bad_message", detail=str(exc)) from exc
