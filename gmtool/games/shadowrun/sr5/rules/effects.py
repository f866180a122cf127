"""SR5 effects and interrupt actions as data (resources/sr5/effects.json), and their queries.

The catalogue model, the pool terms and expiry are shared with SR4
(:mod:`gmtool.games.shadowrun.rules.effect_rules`). Block, Dodge and Parry add to one defence
test and are used up by it (SR5-N1, N2, N5).
"""

from __future__ import annotations

from gmtool.core.effects import Effect
from gmtool.core.resources import cached_model
from gmtool.games.shadowrun.rules.effect_rules import EffectTable, Side, effect_terms, holder_effects, term_label
from gmtool.games.shadowrun.sr5.rules.state import EncounterState

__all__ = ["EffectTable", "Side", "effect_table", "effect_terms", "holder_effects", "term_label", "used_by_defence"]


def effect_table() -> EffectTable:
    return cached_model(EffectTable, "sr5", "effects.json")


def used_by_defence(state: EncounterState, holder: str) -> list[Effect]:
    """Block, Dodge, Parry: spent on the first defence test they add to."""
    table = effect_table().effects
    return [e for e in holder_effects(state, holder) if e.key in table and table[e.key].consumed_by_defence]
