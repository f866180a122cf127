"""SR5 sheet edits: one field at a time, validated by the sheet model and the metatype table.

A new metatype clamps attributes into its limits; a change to the initiative
attribute changes this turn's score at once (SR5-I1); damage marked on a member of
a grunt group that shares a monitor marks every member.
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.sheet_edits import (
    changed_fields,
    coerce_field,
    edited_sheet,
    sheet_with,
)
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules import events as ev
from gmtool.games.shadowrun.sr5.rules.common import combatant as _combatant
from gmtool.games.shadowrun.sr5.rules.groups import DAMAGE_FIELDS, members_sharing_damage
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet, attribute_range, check_sheet, metatypes
from gmtool.games.shadowrun.sr5.rules.state import Combatant, EncounterState


def _diff(c: Combatant, old: Sheet, new: Sheet) -> list[Event]:
    return [
        ev.SheetChanged(combatant=c.id, name=new.name, field=field, old=before, new=after)
        for field, before, after in changed_fields(old, new)
    ]


def edit_sheet(state: EncounterState, command: cmd.EditSheet, rng: random.Random) -> list[Event]:
    c = _combatant(state, command.combatant)
    if command.field in DAMAGE_FIELDS:
        return _shared_damage(state, c, command)
    new = edited_sheet(c.sheet, command.field, command.value, metatypes().metatypes, attribute_range, check_sheet)
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
    value = coerce_field(command.field, command.value)
    events: list[Event] = []
    for member_id in members_sharing_damage(state, c.id):
        member = state.combatants[member_id]
        new = sheet_with(member.sheet, command.field, value)
        check_sheet(new)
        events += _diff(member, member.sheet, new)
    if not events:
        raise RulesError("error.no_change")
    return events
