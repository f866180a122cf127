"""Weapon traits (BR-11), from the digest's 武器ボーナス section; Burst (attack dice), Heat (6s two
hits) and Melee (POW dice, no POW vs AR) live where they act (:mod:`.attack`, :mod:`.damage`).

**Area Effect**: when at least one attack die reaches the Attack rating, gears in the hexes next to
the target are hit too, each taking half the damage roll, rounded down (the digest's 半分のダメージ・
ロール, read as half its dice; never halving a blast roll). **Blast**: on a failed check (MOF 1+),
when at least one attack die reaches the Attack rating and the power exceeds the target's armour,
a blast damage roll of 1D6 all the same. **Impact**: a gear damaged by it spins out and skids.
"""

from __future__ import annotations

from collections.abc import Sequence

BLAST_DICE = 1


def reaches(attack_faces: Sequence[int], rating: int) -> bool:
    """At least one attack die at or above the Attack rating."""
    return any(face >= rating for face in attack_faces)


def area_effect_dice(damage_dice: int) -> int:
    """The damage roll of each gear next to the target: half, rounded down."""
    return max(damage_dice, 0) // 2


def blast_dice(attack_faces: Sequence[int], rating: int, power: int, armour: int, margin: int) -> int:
    """The blast damage roll's dice after a failed check (0 when it does not apply)."""
    if margin >= 0:
        return 0  # a hit rolls its ordinary damage
    return BLAST_DICE if reaches(attack_faces, rating) and power > armour else 0


def impact_spins_out(hits: int) -> bool:
    return hits > 0
