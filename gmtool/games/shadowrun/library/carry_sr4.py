"""The SR4 rules with the runner's carry (:mod:`gmtool.games.shadowrun.library.carry`): what the manifest names.

Kept outside the edition's package: making a runner's sheet from a template goes through the library,
which knows both editions' sheets (the editions do not import each other).
"""

from __future__ import annotations

from typing import Any

from gmtool.core.i18n import active_language, tr
from gmtool.games.shadowrun.library.carry import ShadowrunCarry
from gmtool.games.shadowrun.rules.carried_effects import BoundSpirit, CarriedSpell
from gmtool.games.shadowrun.sr4.rules.commands import AddCombatant
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset


class SR4CarryRules(ShadowrunCarry, SR4Ruleset):
    """SR4 as the core sees it, with what of a runner goes on to the next encounter (its bound spirit too)."""

    add_combatant = AddCombatant

    def bound_spirits(self, state: Any, combatant_id: str) -> tuple[BoundSpirit, ...]:
        """SR4-S6: the spirit bound to the runner, still in the fight, with the services it owes."""
        return tuple(BoundSpirit(kind=b.kind, force=b.force, services=b.services)
                     for b in state.magic.spirits.values() if b.summoner == combatant_id and b.spirit in state.combatants)

    def sustained_spells(self, state: Any, combatant_id: str) -> tuple[tuple[CarriedSpell, int], ...]:
        """SR4-S1/S5: the spells the runner still sustains (their −2 effect still on it), with their hits."""
        return tuple((CarriedSpell(spell=s.spell, force=s.force, hits=s.hits, on_self=s.target == combatant_id), s.effect)
                     for s in sorted(state.magic.sustained.values(), key=lambda s: s.id)
                     if s.caster == combatant_id and s.effect in state.effects)

    def spell_words(self, spell: CarriedSpell) -> str:
        from gmtool.games.shadowrun.sr4.rules.effects import effect_table
        from gmtool.games.shadowrun.sr4.rules.magic_catalogue import spell as catalogue_spell

        modifier = f" ({effect_table().effects['sustained_spell'].modifier:+d})".replace("-", "−")
        return tr("sr.carry.spell", spell=catalogue_spell(spell.spell).label(active_language()), force=spell.force,
                  modifier=modifier)

    def spirit_words(self, spirit: BoundSpirit) -> str:
        from gmtool.games.shadowrun.sr4.rules.magic_catalogue import spirit_type

        return tr("sr.carry.spirit", spirit=spirit_type(spirit.kind).label(active_language()), force=spirit.force,
                  services=spirit.services)
