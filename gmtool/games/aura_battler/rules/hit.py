"""The hit value (AB-14, AB-15), term by term, from the digest's sections 14 and 15.

Hit value = weapon (or sword) accuracy + attack PP − attacker speed modifier − target evasion (or
parry) − target defence PP − target speed modifier + the target's sector modifier (the sector of
the target the attacker is in: FF/FR/FL 0, BR/BL 1, BB 2) + 1 for shooting along the attacker's
front hex row (not for swords). The attacker's speed modifier is read from its card's table by its
current thrust; the target's is (thrust − range in hexes) / 3 rounded **up** when shooting, and
thrust / 3 rounded **down** for a sword (15.5: mind the difference). Two dice at or under the hit
value hit: P = (outcomes of 2d6 ≤ v) / 36.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Attack = Literal["shooting", "sword"]
SECTOR_MODIFIER = {"FF": 0, "FR": 0, "FL": 0, "BR": 1, "BL": 1, "BB": 2}
FRONT_ROW_BONUS = 1
CARRIED_SWORD = -2  # AB-21: a sword attack from a Wing Caliber


def target_speed_modifier(thrust: int, range_hexes: int, attack: Attack) -> int:
    """15.3/15.4: shooting (thrust − range) / 3 rounded up; sword thrust / 3 rounded down."""
    if attack == "shooting":
        return -((range_hexes - thrust) // 3)  # ceil((thrust − range) / 3), negatives included
    return thrust // 3


@dataclass(frozen=True)
class HitValue:
    """The hit value's terms (label key, value) in the digest's order, and the value."""

    terms: tuple[tuple[str, int], ...]

    @property
    def value(self) -> int:
        return sum(v for _label, v in self.terms)

    @property
    def chance(self) -> Fraction:
        return two_dice_at_most(self.value)


def hit_value(accuracy: int, attack_pp: int, attacker_speed: int, evasion_or_parry: int, defence_pp: int,
              target_speed: int, sector: str, front_row: bool, attack: Attack, carried: bool = False,
              parrying: bool | None = None) -> HitValue:
    """Every term of 14.1 (``evasion_or_parry`` and ``defence_pp`` are 0 when the target does not
    or cannot defend, AB-16; ``carried``: the attacker rides a Wing Caliber, whose speed modifier the
    caller passes, and a sword then takes −2, AB-21; ``parrying``: the target's term is its parry, not its
    evasion — by default a sword is parried and shooting evaded)."""
    parried = attack == "sword" if parrying is None else parrying
    terms = [
        ("ab.term.accuracy", accuracy), ("ab.term.attack_pp", attack_pp), ("ab.term.attacker_speed", -attacker_speed),
        ("ab.term.parry" if parried else "ab.term.evasion", -evasion_or_parry),
        ("ab.term.defence_pp", -defence_pp), ("ab.term.target_speed", -target_speed),
        ("ab.term.sector", SECTOR_MODIFIER[sector]),
    ]
    if front_row and attack == "shooting":
        terms.append(("ab.term.front_row", FRONT_ROW_BONUS))
    if carried and attack == "sword":
        terms.append(("ab.term.carried_sword", CARRIED_SWORD))
    return HitValue(tuple(terms))


def two_dice_at_most(value: int) -> Fraction:
    """P(2d6 ≤ ``value``)."""
    ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= value)
    return Fraction(ways, 36)
