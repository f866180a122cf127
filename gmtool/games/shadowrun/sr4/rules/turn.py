"""SR4 turn queries (SR4-C1..C5, E6, E7): scores, who acts in a pass, in which order.

Everything here is derived from the state. Rules and choices:
- Score (SR4-C1) = Initiative attribute + hits of the initiative test, plus the
  GM's adjustments; with the rule option on, the *current* wound modifier too,
  so damage lowers the score at once. The floor is 0 (no negative scores).
- A combatant acts in pass p while its passes this turn (sheet passes, +1 after
  SR4-E7) are p or more (SR4-C4); passes run 1, 2, … while anyone acts in them.
- Order (SR4-C2): those who spent Edge to go first in this pass (SR4-E6), then
  score, then ties by the Edge attribute, then Reaction (the SR4 book); a full
  tie, which the book resolves as simultaneous, is settled by the random draw
  logged at the roll.
"""

from __future__ import annotations

from gmtool.games.shadowrun.rules.shadowrun import ladder_step
from gmtool.games.shadowrun.sr4.rules.initiative import MAX_PASSES
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState

SCORE_FLOOR = 0
PHASE_SIMPLE_SLOTS = 2  # SR4-C2: 1 complex or 2 simple actions


def wound_on_initiative(state: EncounterState, combatant: Combatant) -> int:
    """The wound modifier that applies to the Initiative attribute (0 when the option is off)."""
    return combatant.sheet.wound_modifier if state.options.get("wound_modifier_on_initiative", True) else 0


def score_terms(state: EncounterState, combatant: Combatant) -> tuple[tuple[str, int], ...]:
    """The score's terms (label key, value), X-3; empty before the roll."""
    if combatant.hits is None:
        return ()
    terms = [("field.derived.initiative", combatant.sheet.initiative_attribute)]
    wound = wound_on_initiative(state, combatant)
    if wound:
        terms.append(("pool.wound_modifier", wound))
    terms.append(("sr4.term.hits", combatant.hits))
    if combatant.adjustment:
        terms.append(("sr4.term.adjustment", combatant.adjustment))
    return tuple(terms)


def effective_score(state: EncounterState, combatant: Combatant) -> int | None:
    """The score that orders the pass, never below :data:`SCORE_FLOOR`; None before the roll."""
    return _score(combatant, bool(state.options.get("wound_modifier_on_initiative", True)))


def _score(combatant: Combatant, wounds: bool) -> int | None:
    """The sum of :func:`score_terms` (``wounds``: the rule option), without listing them: the order
    of 200 combatants asks it for each one after every event."""
    if combatant.hits is None:
        return None
    sheet = combatant.sheet
    total = sheet.initiative_attribute + combatant.hits + combatant.adjustment + (sheet.wound_modifier if wounds else 0)
    return max(SCORE_FLOOR, total)


def passes_this_turn(combatant: Combatant) -> int:
    return combatant.sheet.initiative_passes + (1 if combatant.extra_pass else 0)


def acts_in_pass(combatant: Combatant, pass_number: int) -> bool:
    """SR4-C4: rolled this turn and has ``pass_number`` passes or more."""
    return combatant.hits is not None and passes_this_turn(combatant) >= pass_number


def passes_left(state: EncounterState, combatant: Combatant) -> int:
    """Passes still to act in this turn, the current one included unless already acted."""
    if combatant.hits is None or state.turn == 0:
        return 0
    left = passes_this_turn(combatant) - max(state.pass_number, 1) + 1
    if left > 0 and combatant.acted:
        left -= 1
    return max(left, 0)


def order_key(state: EncounterState, combatant: Combatant) -> tuple[int, ...]:
    """Sort key, highest first: in this pass, SR4-E6 first, score, Edge, Reaction, draw."""
    return _order_key(state, combatant, bool(state.options.get("wound_modifier_on_initiative", True)))


def _order_key(state: EncounterState, combatant: Combatant, wounds: bool) -> tuple[int, ...]:
    score = _score(combatant, wounds)
    attrs = combatant.sheet.attributes
    return (
        int(acts_in_pass(combatant, state.pass_number)),
        int(combatant.first_in_pass == state.pass_number),
        score if score is not None else -1,
        attrs["EDG"],
        attrs["REA"],
        combatant.tiebreak,
    )


def pass_order(state: EncounterState) -> list[Combatant]:
    """Every combatant in this pass's order; those not acting in it come last.

    Sorted once per state revision (the order, the log, the casting lists and the rules all ask).
    """
    cached = state.order_cache
    if cached is not None and cached[0] == state.revision:
        return list(cached[1])
    wounds = bool(state.options.get("wound_modifier_on_initiative", True))  # the rule option, read once
    order = sorted(state.combatants.values(), key=lambda c: _order_key(state, c, wounds), reverse=True)
    state.order_cache = (state.revision, order)
    return list(order)


def waiting(state: EncounterState) -> list[Combatant]:
    """Combatants still to act in this pass (delayed ones and the current actor included)."""
    return [c for c in pass_order(state) if not c.acted and acts_in_pass(c, state.pass_number)]


def current_actor(state: EncounterState) -> Combatant | None:
    return state.combatants.get(state.actor) if state.actor is not None else None


def next_actor(state: EncounterState) -> Combatant | None:
    """Whose phase comes next: the actor a delayed combatant stepped in before, else the
    first one waiting who is not delaying; when only delaying ones are left, they act
    at the end of the pass in order."""
    remaining = [c for c in waiting(state) if c.id != state.actor]
    resumed = [c for c in remaining if c.id == state.interrupted]
    if resumed:
        return resumed[0]
    ready = [c for c in remaining if not c.delayed]
    return ready[0] if ready else remaining[0] if remaining else None


def phase_untouched(combatant: Combatant) -> bool:
    """No simple or complex action recorded in the phase yet."""
    return combatant.simple_slots == 0 and not combatant.complex_action


def surprised_by(state: EncounterState, combatant: Combatant, other: str) -> bool:
    """SR4-C9: ``combatant`` may not act directly against ``other`` now."""
    return other in combatant.surprised_by


def pass_over(state: EncounterState) -> bool:
    """Nobody acting and nobody waiting: the next phase command ends the pass."""
    return state.actor is None and not waiting(state)




def pass_ladder(state: EncounterState, combatant: Combatant) -> tuple[str, ...]:
    """For passes 1 … max(4, its passes this turn): how the combatant stands in each
    (the LADDER_* names); empty before its initiative is rolled (SR4-C4, E7)."""
    if combatant.hits is None or state.turn == 0:
        return ()
    current = state.pass_number
    acting = state.actor == combatant.id
    return tuple(ladder_step(p, current, acts_in_pass(combatant, p), combatant.acted, acting)
                 for p in range(1, max(MAX_PASSES, passes_this_turn(combatant)) + 1))
