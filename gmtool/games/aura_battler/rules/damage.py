"""Damage with the open roll (AB-17, AB-18), from the digest's sections 17 and 18, and its exact odds.

Damage = the weapon's (or sword's) power + one open die − the target's armour (a result below 0
deals none: the digest is silent, gmtool's reading). The open die: on a trigger face, roll another
die and add it, again and again while trigger faces come. Triggers: shooting 6, sword 5–6; when
the attacker's power PP exceeds the target's barrier PP, shooting 5–6 and sword 4–6; when the
barrier PP exceeds the power PP, sword 6 and shooting none. A battler is destroyed when its damage
reaches its durability, heavily damaged above half of it (AB-19).

Exact odds, no truncation: with trigger faces ``T``, the open die ``X`` satisfies
``P(X ≥ m) = 1`` for ``m ≤ 1`` and ``P(X ≥ m) = Σ_{f∉T} [f ≥ m]/6 + Σ_{f∈T} P(X ≥ m − f)/6``
otherwise; every trigger face is at least 4, so the recursion ends after at most ``m/4`` levels and
every probability is an exact fraction. ``P(X = x)`` follows the same way.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Literal

from gmtool.core.errors import RulesError

Attack = Literal["shooting", "sword"]


def trigger_faces(attack: Attack, power_pp: int, barrier_pp: int) -> frozenset[int]:
    """18.2–18.4: the faces that roll again."""
    if power_pp > barrier_pp:
        return frozenset({5, 6}) if attack == "shooting" else frozenset({4, 5, 6})
    if barrier_pp > power_pp:
        return frozenset() if attack == "shooting" else frozenset({6})
    return frozenset({6}) if attack == "shooting" else frozenset({5, 6})


def open_total(faces: tuple[int, ...], triggers: frozenset[int]) -> int:
    """The open roll read from its dice in order (each but the last a trigger face)."""
    if not faces or any(not 1 <= face <= 6 for face in faces):
        raise RulesError("error.faces_range")
    if any(face not in triggers for face in faces[:-1]):
        raise RulesError("error.ab_open_roll_stopped", faces=" ".join(map(str, faces)))
    if faces[-1] in triggers:
        raise RulesError("error.ab_open_roll_owed", face=faces[-1])
    return sum(faces)


@cache
def at_least(m: int, triggers: frozenset[int]) -> Fraction:
    """P(X ≥ m) for the open die X with ``triggers`` (module docstring), the recursion unrolled from 2 up
    to ``m`` in whole numbers: each P(X ≥ k) is kept as a numerator over 6^e (no Fraction arithmetic)."""
    if m <= 1:
        return Fraction(1)
    found: dict[int, tuple[int, int]] = {}
    for k in range(2, m + 1):
        plain = sum(1 for face in range(1, 7) if face not in triggers and face >= k)
        rolled = [found.get(k - face, (1, 0)) for face in triggers]  # P(X ≥ k − f); 1 when k − f ≤ 1
        e = max((x for _n, x in rolled), default=0)
        found[k] = (plain * 6**e + sum(n * 6 ** (e - x) for n, x in rolled), e + 1)
    numerator, exponent = found[m]
    return Fraction(numerator, 6**exponent)


def exactly(x: int, triggers: frozenset[int]) -> Fraction:
    """P(X = x)."""
    return at_least(x, triggers) - at_least(x + 1, triggers)


def damage(power: int, open_die: int, armour: int) -> int:
    """17.2: power + the open die − armour, none below 0."""
    return max(0, power + open_die - armour)


def destroy_chance(power: int, armour: int, damage_taken: int, durability: int, triggers: frozenset[int]) -> Fraction:
    """P(this hit brings the damage to the durability): P(power + X − armour ≥ durability − taken)."""
    needed = durability - damage_taken
    if needed <= 0:
        return Fraction(1)
    return at_least(needed - power + armour, triggers)


def heavily_damaged(damage_taken: int, durability: int) -> bool:
    """19.1: damage above half of the durability."""
    return 2 * damage_taken > durability
