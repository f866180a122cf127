"""SR4 astral projection (SR4-S8) and erasing astral signatures (SR4-S9).

Astral perception (SR4-S7) is the effect ``astral_perception`` (−2) of the effect catalogue,
and Intuition + Assensing a test of the test box. Projection: up to Magic hours, the body inert
(a mark on the caster until it returns). A signature lasts Force hours (a timed note); Force
complex actions spent on it erase it.
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.sr4.rules.common import combatant
from gmtool.games.shadowrun.sr4.rules.magic_messages import (
    AstralProjection,
    EraseSignature,
    ProjectionChanged,
    SignatureErased,
)
from gmtool.games.shadowrun.sr4.rules.magic_rolls import action
from gmtool.games.shadowrun.sr4.rules.state import EncounterState


def projection(state: EncounterState, command: AstralProjection, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    projecting = c.id in state.magic.projecting
    if command.hours == 0:
        if not projecting:
            raise RulesError("error.sr4_not_projecting", name=c.sheet.name)
    elif projecting:
        raise RulesError("error.sr4_already_projecting", name=c.sheet.name)
    elif c.sheet.magic < 1:
        raise RulesError("error.sr4_not_awakened", name=c.sheet.name)
    elif command.hours > c.sheet.magic:
        raise RulesError("error.sr4_projection_hours", name=c.sheet.name, high=c.sheet.magic)
    return [ProjectionChanged(combatant=c.id, name=c.sheet.name, hours=command.hours)]


def erase_signature(state: EncounterState, command: EraseSignature, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    sig = state.magic.signatures.get(command.signature)
    if sig is None:
        raise RulesError("error.sr4_no_such_signature", signature=command.signature)
    if sig.caster != c.id:
        raise RulesError("error.sr4_not_own_signature", name=c.sheet.name)
    spent = min(sig.force, sig.erased_actions + command.actions)
    return [*action(state, c, "complex", command.charge_action, rng), SignatureErased(signature=sig.id, combatant=c.id, name=c.sheet.name, actions=spent, force=sig.force,
                            gone=spent >= sig.force)]
