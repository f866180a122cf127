"""What both editions' demo encounters share: weapons named by catalogue key."""

from __future__ import annotations

from typing import Any


def with_catalogue_weapons(edition: str, combatants: Any) -> Any:
    """``weapon_keys`` in a demo entry name weapons of the edition's catalogue (resources/weapons)."""
    from gmtool.games.shadowrun.rules.weapons.catalogue import weapon

    if not isinstance(combatants, list):
        return combatants
    out = []
    for entry in combatants:
        if isinstance(entry, dict) and "weapon_keys" in entry:
            entry = dict(entry)
            entry["weapons"] = [weapon(edition, key).model_dump() for key in entry.pop("weapon_keys")]
        out.append(entry)
    return out
