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
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet

Faces = tuple[int, ...]


class AddCombatant(Command):
    kind: Literal["add_combatant"] = "add_combatant"
    sheet: Sheet


class RemoveCombatant(Command):
    kind: Literal["remove_combatant"] = "remove_combatant"
    combatant: str


class EditSheet(Command):
    """Set one field: name, metatype, is_npc, attr.XXX, initiative_bonus,
    initiative_passes, edge_points, physical_damage, stun_damage."""

    kind: Literal["edit_sheet"] = "edit_sheet"
    combatant: str
    field: str
    value: int | str | bool


class ApplyDamage(Command):
    """SR4-MT8: boxes of damage; stun beyond its monitor spills into physical."""

    kind: Literal["apply_damage"] = "apply_damage"
    combatant: str
    track: Literal["physical", "stun"]
    boxes: int = Field(ge=1, le=50)


class AdjustInitiative(Command):
    """Change a score now: the GM's correction or an effect."""

    kind: Literal["adjust_initiative"] = "adjust_initiative"
    combatant: str
    delta: int


class StartTurn(Command):
    """Roll initiative for everyone: the first turn, or a new turn now (SR4-C5)."""

    kind: Literal["start_turn"] = "start_turn"


class NextPhase(Command):
    """End the current actor's phase; starts the next phase, pass or turn (SR4-C2..C5)."""

    kind: Literal["next_phase"] = "next_phase"


class DelayPhase(Command):
    kind: Literal["delay_phase"] = "delay_phase"
    combatant: str


class ActNow(Command):
    """A delayed combatant steps in now, before the current actor goes on."""

    kind: Literal["act_now"] = "act_now"
    combatant: str


class GoFirst(Command):
    """SR4-E6: spend Edge to act first in the current initiative pass."""

    kind: Literal["go_first"] = "go_first"
    combatant: str


class ExtraPass(Command):
    """SR4-E7: spend Edge for one extra initiative pass this turn."""

    kind: Literal["extra_pass"] = "extra_pass"
    combatant: str


class EnterInitiativeDice(Command):
    """X-2: the faces of the initiative test rolled at the table replace this turn's."""

    kind: Literal["enter_initiative_dice"] = "enter_initiative_dice"
    combatant: str
    faces: Faces


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


class SetRuleOption(Command):
    kind: Literal["set_rule_option"] = "set_rule_option"
    option: str
    value: bool


COMMAND_CLASSES = (
    AddCombatant,
    RemoveCombatant,
    EditSheet,
    ApplyDamage,
    AdjustInitiative,
    StartTurn,
    NextPhase,
    DelayPhase,
    ActNow,
    GoFirst,
    ExtraPass,
    EnterInitiativeDice,
    TakeAction,
    Move,
    Sprint,
    SurpriseTest,
    SetRuleOption,
)
