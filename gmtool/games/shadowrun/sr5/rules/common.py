"""Finding a combatant by id, or refusing with a clear message; refusing an action against a surpriser."""

from __future__ import annotations

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.sr5.rules.state import Combatant, EncounterState


def combatant(state: EncounterState, combatant_id: str) -> Combatant:
    try:
        return state.combatants[combatant_id]
    except KeyError:
        raise RulesError("error.no_such_combatant", combatant=combatant_id) from None


def check_not_surprised_by(state: EncounterState, actor: str, target: str) -> None:
    """Refuse an action against a surpriser during the first pass."""
    c = state.combatants.get(actor)
    if c is not None and state.pass_number <= 1 and target in c.surprised_by:
        raise RulesError("error.surprised_by_target", name=c.sheet.name, target=state.combatants[target].sheet.name)
