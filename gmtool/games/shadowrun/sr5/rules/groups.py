"""SR5 grunt groups: the command that forms one from an SR5 sheet; the rest is shared
(:mod:`gmtool.games.shadowrun.rules.grunt_groups`), including the SR5-only shared monitor.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gmtool.core.messages import Command
from gmtool.games.shadowrun.rules.grunt_groups import (
    DAMAGE_FIELDS,
    MAX_MEMBERS,
    GroupFormed,
    GroupLeft,
    GroupSplitChanged,
    GruntGroup,
    LeaveGroup,
    SplitGroup,
    group_of,
    leave_group,
    members_sharing_damage,
    split_group,
)
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

__all__ = [
    "DAMAGE_FIELDS", "GROUP_COMMAND_CLASSES", "GROUP_EVENT_CLASSES", "AddGruntGroup", "GroupFormed", "GroupLeft",
    "GroupSplitChanged", "GruntGroup", "LeaveGroup", "SplitGroup", "group_of", "leave_group",
    "members_sharing_damage", "split_group",
]


class AddGruntGroup(Command):
    kind: Literal["add_grunt_group"] = "add_grunt_group"
    sheet: Sheet
    count: int = Field(ge=2, le=MAX_MEMBERS)
    professional_rating: int = Field(default=0, ge=0, le=6)
    shared_monitor: bool = False


GROUP_COMMAND_CLASSES = (AddGruntGroup, LeaveGroup, SplitGroup)
GROUP_EVENT_CLASSES = (GroupFormed, GroupLeft, GroupSplitChanged)
