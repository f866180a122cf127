"""Small helpers shared by the SR4 command handlers (lookups, Edge, previews)."""

from __future__ import annotations

import copy
from collections.abc import Iterable

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules.fold import apply
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState


def combatant(state: EncounterState, combatant_id: str) -> Combatant:
    try:
        return state.combatants[combatant_id]
    except KeyError:
        raise RulesError("error.no_such_combatant", combatant=combatant_id) from None


def require_turn(state: EncounterState) -> None:
    if state.turn == 0:
        raise RulesError("error.no_initiative")


def spend_edge(c: Combatant, purpose: str) -> ev.EdgeSpent:
    """One point of Edge (SR4-E1), or RulesError when none is left."""
    points = c.sheet.edge_points
    if points < 1:
        raise RulesError("error.no_edge", name=c.sheet.name)
    return ev.EdgeSpent(combatant=c.id, name=c.sheet.name, purpose=purpose, before=points, after=points - 1)


def preview(state: EncounterState, events: Iterable[Event]) -> EncounterState:
    """The state as it will be once ``events`` are folded (the real state is untouched)."""
    future = copy.deepcopy(state)
    for event in events:
        apply(future, event)
    return future
