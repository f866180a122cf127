"""SR4 grunt groups (SR4 p. 281): the group rolls one initiative test for all its members unless
split; SR4 keeps one condition monitor per member (the shared monitor is an SR5 option and is
refused here). Leaving and splitting are the shared rules'.
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules import grunt_groups
from gmtool.games.shadowrun.rules.grunt_groups import formed, leave_group, split_group
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules.common import preview
from gmtool.games.shadowrun.sr4.rules.flow import initiative_roll, rolls_with_ties
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet, check_sheet
from gmtool.games.shadowrun.sr4.rules.state import EncounterState

AddGruntGroup = grunt_groups.AddGruntGroup[Sheet]


def add_grunt_group(state: EncounterState, command: AddGruntGroup, rng: random.Random) -> list[Event]:
    """N identical NPCs as one group; joining mid-turn, the group rolls once at once."""
    if command.shared_monitor:
        raise RulesError("error.sr4_no_shared_monitor")
    check_sheet(command.sheet)
    members = [
        (f"c{state.next_number + i}", command.sheet.model_copy(update={"name": f"{command.sheet.name} {i + 1}"[:60], "is_npc": True}))
        for i in range(command.count)
    ]
    events: list[Event] = [ev.CombatantAdded(combatant=cid, sheet=sheet) for cid, sheet in members]
    if state.turn > 0:
        joined = preview(state, events)
        first = joined.combatants[members[0][0]]
        roll = initiative_roll(joined, first, rng)
        rolls = [roll.model_copy(update={"combatant": cid, "name": sheet.name}) for cid, sheet in members]
        events += rolls_with_ties(joined, rolls)
    group_id = f"g{state.next_group}"
    return events + [formed(group_id, command.sheet.name, command.professional_rating, False, tuple(c for c, _ in members))]


HANDLERS: dict[str, Handler[EncounterState]] = {"add_grunt_group": add_grunt_group, "leave_group": leave_group, "split_group": split_group}
