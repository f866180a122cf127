"""Grunt groups for both Shadowrun editions: identical NPCs run as one
(SR5 p. 380 grunts and professional rating; SR4 p. 281 grunts).

A group rolls one initiative for all its members unless the GM splits it; its
members keep individual condition monitors or (SR5 only) share one, as the GM
chooses; a member can leave the group (killed, separated) and then acts on its
own. Each edition defines its own ``add_grunt_group`` command (its own sheet).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, Field

from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event

MAX_MEMBERS = 24
SheetT = TypeVar("SheetT", bound=BaseModel)


class AddGruntGroup(Command, Generic[SheetT]):
    """A grunt group joins: ``count`` copies of one sheet (each edition fills in its Sheet)."""

    kind: Literal["add_grunt_group"] = "add_grunt_group"
    sheet: SheetT
    count: int = Field(ge=2, le=MAX_MEMBERS)
    professional_rating: int = Field(default=0, ge=0, le=6)
    shared_monitor: bool = False
DAMAGE_FIELDS = ("physical_damage", "stun_damage")


@dataclass
class GruntGroup:
    id: str
    name: str
    professional_rating: int
    shared_monitor: bool
    members: list[str] = field(default_factory=list)
    split: bool = False  # initiative rolled per member


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


GROUP_COMMAND_CLASSES = (LeaveGroup, SplitGroup)
GROUP_EVENT_CLASSES = (GroupFormed, GroupLeft, GroupSplitChanged)


def group_of(state: Any, combatant_id: str) -> GruntGroup | None:
    groups: dict[str, GruntGroup] = state.groups  # either edition's state
    for group in groups.values():
        if combatant_id in group.members:
            return group
    return None


def members_sharing_damage(state: Any, combatant_id: str) -> list[str]:
    """Who takes the same damage: the whole group when it shares a monitor, else just the one."""
    group = group_of(state, combatant_id)
    if group is not None and group.shared_monitor:
        return list(group.members)
    return [combatant_id]


def leave_group(state: Any, command: LeaveGroup, rng: random.Random) -> list[Event]:
    group = group_of(state, command.combatant)
    if group is None:
        name = state.combatants[command.combatant].sheet.name if command.combatant in state.combatants else command.combatant
        raise RulesError("error.not_in_group", name=name)
    return [GroupLeft(group=group.id, combatant=command.combatant, name=state.combatants[command.combatant].sheet.name)]


def split_group(state: Any, command: SplitGroup, rng: random.Random) -> list[Event]:
    group = state.groups.get(command.group)
    if group is None:
        raise RulesError("error.no_such_group", group=command.group)
    if group.split == command.split:
        raise RulesError("error.no_change")
    return [GroupSplitChanged(group=group.id, name=group.name, split=command.split)]


def formed(group_id: str, name: str, rating: int, shared_monitor: bool, members: tuple[str, ...]) -> GroupFormed:
    return GroupFormed(group=group_id, name=name, professional_rating=rating, shared_monitor=shared_monitor, members=members)


def fold_group_formed(state: Any, e: GroupFormed) -> None:
    state.groups[e.group] = GruntGroup(
        id=e.group, name=e.name, professional_rating=e.professional_rating,
        shared_monitor=e.shared_monitor, members=list(e.members),
    )
    state.next_group = max(state.next_group, int(e.group[1:]) + 1)


def fold_group_left(state: Any, e: GroupLeft) -> None:
    group = state.groups.get(e.group)
    if group is not None and e.combatant in group.members:
        group.members.remove(e.combatant)


def fold_group_split(state: Any, e: GroupSplitChanged) -> None:
    state.groups[e.group].split = e.split


def fold_member_removed(state: Any, combatant_id: str) -> None:
    """A member removed from the encounter leaves its group."""
    for group in state.groups.values():
        if combatant_id in group.members:
            group.members.remove(combatant_id)
