"""SR4 counterspelling (SR4-S4, S5) and dropping a sustained spell.

Spell defence: declared beforehand for those in sight; each adds the defender's Counterspelling
to its resistance tests (:func:`.magic_pools.resist_terms`). Dispelling: Counterspelling + Magic
against the spell's Force + its caster's Magic; each net hit removes one of the spell's hits,
none left ends it; the dispeller resists the spell's drain (SR4-S3 by the dispeller's Magic).
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.i18n import active_language
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules import effect_rules
from gmtool.games.shadowrun.sr4.rules.common import combatant
from gmtool.games.shadowrun.sr4.rules.magic_catalogue import drain_value, spell
from gmtool.games.shadowrun.sr4.rules.magic_messages import (
    DeclareSpellDefence,
    DispelSpell,
    DropSpell,
    SpellDefenceDeclared,
    SpellEnded,
    SpellWeakened,
)
from gmtool.games.shadowrun.sr4.rules.magic_pools import magic_terms
from gmtool.games.shadowrun.sr4.rules.magic_rolls import action, drain, roll, roll_plain
from gmtool.games.shadowrun.sr4.rules.magic_state import SustainedSpell
from gmtool.games.shadowrun.sr4.rules.state import EncounterState


def declare_defence(state: EncounterState, command: DeclareSpellDefence, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    if c.sheet.magic < 1:
        raise RulesError("error.sr4_not_awakened", name=c.sheet.name)
    protected = [combatant(state, p) for p in command.protects]
    return [*action(state, c, "simple", command.charge_action and bool(protected), rng), SpellDefenceDeclared(
        combatant=c.id, name=c.sheet.name, protects=tuple(p.id for p in protected),
        protect_names=tuple(p.sheet.name for p in protected), counterspelling=command.counterspelling,
    )]


def sustained(state: EncounterState, spell_id: int) -> SustainedSpell:
    try:
        return state.magic.sustained[spell_id]
    except KeyError:
        raise RulesError("error.sr4_no_such_spell", spell=spell_id) from None


def _ended(state: EncounterState, kept: SustainedSpell, reason: str) -> list[Event]:
    name = state.combatants[kept.caster].sheet.name if kept.caster in state.combatants else ""
    events: list[Event] = [SpellEnded(spell_id=kept.id, caster=kept.caster, name=name, spell=kept.spell,
                                      reason=reason)]
    if kept.effect in state.effects:
        events += effect_rules.removal(state, kept.effect)
    return events


def drop_spell(state: EncounterState, command: DropSpell, rng: random.Random) -> list[Event]:
    return _ended(state, sustained(state, command.spell), "dropped")


def dispel(state: EncounterState, command: DispelSpell, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    kept = sustained(state, command.spell)
    if c.sheet.magic < 1:
        raise RulesError("error.sr4_not_awakened", name=c.sheet.name)
    s = spell(kept.spell)
    caster = state.combatants.get(kept.caster)
    label = s.label(active_language())
    paid = action(state, c, "complex", command.charge_action, rng)
    rolled, mine = roll(c, label, "actor", magic_terms(state, c, "counterspelling", command.skill), rng,
                        command.faces)
    dice = kept.force + (caster.sheet.magic if caster else 0)
    against, theirs = roll_plain(c, label, "magic.term.force_and_magic", dice, rng, command.opponent_faces)
    net = max(0, mine.hits - theirs.hits)
    after = max(0, kept.hits - net)
    events: list[Event] = [*paid, rolled, against, SpellWeakened(
        spell_id=kept.id, dispeller=c.id, name=c.sheet.name, spell=kept.spell, net_hits=net, hits_after=after)]
    if after == 0:
        events += _ended(state, kept, "dispelled")
    return events + drain(state, events, c, drain_value(s, kept.force), kept.force, command.tradition, rng,
                          command.drain_faces)
