"""SR5 handlers for effects and interrupts, and the expiry events other handlers append.

SR5 interrupt rules (001 digest): usable only with an initiative score that can pay
the cost (score ≥ cost; it may fall to 0, and a score at 0 or below loses the next
action); no action is used. Full Defence is paid once and lasts the turn.
Surprise does not exist yet, so "not while surprised" is not checked.
"""

from __future__ import annotations

import random

from gmtool.core.effects import (
    Duration,
    Effect,
    expired_by_pass_end,
    expired_by_phase_end,
    expired_by_turn_end,
    last_turn,
    phase_count_to_expire,
)
from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.rulesets.sr5 import events as ev
from gmtool.rulesets.sr5.effect_messages import AddEffect, DeclareInterrupt, EffectAdded, EffectEnded, InterruptDeclared, RemoveEffect
from gmtool.rulesets.sr5.effects import effect_table, holder_effects
from gmtool.rulesets.sr5.initiative import current_actor, effective_score
from gmtool.rulesets.sr5.lookup import combatant as _combatant
from gmtool.rulesets.sr5.state import Combatant, EncounterState


def new_effect(
    state: EncounterState, c: Combatant, key: str, modifier: int | None = None,
    duration: Duration | None = None, turns: int = 1, label: str = "", effect_id: int | None = None,
) -> EffectAdded:
    """The event that adds an effect, with its expiry fixed now."""
    info = effect_table().effects.get(key)
    if info is None:
        raise RulesError("error.unknown_effect", effect=key)
    if key == "custom" and not label.strip():
        raise RulesError("error.custom_effect_label")
    duration = duration or info.duration
    if modifier is None:
        modifier = c.sheet.attributes[info.modifier_from] if info.modifier_from else info.modifier
    actor = current_actor(state)
    if duration in (Duration.NEXT_ACTION, Duration.END_OF_PASS, Duration.END_OF_TURN, Duration.TURNS) and state.turn == 0:
        raise RulesError("error.no_initiative")
    return EffectAdded(
        effect=effect_id or state.next_effect, combatant=c.id, name=c.sheet.name, key=key, label=label.strip(),
        modifier=modifier, scope=info.scope, duration=duration,
        expires_at_phase=phase_count_to_expire(c.phases_ended, actor is not None and actor.id == c.id),
        expires_after_turn=last_turn(duration, state.turn, turns),
    )


def ended(state: EncounterState, effects: list[Effect], reason: str) -> list[Event]:
    events: list[Event] = []
    for e in effects:
        name = state.combatants[e.holder].sheet.name if e.holder in state.combatants else ""
        events.append(
            EffectEnded(effect=e.id, combatant=e.holder, name=name, key=e.key, label=e.label, reason=reason)  # type: ignore[arg-type]
        )
    return events


def add_effect(state: EncounterState, command: AddEffect, rng: random.Random) -> list[Event]:
    c = _combatant(state, command.combatant)
    return [new_effect(state, c, command.key, command.modifier, command.duration, command.turns, command.label)]


def remove_effect(state: EncounterState, command: RemoveEffect, rng: random.Random) -> list[Event]:
    effect = state.effects.get(command.effect)
    if effect is None:
        raise RulesError("error.no_such_effect", effect=command.effect)
    return ended(state, [effect], "removed")


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


def expiry_after_phase(state: EncounterState, actor: Combatant) -> list[Event]:
    """Effects that end when ``actor`` finishes its action phase."""
    return ended(state, expired_by_phase_end(state.effects.values(), actor.id, actor.phases_ended + 1), "expired")


def expiry_after_pass(state: EncounterState, skip: set[int]) -> list[Event]:
    return ended(state, [e for e in expired_by_pass_end(state.effects.values()) if e.id not in skip], "expired")


def expiry_after_turn(state: EncounterState, skip: set[int]) -> list[Event]:
    gone = [e for e in expired_by_turn_end(state.effects.values(), state.turn) if e.id not in skip]
    return ended(state, gone, "expired")


def effects_of_removed(state: EncounterState, combatant: str) -> list[Event]:
    return ended(state, holder_effects(state, combatant), "removed")


HANDLERS = {
    "add_effect": add_effect,
    "remove_effect": remove_effect,
    "declare_interrupt": declare_interrupt,
}
