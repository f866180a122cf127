"""Responses and battlers carried on a Wing Caliber (AB-12, AB-19, AB-21), from the digest's
sections 12, 19 and 21.

**Response**: when an attack is declared on it, a battler with response PP may turn as it would
normally, paying response PP for each attack it turns against and no thrust; heavily damaged, it
turns 60° only (the digest's movement rules, sections 1–11, are not in it: otherwise the turn is the
GM's). **Carried**: attacking, a carried battler uses the carrier's speed modifier, and a sword
attack takes −2; attacked, it uses the carrier's modifiers and defence PP — except a parry against
a sword, which uses the battler's own parry − 1 and defence PP. A shooting hit lands on the battler
on 1–3 and on the carrier on 4–6; a sword hit: on 1–4 the attacker chooses, on 5–6 as shooting
(a second die).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import turn
from gmtool.games.aura_battler.rules.allocation import PowerPoints

CARRIED_PARRY = -1
RESPONSE_COST = 1


def response_turn(points: PowerPoints, facing: int, sides: int, heavily_damaged: bool) -> tuple[PowerPoints, int]:
    """AB-12: turn ``sides`` hex sides (negative: left) against one declared attack."""
    if points.response < RESPONSE_COST:
        raise RulesError("error.ab_no_response_pp")
    if heavily_damaged and abs(sides) > 1:
        raise RulesError("error.ab_heavily_damaged_turn")
    return replace(points, response=points.response - RESPONSE_COST), turn(facing, sides)


@dataclass(frozen=True)
class Defending:
    """The values a defender's hit-value terms use (AB-14, AB-16)."""

    evasion_or_parry: int
    defence_pp: int
    speed_modifier: int


def carried_defence(battler: Defending, carrier: Defending, parrying_a_sword: bool) -> Defending:
    """AB-21: the carrier's values, or the battler's parry − 1 and defence PP when it parries a sword."""
    if parrying_a_sword:
        return Defending(battler.evasion_or_parry + CARRIED_PARRY, battler.defence_pp, carrier.speed_modifier)
    return carrier


def carried_hit(attack: Literal["shooting", "sword"], die: int) -> Literal["battler", "carrier", "attacker_chooses"]:
    """Where a hit on a carried battler lands (the sword's 5–6 roll again as shooting)."""
    if attack == "sword" and die <= 4:
        return "attacker_chooses"
    if attack == "sword":
        raise RulesError("error.ab_roll_again_as_shooting")
    return "battler" if die <= 3 else "carrier"
