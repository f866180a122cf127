"""SR5 grunt groups: the command that forms one from an SR5 sheet; the rest is shared
(:mod:`gmtool.games.shadowrun.rules.grunt_groups`), including the SR5-only shared monitor.
"""

from __future__ import annotations

from gmtool.games.shadowrun.rules import grunt_groups
from gmtool.games.shadowrun.rules.grunt_groups import (
    DAMAGE_FIELDS,
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


AddGruntGroup = grunt_groups.AddGruntGroup[Sheet]


GROUP_COMMAND_CLASSES = (AddGruntGroup, LeaveGroup, SplitGroup)
GROUP_EVENT_CLASSES = (GroupFormed, GroupLeft, GroupSplitChanged)
