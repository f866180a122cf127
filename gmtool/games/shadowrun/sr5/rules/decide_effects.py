"""SR5 handlers for effects and interrupts, and the expiry events other handlers append.

SR5 interrupt rules (001 digest): usable only with an initiative score that can pay
the cost (score ≥ cost; it may fall to 0, and a score at 0 or below loses the next
action); no action is used. Full Defence is paid once and lasts the turn.
Surprise does not exist yet, so "not while surprised" is not checked.
"""

from __future__ import annotations

import random

from gmtool.core.effects import Duration
from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules import effect_rules
from gmtool.games.shadowrun.rules.effect_rules import (  # re-exported: the SR5 handlers append these
    effects_of_removed,
    ended,
    expiry_after_pass,
    expiry_after_phase,
    expiry_after_turn,
    holder_effects,
)
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.sr5.rules import events as ev
from gmtool.games.shadowrun.sr5.rules.common import combatant as _combatant
from gmtool.games.shadowrun.sr5.rules.effect_messages import (
    AddEffect,
    DeclareInterrupt,
    EffectAdded,
    InterruptDeclared,
    RemoveEffect,
)
from gmtool.games.shadowrun.sr5.rules.effects import effect_table
from gmtool.games.shadowrun.sr5.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr5.rules.turn import current_actor, effective_score

__all__ = ["ended", "expiry_after_pass", "expiry_after_phase", "expiry_after_turn", "effects_of_removed"]


def new_effect(
    state: EncounterState, c: Combatant, key: str, modifier: int | None = None,
    duration: Duration | None = None, turns: int = 1, label: str = "",
) -> EffectAdded:
    """The event that adds an effect from the SR5 catalogue, with its expiry fixed now."""
    actor = current_actor(state)
    acting = actor is not None and actor.id == c.id
    return effect_rules.new_effect(effect_table(), state, c, acting, key, modifier, duration, turns, label)


def add_effect(state: EncounterState, command: AddEffect, rng: random.Random) -> list[Event]:
    c = _combatant(state, command.combatant)
    return [new_effect(state, c, command.key, command.modifier, command.duration, command.turns, command.label)]


def remove_effect(state: EncounterState, command: RemoveEffect, rng: random.Random) -> list[Event]:
    return effect_rules.removal(state, command.effect)


def check_interrupt(state: EncounterState, combatant: str, interrupt: str) -> None:
    """Raise the reason an interrupt cannot be declared now (the GUI shows it as a tooltip)."""
    if state.turn == 0:
        raise RulesError("error.no_initiative")
    c = _combatant(state, combatant)
    info = effect_table().interrupts[interrupt]
    score = effective_score(state, c)
    if score is None or score < info.cost:
        raise RulesError("error.interrupt_unaffordable", name=c.sheet.name, cost=info.cost, score=score if score is not None else 0)
    if info.effect and any(e.key == info.effect for e in holder_effects(state, c.id)):
        raise RulesError("error.interrupt_active", name=c.sheet.name)
    if c.surprised_by and state.pass_number <= 1 and not c.acted:
        raise RulesError("error.surprised_no_interrupt", name=c.sheet.name)


def declare_interrupt(state: EncounterState, command: DeclareInterrupt, rng: random.Random) -> list[Event]:
    """SR5-N1..N6."""
    check_interrupt(state, command.combatant, command.interrupt)
    c = state.combatants[command.combatant]
    info = effect_table().interrupts[command.interrupt]
    score = effective_score(state, c) or 0
    events: list[Event] = [
        InterruptDeclared(
            combatant=c.id, name=c.sheet.name, interrupt=command.interrupt, cost=info.cost,
            before=score, after=score - info.cost,
        ),
        ev.ScoreAdjusted(combatant=c.id, name=c.sheet.name, delta=-info.cost, reason="interrupt"),
    ]
    if info.effect:
        bonus = command.bonus if info.effect in ("block", "dodge", "parry") else None
        events.append(new_effect(state, c, info.effect, modifier=bonus))
    return events


HANDLERS: dict[str, Handler[EncounterState]] = {
    "add_effect": add_effect,
    "remove_effect": remove_effect,
    "declare_interrupt": declare_interrupt,
}
