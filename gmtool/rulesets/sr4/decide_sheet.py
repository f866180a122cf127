"""SR4 roster and sheet commands: add, remove, edit a sheet, take damage, rule options.

A combatant joining during a turn rolls initiative at once and acts from the
current pass on if it has passes enough (SR4 has no per-pass score reduction).
Damage (SR4-MT8) lowers the wound modifier, and so the initiative score, at once.
"""

from __future__ import annotations

import random

from pydantic import ValidationError

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.rulesets.sr4 import commands as cmd
from gmtool.rulesets.sr4 import events as ev
from gmtool.rulesets.sr4.common import combatant, preview
from gmtool.rulesets.sr4.flow import initiative_roll, phase_start, rolls_with_ties
from gmtool.rulesets.sr4.sheet import ATTRIBUTES, NAME_MAX, Sheet, attribute_range, check_sheet, metatypes
from gmtool.rulesets.sr4.state import RULE_OPTIONS, Combatant, EncounterState


def add_combatant(state: EncounterState, command: cmd.AddCombatant, rng: random.Random) -> list[Event]:
    check_sheet(command.sheet)
    new_id = f"c{state.next_number}"
    events: list[Event] = [ev.CombatantAdded(combatant=new_id, sheet=command.sheet)]
    if state.turn > 0:
        newcomer = Combatant(id=new_id, sheet=command.sheet)
        events += rolls_with_ties(preview(state, events), [initiative_roll(state, newcomer, rng)])
    return events


def remove_combatant(state: EncounterState, command: cmd.RemoveCombatant, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    events: list[Event] = [ev.CombatantRemoved(combatant=c.id, name=c.sheet.name)]
    if state.actor == c.id:  # its phase passes to the next one waiting, if any
        events += phase_start(preview(state, events))
    return events


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
    data = sheet.model_dump()
    if field.startswith("attr.") and field[5:] in ATTRIBUTES:
        data["attributes"] = {**sheet.attributes, field[5:]: value}
    elif field in Sheet.model_fields and field != "attributes":
        data[field] = value
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


def _diff(c: Combatant, new: Sheet) -> list[Event]:
    old = c.sheet
    pairs = [(f"attr.{a}", old.attributes[a], new.attributes[a]) for a in ATTRIBUTES]
    pairs += [(f, getattr(old, f), getattr(new, f)) for f in Sheet.model_fields if f != "attributes"]
    return [
        ev.SheetChanged(combatant=c.id, name=new.name, field=field, old=before, new=after)
        for field, before, after in pairs
        if before != after
    ]


def edit_sheet(state: EncounterState, command: cmd.EditSheet, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    if command.field == "metatype" and command.value not in metatypes().metatypes:
        raise RulesError("error.unknown_metatype", field="metatype", metatype=command.value)
    new = _sheet_with(c.sheet, command.field, _coerce(command.field, command.value))
    if command.field == "metatype":
        new = _clamped_to_metatype(new)
    check_sheet(new)
    events = _diff(c, new)
    if not events:
        raise RulesError("error.no_change")
    return events


def damage_after(sheet: Sheet, track: str, boxes: int) -> tuple[int, int]:
    """SR4-MT8: (physical, stun) after ``boxes``; stun beyond its monitor spills into
    physical box for box; physical stops at the box of death."""
    physical, stun = sheet.physical_damage, sheet.stun_damage
    if track == "stun":
        stun += boxes
        physical += max(0, stun - sheet.stun_boxes)
        stun = min(stun, sheet.stun_boxes)
    else:
        physical += boxes
    return min(physical, sheet.physical_max), stun


def apply_damage(state: EncounterState, command: cmd.ApplyDamage, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    sheet = c.sheet
    physical, stun = damage_after(sheet, command.track, command.boxes)
    if (physical, stun) == (sheet.physical_damage, sheet.stun_damage):
        raise RulesError("error.no_change")
    after = sheet.model_copy(update={"physical_damage": physical, "stun_damage": stun})
    return [
        ev.DamageApplied(
            combatant=c.id, name=sheet.name, track=command.track, boxes=command.boxes,
            physical_before=sheet.physical_damage, physical_after=physical,
            stun_before=sheet.stun_damage, stun_after=stun, wound_after=after.wound_modifier,
        )
    ]


def set_rule_option(state: EncounterState, command: cmd.SetRuleOption, rng: random.Random) -> list[Event]:
    if command.option not in RULE_OPTIONS:
        raise RulesError("error.unknown_option", option=command.option)
    old = state.options[command.option]
    if old == command.value:
        raise RulesError("error.no_change")
    return [ev.RuleOptionChanged(option=command.option, old=old, new=command.value)]


HANDLERS = {
    "add_combatant": add_combatant,
    "remove_combatant": remove_combatant,
    "edit_sheet": edit_sheet,
    "apply_damage": apply_damage,
    "set_rule_option": set_rule_option,
}
