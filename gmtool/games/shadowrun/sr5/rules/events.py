"""SR5 events: the facts an encounter's state is folded from."""

from __future__ import annotations

from typing import Literal

from gmtool.core.messages import Event
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet


class CombatantAdded(Event):
    kind: Literal["combatant_added"] = "combatant_added"
    combatant: str
    sheet: Sheet


class CombatantRemoved(Event):
    kind: Literal["combatant_removed"] = "combatant_removed"
    combatant: str
    name: str


class SheetChanged(Event):
    kind: Literal["sheet_changed"] = "sheet_changed"
    combatant: str
    name: str
    field: str
    old: int | str | bool
    new: int | str | bool


class TurnStarted(Event):
    kind: Literal["turn_started"] = "turn_started"
    turn: int


class InitiativeRolled(Event):
    """Score = base + sum(faces) − reduction; ``tiebreak`` is the random draw for ties."""

    kind: Literal["initiative_rolled"] = "initiative_rolled"
    combatant: str
    name: str
    base: int
    faces: tuple[int, ...]
    reduction: int = 0
    tiebreak: int
    blitz: bool = False
    typed: bool = False


class TiesDrawn(Event):
    """Combatants tied on score, Edge, Reaction and Intuition, ordered by their draw."""

    kind: Literal["ties_drawn"] = "ties_drawn"
    names: tuple[str, ...]
    draws: tuple[int, ...]


class PassStarted(Event):
    kind: Literal["pass_started"] = "pass_started"
    turn: int
    pass_number: int


class ScoresReduced(Event):
    kind: Literal["scores_reduced"] = "scores_reduced"
    amount: int


class TurnEnded(Event):
    kind: Literal["turn_ended"] = "turn_ended"
    turn: int


class ActionPhaseEnded(Event):
    kind: Literal["action_phase_ended"] = "action_phase_ended"
    combatant: str
    name: str


class PhaseDelayed(Event):
    kind: Literal["phase_delayed"] = "phase_delayed"
    combatant: str
    name: str


class DelayedActionTaken(Event):
    kind: Literal["delayed_action_taken"] = "delayed_action_taken"
    combatant: str
    name: str


class EdgeSpent(Event):
    kind: Literal["edge_spent"] = "edge_spent"
    combatant: str
    name: str
    purpose: str
    before: int
    after: int


class InitiativeSeized(Event):
    kind: Literal["initiative_seized"] = "initiative_seized"
    combatant: str
    name: str


class BlitzDeclared(Event):
    """SR5-I5: Blitz declared (Edge spent) before an initiative roll: that roll is 5d6."""

    kind: Literal["blitz_declared"] = "blitz_declared"
    combatant: str
    name: str


class ScoreAdjusted(Event):
    kind: Literal["score_adjusted"] = "score_adjusted"
    combatant: str
    name: str
    delta: int
    reason: str


class ActionTaken(Event):
    kind: Literal["action_taken"] = "action_taken"
    combatant: str
    name: str
    action: str
    listed: str = ""  # the action-list key, when the GM named one


class TestRolled(Event):
    """A simple test with its pool breakdown: (label key, value) terms."""

    kind: Literal["test_rolled"] = "test_rolled"
    combatant: str
    name: str
    attribute: str
    terms: tuple[tuple[str, int], ...]
    pool: int
    threshold: int
    faces: tuple[int, ...]
    typed: bool
    hits: int
    glitch: bool
    critical_glitch: bool


class RuleOptionChanged(Event):
    kind: Literal["rule_option_changed"] = "rule_option_changed"
    option: str
    old: bool
    new: bool


EVENT_CLASSES = (
    CombatantAdded,
    CombatantRemoved,
    SheetChanged,
    TurnStarted,
    InitiativeRolled,
    TiesDrawn,
    PassStarted,
    ScoresReduced,
    TurnEnded,
    ActionPhaseEnded,
    PhaseDelayed,
    DelayedActionTaken,
    EdgeSpent,
    InitiativeSeized,
    BlitzDeclared,
    ScoreAdjusted,
    ActionTaken,
    TestRolled,
    RuleOptionChanged,
)
