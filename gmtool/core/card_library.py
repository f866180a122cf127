"""A game's library of cards kept as JSON, its common part written once (:class:`CardLibrary`).

The hex games keep cards (machines with their pilots, gear cards) as their own
validated pydantic models and trade them in a JSON file of their own kind: ``{"kind": …, "version": …,
<key>: [card, …]}``. What such a library does the same way lives here: the columns the library lists,
the document it stores, retagging, the one-step import, recognising its file by its kind, reading the
card list (a list of objects, no more than the limit) and the words that name a card in a file. The
game keeps what is its own: its blank card, reading and previewing a card, renaming, importing and
exporting (it writes the file itself: the core writes no files).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Mapping
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.core.i18n import tr
from gmtool.core.library import ExportFormat, FileImport, TemplateColumns, in_one_step
from gmtool.core.strict import refusal
from gmtool.core.user_files import IMPORT, parse_json

ModelT = TypeVar("ModelT", bound=BaseModel)
CardT = TypeVar("CardT", bound="LibraryCard")


class LibraryCard(Protocol):
    """What the library lists of a card: its name, tags and notes (a pydantic model of the game's)."""

    @property
    def name(self) -> str: ...
    @property
    def tags(self) -> tuple[str, ...]: ...
    @property
    def notes(self) -> str: ...
    def model_dump(self, *, mode: str) -> dict[str, object]: ...


def validated(model: type[ModelT], document: object, what: str,
              label: Callable[[str], str | None] | None = None) -> ModelT:
    """``document`` as a ``model``, or the refusal naming ``what``, the field and the reason."""
    try:
        return model.model_validate(document)
    except ValidationError as exc:
        raise refusal(exc, what, label) from exc


def card_in_file(what: str, name: object, number: int) -> str:
    """How a refusal names the ``number``-th card of a file (``what``: the card's kind, ``name`` as read)."""
    shown = name[:40] if isinstance(name, str) else "?"
    return tr("strict.what.card_in_file", what=what, number=number, name=shown)


def card_list(raw: Mapping[str, object], key: str, what: str, limit: int, not_ours: str) -> list[dict[str, Any]]:
    """The cards under ``key`` of a cards file: a list of objects (else ``not_ours``), at most ``limit``."""
    cards = raw.get(key)
    if not isinstance(cards, list) or not all(isinstance(card, dict) for card in cards):
        raise FileFormatError(not_ours)
    if len(cards) > limit:
        raise FileFormatError("error.cards_too_many", what=what, count=len(cards), limit=limit)
    return cards


def cards_text(kind: str, version: int, key: str, documents: list[dict[str, object]]) -> str:
    """A cards file's text: its kind, version and the cards under ``key`` (what :func:`card_list` reads)."""
    return json.dumps({"kind": kind, "version": version, key: documents}, ensure_ascii=False, indent=1) + "\n"


class CardLibrary(ABC, Generic[CardT]):
    """The common part of a :class:`gmtool.core.library.GameLibrary` of JSON cards: the game's class
    names its ``game`` and ``version`` and writes the abstract methods."""

    game: ClassVar[str]
    version: int
    suffixes: tuple[str, ...] = (".json",)
    export_suffix = ".json"
    export_formats: tuple[ExportFormat, ...] = ()  # cards are gmtool's own: no other program's format

    @abstractmethod
    def blank(self, game: str, name: str) -> dict[str, object]: ...

    @abstractmethod
    def read(self, document: dict[str, object], version: int, what: str | None = None) -> CardT: ...

    @abstractmethod
    def preview(self, template: CardT) -> str: ...

    @abstractmethod
    def renamed(self, template: CardT, name: str) -> CardT: ...

    @abstractmethod
    def is_ours(self, raw: dict[str, Any]) -> bool:
        """Whether a parsed file is one of this library's (by its kind)."""

    @abstractmethod
    def import_file(self, data: bytes, filename: str) -> FileImport: ...

    @abstractmethod
    def export(self, templates: tuple[CardT, ...], path: Path) -> None: ...

    def export_as(self, key: str, templates: tuple[CardT, ...], path: Path) -> None:
        raise FileFormatError("error.export_format_unknown", format=key)

    def encounter_templates(self, state: object) -> tuple[CardT, ...]:
        return ()

    def not_newer(self, version: int) -> None:
        """Refuse a document written by a newer gmtool (a schema version above this library's)."""
        if version > self.version:
            raise FileFormatError("error.exchange_too_new", version=version, supported=self.version)

    def game_of(self, template: CardT) -> str:
        return self.game

    def columns(self, template: CardT) -> TemplateColumns:
        return TemplateColumns(template.name, template.tags, None, template.notes)

    def document(self, template: CardT) -> dict[str, object]:
        return template.model_dump(mode="json")

    def retagged(self, template: CardT, tags: tuple[str, ...]) -> CardT:
        return self.read(dict(self.document(template), tags=list(tags)), self.version)

    def claims(self, data: bytes, filename: str) -> bool:
        try:
            raw = parse_json(data, IMPORT, filename)
        except FileFormatError:
            return False
        return isinstance(raw, dict) and self.is_ours(raw)

    def import_stepwise(self, data: bytes, filename: str) -> Generator[None, None, FileImport]:
        return in_one_step(self, data, filename)  # its files are small: one step
