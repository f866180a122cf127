"""The turn's events both Shadowrun editions share, defined once: the order of play (turns, passes,
phases, delays), scores, Edge spent, sheet edits, a combatant joining (with the edition's sheet) or
leaving, rule options. Each edition's ``events`` module is these and its own (the kinds are for ever)."""

from __future__ import annotations

from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, Field

from gmtool.core.messages import Event

SheetT = TypeVar("SheetT", bound=BaseModel)


class CombatantAdded(Event, Generic[SheetT]):
    """Someone joins, with the edition's sheet (``CombatantAdded[Sheet]``)."""

    kind: Literal["combatant_added"] = "combatant_added"
    combatant: str
    sheet: SheetT
    rounds: dict[int, int] = Field(default_factory=dict)  # rounds left per weapon index (carried); others loaded


class ActionPhaseEnded(Event):
    kind: Literal["action_phase_ended"] = "action_phase_ended"
    combatant: str
    name: str


class CombatantRemoved(Event):
    kind: Literal["combatant_removed"] = "combatant_removed"
    combatant: str
    name: str


class EdgeSpent(Event):
    kind: Literal["edge_spent"] = "edge_spent"
    combatant: str
    name: str
    purpose: str
    before: int
    after: int


class PassStarted(Event):
    kind: Literal["pass_started"] = "pass_started"
    turn: int
    pass_number: int


class PhaseDelayed(Event):
    kind: Literal["phase_delayed"] = "phase_delayed"
    combatant: str
    name: str


class RuleOptionChanged(Event):
    kind: Literal["rule_option_changed"] = "rule_option_changed"
    option: str
    old: bool
    new: bool


class ScoreAdjusted(Event):
    kind: Literal["score_adjusted"] = "score_adjusted"
    combatant: str
    name: str
    delta: int
    reason: str


class SheetChanged(Event):
    kind: Literal["sheet_changed"] = "sheet_changed"
    combatant: str
    name: str
    field: str
    old: int | str | bool
    new: int | str | bool


class TiesDrawn(Event):
    """Combatants tied on score, Edge, Reaction and Intuition, ordered by their draw."""

    kind: Literal["ties_drawn"] = "ties_drawn"
    names: tuple[str, ...]
    draws: tuple[int, ...]


class TurnEnded(Event):
    kind: Literal["turn_ended"] = "turn_ended"
    turn: int


class TurnStarted(Event):
    kind: Literal["turn_started"] = "turn_started"
    turn: int


# The shared kinds; each edition lists them with its own (and its CombatantAdded[Sheet]).
TURN_EVENTS = (
    ActionPhaseEnded, CombatantRemoved, EdgeSpent, PassStarted, PhaseDelayed, RuleOptionChanged,
    ScoreAdjusted, SheetChanged, TiesDrawn, TurnEnded, TurnStarted,
)
__all__ = [
    "ActionPhaseEnded",
    "CombatantRemoved",
    "EdgeSpent",
    "PassStarted",
    "PhaseDelayed",
    "RuleOptionChanged",
    "ScoreAdjusted",
    "SheetChanged",
    "TURN_EVENTS",
    "TiesDrawn",
    "TurnEnded",
    "TurnStarted",
]
