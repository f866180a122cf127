"""SR5 commands: what the GM can ask of an encounter."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gmtool.core.messages import Command
from gmtool.games.shadowrun.rules import turn_commands
from gmtool.games.shadowrun.rules.turn_commands import *  # noqa: F403 - the shared turn commands are this edition's too
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

AddCombatant = turn_commands.AddCombatant[Sheet]


class SeizeInitiative(Command):
    kind: Literal["seize_initiative"] = "seize_initiative"
    combatant: str


class Blitz(Command):
    kind: Literal["blitz"] = "blitz"
    combatant: str


class TakeAction(Command):
    """SR5-I6: spend part of the phase budget (free, simple or complex)."""

    kind: Literal["take_action"] = "take_action"
    combatant: str
    action: Literal["free", "simple", "complex"]
    name: str = ""  # a key of the SR5 action list (SR5-T1); "" = unnamed


class RollSimpleTest(Command):
    """Attribute + skill ± modifier against a threshold; faces given = typed at the table."""

    kind: Literal["roll_simple_test"] = "roll_simple_test"
    combatant: str
    attribute: str
    skill: int = Field(ge=0, le=20)
    modifier: int = Field(ge=-50, le=50)
    threshold: int = Field(ge=0, le=30)
    faces: tuple[int, ...] | None = None


COMMAND_CLASSES = (
    AddCombatant,
    SeizeInitiative,
    Blitz,
    TakeAction,
    RollSimpleTest,
    *turn_commands.TURN_COMMANDS,
)
