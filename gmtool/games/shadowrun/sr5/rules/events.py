"""SR5 events: the facts an encounter's state is folded from."""

from __future__ import annotations

from typing import Literal

from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules import turn_events
from gmtool.games.shadowrun.rules.turn_events import *  # noqa: F403 - the shared turn events are this edition's too
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

CombatantAdded = turn_events.CombatantAdded[Sheet]


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


class ScoresReduced(Event):
    kind: Literal["scores_reduced"] = "scores_reduced"
    amount: int


class DelayedActionTaken(Event):
    kind: Literal["delayed_action_taken"] = "delayed_action_taken"
    combatant: str
    name: str


class InitiativeSeized(Event):
    kind: Literal["initiative_seized"] = "initiative_seized"
    combatant: str
    name: str


class BlitzDeclared(Event):
    """SR5-I5: Blitz declared (Edge spent) before an initiative roll: that roll is 5d6."""

    kind: Literal["blitz_declared"] = "blitz_declared"
    combatant: str
    name: str


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


EVENT_CLASSES = (
    CombatantAdded,
    InitiativeRolled,
    ScoresReduced,
    DelayedActionTaken,
    InitiativeSeized,
    BlitzDeclared,
    ActionTaken,
    TestRolled,
    *turn_events.TURN_EVENTS,
)
