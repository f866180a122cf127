"""The turn's commands both Shadowrun editions share, defined once: the order of play (turns, phases,
delays, typed dice, adjustments), sheet edits, a combatant joining (with the edition's sheet) or
leaving, rule options. Each edition's ``commands`` module is these and its own (the kinds are for ever)."""

from __future__ import annotations

from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, Field

from gmtool.core.messages import Command
from gmtool.games.shadowrun.rules.carried_effects import BoundSpirit, CarriedSpell, LastingEffect

SheetT = TypeVar("SheetT", bound=BaseModel)


class AddCombatant(Command, Generic[SheetT]):
    """Someone joins, with the edition's sheet (``AddCombatant[Sheet]``)."""

    kind: Literal["add_combatant"] = "add_combatant"
    sheet: SheetT
    # rounds left per weapon (its index on the sheet) for a runner carried from an earlier encounter;
    # a weapon not named joins loaded
    rounds: dict[int, int] = Field(default_factory=dict)
    effects: tuple[LastingEffect, ...] = Field(default=(), max_length=20)  # sustained spells … carried
    spirits: tuple[BoundSpirit, ...] = Field(default=(), max_length=1)  # SR4-S6: a bound spirit carried (SR4 only)
    spells: tuple[CarriedSpell, ...] = Field(default=(), max_length=10)  # SR4-S1: spells still sustained (SR4 only)


class ActNow(Command):
    """A delayed combatant takes its action now."""

    kind: Literal["act_now"] = "act_now"
    combatant: str


class AdjustInitiative(Command):
    """Change a score now (SR5-I1): the GM's correction or an effect."""

    kind: Literal["adjust_initiative"] = "adjust_initiative"
    combatant: str
    delta: int


class DelayPhase(Command):
    kind: Literal["delay_phase"] = "delay_phase"
    combatant: str


class EditSheet(Command):
    """Set one field: name, metatype, is_npc, attr.XXX, initiative_bonus,
    initiative_dice, edge_points, physical_damage, stun_damage."""

    kind: Literal["edit_sheet"] = "edit_sheet"
    combatant: str
    field: str
    value: int | str | bool


class EnterInitiativeDice(Command):
    """The faces a player rolled at the table replace this turn's initiative dice."""

    kind: Literal["enter_initiative_dice"] = "enter_initiative_dice"
    combatant: str
    faces: tuple[int, ...]


class NextPhase(Command):
    """End the current actor's phase; advances pass and turn as needed."""

    kind: Literal["next_phase"] = "next_phase"


class RemoveCombatant(Command):
    kind: Literal["remove_combatant"] = "remove_combatant"
    combatant: str


class SetRuleOption(Command):
    kind: Literal["set_rule_option"] = "set_rule_option"
    option: str
    value: bool


class StartTurn(Command):
    """Roll initiative for everyone: the first turn, or a new turn now (SR5-I3)."""

    kind: Literal["start_turn"] = "start_turn"


# The shared kinds; each edition lists them with its own (and its AddCombatant[Sheet]).
TURN_COMMANDS = (
    ActNow, AdjustInitiative, DelayPhase, EditSheet, EnterInitiativeDice, NextPhase, RemoveCombatant,
    SetRuleOption, StartTurn,
)
__all__ = [
    "ActNow",
    "AdjustInitiative",
    "DelayPhase",
    "EditSheet",
    "EnterInitiativeDice",
    "NextPhase",
    "RemoveCombatant",
    "SetRuleOption",
    "StartTurn",
    "TURN_COMMANDS",
]
