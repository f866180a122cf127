"""SR4-C2/C3: what an action costs in the phase budget.

In one's own action phase: 1 complex action, or 2 simple actions where either
simple may be swapped for a free action. Besides, one free action between the
end of one's phase and one's next phase (SR4-C3); it may be taken in anyone's
phase, one's own included, and comes back when one's own phase ends (and at a
new turn). A free action taken when that one is used costs a simple slot, so
only in one's own phase.
"""

from __future__ import annotations

from typing import Literal

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr4.rules.turn import PHASE_SIMPLE_SLOTS


def _own_phase(state: EncounterState, combatant: Combatant) -> bool:
    return state.actor == combatant.id


def _slot_free(combatant: Combatant) -> bool:
    return not combatant.complex_action and combatant.simple_slots < PHASE_SIMPLE_SLOTS


Paid = Literal["free", "slot", "simple", "complex"]


def payment(state: EncounterState, combatant: Combatant, kind: str) -> Paid:
    """How ``kind`` is paid now: "free", "slot", "simple" or "complex"; RulesError if it cannot be."""
    name = combatant.sheet.name
    own = _own_phase(state, combatant)
    if kind == "free":
        if not combatant.free_action:
            return "free"
        if not own:
            raise RulesError("error.free_action_used", name=name)
        if not _slot_free(combatant):
            raise RulesError("error.phase_budget_spent", name=name)
        return "slot"
    if not own:
        raise RulesError("error.not_your_phase", name=name)
    if kind == "simple" and _slot_free(combatant):
        return "simple"
    if kind == "complex" and not combatant.complex_action and combatant.simple_slots == 0:
        return "complex"
    raise RulesError("error.phase_budget_spent", name=name)


def can_pay(state: EncounterState, combatant: Combatant, kind: str) -> bool:
    """Whether ``kind`` can be paid now (what a GUI enables)."""
    try:
        payment(state, combatant, kind)
    except RulesError:
        return False
    return True


def can_take(state: EncounterState, combatant: Combatant, kind: str) -> bool:
    """Whether a ``take_action`` of ``kind`` would be accepted now (initiative rolled, budget pays)."""
    return state.turn > 0 and combatant.hits is not None and can_pay(state, combatant, kind)


def budget_left(combatant: Combatant) -> tuple[int, bool, bool]:
    """(simple actions left, complex still possible, free action between phases unused) in its phase."""
    simple = 0 if combatant.complex_action else PHASE_SIMPLE_SLOTS - combatant.simple_slots
    return simple, _slot_free(combatant) and combatant.simple_slots == 0, not combatant.free_action
