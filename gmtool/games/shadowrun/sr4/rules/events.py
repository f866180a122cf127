"""SR4 events: the facts an SR4 encounter's state is folded from.

Every die face is in an event; folding never needs to roll.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules import turn_events
from gmtool.games.shadowrun.rules.turn_events import *  # noqa: F403 - the shared turn events are this edition's too
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet

Terms = tuple[tuple[str, int], ...]


CombatantAdded = turn_events.CombatantAdded[Sheet]


class DamageApplied(Event):
    kind: Literal["damage_applied"] = "damage_applied"
    combatant: str
    name: str
    track: Literal["physical", "stun"]
    boxes: int
    physical_before: int
    physical_after: int
    stun_before: int
    stun_after: int
    wound_after: int


class InitiativeRolled(Event):
    """SR4-C1: pool = Initiative attribute (+ wound modifier); score = attribute + wound + hits."""

    kind: Literal["initiative_rolled"] = "initiative_rolled"
    combatant: str
    name: str
    attribute: int
    wound: int  # the wound modifier applied to the attribute at the roll
    pool: int
    faces: tuple[int, ...]
    hits: int
    glitch: bool
    critical_glitch: bool
    tiebreak: int
    typed: bool = False


class PhaseStarted(Event):
    kind: Literal["phase_started"] = "phase_started"
    combatant: str
    name: str


class DelayedActionTaken(Event):
    kind: Literal["delayed_action_taken"] = "delayed_action_taken"
    combatant: str
    name: str
    interrupted: str | None  # the actor whose phase resumes afterwards


class FirstInPass(Event):
    kind: Literal["first_in_pass"] = "first_in_pass"
    combatant: str
    name: str
    pass_number: int


class ExtraPassGained(Event):
    kind: Literal["extra_pass_gained"] = "extra_pass_gained"
    combatant: str
    name: str
    passes: int  # this turn's passes, the extra one included


class ActionTaken(Event):
    """``paid``: the budget used: free (between phases), slot (a free action paid
    with a simple action's slot), simple or complex."""

    kind: Literal["action_taken"] = "action_taken"
    combatant: str
    name: str
    action: str
    action_kind: Literal["free", "simple", "complex"]
    paid: Literal["free", "slot", "simple", "complex"]
    target: str | None = None
    target_name: str | None = None


class Moved(Event):
    kind: Literal["moved"] = "moved"
    combatant: str
    name: str
    mode: Literal["walk", "run"]
    metres: int
    total: int  # metres this turn after the move
    limit: int


class Sprinted(Event):
    kind: Literal["sprinted"] = "sprinted"
    combatant: str
    name: str
    terms: Terms
    pool: int
    faces: tuple[int, ...]
    hits: int
    glitch: bool
    critical_glitch: bool
    typed: bool
    bonus: int  # metres added to this turn's run limit
    limit: int  # the run limit after the sprint


class SurpriseRolled(Event):
    kind: Literal["surprise_rolled"] = "surprise_rolled"
    combatant: str
    name: str
    side: Literal["a", "b"]
    terms: Terms
    pool: int
    faces: tuple[int, ...]
    hits: int
    glitch: bool
    critical_glitch: bool
    typed: bool


class SurpriseMark(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    combatant: str
    name: str
    by: tuple[str, ...]
    by_names: tuple[str, ...]


class SurpriseDecided(Event):
    """Who is surprised by whom, for the first initiative pass of ``turn``."""

    kind: Literal["surprise_decided"] = "surprise_decided"
    turn: int
    marks: tuple[SurpriseMark, ...]


class SurpriseEnded(Event):
    kind: Literal["surprise_ended"] = "surprise_ended"
    turn: int


EVENT_CLASSES = (
    CombatantAdded,
    DamageApplied,
    InitiativeRolled,
    PhaseStarted,
    DelayedActionTaken,
    FirstInPass,
    ExtraPassGained,
    ActionTaken,
    Moved,
    Sprinted,
    SurpriseRolled,
    SurpriseDecided,
    SurpriseEnded,
    *turn_events.TURN_EVENTS,
)
