"""Checking a template the GM typed: one translated message per field, for the form.

:func:`field_errors` turns a pydantic ``ValidationError`` into
``{"attributes": "…", "weapons.0.damage": "…"}`` (the field's path, dots between
parts) so the library window can show each message beside its field.
:func:`validate_template` checks a whole template (SR4 or SR5 by its
``edition``) and returns the template or the messages, never raising for bad
input.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError

from gmtool.core.i18n import tr
from gmtool.games.shadowrun.library.template import AnyTemplate, NpcTemplate

# pydantic's error types (and ours, "library_*") → translation keys.
MESSAGE_KEYS: dict[str, str] = {
    "missing": "library.invalid.missing",
    "string_too_short": "library.invalid.too_short",
    "string_too_long": "library.invalid.too_long",
    "too_short": "library.invalid.too_few",
    "too_long": "library.invalid.too_many",
    "greater_than_equal": "library.invalid.too_small",
    "less_than_equal": "library.invalid.too_large",
    "int_parsing": "library.invalid.not_integer",
    "int_type": "library.invalid.not_integer",
    "int_from_float": "library.invalid.not_integer",
    "float_parsing": "library.invalid.not_number",
    "float_type": "library.invalid.not_number",
    "finite_number": "library.invalid.not_number",
    "bool_parsing": "library.invalid.not_bool",
    "bool_type": "library.invalid.not_bool",
    "string_type": "library.invalid.not_text",
    "literal_error": "library.invalid.choice",
    "union_tag_invalid": "library.invalid.edition",
    "union_tag_not_found": "library.invalid.edition",
    "extra_forbidden": "library.invalid.unknown_field",
    "list_type": "library.invalid.shape",
    "dict_type": "library.invalid.shape",
    "model_type": "library.invalid.shape",
    "model_attributes_type": "library.invalid.shape",
    "library_attributes_incomplete": "library.invalid.attributes_incomplete",
    "library_attribute_range": "library.invalid.attribute_range",
    "library_filled_range": "library.invalid.filled_range",
    "library_duplicate": "library.invalid.duplicate",
    "library_edition_mix": "library.invalid.edition_mix",
    "library_too_many_combatants": "library.invalid.too_many_combatants",
    "strict.reason.control_character": "strict.reason.control_character",
}
GENERIC_KEY = "library.invalid.generic"
# The fields each message may use, taken from pydantic's error context.
CONTEXT_FIELDS: dict[str, tuple[str, ...]] = {
    "library.invalid.too_short": ("min_length",),
    "library.invalid.too_long": ("max_length",),
    "library.invalid.too_few": ("min_length",),
    "library.invalid.too_many": ("max_length",),
    "library.invalid.too_small": ("ge",),
    "library.invalid.too_large": ("le",),
    "library.invalid.choice": ("expected",),
    "library.invalid.attributes_incomplete": ("expected",),
    "library.invalid.attribute_range": ("attribute", "low", "high"),
    "library.invalid.filled_range": ("high",),
    "library.invalid.too_many_combatants": ("count", "high"),
    "strict.reason.control_character": ("character",),
}

_ADAPTER: TypeAdapter[AnyTemplate] = TypeAdapter(NpcTemplate)


def field_path(location: tuple[int | str, ...]) -> str:
    """``("weapons", 0, "damage")`` → ``"weapons.0.damage"``; the edition tag pydantic adds is left out."""
    parts = [str(part) for part in location if part not in ("SR4", "SR5")]
    return ".".join(parts) or "template"


def message_for(error: dict[str, Any]) -> str:
    """One pydantic error in the active language."""
    key = MESSAGE_KEYS.get(str(error.get("type")), GENERIC_KEY)
    context = error.get("ctx") or {}
    fields = {name: context.get(name, "") for name in CONTEXT_FIELDS.get(key, ())}
    return tr(key, **fields) if fields else tr(key)


def field_errors(exc: ValidationError) -> dict[str, str]:
    """Every invalid field's path and message (the first message when a field has several)."""
    messages: dict[str, str] = {}
    for error in exc.errors():
        messages.setdefault(field_path(tuple(error["loc"])), message_for(dict(error)))
    return messages


def validate_template(data: object) -> tuple[AnyTemplate | None, dict[str, str]]:
    """The template and no messages, or None and one message per invalid field."""
    try:
        return _ADAPTER.validate_python(data), {}
    except ValidationError as exc:
        return None, field_errors(exc)


def parse_template(data: object) -> AnyTemplate:
    """A template from plain data (raises pydantic's ValidationError)."""
    return _ADAPTER.validate_python(data)
