"""SR5 commands and events for effects with durations and interrupt actions (SR5-N1..N6)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gmtool.core.effects import Duration, Scope
from gmtool.core.messages import Command, Event

InterruptKind = Literal["block", "dodge", "hit_the_dirt", "intercept", "parry", "full_defence"]


class AddEffect(Command):
    """Put an effect on a combatant; catalogue defaults fill what is not given."""

    kind: Literal["add_effect"] = "add_effect"
    combatant: str
    key: str
    label: str = Field(default="", max_length=60)
    modifier: int | None = Field(default=None, ge=-30, le=30)
    duration: Duration | None = None
    turns: int = Field(default=1, ge=1, le=99)


class RemoveEffect(Command):
    kind: Literal["remove_effect"] = "remove_effect"
    effect: int


class DeclareInterrupt(Command):
    """SR5-N1..N6: pay initiative for an interrupt action; ``bonus`` = the skill it adds."""

    kind: Literal["declare_interrupt"] = "declare_interrupt"
    combatant: str
    interrupt: InterruptKind
    bonus: int = Field(default=0, ge=0, le=20)


class EffectAdded(Event):
    kind: Literal["effect_added"] = "effect_added"
    effect: int
    combatant: str
    name: str
    key: str
    label: str
    modifier: int
    scope: Scope
    duration: Duration
    expires_at_phase: int = 0
    expires_after_turn: int = 0


class EffectEnded(Event):
    kind: Literal["effect_ended"] = "effect_ended"
    effect: int
    combatant: str
    name: str
    key: str
    label: str
    reason: Literal["expired", "removed", "used"]


class InterruptDeclared(Event):
    kind: Literal["interrupt_declared"] = "interrupt_declared"
    combatant: str
    name: str
    interrupt: str
    cost: int
    before: int
    after: int


EFFECT_COMMAND_CLASSES = (AddEffect, RemoveEffect, DeclareInterrupt)
EFFECT_EVENT_CLASSES = (EffectAdded, EffectEnded, InterruptDeclared)
