"""SR5-T1: the combat action list (p. 162) as data, and what a phase's budget can still pay.

SR5-I6: in its own phase a combatant takes 1 complex or 2 simple actions; one free
action between the end of one own phase and the end of the next (usable in others'
phases too). Interrupt actions are separate (see :mod:`decide_effects`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from gmtool.core.errors import RulesError
from gmtool.core.resources import cached_model
from gmtool.games.shadowrun.sr5.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr5.rules.turn import current_actor

ActionKind = Literal["free", "simple", "complex"]


class ActionInfo(BaseModel):
    key: str
    kind: ActionKind
    en: str
    ja: str


class ActionList(BaseModel):
    schema_version: int = Field(ge=1, le=1)
    source: str
    page: int
    actions: list[ActionInfo]

    def by_key(self) -> dict[str, ActionInfo]:
        return {a.key: a for a in self.actions}


def action_list() -> ActionList:
    return cached_model(ActionList, "sr5", "actions.json")


def check_action(state: EncounterState, c: Combatant, kind: str) -> None:
    """Raise why the budget cannot pay an action of this kind now (SR5-I6)."""
    if state.turn == 0:
        raise RulesError("error.no_initiative")
    name = c.sheet.name
    if kind == "free":
        if c.free_action:
            raise RulesError("error.free_action_used", name=name)
        return
    actor = current_actor(state)
    if actor is None or actor.id != c.id:
        raise RulesError("error.not_your_phase", name=name)
    if c.complex_action or c.simple_actions >= 2 or (kind == "complex" and c.simple_actions):
        raise RulesError("error.phase_budget_spent", name=name)


def budget_left(c: Combatant) -> tuple[int, bool, bool]:
    """(simple actions left, complex still possible, free action available) in this phase."""
    simple = 0 if c.complex_action else 2 - c.simple_actions
    return simple, not c.complex_action and c.simple_actions == 0, not c.free_action
