"""Who stands on whose side, as far as a sheet can say (issue 31: enemies offered first).

The rules of either edition know no sides; a sheet knows only whether the GM plays it (the NPC
flag). So gmtool counts the players' characters as one side and the GM's NPCs as the other, and
never more: two NPCs of rival gangs are "the same side" here. The attack panel offers the other
side first and marks an attack on one's own side; it refuses nothing (Shadowrun lets anyone shoot
anyone).
"""

from __future__ import annotations

from typing import Any


def same_side(a: Any, b: Any) -> bool:
    """Whether two sheets are on one side: both NPCs, or both players' characters."""
    return bool(a.is_npc) == bool(b.is_npc)


def targets_in_order(state: Any, attacker: str | None) -> list[tuple[str, bool]]:
    """(id, on the attacker's side) of everyone the attacker could target: the other side first, then
    its own, each in the encounter's order; without an attacker, everyone in order, on no side."""
    c = state.combatants.get(attacker or "")
    if c is None:
        return [(cid, False) for cid in state.combatants]
    others = [(cid, same_side(c.sheet, o.sheet)) for cid, o in state.combatants.items() if cid != c.id]
    return [pair for pair in others if not pair[1]] + [pair for pair in others if pair[1]]
