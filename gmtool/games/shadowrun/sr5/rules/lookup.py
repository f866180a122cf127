"""Finding a combatant by id, or refusing with a clear message."""

from __future__ import annotations

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.sr5.rules.state import Combatant, EncounterState


def combatant(state: EncounterState, combatant_id: str) -> Combatant:
    try:
        return state.combatants[combatant_id]
    except KeyError:
        raise RulesError("error.no_such_combatant", combatant=combatant_id) from None
