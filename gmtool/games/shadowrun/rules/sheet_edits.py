"""Editing one field of a Shadowrun sheet, for both editions: coerce, validate, clamp, diff."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

from pydantic import ValidationError

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.shadowrun import ATTRIBUTES, NAME_MAX, ShadowrunSheet
from gmtool.games.shadowrun.rules.turn_events import RuleOptionChanged, ScoreAdjusted

SheetT = TypeVar("SheetT", bound=ShadowrunSheet)
Value = int | str | bool


def coerce_field(field: str, value: Value) -> Value:
    """The value as the field's type, or a refusal naming the field."""
    if field in ("name", "metatype"):
        if not isinstance(value, str):
            raise RulesError("error.bad_value", field=field)
        return value.strip() if field == "name" else value
    if field == "is_npc":
        if not isinstance(value, bool):
            raise RulesError("error.bad_value", field=field)
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError("error.bad_value", field=field)
    return value


def sheet_with(sheet: SheetT, field: str, value: Value) -> SheetT:
    """A copy of ``sheet`` with one field set, validated by the sheet's own model."""
    data = sheet.model_dump()
    model = type(sheet)
    if field.startswith("attr.") and field[5:] in ATTRIBUTES:
        data["attributes"] = {**sheet.attributes, field[5:]: value}
    elif field in model.model_fields and field != "attributes":
        data[field] = value
    else:
        raise RulesError("error.unknown_field", field=field)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        if field == "name":
            raise RulesError("error.name_invalid", field=field, high=NAME_MAX) from exc
        raise RulesError("error.field_invalid", field=field, value=value) from exc


def clamped_to_metatype(sheet: SheetT, attribute_range: Callable[[str, str], tuple[int, int]]) -> SheetT:
    """A new metatype keeps what it can and clamps attributes into its limits."""
    attrs = {}
    for attribute, value in sheet.attributes.items():
        low, high = attribute_range(sheet.metatype, attribute)
        attrs[attribute] = min(max(value, low), high)
    edge = min(sheet.edge_points, attrs["EDG"])
    return sheet.model_copy(update={"attributes": attrs, "edge_points": edge})


def changed_fields(old: ShadowrunSheet, new: ShadowrunSheet) -> list[tuple[str, Value, Value]]:
    """(field, before, after) for every field that differs, attributes as ``attr.XXX``."""
    pairs: list[tuple[str, Value, Value]] = [(f"attr.{a}", old.attributes[a], new.attributes[a]) for a in ATTRIBUTES]
    pairs += [(f, getattr(old, f), getattr(new, f)) for f in type(new).model_fields if f != "attributes"]
    return [(field, before, after) for field, before, after in pairs if before != after]


def edited_sheet(sheet: SheetT, field: str, value: Value, metatype_names: Collection[str],
                 attribute_range: Callable[[str, str], tuple[int, int]], check: Callable[[SheetT], None]) -> SheetT:
    """The sheet with one field typed in: a metatype the edition knows (attributes clamped to its
    limits), then the edition's own check of the whole sheet (RulesError naming the field)."""
    if field == "metatype" and value not in metatype_names:
        raise RulesError("error.unknown_metatype", field="metatype", metatype=value)
    new = sheet_with(sheet, field, coerce_field(field, value))
    if field == "metatype":
        new = clamped_to_metatype(new, attribute_range)
    check(new)
    return new


def option_changed(options: Mapping[str, bool], option: str, value: bool) -> RuleOptionChanged:
    """A rule option set (refused when unknown or already so)."""
    if option not in options:
        raise RulesError("error.unknown_option", option=option)
    if options[option] == value:
        raise RulesError("error.no_change")
    return RuleOptionChanged(option=option, old=options[option], new=value)


def manual_adjustment(combatant: Any, rolled: bool, delta: int) -> ScoreAdjusted:
    """The GM corrects a rolled score by hand (refused before the roll, or for a change of 0)."""
    if not rolled:
        raise RulesError("error.no_score", name=combatant.sheet.name)
    if delta == 0:
        raise RulesError("error.no_change")
    return ScoreAdjusted(combatant=combatant.id, name=combatant.sheet.name, delta=delta, reason="manual")
