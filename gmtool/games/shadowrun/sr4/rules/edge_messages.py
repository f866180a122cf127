"""SR4 commands and events of the Edge uses outside a test: the dead man's trigger (SR4-E9), cheating death (SR4-E11)."""

from __future__ import annotations

from typing import Literal

from gmtool.core.messages import Command, Event


class DeadMansTrigger(Command):
    """SR4-E9: a character going down spends a point of Edge to act once more."""

    kind: Literal["dead_mans_trigger"] = "dead_mans_trigger"
    combatant: str


class CheatDeath(Command):
    """SR4-E11: burn a point of Edge; a character whose damage kills it lives on."""

    kind: Literal["cheat_death"] = "cheat_death"
    combatant: str


class LastActionGranted(Event):
    kind: Literal["last_action_granted"] = "last_action_granted"
    combatant: str
    name: str


class DeathCheated(Event):
    kind: Literal["death_cheated"] = "death_cheated"
    combatant: str
    name: str
    attribute_before: int
    attribute_after: int
    points_after: int
    physical_before: int
    physical_after: int  # the last box before death


EDGE_COMMAND_CLASSES = (DeadMansTrigger, CheatDeath)
EDGE_EVENT_CLASSES = (LastActionGranted, DeathCheated)
