"""SR4 roster and sheet commands: add, remove, edit a sheet, take damage, rule options.

A combatant joining during a turn rolls initiative at once and acts from the
current pass on if it has passes enough (SR4 has no per-pass score reduction).
Damage (SR4-MT8) lowers the wound modifier, and so the initiative score, at once.
"""

from __future__ import annotations

import random
from typing import Literal

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.carried_effects import carried_effect_events
from gmtool.games.shadowrun.rules.carried_rounds import checked_rounds
from gmtool.games.shadowrun.rules.damage.monitors import SR4_STUN_OVERFLOW_RATIO, monitor_of
from gmtool.games.shadowrun.rules.damage.monitors import apply_damage as apply_damage_to
from gmtool.games.shadowrun.rules.effect_rules import effects_of_removed
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.rules.sheet_edits import (
    changed_fields,
    edited_sheet,
    option_changed,
)
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules.common import combatant, preview
from gmtool.games.shadowrun.sr4.rules.flow import initiative_roll, phase_start, rolls_with_ties
from gmtool.games.shadowrun.sr4.rules.natural_weapons import natural_for
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet, attribute_range, check_sheet, metatypes
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr4.rules.vehicle_sheet import VEHICLE


def with_natural_weapons(sheet: Sheet) -> Sheet:
    """A spirit, critter or vehicle joining without weapons brings its kind's natural attacks."""
    natural = () if sheet.weapons else natural_for(sheet.metatype)
    return sheet.model_copy(update={"weapons": natural}) if natural else sheet


def add_combatant(state: EncounterState, command: cmd.AddCombatant, rng: random.Random) -> list[Event]:
    check_sheet(command.sheet)
    sheet = with_natural_weapons(command.sheet)
    new_id = f"c{state.next_number}"
    rounds = checked_rounds(sheet, command.rounds)
    events: list[Event] = [ev.CombatantAdded(combatant=new_id, sheet=sheet, rounds=rounds),
                           *carried_effect_events(state, new_id, sheet.name, command.effects)]
    if state.turn > 0:
        newcomer = Combatant(id=new_id, sheet=sheet)
        events += rolls_with_ties(preview(state, events), [initiative_roll(state, newcomer, rng)])
    return events



def remove_combatant(state: EncounterState, command: cmd.RemoveCombatant, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    events: list[Event] = [*effects_of_removed(state, c.id), ev.CombatantRemoved(combatant=c.id, name=c.sheet.name)]
    if state.actor == c.id:  # its phase passes to the next one waiting, if any
        events += phase_start(preview(state, events))
    return events


def sheet_diff(c: Combatant, new: Sheet) -> list[Event]:
    return [
        ev.SheetChanged(combatant=c.id, name=new.name, field=field, old=before, new=after)
        for field, before, after in changed_fields(c.sheet, new)
    ]


def edit_sheet(state: EncounterState, command: cmd.EditSheet, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    if command.field == "metatype" and (command.value == VEHICLE) != (c.sheet.metatype == VEHICLE):
        raise RulesError("error.sr4rig.metatype_vehicle", name=c.sheet.name)
    new = edited_sheet(c.sheet, command.field, command.value, metatypes().metatypes, attribute_range, check_sheet)
    events = sheet_diff(c, new)
    if not events:
        raise RulesError("error.no_change")
    return events


def damage_after(sheet: Sheet, track: Literal["physical", "stun"], boxes: int) -> tuple[int, int]:
    """SR4-MT8: (physical, stun) after ``boxes``, as the shared monitors work it out (stun beyond
    its monitor spills into physical box for box; physical stops at the box of death)."""
    after = apply_damage_to(monitor_of(sheet), track, boxes, SR4_STUN_OVERFLOW_RATIO).after
    return after.stored_physical, after.stun


def apply_damage(state: EncounterState, command: cmd.ApplyDamage, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    sheet = c.sheet
    if command.track == "stun" and (c.id in state.vehicles or sheet.metatype == VEHICLE):
        raise RulesError("error.sr4rig.no_stun", name=sheet.name)
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
    return [option_changed(state.options, command.option, command.value)]


HANDLERS: dict[str, Handler[EncounterState]] = {
    "add_combatant": add_combatant,
    "remove_combatant": remove_combatant,
    "edit_sheet": edit_sheet,
    "apply_damage": apply_damage,
    "set_rule_option": set_rule_option,
}
