"""SR5 commands and events for interrupt actions (SR5-N1..N6); the effect messages both
editions share are re-exported from :mod:`gmtool.games.shadowrun.rules.effect_messages`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.rules.effect_messages import AddEffect, EffectAdded, EffectEnded, RemoveEffect

InterruptKind = Literal["block", "dodge", "hit_the_dirt", "intercept", "parry", "full_defence"]


class DeclareInterrupt(Command):
    """SR5-N1..N6: pay initiative for an interrupt action; ``bonus`` = the skill it adds."""

    kind: Literal["declare_interrupt"] = "declare_interrupt"
    combatant: str
    interrupt: InterruptKind
    bonus: int = Field(default=0, ge=0, le=20)


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

__all__ = ["AddEffect", "DeclareInterrupt", "EffectAdded", "EffectEnded", "InterruptDeclared", "RemoveEffect"]
