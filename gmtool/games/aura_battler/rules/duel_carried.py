"""A battler carried on a Wing Caliber in the duel (AB-21), from the digest's section 21: who
defends, with which values, and where a hit lands — with its exact odds before the die.

Attacked, a carried battler is defended with the carrier's evasion, defence PP and speed modifier
(the carrier pays the action PP), except a parry against a sword: the battler's own parry − 1 and
defence PP (it pays). A shooting hit lands on the battler on 1–3 and on the carrier on 4–6; a sword
hit: on 1–4 the attacker chooses, on 5–6 a second die decides as for shooting. So before the die the
battler is struck with 1/2 (shooting), or 4/6 + 2/6 × 1/2 = 5/6 when the attacker chooses it with a
sword (1/6 when it chooses the carrier).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Literal

from gmtool.core.errors import RulesError
from gmtool.games.aura_battler.rules.carried import carried_hit
from gmtool.games.aura_battler.rules.duel_state import DuelState, DuelUnit

Aboard = Literal["battler", "carrier"]


def carrier_of(state: DuelState, battler: DuelUnit) -> DuelUnit | None:
    return state.units.get(battler.carried_by) if battler.carried_by else None


def landing_odds(sword: bool, choice: Aboard) -> dict[Aboard, Fraction]:
    """P(the hit lands on the battler / the carrier) before the die (module docstring)."""
    chosen = Fraction(4, 6) if sword else Fraction(0)
    half = (1 - chosen) / 2
    battler = half + (chosen if choice == "battler" else 0)
    return {"battler": battler, "carrier": 1 - battler}


def _die(typed: int | None, rng: random.Random) -> int:
    if typed is not None and not 1 <= typed <= 6:
        raise RulesError("error.faces_range")
    return typed if typed is not None else rng.randint(1, 6)


def land(sword: bool, choice: Aboard, typed: tuple[int, ...] | None, rng: random.Random) -> tuple[Aboard, tuple[int, ...]]:
    """Where the hit lands and the dice read (21.5, 21.6; typed dice first, the rest rolled)."""
    dice = list(typed or ())
    first = _die(dice[0] if dice else None, rng)
    found = carried_hit("sword" if sword else "shooting", first) if not (sword and first >= 5) else None
    if found == "attacker_chooses":
        return choice, (first,)
    if found is not None:
        return found, (first,)
    second = _die(dice[1] if len(dice) > 1 else None, rng)  # 21.6: 5–6, decided as shooting
    landed = carried_hit("shooting", second)
    assert landed != "attacker_chooses"  # a shooting hit lands on one of the two
    return landed, (first, second)
