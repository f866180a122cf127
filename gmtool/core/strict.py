"""Strict values for what a user's file or form brings in, and the refusal that names what is wrong.

- :data:`Whole` is a whole number written as one: ``true``, ``"32"`` and ``3.0`` are refused
  (pydantic's lax mode would read them as 1, 32 and 3).
- :data:`PlainName` is a name as a table shows it: one line, no control characters and no
  bidirectional overrides (a name that prints other than it is stored is refused, never cleaned).
- :func:`refusal` turns pydantic's ``ValidationError`` into a translated :class:`FileFormatError`
  naming the thing refused, the field and the reason (with the limit, when a limit is the reason);
  :func:`in_file` adds the file and its kind. A model's own checks raise ``PydanticCustomError``
  whose type is the message key of the reason (``"strict.reason.listed_twice"``, a game's own
  ``"br.strict…"``): built-in types never hold a dot, so the two cannot be confused.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import AfterValidator, Strict, ValidationError
from pydantic_core import PydanticCustomError

from gmtool.core.errors import FileFormatError, GmtoolError
from gmtool.core.i18n import tr

Whole = Annotated[int, Strict()]
Flag = Annotated[bool, Strict()]

# Control characters (Unicode's Cc: U+0000–001F, U+007F–009F), the line and paragraph separators
# (Zl, Zp) and the bidirectional embeddings, overrides and isolates, which reorder the text around them
# on screen: one expression, so a library of thousands of names is checked at C speed.
_FORBIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def forbidden_character(text: str) -> str | None:
    """The first character a name may not hold, as ``U+XXXX`` (None: the name is plain)."""
    found = _FORBIDDEN.search(text)
    return None if found is None else f"U+{ord(found.group()):04X}"


def _plain(text: str) -> str:
    found = forbidden_character(text)
    if found is not None:
        raise PydanticCustomError("strict.reason.control_character", "holds the control character {character}",
                                  {"character": found})
    return text


Plain = AfterValidator(_plain)
# A field's name: ``name: PlainName = Field(min_length=1, max_length=40)``. In a type alias put the
# length first, ``Annotated[str, Field(max_length=40), Plain]``: pydantic checks a length given after
# a validator as a list's ("at least 1 entry") rather than a text's.
PlainName = Annotated[str, Plain]


# pydantic's error types (and the models' own) → the reason's message key.
REASONS: dict[str, str] = {
    "missing": "strict.reason.missing",
    "extra_forbidden": "strict.reason.unknown_field",
    "int_type": "strict.reason.whole_number",
    "int_parsing": "strict.reason.whole_number",
    "int_from_float": "strict.reason.whole_number",
    "bool_type": "strict.reason.flag",
    "bool_parsing": "strict.reason.flag",
    "string_type": "strict.reason.text",
    "string_too_short": "strict.reason.text_too_short",
    "string_too_long": "strict.reason.text_too_long",
    "string_pattern_mismatch": "strict.reason.pattern",
    "too_short": "strict.reason.too_few",
    "too_long": "strict.reason.too_many",
    "greater_than_equal": "strict.reason.too_small",
    "greater_than": "strict.reason.too_small_strict",
    "less_than_equal": "strict.reason.too_large",
    "less_than": "strict.reason.too_large_strict",
    "literal_error": "strict.reason.choice",
    "enum": "strict.reason.choice",
    "list_type": "strict.reason.list",
    "tuple_type": "strict.reason.list",
    "dict_type": "strict.reason.object",
    "model_type": "strict.reason.object",
    "model_attributes_type": "strict.reason.object",
    "union_tag_invalid": "strict.reason.kind",
    "union_tag_not_found": "strict.reason.kind",
}
GENERIC = "strict.reason.generic"


def _shown(value: object) -> str:
    """A short rendering of the value refused (only small ones: a huge list is not printed)."""
    if isinstance(value, bool | int | float | str) or value is None:
        text = json.dumps(value, ensure_ascii=False) if not isinstance(value, int) or abs(value) < 10**12 else "…"
        return text if len(text) <= 40 else text[:39] + "…"
    return tr("strict.reason.a_list") if isinstance(value, list | tuple) else tr("strict.reason.an_object")


def reason(error: Any) -> str:
    """One pydantic error's reason in the active language, with the limit or choice it names."""
    kind = str(error.get("type"))
    key = REASONS.get(kind) or (kind if "." in kind else GENERIC)
    fields: dict[str, Any] = {str(k): v for k, v in (error.get("ctx") or {}).items()}
    fields.setdefault("value", _shown(error.get("input")))
    fields.setdefault("detail", str(error.get("msg", ""))[:200])
    if "actual_length" in fields and fields["actual_length"] is None:  # pydantic does not count a dict's entries
        given = error.get("input")
        fields["actual_length"] = len(given) if isinstance(given, dict | list | tuple | str) else "?"
    try:
        return tr(key, **fields)
    except (KeyError, IndexError, ValueError):  # a model's own reason missing a field its message names
        return tr(GENERIC, detail=fields["detail"])


def where(location: tuple[int | str, ...], label: Callable[[str], str | None] | None = None) -> str:
    """The field as a dotted path (``zones.start``, ``weapons.0.maximum``), with the form's label when
    ``label`` knows its last name (``top_mr (Top MR)``, ``speed_table.3 (Speed modifiers …)``)."""
    path = ".".join(str(part) for part in location)
    if not path:
        return tr("strict.field.whole")
    names = [part for part in location if isinstance(part, str)]
    shown = label(names[-1]) if label is not None and names else None
    return tr("strict.field.labelled", path=path, label=shown) if shown else path


def refusal(exc: ValidationError, what: str, label: Callable[[str], str | None] | None = None,
            inside: tuple[int | str, ...] = ()) -> FileFormatError:
    """``exc`` as the GM reads it: ``what`` (the thing refused, translated) has an invalid value at the
    first field at fault, for this reason (and how many more problems there are). ``inside``: the path
    of the thing within its file (left out of the field shown)."""
    errors = exc.errors()
    first = errors[0]
    location = tuple(first.get("loc", ()))
    more = tr("strict.more", count=len(errors) - 1) if len(errors) > 1 else ""
    return FileFormatError("error.value_refused", what=what, field=where(location[len(inside):], label),
                           reason=reason(first), more=more)


def in_file(problem: GmtoolError, file: str, kind: str) -> FileFormatError:
    """``problem`` found in the file ``file`` of kind ``kind`` (a translated kind: "map file" …)."""
    return FileFormatError("error.file_refused", file=file, kind=kind, problem=problem.message())


def bad_version(what: str, value: object, supported: int) -> FileFormatError:
    """A format version that is not a whole number from 1 (a newer one is refused as too new)."""
    return FileFormatError("error.version_refused", what=what, value=_shown(value), supported=supported)


def checked_version(raw: dict[str, Any], key: str, what: str, supported: int, too_new: str) -> int:
    """The file's format version under ``key``: a whole number from 1 to ``supported`` (``too_new``:
    the message key of a newer version), else a refusal."""
    if key not in raw:
        raise FileFormatError("error.version_missing", what=what, supported=supported)
    version = raw[key]
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise bad_version(what, version, supported)
    if version > supported:
        raise FileFormatError(too_new, version=version, supported=supported)
    return version
