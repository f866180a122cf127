"""SR4 handlers of the Edge uses outside a test, through the core API of :mod:`.edge`:
the dead man's trigger (SR4-E9, spend a point) and cheating death (SR4-E11, burn a point).

The tracker records the extra action (the GM resolves it; the order is not changed) and, for
cheat death, keeps the character at the last box before death (monitor + Body overflow, SR4-MT8).
"""

from __future__ import annotations

import random

from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.sr4.rules import edge
from gmtool.games.shadowrun.sr4.rules.common import combatant, spend_edge
from gmtool.games.shadowrun.sr4.rules.edge_messages import CheatDeath, DeadMansTrigger, DeathCheated, LastActionGranted
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState


def edge_state(c: Combatant) -> edge.SR4EdgeState:
    s = c.sheet
    return edge.SR4EdgeState(
        name=s.name, edge_attribute=s.attributes["EDG"], edge_points=s.edge_points,
        physical_damage=s.physical_damage, physical_boxes=s.physical_boxes, body=s.physical_overflow,
        stun_damage=s.stun_damage, stun_boxes=s.stun_boxes, last_action=c.last_action,
    )


def dead_mans_trigger(state: EncounterState, command: DeadMansTrigger, rng: random.Random) -> list[Event]:
    """SR4-E9: going down (a monitor full), not dead, not pulled yet, a point left."""
    c = combatant(state, command.combatant)
    edge.dead_mans_trigger(edge_state(c))  # refuses what the rule does not allow
    return [spend_edge(c, "dead_mans_trigger"), LastActionGranted(combatant=c.id, name=c.sheet.name)]


def cheat_death(state: EncounterState, command: CheatDeath, rng: random.Random) -> list[Event]:
    """SR4-E11: only for a dead character; the Edge attribute drops by one for good."""
    c = combatant(state, command.combatant)
    before = edge_state(c)
    after = edge.cheat_death(before)
    return [
        DeathCheated(
            combatant=c.id, name=c.sheet.name, attribute_before=before.edge_attribute,
            attribute_after=after.edge_attribute, points_after=after.edge_points,
            physical_before=before.physical_damage, physical_after=after.physical_damage,
        )
    ]


HANDLERS: dict[str, Handler[EncounterState]] = {"dead_mans_trigger": dead_mans_trigger, "cheat_death": cheat_death}
