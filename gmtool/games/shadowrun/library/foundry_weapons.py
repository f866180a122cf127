"""Weapon ranges between Foundry (four distances in metres) and gmtool (a range table row), and the check
that an imported weapon is one the combat sheet can take.

Foundry keeps a ranged weapon's short/medium/long/extreme distances; gmtool keeps the row of the
edition's range table (SR5 p. 185 / SR4 p. 141) whose distances they are. Distances no row has
are refused with the weapon (said in the report), never guessed.
"""

from __future__ import annotations

from typing import Any

from gmtool.core.errors import FileFormatError
from gmtool.games.shadowrun.library.foundry_fields import number
from gmtool.games.shadowrun.library.template import Weapon
from gmtool.games.shadowrun.library.to_sheet import chummer_fields
from gmtool.games.shadowrun.rules.weapons.chummer_fields import weapon_from_chummer
from gmtool.games.shadowrun.rules.weapons.ranges import Edition, range_table

BANDS = ("short", "medium", "long", "extreme")


def ranges_named(ranges: dict[str, Any], edition: Edition, where: str, hints: tuple[str, ...] = ()) -> str:
    """The range table row with these distances ("" when all are 0: none given); FileFormatError when no
    row has them. Several rows share distances (holdouts, light and machine pistols): a row named by
    ``hints`` (gmtool's own key kept in the item's flags, the weapon's category) is preferred."""
    distances = tuple(number(ranges, band, 0, where) for band in BANDS)
    if not any(distances):
        return ""
    matching = [key for key, row in range_table(edition).categories.items()
                if row.bands is not None
                and (row.bands.short, row.bands.medium, row.bands.long, row.bands.extreme) == distances]
    rows = range_table(edition).categories
    for hint in hints:
        for key in matching:
            if hint and (hint == key or hint in rows[key].chummer):
                return key
    if matching:
        return matching[0]
    raise FileFormatError("foundry.skip.ranges_unknown", ranges="/".join(str(d) for d in distances))


def distances(key: str, edition: Edition) -> dict[str, int]:
    """The four distances of a range table row (all 0 for none or a Strength-based row)."""
    row = range_table(edition).categories.get(key)
    bands = row.bands if row is not None else None
    if bands is None:
        return dict.fromkeys(BANDS, 0)
    return {"short": int(bands.short), "medium": int(bands.medium), "long": int(bands.long),
            "extreme": int(bands.extreme)}


def weapon_checked(weapon: Weapon, edition: Edition) -> Weapon:
    """The weapon, once the combat sheet's reader takes it (FileFormatError naming the field if not)."""
    weapon_from_chummer(chummer_fields(weapon), edition)
    return weapon
