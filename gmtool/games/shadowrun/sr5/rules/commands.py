"""SR5 commands: what the GM can ask of an encounter."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gmtool.core.messages import Command
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet


class AddCombatant(Command):
    kind: Literal["add_combatant"] = "add_combatant"
    sheet: Sheet


class RemoveCombatant(Command):
    kind: Literal["remove_combatant"] = "remove_combatant"
    combatant: str


class EditSheet(Command):
    """Set one field: name, metatype, is_npc, attr.XXX, initiative_bonus,
    initiative_dice, edge_points, physical_damage, stun_damage."""

    kind: Literal["edit_sheet"] = "edit_sheet"
    combatant: str
    field: str
    value: int | str | bool


class AdjustInitiative(Command):
    """Change a score now (SR5-I1): the GM's correction or an effect."""

    kind: Literal["adjust_initiative"] = "adjust_initiative"
    combatant: str
    delta: int


class StartTurn(Command):
    """Roll initiative for everyone: the first turn, or a new turn now (SR5-I3)."""

    kind: Literal["start_turn"] = "start_turn"


class NextPhase(Command):
    """End the current actor's phase; advances pass and turn as needed."""

    kind: Literal["next_phase"] = "next_phase"


class DelayPhase(Command):
    kind: Literal["delay_phase"] = "delay_phase"
    combatant: str


class ActNow(Command):
    """A delayed combatant takes its action now."""

    kind: Literal["act_now"] = "act_now"
    combatant: str


class SeizeInitiative(Command):
    kind: Literal["seize_initiative"] = "seize_initiative"
    combatant: str


class Blitz(Command):
    kind: Literal["blitz"] = "blitz"
    combatant: str


class EnterInitiativeDice(Command):
    """The faces a player rolled at the table replace this turn's initiative dice."""

    kind: Literal["enter_initiative_dice"] = "enter_initiative_dice"
    combatant: str
    faces: tuple[int, ...]


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


class SetRuleOption(Command):
    kind: Literal["set_rule_option"] = "set_rule_option"
    option: str
    value: bool


COMMAND_CLASSES = (
    AddCombatant,
    RemoveCombatant,
    EditSheet,
    AdjustInitiative,
    StartTurn,
    NextPhase,
    DelayPhase,
    ActNow,
    SeizeInitiative,
    Blitz,
    EnterInitiativeDice,
    TakeAction,
    RollSimpleTest,
    SetRuleOption,
)
