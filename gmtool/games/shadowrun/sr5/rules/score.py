"""The initiative score explained (X-3): rolled base and dice, passes over, adjustments, wounds."""

from __future__ import annotations

from gmtool.games.shadowrun.sr5.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr5.rules.turn import PASS_REDUCTION


def score_terms(state: EncounterState, c: Combatant) -> tuple[tuple[str, int], ...]:
    """(label key, value) terms that add up to the effective score; () before the roll."""
    if c.score is None:
        return ()
    base = c.sheet.initiative_attribute
    dice = sum(c.faces)
    passes_over = PASS_REDUCTION * max(state.pass_number - 1, 0)
    rest = c.score - base - dice + passes_over - c.adjustment  # attribute changes applied at once
    terms: list[tuple[str, int]] = [("score.attribute", base + rest), ("score.dice", dice)]
    if passes_over:
        terms.append(("score.passes", -passes_over))
    if c.adjustment:
        terms.append(("score.adjustments", c.adjustment))
    if state.options.get("wound_modifier_on_initiative", True) and c.sheet.wound_modifier:
        terms.append(("pool.wound_modifier", c.sheet.wound_modifier))
    return tuple(terms)
