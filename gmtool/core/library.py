"""What a game's templates are to the campaign library: the protocol its library object follows.

The library store keeps, for every template, the game key, a few searchable columns and the game's
own JSON document; it never looks inside. A game that keeps templates (NPCs, gear cards, machines)
names a :class:`GameLibrary` in its manifest (``library``) and the GUI parts that edit them
(``library_gui``). One library object may serve several games (two editions of one game may share one).
Templates are the game's own validated values; the shell only passes them back to the game.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeVar

from gmtool.core.messages import Command

T = TypeVar("T")


@dataclass(frozen=True)
class TemplateColumns:
    """What the library lists and searches of a template (besides its game)."""

    name: str
    tags: tuple[str, ...] = ()
    rating: int | None = None  # the game's own rating (a professional rating, a threat level), if any
    notes: str = ""


@dataclass(frozen=True)
class ExportFormat:
    """A format a library writes besides its own (another program's files): its key, the translation key
    of its name ("Foundry VTT actors") and its file name ending."""

    key: str
    label: str
    suffix: str


@dataclass(frozen=True)
class PlannedEncounter:
    """An encounter prepared ahead (an imported plan): its name, game and the commands that fill it."""

    name: str
    game: str
    commands: tuple[Command, ...]


@dataclass(frozen=True)
class FileImport:
    """What one imported file holds: its report lines (active language), templates, or a planned encounter."""

    lines: tuple[str, ...]
    templates: tuple[object, ...] = ()
    encounter: PlannedEncounter | None = None


class GameLibrary(Protocol[T]):
    """A game's templates as the library needs them (Qt-free). Bad documents raise FileFormatError."""

    version: int  # the documents' schema version (the store's document_version)
    suffixes: tuple[str, ...]  # the file names it imports (".chum5", ".json" …)
    export_suffix: str  # the file name ending of its exports (".json")
    export_formats: tuple[ExportFormat, ...]  # other programs' formats it also writes (none: ())

    def blank(self, game: str, name: str) -> dict[str, object]:
        """The document of a new template of ``game``."""
        ...

    def read(self, document: dict[str, object], version: int) -> T:
        """The template a stored or edited document holds (FileFormatError if newer or invalid)."""
        ...

    def game_of(self, template: T) -> str:
        """The game the template belongs to (its key)."""
        ...

    def columns(self, template: T) -> TemplateColumns: ...

    def document(self, template: T) -> dict[str, object]: ...

    def preview(self, template: T) -> str:
        """What the GM needs to recognise it, in the active language."""
        ...

    def renamed(self, template: T, name: str) -> T: ...

    def retagged(self, template: T, tags: tuple[str, ...]) -> T:
        """The template with these tags (FileFormatError naming the bad one)."""
        ...

    def claims(self, data: bytes, filename: str) -> bool:
        """Whether a file is one this library imports (by content; the name only to break a tie)."""
        ...

    def import_file(self, data: bytes, filename: str) -> FileImport:
        """Everything in the file, or FileFormatError: nothing half-read."""
        ...

    def import_stepwise(self, data: bytes, filename: str) -> Generator[None, None, FileImport]:
        """:meth:`import_file` in short steps (:mod:`gmtool.core.steps`) for files that take long (a
        library of thousands): it yields between steps, so the window repaints and the GM may cancel
        (nothing is kept of a file read halfway), and returns the FileImport. A library whose files
        are all quick returns :func:`in_one_step`."""
        ...

    def export(self, templates: tuple[T, ...], path: Path) -> None:
        """Write templates to a file this library imports again (atomically)."""
        ...

    def export_as(self, key: str, templates: tuple[T, ...], path: Path) -> None:
        """Write templates in the format ``key`` of :attr:`export_formats` (atomically; FileFormatError
        for a key it does not write)."""
        ...

    def encounter_templates(self, state: object) -> tuple[T, ...]:
        """The combatants of an encounter state of its game as templates, as they stand (for exporting
        them in :attr:`export_formats`); () when it has no such formats."""
        ...


class ImportsFiles(Protocol):
    """What :func:`in_one_step` needs of a library: :meth:`GameLibrary.import_file`."""

    def import_file(self, data: bytes, filename: str) -> FileImport: ...


def in_one_step(library: ImportsFiles, data: bytes, filename: str) -> Generator[None, None, FileImport]:
    """:meth:`GameLibrary.import_stepwise` of a library that reads a file in one piece: :meth:`import_file`
    in a thread (:func:`~gmtool.core.steps.in_thread`), so that even a large Chummer file does not
    stop the window."""
    from gmtool.core.steps import in_thread

    return (yield from in_thread(lambda: library.import_file(data, filename)))
