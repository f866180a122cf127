"""SR5 initiative queries (SR5-I1 to I4): scores, the pass order, the current actor.

Everything here is derived from the state; nothing is stored twice.
"""

from __future__ import annotations

from gmtool.games.shadowrun.rules.shadowrun import LADDER_PASSES, ladder_step
from gmtool.games.shadowrun.sr5.rules.state import Combatant, EncounterState

PASS_REDUCTION = 10  # SR5-I3
BLITZ_DICE = 5  # SR5-I5


def _compute_score(state: EncounterState, combatant: Combatant, wounds: bool | None = None) -> int | None:
    """``wounds``: the rule option, when the caller has read it already."""
    if combatant.score is None:
        return None
    if state.options.get("wound_modifier_on_initiative", True) if wounds is None else wounds:
        return combatant.score + combatant.sheet.wound_modifier
    return combatant.score


def effective_score(state: EncounterState, combatant: Combatant) -> int | None:
    """The score that orders the pass (SR5-I1: changes apply at once).

    Includes the wound modifier when the rule option is on (SR5 p. 169).
    Computed once per state revision for the combatants in the state.
    """
    if state.combatants.get(combatant.id) is combatant:
        return _scores(state)[combatant.id]
    return _compute_score(state, combatant)  # a combatant not (yet) in the state


def _scores(state: EncounterState) -> dict[str, int | None]:
    """Every combatant's effective score at this state revision (computed once per revision)."""
    cached = state.score_cache
    if cached is None or cached[0] != state.revision:
        wounds = bool(state.options.get("wound_modifier_on_initiative", True))
        cached = (state.revision, {cid: _compute_score(state, c, wounds) for cid, c in state.combatants.items()})
        state.score_cache = cached
    return cached[1]


def in_pass(state: EncounterState, combatant: Combatant) -> bool:
    """Still acting in this pass: a score above 0 (SR5-I3)."""
    score = effective_score(state, combatant)
    return score is not None and score > 0


def order_key(state: EncounterState, combatant: Combatant) -> tuple[int, ...]:
    """Sort key, highest first (SR5-I2, I4).

    Seizers first (in their normal order), then score, then ties by the Edge
    attribute, Reaction, Intuition and finally the random draw logged at the roll.
    """
    return _key(combatant, effective_score(state, combatant))


def _key(combatant: Combatant, score: int | None) -> tuple[int, ...]:
    attrs = combatant.sheet.attributes
    return (
        int(score is not None and score > 0),  # in the pass
        int(combatant.seized),
        score if score is not None else -(10**6),
        attrs["EDG"],
        attrs["REA"],
        attrs["INT"],
        combatant.tiebreak,
    )


def pass_order(state: EncounterState) -> list[Combatant]:
    """All combatants in this pass's order; those out of the pass come last.

    Computed once per state revision (the GUI, the log and the rules all ask).
    """
    cached = state.order_cache
    if cached is not None and cached[0] == state.revision:
        return list(cached[1])
    scores = _scores(state)
    order = sorted(state.combatants.values(), key=lambda c: _key(c, scores[c.id]), reverse=True)
    state.order_cache = (state.revision, order)
    return list(order)


def waiting(state: EncounterState, exclude: str | None = None) -> list[Combatant]:
    """Combatants still to act this pass, in order (delayed ones included)."""
    return [
        c
        for c in pass_order(state)
        if c.id != exclude and not c.acted and in_pass(state, c)
    ]


def current_actor(state: EncounterState) -> Combatant | None:
    """Whose action phase it is.

    A delayed combatant that chose to act now comes first; otherwise the
    highest-ordered combatant still to act that is not delaying; when only
    delayed combatants remain, they act at the end of the pass in order.
    """
    cached = state.actor_cache
    if cached is not None and cached[0] == state.revision:
        return cached[1]
    actor = _find_current_actor(state)
    state.actor_cache = (state.revision, actor)
    return actor


def _find_current_actor(state: EncounterState) -> Combatant | None:
    if state.turn == 0:
        return None
    if state.acting_now is not None:
        return state.combatants.get(state.acting_now)
    first_waiting = None  # the first of waiting(state), read as far as needed
    for combatant in pass_order(state):
        if combatant.acted or not in_pass(state, combatant):
            continue
        if not combatant.delayed:
            return combatant
        if first_waiting is None:
            first_waiting = combatant
    return first_waiting


def pass_ladder(state: EncounterState, combatant: Combatant) -> tuple[str, ...]:
    """For passes 1 … max(4, the last it acts in): how the combatant stands in each.

    SR5-I3: the score drops by 10 per pass, so its score in pass q is the score now
    + 10 × (current pass − q); it acts in every pass where that is above 0.
    Empty before its initiative is rolled.
    """
    score = effective_score(state, combatant)
    if score is None or state.turn == 0:
        return ()
    current = state.pass_number
    last = current + max(score - 1, 0) // PASS_REDUCTION if score > 0 else current
    actor = current_actor(state) if score > 0 and not combatant.acted else None  # asked only when it matters
    acting = actor is not None and actor.id == combatant.id
    return tuple(ladder_step(q, current, score + PASS_REDUCTION * (current - q) > 0, combatant.acted, acting)
                 for q in range(1, max(LADDER_PASSES, last) + 1))


def passes_left(state: EncounterState, combatant: Combatant) -> int:
    """Passes this combatant will still act in this turn, counting the current one."""
    score = effective_score(state, combatant)
    if score is None or score <= 0:
        return 0
    return (score - 1) // PASS_REDUCTION + 1 - (1 if combatant.acted else 0)
