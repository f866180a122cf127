"""SR4 spellcasting (SR4-S1, S2, S3; S4 through the targets' spell defence; S9 the signature).

Force ≤ Magic × 2; Magic + Spellcasting (+ foci, visibility, wounds, −2 per sustained spell)
against each target's resistance; the caster's hits count up to the Force. More hits for the
target: no effect; a tie: the minimal effect when the GM says so, else none; more for the
caster: the effect grows with net hits — a combat spell deals Force + net hits boxes of its
damage (direct: no soak) through the damage command's path. A sustained spell becomes an effect
on its caster (−2). Then the drain (SR4-S3) and the astral signature (SR4-S9).
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.i18n import active_language
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules import effect_rules
from gmtool.games.shadowrun.sr4.rules.common import combatant
from gmtool.games.shadowrun.sr4.rules.effects import effect_table
from gmtool.games.shadowrun.sr4.rules.magic_catalogue import Spell, check_force, drain_value, spell
from gmtool.games.shadowrun.sr4.rules.magic_messages import (
    CastSpell,
    SignatureLeft,
    SpellResolved,
    SpellSustained,
)
from gmtool.games.shadowrun.sr4.rules.magic_pools import magic_terms, resist_terms
from gmtool.games.shadowrun.sr4.rules.magic_rolls import action, damage, drain, roll
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState


def outcome_of(hits: int, resisted: int, tie_takes_effect: bool) -> str:
    """SR4-S2 (c): resisted, minimal (a tie the GM lets through) or effect."""
    if hits > resisted:
        return "effect"
    if hits == resisted and hits > 0 and tie_takes_effect:
        return "minimal"
    return "resisted"


def _check(state: EncounterState, c: Combatant, command: CastSpell, s: Spell) -> list[Combatant]:
    check_force(command.force, c.sheet.magic, c.sheet.name)
    targets = [combatant(state, t) for t in command.targets]
    if len(targets) > 1 and s.range != "los_area":
        raise RulesError("error.sr4_one_target", spell=s.label(active_language()))
    if len(set(command.targets)) != len(targets):
        raise RulesError("error.sr4_target_twice")
    if command.target_faces is not None and len(command.target_faces) != len(targets):
        raise RulesError("error.sr4_target_faces")
    return targets


def resolved(c: Combatant, command: CastSpell, s: Spell, target: Combatant | None, hits: int,
             resisted: int) -> SpellResolved:
    outcome = outcome_of(hits, resisted, command.tie_takes_effect)
    net = max(0, hits - resisted)
    combat = s.category == "combat" and target is not None and outcome != "resisted"
    return SpellResolved(
        caster=c.id, name=c.sheet.name, spell=command.spell, force=command.force,
        target=target.id if target else None, target_name=target.sheet.name if target else None,
        hits=hits, resisted_hits=resisted, net_hits=net, outcome=outcome,
        damage=command.force + net if combat else 0, track=s.damage if combat else None,
    )


def _against_targets(state: EncounterState, c: Combatant, command: CastSpell, s: Spell, hits: int,
                     label: str, rng: random.Random, events: list[Event]) -> list[SpellResolved]:
    results: list[SpellResolved] = []
    if not command.targets:
        results.append(resolved(c, command, s, None, hits, 0))
        events.append(results[-1])
    for i, t in enumerate(command.targets):
        target = state.combatants[t]
        faces = command.target_faces[i] if command.target_faces is not None else None
        rolled, outcome = roll(target, label, "opponent", resist_terms(state, target, s), rng, faces)
        result = resolved(c, command, s, target, hits, outcome.hits)
        events += [rolled, result]
        if result.track is not None:
            events += damage(state, events, t, result.track, result.damage)
        results.append(result)
    return results


def _sustained(state: EncounterState, c: Combatant, command: CastSpell, hits: int,
               events: list[Event]) -> list[Event]:
    """The caster's −2 as the sustained_spell effect, and the spell kept for dispelling (SR4-S1, S5)."""
    # Nothing folded from ``events`` (rolls, damage) touches what the effect and the id are made from.
    added = effect_rules.new_effect(effect_table(), state, c, state.actor == c.id, "sustained_spell")
    kept = SpellSustained(
        spell_id=state.magic.next_spell, caster=c.id, name=c.sheet.name, spell=command.spell,
        force=command.force, hits=hits, target=command.targets[0] if command.targets else None, effect=added.effect,
    )
    return [added, kept]


def signature(state: EncounterState, c: Combatant, what: str, force: int) -> SignatureLeft:
    """SR4-S9: Force hours in the astral (a timed note)."""
    return SignatureLeft(signature=state.magic.next_signature, caster=c.id, name=c.sheet.name,
                         what=what, force=force, turn=state.turn)


def cast_spell(state: EncounterState, command: CastSpell, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    s = spell(command.spell)
    _check(state, c, command, s)
    label = s.label(active_language())
    paid = action(state, c, "complex", command.charge_action, rng)
    terms = magic_terms(state, c, "spellcasting", command.skill, command.foci, command.visibility)
    rolled, outcome = roll(c, label, "actor", terms, rng, command.faces)
    hits = min(outcome.hits, command.force)  # SR4-S2 (a): hits up to the Force
    events: list[Event] = [*paid, rolled]
    results = _against_targets(state, c, command, s, hits, label, rng, events)
    if s.duration == "sustained" and any(r.outcome != "resisted" for r in results):
        events += _sustained(state, c, command, hits, events)
    events.append(signature(state, c, command.spell, command.force))
    return events + drain(state, events, c, drain_value(s, command.force), command.force, command.tradition,
                          rng, command.drain_faces)
