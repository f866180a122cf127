"""A template as the library store keeps it: a JSON document plus the columns it searches.

The store (``gmtool.storage.library_store``) never looks inside the document;
these two functions are the only way in and out, so a stored template is
always one that validates. ``TEMPLATE_VERSION`` is the document's schema
version (the store's ``document_version`` column).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.games.shadowrun.library.template import AnyTemplate, standard_monitors
from gmtool.games.shadowrun.library.validation import field_errors, parse_template
from gmtool.games.shadowrun.rules.shadowrun import ATTRIBUTES

TEMPLATE_VERSION = 1


def store_fields(template: AnyTemplate) -> dict[str, Any]:
    """The store's columns and document for a template (game is ``sr4``/``sr5``)."""
    return {
        "game": template.edition.lower(),
        "name": template.name,
        "tags": tuple(template.tags),
        "professional_rating": template.professional_rating,
        "notes": template.notes,
        "document_version": TEMPLATE_VERSION,
        "document": template.model_dump(mode="json"),
    }


def template_from_document(document: dict[str, Any], document_version: int = TEMPLATE_VERSION) -> AnyTemplate:
    """The template a stored document holds (FileFormatError if newer or invalid)."""
    if document_version > TEMPLATE_VERSION:
        raise FileFormatError("error.exchange_too_new", version=document_version, supported=TEMPLATE_VERSION)
    try:
        return parse_template(document)
    except ValidationError as exc:
        errors = field_errors(exc)
        path, message = next(iter(errors.items()))
        raise FileFormatError("error.exchange_invalid", field=path, detail=message, count=len(errors)) from exc


def blank_document(edition: str, name: str) -> dict[str, Any]:
    """A new template of ``edition`` ("SR4"/"SR5"): every attribute 3, Edge 2, standard monitors."""
    attributes = {attribute: 3 for attribute in ATTRIBUTES} | {"EDG": 2}
    monitors = standard_monitors(attributes["BOD"], attributes["WIL"]).model_dump(mode="json")
    document: dict[str, Any] = {
        "edition": edition, "name": name, "metatype": "human", "attributes": attributes,
        "monitors": monitors, "source": "manual",
    }
    if edition == "SR5":
        document |= {"armour": {"value": 0}, "initiative_dice": 1}
    else:
        document |= {"armour": {"ballistic": 0, "impact": 0}, "initiative_passes": 1}
    return document
