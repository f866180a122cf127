"""Badlands Rally's dice (BR-1 to BR-3): the roll, the check, the margin, and their exact odds.

A **roll** (目標判定) counts the dice at or above the Argument Rating (Attack, Defence or
Initiative, e.g. 3+): each is a success. A **check** (対抗判定) is read, by default, as the digest
says it: choose one die at or above the rating and add the number of the other dice at or above it
— taken as the highest such die's face plus one per other die reaching the rating (0 when none
does); the other reading, the count of dice reaching the rating, is a rule option (``"count"``).
The **margin** is the attacker's result minus the defender's: 0 or more succeeds (MOS), below
fails (MOF). A test reduced to 0 dice fails automatically (BR-3); all dice showing 1 on a special
move means a spin-out (the caller says when that applies).

The odds are exact: counts of the ``6**n`` equally likely outcomes, as fractions. For a check, the
outcomes with ``c`` dice reaching rating ``t`` and the highest of them ``f`` number
``C(n, c)·(t−1)**(n−c)·((f−t+1)**c − (f−t)**c)``; their value is ``f + c − 1`` (or ``c``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Literal

from gmtool.core.dice import validate_faces
from gmtool.core.errors import RulesError

Reading = Literal["digest", "count"]
FACES = 6


def successes(faces: Sequence[int], rating: int) -> int:
    """BR-1: the dice at or above ``rating``."""
    return sum(1 for face in faces if face >= rating)


def all_ones(faces: Sequence[int]) -> bool:
    """Every die showing 1 (a spin-out on a special move); never for no dice."""
    return bool(faces) and all(face == 1 for face in faces)


def check_value(faces: Sequence[int], rating: int, reading: Reading = "digest") -> int:
    """BR-2: one die at or above ``rating`` plus one per other such die (``digest``: the highest's
    face), or their count (``count``); 0 when no die reaches the rating, or there are no dice."""
    reaching = [face for face in faces if face >= rating]
    if not reaching:
        return 0
    return len(reaching) if reading == "count" else max(reaching) + len(reaching) - 1


@dataclass(frozen=True)
class Roll:
    """A roll's dice and what they mean."""

    faces: tuple[int, ...]
    rating: int
    successes: int
    spin_out: bool  # all ones
    failed: bool  # no dice to roll (BR-3)


def read_roll(faces: Sequence[int], rating: int, dice: int) -> Roll:
    """The ``dice`` faces of a roll against ``rating`` (typed at the table or rolled)."""
    _check_rating(rating)
    if dice <= 0:
        return Roll((), rating, 0, False, True)
    validate_faces(tuple(faces), dice)
    return Roll(tuple(faces), rating, successes(faces, rating), all_ones(faces), False)


def roll_law(dice: int, rating: int) -> dict[int, Fraction]:
    """P(successes = k) for ``dice`` dice against ``rating`` (``{0: 1}`` for no dice)."""
    _check_rating(rating)
    if dice <= 0:
        return {0: Fraction(1)}
    good, total = FACES - rating + 1, FACES**dice
    return {k: Fraction(comb(dice, k) * good**k * (FACES - good) ** (dice - k), total) for k in range(dice + 1)}


def all_ones_chance(dice: int) -> Fraction:
    return Fraction(1, FACES**dice) if dice > 0 else Fraction(0)


def check_law(dice: int, rating: int, reading: Reading = "digest") -> dict[int, Fraction]:
    """P(check value = v) for ``dice`` dice against ``rating`` (module docstring)."""
    _check_rating(rating)
    if dice <= 0:
        return {0: Fraction(1)}
    total, law = FACES**dice, {}
    below = rating - 1
    law[0] = Fraction(below**dice, total)
    for c in range(1, dice + 1):
        for f in range(rating, FACES + 1):
            ways = comb(dice, c) * below ** (dice - c) * ((f - rating + 1) ** c - (f - rating) ** c)
            if ways:
                value = c if reading == "count" else f + c - 1
                law[value] = law.get(value, Fraction(0)) + Fraction(ways, total)
    return {v: p for v, p in sorted(law.items()) if p}


@dataclass(frozen=True)
class Opposed:
    """The odds of an attack check against a defence check: P(success) and the margin's law
    (empty when the attacker has no dice: it fails, BR-3)."""

    success: Fraction
    margins: dict[int, Fraction]

    def at_least(self, margin: int) -> Fraction:
        return sum((p for m, p in self.margins.items() if m >= margin), Fraction(0))


def opposed(attack_dice: int, attack_rating: int, defence_dice: int, defence_rating: int,
            reading: Reading = "digest") -> Opposed:
    """The odds before an opposed check (the defender's 0 dice: its value is 0)."""
    if attack_dice <= 0:
        _check_rating(attack_rating)
        return Opposed(Fraction(0), {})
    attack, defence = check_law(attack_dice, attack_rating, reading), check_law(defence_dice, defence_rating, reading)
    margins: dict[int, Fraction] = {}
    for a, pa in attack.items():
        for d, pd in defence.items():
            margins[a - d] = margins.get(a - d, Fraction(0)) + pa * pd
    margins = dict(sorted(margins.items()))
    return Opposed(sum((p for m, p in margins.items() if m >= 0), Fraction(0)), margins)


def _check_rating(rating: int) -> None:
    if not 1 <= rating <= FACES:
        raise RulesError("error.argument_rating", rating=rating)
