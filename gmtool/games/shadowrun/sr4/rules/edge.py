"""SR4 Edge uses beyond dice and initiative (core API; not yet commands of the SR4 encounter).

SR4-E9, dead man's trigger: a character going down (its damage reaches the
end of a condition monitor) may spend a point of Edge to act once more.
SR4-E11, cheat death: burning a point of Edge (the attribute drops for good)
keeps a character alive whose physical damage would kill it; it stays at the
last box before death (the monitor plus Body overflow boxes, SR4-MT8).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gmtool.core.errors import RulesError


@dataclass(frozen=True)
class SR4EdgeState:
    name: str
    edge_attribute: int
    edge_points: int
    physical_damage: int
    physical_boxes: int  # 8 + Body/2 (round up)
    body: int  # overflow boxes before death
    stun_damage: int = 0
    stun_boxes: int = 0
    last_action: bool = False  # E9 granted one more action

    @property
    def going_down(self) -> bool:
        """Unconscious or dying: a monitor is full."""
        return self.physical_damage >= self.physical_boxes or (bool(self.stun_boxes) and self.stun_damage >= self.stun_boxes)

    @property
    def dead(self) -> bool:
        return self.physical_damage > self.physical_boxes + self.body


def dead_mans_trigger(c: SR4EdgeState) -> SR4EdgeState:
    """SR4-E9: spend a point of Edge to act once more while going down."""
    if not c.going_down or c.dead:
        raise RulesError("error.not_going_down", name=c.name)
    if c.last_action:
        raise RulesError("error.trigger_used", name=c.name)
    if c.edge_points < 1:
        raise RulesError("error.no_edge", name=c.name)
    return replace(c, edge_points=c.edge_points - 1, last_action=True)


def cheat_death(c: SR4EdgeState) -> SR4EdgeState:
    """SR4-E11: burn a point of Edge; the character lives at the last box before death."""
    if not c.dead:
        raise RulesError("error.not_dying", name=c.name)
    if c.edge_attribute < 1:
        raise RulesError("error.no_edge_to_burn", name=c.name)
    attribute = c.edge_attribute - 1
    return replace(
        c,
        edge_attribute=attribute,
        edge_points=min(c.edge_points, attribute),
        physical_damage=c.physical_boxes + c.body,
    )
