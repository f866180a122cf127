"""Effects with durations for both Shadowrun editions: the catalogue model, adding,
expiring and folding effects, and the pool terms they add while they last.

Each edition keeps its own catalogue (``resources/sr5/effects.json``,
``resources/sr4/effects.json``); the timing rules are the core's
(:mod:`gmtool.core.effects`). An edition's state needs ``turn``, ``combatants``
(each with ``sheet`` and ``phases_ended``), ``effects`` and ``next_effect``.
Scope ``all`` feeds every test of the holder, ``defence`` its defence tests,
``attack`` its attacks.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from gmtool.core.effects import (
    Duration,
    Effect,
    Scope,
    expired_by_pass_end,
    expired_by_phase_end,
    expired_by_turn_end,
    last_turn,
    phase_count_to_expire,
)
from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.effect_messages import EffectAdded, EffectEnded
from gmtool.games.shadowrun.rules.turn_events import ActionPhaseEnded

Side = Literal["test", "attack", "defence"]
TIMED = (Duration.NEXT_ACTION, Duration.END_OF_PASS, Duration.END_OF_TURN, Duration.TURNS)


class EffectInfo(BaseModel):
    scope: Scope
    modifier: int
    duration: Duration
    page: int = Field(ge=0)
    modifier_from: str | None = None  # an attribute whose value is the modifier (SR5 Full Defence: WIL)
    consumed_by_defence: bool = False


class InterruptInfo(BaseModel):
    cost: int = Field(gt=0)
    effect: str  # "" = no lasting effect (Intercept: the attack is made at once)
    bonus: str
    rule: str


class EffectTable(BaseModel):
    schema_version: int = Field(ge=1, le=1)
    source: str
    effects: dict[str, EffectInfo]
    interrupts: dict[str, InterruptInfo] = Field(default_factory=dict)


def term_label(effect: Effect) -> str:
    """The pool-breakdown label: a translation key, or ``text:`` + the GM's own words."""
    return f"text:{effect.label}" if effect.key == "custom" and effect.label else f"effect.{effect.key}"


def holder_effects(state: Any, holder: str) -> list[Effect]:
    return [e for e in state.effects.values() if e.holder == holder]


def effect_terms(state: Any, holder: str, side: Side) -> tuple[tuple[str, int], ...]:
    """The modifiers the holder's effects add to a test on this side."""
    wanted = {Scope.ALL} | ({Scope.DEFENCE} if side == "defence" else set()) | ({Scope.ATTACK} if side == "attack" else set())
    return tuple((term_label(e), e.modifier) for e in holder_effects(state, holder) if e.scope in wanted and e.modifier)


def new_effect(
    table: EffectTable, state: Any, c: Any, acting: bool, key: str, modifier: int | None = None,
    duration: Duration | None = None, turns: int = 1, label: str = "",
) -> EffectAdded:
    """The event that adds an effect, with its expiry fixed now (``acting``: in its own phase)."""
    info = table.effects.get(key)
    if info is None:
        raise RulesError("error.unknown_effect", effect=key)
    if key == "custom" and not label.strip():
        raise RulesError("error.custom_effect_label")
    duration = duration or info.duration
    if modifier is None:
        modifier = c.sheet.attributes[info.modifier_from] if info.modifier_from else info.modifier
    if duration in TIMED and state.turn == 0:
        raise RulesError("error.no_initiative")
    return EffectAdded(
        effect=state.next_effect, combatant=c.id, name=c.sheet.name, key=key, label=label.strip(),
        modifier=modifier, scope=info.scope, duration=duration,
        expires_at_phase=phase_count_to_expire(c.phases_ended, acting),
        expires_after_turn=last_turn(duration, state.turn, turns),
    )


def ended(state: Any, effects: list[Effect], reason: str) -> list[Event]:
    events: list[Event] = []
    for e in effects:
        name = state.combatants[e.holder].sheet.name if e.holder in state.combatants else ""
        events.append(
            EffectEnded(effect=e.id, combatant=e.holder, name=name, key=e.key, label=e.label, reason=reason)
        )
    return events


def removal(state: Any, effect_id: int) -> list[Event]:
    """The GM removes an effect."""
    effect = state.effects.get(effect_id)
    if effect is None:
        raise RulesError("error.no_such_effect", effect=effect_id)
    return ended(state, [effect], "removed")


def expiry_after_phase(state: Any, actor: Any) -> list[Event]:
    """Effects that end when ``actor`` finishes its action phase."""
    return ended(state, expired_by_phase_end(state.effects.values(), actor.id, actor.phases_ended + 1), "expired")


def phase_ended(state: Any, actor: Any | None) -> list[Event]:
    """The actor's phase ends (Next): its line, then the effects that end with it (none without an actor)."""
    if actor is None:
        return []
    return [ActionPhaseEnded(combatant=actor.id, name=actor.sheet.name), *expiry_after_phase(state, actor)]


def expiry_after_pass(state: Any, skip: set[int]) -> list[Event]:
    return ended(state, [e for e in expired_by_pass_end(state.effects.values()) if e.id not in skip], "expired")


def expiry_after_turn(state: Any, skip: set[int]) -> list[Event]:
    gone = [e for e in expired_by_turn_end(state.effects.values(), state.turn) if e.id not in skip]
    return ended(state, gone, "expired")


def effects_of_removed(state: Any, combatant: str) -> list[Event]:
    return ended(state, holder_effects(state, combatant), "removed")


def ended_ids(events: list[Event]) -> set[int]:
    """The effects already ended by these events (so a later expiry does not end them twice)."""
    return {e.effect for e in events if isinstance(e, EffectEnded)}


def fold_effect_added(state: Any, e: EffectAdded) -> None:
    state.effects[e.effect] = Effect(
        id=e.effect, holder=e.combatant, key=e.key, label=e.label, modifier=e.modifier, scope=e.scope,
        duration=e.duration, expires_at_phase=e.expires_at_phase, expires_after_turn=e.expires_after_turn,
    )
    state.next_effect = max(state.next_effect, e.effect + 1)


def fold_effect_ended(state: Any, e: EffectEnded) -> None:
    state.effects.pop(e.effect, None)
