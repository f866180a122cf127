"""Folding the SR4 magic events into :class:`.magic_state.MagicState` (never rolls, never refuses).

``tidy`` runs after an effect ends or a combatant leaves: a sustained spell whose −2 effect is
gone is gone too; a spirit that left owes nothing; a defender that left protects no one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.effect_messages import EffectEnded
from gmtool.games.shadowrun.rules.shared_folds import fold_nothing
from gmtool.games.shadowrun.rules.turn_events import CombatantRemoved
from gmtool.games.shadowrun.sr4.rules import magic_messages as mm
from gmtool.games.shadowrun.sr4.rules.magic_state import Signature, SpiritBond, SustainedSpell


def _sustained(state: Any, e: mm.SpellSustained) -> None:
    m = state.magic
    m.sustained[e.spell_id] = SustainedSpell(e.spell_id, e.caster, e.spell, e.force, e.hits, e.target, e.effect)
    m.next_spell = e.spell_id + 1


def _ended(state: Any, e: mm.SpellEnded) -> None:
    state.magic.sustained.pop(e.spell_id, None)


def _weakened(state: Any, e: mm.SpellWeakened) -> None:
    kept = state.magic.sustained.get(e.spell_id)
    if kept is not None:
        kept.hits = e.hits_after


def _defence(state: Any, e: mm.SpellDefenceDeclared) -> None:
    m = state.magic
    m.spell_defence = {p: d for p, d in m.spell_defence.items() if d[0] != e.combatant}
    for p in e.protects:
        m.spell_defence[p] = (e.combatant, e.counterspelling)


def _summoned(state: Any, e: mm.SpiritSummoned) -> None:
    state.magic.spirits[e.spirit] = SpiritBond(e.spirit, e.summoner, e.spirit_kind, e.force, e.services)


def _service(state: Any, e: mm.ServiceUsed) -> None:
    state.magic.spirits[e.spirit].services = e.left


def _released(state: Any, e: mm.SpiritReleased) -> None:
    state.magic.spirits.pop(e.spirit, None)


def _projection(state: Any, e: mm.ProjectionChanged) -> None:
    if e.hours:
        state.magic.projecting[e.combatant] = e.hours
    else:
        state.magic.projecting.pop(e.combatant, None)


def _signature(state: Any, e: mm.SignatureLeft) -> None:
    m = state.magic
    m.signatures[e.signature] = Signature(e.signature, e.caster, e.what, e.force, e.turn)
    m.next_signature = e.signature + 1


def _erased(state: Any, e: mm.SignatureErased) -> None:
    if e.gone:
        state.magic.signatures.pop(e.signature, None)
    else:
        state.magic.signatures[e.signature].erased_actions = e.actions


FOLDERS: dict[str, Callable[[Any, Any], None]] = {
    "spell_resolved": fold_nothing,
    "drain_resisted": fold_nothing,
    "spell_sustained": _sustained,
    "spell_ended": _ended,
    "spell_weakened": _weakened,
    "spell_defence_declared": _defence,
    "spirit_summoned": _summoned,
    "summoning_failed": fold_nothing,
    "service_used": _service,
    "spirit_released": _released,
    "projection_changed": _projection,
    "astral_signature_left": _signature,
    "astral_signature_erased": _erased,
}


def tidy(state: Any, event: Event) -> None:
    """After ``effect_ended`` and ``combatant_removed``: what magic kept of the effect or combatant goes."""
    m = state.magic
    if isinstance(event, EffectEnded):
        m.sustained = {k: s for k, s in m.sustained.items() if s.effect != event.effect}
    elif isinstance(event, CombatantRemoved):
        gone = event.combatant
        m.spirits.pop(gone, None)
        m.projecting.pop(gone, None)
        m.spell_defence = {p: d for p, d in m.spell_defence.items() if gone not in (p, d[0])}
