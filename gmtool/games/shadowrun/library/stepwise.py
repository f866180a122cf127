"""A gmtool NPC export read in short steps: a library of 2,000 NPCs never freezes the window.

:func:`npcs_stepwise` reads what :func:`~gmtool.games.shadowrun.library.exchange.import_npcs`
reads and refuses what it refuses, but one NPC at a time (:mod:`gmtool.core.json_stream`, then one
pydantic validation per NPC), yielding between them; its return value is the list of templates.
Nothing is kept of a file read halfway: the caller simply stops asking.

:func:`exchange_kind` says which export a JSON file is from its first members (gmtool writes
``schema_version`` and ``kind`` first), without reading a long ``npcs`` list that follows.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from pydantic import TypeAdapter, ValidationError

from gmtool.core.errors import FileFormatError
from gmtool.core.json_stream import object_members
from gmtool.core.steps import taking
from gmtool.games.shadowrun.library.exchange import (
    KIND_NPCS,
    MAX_BYTES,
    MAX_TEMPLATES,
    NpcDocument,
    _check_header,
    _reject_constant,
    _validate,
)
from gmtool.games.shadowrun.library.template import AnyTemplate, NpcTemplate
from gmtool.games.shadowrun.library.validation import field_errors

LIST = "npcs"
_NPC: TypeAdapter[Any] = TypeAdapter(NpcTemplate)


def _text(data: bytes) -> str:
    if len(data) > MAX_BYTES:
        raise FileFormatError("error.exchange_too_large", limit_mb=MAX_BYTES // (1024 * 1024))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileFormatError("error.exchange_not_json", detail=str(exc)[:200]) from exc


def _not_json(exc: BaseException) -> FileFormatError:
    if isinstance(exc, RecursionError):
        return FileFormatError("error.exchange_too_deep")
    return FileFormatError("error.exchange_not_json", detail=str(exc)[:200])


def exchange_kind(data: bytes) -> object:
    """The ``kind`` member of a JSON export (None when it has none before a broken part)."""
    try:
        for member in object_members(_text(data), LIST, _reject_constant):
            if member.key == "kind" and not member.item:
                return member.value
    except (ValueError, RecursionError, FileFormatError):
        return None
    return None


def npcs_stepwise(data: bytes) -> Generator[None, None, list[AnyTemplate]]:
    """The templates of an NPC export, one NPC per step (FileFormatError as :func:`import_npcs` would)."""
    text = _text(data)
    header: dict[str, Any] = {}
    items: list[Any] = []
    try:
        for member in object_members(text, LIST, _reject_constant):
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
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, NaN, integers too long, nesting
        raise _not_json(exc) from exc
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

