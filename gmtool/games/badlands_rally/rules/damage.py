"""Badlands Rally's damage (BR-12, BR-13, with Heat and Melee of BR-11), from the digest's
ダメージロール and ヒット sections.

The damage roll has one die per point of MOS, plus one per point of the weapon's power above the
target's armour, minus one per point below (POW vs AR); a melee weapon skips POW vs AR and adds
its power's dice instead. No dice left: no damage. Each die showing 4 or more is a hit; with a
Heat weapon a 6 is two hits. Hits take the hull first, then the structure, never below 0; the hits
beyond what is left add to the distance the gear skids. A gear whose hull reaches 0 is rattled
(:mod:`.rattled`); hull and structure both at 0: it spins out and skids.

Exact odds: a die gives 0 hits with probability 1/2, 1 hit with 1/2 (1/3 with Heat) and 2 hits
with 1/6 with Heat; the law of the roll is that of the sum of independent dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

HIT_FACE = 4


def damage_dice(mos: int, power: int, armour: int, melee: bool = False) -> int:
    """The dice of the damage roll (0: no damage)."""
    if mos < 0:
        return 0  # a miss (MOF) rolls no damage
    return max(0, mos + power if melee else mos + power - armour)


def hits(faces: Sequence[int], heat: bool = False) -> int:
    """Each 4+ one hit; with Heat a 6 is two."""
    return sum(2 if heat and face == 6 else 1 for face in faces if face >= HIT_FACE)


def damage_law(dice: int, heat: bool = False) -> dict[int, Fraction]:
    """P(hits = k) for a damage roll of ``dice`` dice."""
    one = {0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)} if heat else {0: Fraction(1, 2), 1: Fraction(1, 2)}
    law = {0: Fraction(1)}
    for _ in range(max(dice, 0)):
        nxt: dict[int, Fraction] = {}
        for total, p in law.items():
            for k, q in one.items():
                nxt[total + k] = nxt.get(total + k, Fraction(0)) + p * q
        law = nxt
    return dict(sorted(law.items()))


@dataclass(frozen=True)
class Taken:
    """What the hits left: hull and structure, the hits beyond them (added to the skid), whether
    the hull was emptied by these hits (rattled) and whether both are now 0 (spin out and skid)."""

    hull: int
    structure: int
    excess: int
    hull_emptied: bool
    spin_out: bool


def take_hits(hull: int, structure: int, count: int) -> Taken:
    """``count`` hits on a gear with ``hull``/``structure`` left (BR-13)."""
    to_hull = min(hull, count)
    to_structure = min(structure, count - to_hull)
    excess = count - to_hull - to_structure
    new_hull, new_structure = hull - to_hull, structure - to_structure
    return Taken(new_hull, new_structure, excess, hull > 0 and new_hull == 0,
                 count > 0 and new_hull == 0 and new_structure == 0)
