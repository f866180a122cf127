"""Commands and events for effects with durations, shared by the Shadowrun editions.

Both editions' journals hold these same messages (same ``kind``), so an effect is
added, logged and ended the same way whichever game the encounter plays.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gmtool.core.effects import Duration, Scope
from gmtool.core.messages import Command, Event


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


COMMAND_CLASSES = (AddEffect, RemoveEffect)
EVENT_CLASSES = (EffectAdded, EffectEnded)
