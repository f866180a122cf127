"""Finding a combatant by id, or refusing with a clear message; refusing an action against a surpriser;
whether Blitz can be declared (asked by the window after every change, so kept light)."""

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


def check_blitz(state: EncounterState, combatant_id: str) -> Combatant:
    """SR5-I5: Blitz is declared before an initiative roll, once, with an Edge point to spend."""
    c = combatant(state, combatant_id)
    if c.blitz_declared:
        raise RulesError("error.already_blitzed", name=c.sheet.name)
    if c.sheet.edge_points < 1:
        raise RulesError("error.no_edge", name=c.sheet.name)
    return c
