"""SR5 sheet edits: one field at a time, validated by the sheet model and the metatype table.

A new metatype clamps attributes into its limits; a change to the initiative
attribute changes this turn's score at once (SR5-I1); damage marked on a member of
a grunt group that shares a monitor marks every member.
"""

from __future__ import annotations

import random

from pydantic import ValidationError

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.rulesets.sr5 import commands as cmd
from gmtool.rulesets.sr5 import events as ev
from gmtool.rulesets.sr5.groups import DAMAGE_FIELDS, members_sharing_damage
from gmtool.rulesets.sr5.lookup import combatant as _combatant
from gmtool.rulesets.sr5.sheet import ATTRIBUTES, NAME_MAX, Sheet, attribute_range, check_sheet, metatypes
from gmtool.rulesets.sr5.state import Combatant, EncounterState


def _coerce(field: str, value: int | str | bool) -> int | str | bool:
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


def _sheet_with(sheet: Sheet, field: str, value: int | str | bool) -> Sheet:
    if field.startswith("attr."):
        attribute = field[5:]
        if attribute not in ATTRIBUTES:
            raise RulesError("error.unknown_field", field=field)
        data = sheet.model_dump()
        data["attributes"] = {**sheet.attributes, attribute: value}
    elif field in Sheet.model_fields and field != "attributes":
        data = {**sheet.model_dump(), field: value}
    else:
        raise RulesError("error.unknown_field", field=field)
    try:
        return Sheet.model_validate(data)
    except ValidationError as exc:
        if field == "name":
            raise RulesError("error.name_invalid", field=field, high=NAME_MAX) from exc
        raise RulesError("error.field_invalid", field=field, value=value) from exc


def _clamped_to_metatype(sheet: Sheet) -> Sheet:
    """A new metatype keeps what it can and clamps attributes into its limits."""
    attrs = {}
    for attribute, value in sheet.attributes.items():
        low, high = attribute_range(sheet.metatype, attribute)
        attrs[attribute] = min(max(value, low), high)
    edge = min(sheet.edge_points, attrs["EDG"])
    return sheet.model_copy(update={"attributes": attrs, "edge_points": edge})


def _diff(c: Combatant, old: Sheet, new: Sheet) -> list[Event]:
    events: list[Event] = []
    pairs = [(f"attr.{a}", old.attributes[a], new.attributes[a]) for a in ATTRIBUTES]
    pairs += [(f, getattr(old, f), getattr(new, f)) for f in Sheet.model_fields if f != "attributes"]
    for field, before, after in pairs:
        if before != after:
            events.append(
                ev.SheetChanged(combatant=c.id, name=new.name, field=field, old=before, new=after)
            )
    return events


def edit_sheet(state: EncounterState, command: cmd.EditSheet, rng: random.Random) -> list[Event]:
    c = _combatant(state, command.combatant)
    if command.field in DAMAGE_FIELDS:
        return _shared_damage(state, c, command)
    if command.field == "metatype" and command.value not in metatypes().metatypes:
        raise RulesError("error.unknown_metatype", field="metatype", metatype=command.value)
    new = _sheet_with(c.sheet, command.field, _coerce(command.field, command.value))
    if command.field == "metatype":
        new = _clamped_to_metatype(new)
    check_sheet(new)
    events = _diff(c, c.sheet, new)
    if not events:
        raise RulesError("error.no_change")
    delta = new.initiative_attribute - c.sheet.initiative_attribute
    if delta and c.score is not None:  # SR5-I1: the change applies at once
        events.append(
            ev.ScoreAdjusted(combatant=c.id, name=new.name, delta=delta, reason="initiative_attribute")
        )
    return events


def _shared_damage(state: EncounterState, c: Combatant, command: cmd.EditSheet) -> list[Event]:
    """Damage marked on one member of a group sharing a monitor marks all of them."""
    value = _coerce(command.field, command.value)
    events: list[Event] = []
    for member_id in members_sharing_damage(state, c.id):
        member = state.combatants[member_id]
        new = _sheet_with(member.sheet, command.field, value)
        check_sheet(new)
        events += _diff(member, member.sheet, new)
    if not events:
        raise RulesError("error.no_change")
    return events
