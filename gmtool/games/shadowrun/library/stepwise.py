"""A gmtool NPC export read in short steps: a library of 2,000 NPCs never freezes the window.

:func:`npcs_stepwise` reads what :func:`~gmtool.games.shadowrun.library.exchange.import_npcs`
reads and refuses what it refuses, but one NPC at a time (the guarded reader's
:func:`~gmtool.core.user_files.json_members`, with its bounds, then one pydantic validation per NPC),
yielding between them; its return value is the list of templates.
Nothing is kept of a file read halfway: the caller simply stops asking.

:func:`exchange_kind` says which export a JSON file is from its first members (gmtool writes
``schema_version`` and ``kind`` first), without reading a long ``npcs`` list that follows.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from pydantic import TypeAdapter, ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.core.steps import taking
from gmtool.core.user_files import json_members
from gmtool.games.shadowrun.library.exchange import (
    KIND_NPCS,
    MAX_TEMPLATES,
    NPC_EXPORT,
    NpcDocument,
    _check_header,
    _validate,
)
from gmtool.games.shadowrun.library.template import AnyTemplate, NpcTemplate
from gmtool.games.shadowrun.library.validation import field_errors

LIST = "npcs"
_NPC: TypeAdapter[AnyTemplate] = TypeAdapter(NpcTemplate)


def exchange_kind(data: bytes, name: str) -> object:
    """The ``kind`` member of a JSON export (None when it has none before a broken part)."""
    try:
        for member in json_members(data, NPC_EXPORT, name, LIST):
            if member.key == "kind" and not member.item:
                return member.value
    except FileFormatError:
        return None
    return None


def npcs_stepwise(data: bytes, name: str) -> Generator[None, None, list[AnyTemplate]]:
    """The templates of an NPC export, one NPC per step (FileFormatError as :func:`import_npcs` would)."""
    header: dict[str, Any] = {}
    items: list[Any] = []
    for member in json_members(data, NPC_EXPORT, name, LIST):  # the reader's refusals, naming the file
        if member.item:
            items.append(member.value)
            if len(items) > MAX_TEMPLATES:
                raise FileFormatError("error.exchange_too_many", high=MAX_TEMPLATES)
            yield
        elif member.key == LIST:
            items = member.value if isinstance(member.value, list) else []
            header[LIST] = member.value
        else:
            header[member.key] = member.value
    _check_header(header, KIND_NPCS)
    if isinstance(header.get(LIST), list):
        header[LIST] = []  # its items are validated one by one below
    _validate(NpcDocument, header)  # the rest as the whole document is: no other member, the right kind
    templates = []
    for number, item in enumerate(taking(items)):
        templates.append(_one(item, number))
        yield
    return templates


def _one(item: Any, number: int) -> AnyTemplate:
    """One NPC of the list, validated as the whole document would validate it (its field named in full)."""
    try:
        return _NPC.validate_python(item)
    except ValidationError as exc:
        errors = field_errors(exc)
        path, message = next(iter(errors.items()))
        raise FileFormatError("error.exchange_invalid", field=f"{LIST}.{number}.{path}", detail=message,
                              count=len(errors)) from exc
    except RecursionError as exc:
        raise FileFormatError("error.exchange_too_deep") from exc

