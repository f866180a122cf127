"""The campaign library's templates, through each game's library (:class:`~gmtool.core.library.GameLibrary`).

The store keeps documents; these functions read them back through the game that wrote them,
store a game's templates with their searchable columns, import a file through the game that
claims it, and write a planned encounter into the campaign in one transaction.
"""

from __future__ import annotations

import secrets
from typing import Any, cast

from gmtool.core.entry_points import load_object
from gmtool.core.errors import FileFormatError
from gmtool.core.library import GameLibrary, PlannedEncounter
from gmtool.core.registry import registry
from gmtool.storage.campaign import Campaign
from gmtool.storage.library_store import LibraryStore

# A game's library as the shell holds it: its templates are passed back to it, never looked into. Any, not
# object: a game hands its own library (GameLibrary[ItsTemplate]) to these functions and compares it with
# library_for()'s, and Python cannot say "the template type of some game" (an existential type).
Library = GameLibrary[Any]


def library_for(game: str) -> Library | None:
    """The library of ``game`` (imported now), or None when the game keeps no templates."""
    dotted = registry().manifest(game).library
    # cast: imported by the name the manifest gives, a GameLibrary by the contract (the conformance kit imports it)
    return cast(Library, load_object(dotted)) if dotted is not None else None


def library_games() -> tuple[str, ...]:
    """The registered games that keep templates, in the registry's order (nothing imported)."""
    return tuple(m.key for m in registry().manifests() if m.library is not None)


def libraries() -> tuple[Library, ...]:
    """Each distinct library once (two games may share one), in the registry's order."""
    found: list[Library] = []
    for game in library_games():
        library = library_for(game)
        if library is not None and all(library is not other for other in found):
            found.append(library)
    return tuple(found)


def importable_suffixes() -> tuple[str, ...]:
    """Every file name ending some game imports (".chum5", ".json" …)."""
    return tuple(dict.fromkeys(suffix for library in libraries() for suffix in library.suffixes))


def store_fields(library: Library, template: object) -> dict[str, Any]:
    """The store's columns and document for a template of ``library``."""
    columns = library.columns(template)
    return {
        "game": library.game_of(template), "name": columns.name, "tags": columns.tags,
        "professional_rating": columns.rating, "notes": columns.notes,
        "document_version": library.version, "document": library.document(template),
    }


def load_template(store: LibraryStore, template_id: int) -> tuple[Library, object]:
    """A stored template, read back by its game's library (FileFormatError: unknown game or bad document)."""
    record = store.get(template_id)
    if record.game not in registry().keys():
        raise FileFormatError("error.import_unknown_format", name=record.name)
    library = library_for(record.game)
    if library is None:
        raise FileFormatError("error.import_unknown_format", name=record.name)
    return library, library.read(record.document, record.document_version)


def save_planned(campaign: Campaign, planned: PlannedEncounter, keep_current: int | None,
                 seed: int | None = None) -> int:
    """Write a planned encounter as a new encounter of ``campaign`` (not started); its id.

    ``keep_current`` (the encounter being run) stays the campaign's current one. Written in one
    transaction: a command the rules refuse, a kill or a full disk leaves none of it.
    """
    from gmtool.core.session import EncounterSession

    with campaign.all_or_nothing():
        encounter_id = campaign.create_encounter(planned.name, planned.game,
                                                 secrets.randbelow(2**31) if seed is None else seed)
        if keep_current is not None:
            campaign.set_meta("current_encounter", str(keep_current))
        session = EncounterSession(campaign.load_encounter(encounter_id), campaign, encounter_id)
        for command in planned.commands:
            session.execute(command)
    return encounter_id
