"""SR4-S1/S5: the spells a runner still sustains when it joins another encounter (the campaign's party).

Each is the caster's ``sustained_spell`` effect (−2 on every test while it lasts, SR4 p. 173) and the
spell kept for dispelling with the hits it still has, as casting it made them
(:func:`gmtool.games.shadowrun.sr4.rules.magic_cast.cast_spell`); nothing is rolled again. A spell on
another target stays behind with that target: it goes on on the caster (``on_self``) or on no one.
"""

from __future__ import annotations

from gmtool.core.errors import RulesError
from gmtool.core.i18n import active_language
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules import effect_rules
from gmtool.games.shadowrun.rules.carried_effects import CarriedSpell
from gmtool.games.shadowrun.sr4.rules.common import preview
from gmtool.games.shadowrun.sr4.rules.effects import effect_table
from gmtool.games.shadowrun.sr4.rules.magic_catalogue import check_force, spell
from gmtool.games.shadowrun.sr4.rules.magic_messages import SpellSustained
from gmtool.games.shadowrun.sr4.rules.state import EncounterState


def sustained_again(state: EncounterState, caster_id: str, spells: tuple[CarriedSpell, ...]) -> list[Event]:
    """The events that put ``spells`` back on the caster who just joined (RulesError: one it cannot hold)."""
    events: list[Event] = []
    for carried in spells:
        now = preview(state, events)
        caster = now.combatants[caster_id]
        kept = spell(carried.spell)  # an unknown spell is refused, naming it
        if kept.duration != "sustained":
            raise RulesError("sr.carry.error.not_sustained", spell=kept.label(active_language()))
        check_force(carried.force, caster.sheet.magic, caster.sheet.name)
        if carried.hits > carried.force:
            raise RulesError("sr.carry.error.spell_hits", spell=kept.label(active_language()), force=carried.force)
        added = effect_rules.new_effect(effect_table(), now, caster, False, "sustained_spell")
        events += [added, SpellSustained(
            spell_id=now.magic.next_spell, caster=caster_id, name=caster.sheet.name, spell=carried.spell,
            force=carried.force, hits=carried.hits, target=caster_id if carried.on_self else None, effect=added.effect)]
    return events
