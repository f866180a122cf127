"""Commands and events: the two kinds of message an encounter journal holds.

A command is a user's intent; a ruleset validates it and answers with events,
which carry every fact (each die face, each value before and after). Both are
frozen pydantic models with a ``kind`` tag so they survive a JSON round trip.
"""

from __future__ import annotations

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


class MessageCodec:
    """Decodes stored records into the message classes of one ruleset."""

    def __init__(self, classes: tuple[type[Message], ...]) -> None:
        self._by_kind: dict[str, type[Message]] = {}
        for cls in classes:
            kind = cls.model_fields["kind"].default
            if not isinstance(kind, str):
                raise TypeError(f"{cls.__name__} needs a default kind")
            self._by_kind[kind] = cls
        self._adapters: dict[str, TypeAdapter[Any]] = {}

    def decode(self, record: Any) -> Message:
        if not isinstance(record, dict) or record.get("kind") not in self._by_kind:
            raise FileFormatError("error.journal_unknown_message", kind=str(record)[:80])
        try:
            return self._by_kind[record["kind"]].model_validate(record)
        except ValidationError as exc:
            raise FileFormatError("error.journal_bad_message", detail=str(exc)) from exc
