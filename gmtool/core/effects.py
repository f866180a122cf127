"""Effects with durations: a status that modifies a combatant until it expires.

An effect lasts until one of:
- ``next_action``: the end of the holder's next action phase (one that starts after
  the effect was added; added during the holder's own phase, it lasts through the next),
- ``end_of_pass``: the end of the current initiative pass,
- ``end_of_turn``: the end of the current combat turn,
- ``turns``: the end of the N-th combat turn counting the current one,
- ``until_removed``: the GM (or a rule) removes it.

Expiry is decided by pure functions here; rulesets turn the answers into events,
so every expiry is a journal fact with its own log line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum


class Duration(str, Enum):
    NEXT_ACTION = "next_action"
    END_OF_PASS = "end_of_pass"
    END_OF_TURN = "end_of_turn"
    TURNS = "turns"
    UNTIL_REMOVED = "until_removed"


class Scope(str, Enum):
    """Which tests the modifier applies to."""

    ALL = "all"
    DEFENCE = "defence"
    ATTACK = "attack"
    NONE = "none"  # a status without a dice modifier (prone is shown, its effect is situational)


@dataclass(frozen=True)
class Effect:
    id: int
    holder: str
    key: str  # catalogue key, or "custom"
    label: str  # free text for custom effects, else ""
    modifier: int
    scope: Scope
    duration: Duration
    expires_at_phase: int = 0  # NEXT_ACTION: the holder's phase count at which it ends
    expires_after_turn: int = 0  # TURNS / END_OF_TURN: the last turn it lasts through


def phase_count_to_expire(phases_ended: int, holder_is_acting: bool) -> int:
    """For NEXT_ACTION: the holder's phase-end count at which the effect ends."""
    return phases_ended + (2 if holder_is_acting else 1)


def last_turn(duration: Duration, turn: int, turns: int) -> int:
    """For END_OF_TURN and TURNS: the last turn the effect lasts through."""
    if duration is Duration.END_OF_TURN:
        return turn
    if duration is Duration.TURNS:
        return turn + max(turns, 1) - 1
    return 0


def expired_by_phase_end(effects: Iterable[Effect], holder: str, phases_ended: int) -> list[Effect]:
    """Effects that end as ``holder`` finishes an action phase (``phases_ended`` counts it)."""
    return [
        e for e in effects
        if e.holder == holder and e.duration is Duration.NEXT_ACTION and phases_ended >= e.expires_at_phase
    ]


def expired_by_pass_end(effects: Iterable[Effect]) -> list[Effect]:
    return [e for e in effects if e.duration is Duration.END_OF_PASS]


def expired_by_turn_end(effects: Iterable[Effect], turn: int) -> list[Effect]:
    """Effects that end with combat turn ``turn`` (pass-long ones end with it too)."""
    ending = (Duration.END_OF_TURN, Duration.TURNS)
    return [
        e for e in effects
        if e.duration is Duration.END_OF_PASS or (e.duration in ending and e.expires_after_turn <= turn)
    ]
