"""SR4 commands: what the GM can ask of an SR4 encounter.

Kinds shared with SR5 (``add_combatant``, ``next_phase`` …) mean the same thing,
so a GUI can send them to either edition; SR4's own are ``apply_damage``,
``go_first`` (SR4-E6), ``extra_pass`` (SR4-E7), ``move`` and ``sprint``
(SR4-C6) and ``surprise_test`` (SR4-C9).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.messages import Command
from gmtool.games.shadowrun.rules import turn_commands
from gmtool.games.shadowrun.rules.turn_commands import *  # noqa: F403 - the shared turn commands are this edition's too
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet

Faces = tuple[int, ...]


AddCombatant = turn_commands.AddCombatant[Sheet]


class ApplyDamage(Command):
    """SR4-MT8: boxes of damage; stun beyond its monitor spills into physical."""

    kind: Literal["apply_damage"] = "apply_damage"
    combatant: str
    track: Literal["physical", "stun"]
    boxes: int = Field(ge=1, le=50)


class GoFirst(Command):
    """SR4-E6: spend Edge to act first in the current initiative pass."""

    kind: Literal["go_first"] = "go_first"
    combatant: str


class ExtraPass(Command):
    """SR4-E7: spend Edge for one extra initiative pass this turn."""

    kind: Literal["extra_pass"] = "extra_pass"
    combatant: str


class TakeAction(Command):
    """SR4-C8: an action of the list (or a bare kind), paid from the phase budget."""

    kind: Literal["take_action"] = "take_action"
    combatant: str
    action: str
    target: str | None = None


class Move(Command):
    """SR4-C6: walk (free, once per turn) or run (the free action Run) in one's own phase."""

    kind: Literal["move"] = "move"
    combatant: str
    mode: Literal["walk", "run"]
    metres: int = Field(ge=1, le=1000)


class Sprint(Command):
    """SR4-C6: the Sprint action, a Running + Strength test; +2 m per hit."""

    kind: Literal["sprint"] = "sprint"
    combatant: str
    running_skill: int = Field(ge=0, le=20)
    faces: Faces | None = None


class SurpriseEntry(BaseModel):
    """One combatant in a surprise test: its side, what it knew, faces typed at the table."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    combatant: str
    side: Literal["a", "b"]
    awareness: Literal["none", "aware", "ambush"] = "none"
    faces: Faces | None = None


class SurpriseTest(Command):
    """SR4-C9: Reaction + Intuition for everyone named; fewer hits than an opponent = surprised."""

    kind: Literal["surprise_test"] = "surprise_test"
    entries: tuple[SurpriseEntry, ...]


COMMAND_CLASSES = (
    AddCombatant,
    ApplyDamage,
    GoFirst,
    ExtraPass,
    TakeAction,
    Move,
    Sprint,
    SurpriseTest,
    *turn_commands.TURN_COMMANDS,
)
