"""The turn's commands and events both Shadowrun editions share, defined once: the order of play
(turns, passes, phases, delays), scores, Edge spent, sheet edits, removal and rule options.
Each edition's ``commands``/``events`` module lists them among its own (the kinds are for ever)."""

from __future__ import annotations

from typing import Literal

from gmtool.core.messages import Command, Event


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
