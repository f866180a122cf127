"""Grunt groups: identical NPCs run as one (SR5 p. 380 grunts and professional rating).

A group rolls one initiative for all its members unless the GM splits it; its
members keep individual condition monitors or share one, as the GM chooses;
a member can leave the group (killed, separated) and then acts on its own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event
from gmtool.rulesets.sr5.sheet import Sheet

MAX_MEMBERS = 24
DAMAGE_FIELDS = ("physical_damage", "stun_damage")


@dataclass
class GruntGroup:
    id: str
    name: str
    professional_rating: int
    shared_monitor: bool
    members: list[str] = field(default_factory=list)
    split: bool = False  # initiative rolled per member


class AddGruntGroup(Command):
    kind: Literal["add_grunt_group"] = "add_grunt_group"
    sheet: Sheet
    count: int = Field(ge=2, le=MAX_MEMBERS)
    professional_rating: int = Field(default=0, ge=0, le=6)
    shared_monitor: bool = False


class LeaveGroup(Command):
    kind: Literal["leave_group"] = "leave_group"
    combatant: str


class SplitGroup(Command):
    """Roll the group's initiative per member from the next roll on (or join it again)."""

    kind: Literal["split_group"] = "split_group"
    group: str
    split: bool


class GroupFormed(Event):
    kind: Literal["group_formed"] = "group_formed"
    group: str
    name: str
    professional_rating: int
    shared_monitor: bool
    members: tuple[str, ...]


class GroupLeft(Event):
    kind: Literal["group_left"] = "group_left"
    group: str
    combatant: str
    name: str


class GroupSplitChanged(Event):
    kind: Literal["group_split_changed"] = "group_split_changed"
    group: str
    name: str
    split: bool


GROUP_COMMAND_CLASSES = (AddGruntGroup, LeaveGroup, SplitGroup)
GROUP_EVENT_CLASSES = (GroupFormed, GroupLeft, GroupSplitChanged)


def group_of(state, combatant_id: str) -> GruntGroup | None:  # noqa: ANN001 - EncounterState
    for group in state.groups.values():
        if combatant_id in group.members:
            return group
    return None


def members_sharing_damage(state, combatant_id: str) -> list[str]:  # noqa: ANN001
    """Who takes the same damage: the whole group when it shares a monitor, else just the one."""
    group = group_of(state, combatant_id)
    if group is not None and group.shared_monitor:
        return list(group.members)
    return [combatant_id]


def leave_group(state, command: LeaveGroup, rng: random.Random) -> list[Event]:  # noqa: ANN001
    group = group_of(state, command.combatant)
    if group is None:
        name = state.combatants[command.combatant].sheet.name if command.combatant in state.combatants else command.combatant
        raise RulesError("error.not_in_group", name=name)
    return [GroupLeft(group=group.id, combatant=command.combatant, name=state.combatants[command.combatant].sheet.name)]


def split_group(state, command: SplitGroup, rng: random.Random) -> list[Event]:  # noqa: ANN001
    group = state.groups.get(command.group)
    if group is None:
        raise RulesError("error.no_such_group", group=command.group)
    if group.split == command.split:
        raise RulesError("error.no_change")
    return [GroupSplitChanged(group=group.id, name=group.name, split=command.split)]
