"""Power points (AB-22), aura power (AB-20) and defence (AB-16), from the digest's sections 22, 20, 16.

At the PP allocation phase action PP and aura power go back to the pilot's base, attack, defence,
power, barrier and response PP to 0, and the action PP are split among those five: the six always
total the base. Defending costs action PP — evading 1, parrying 2 (only against a sword attack
from the parry arc) — and defence PP drop by 1 after each defence, whatever its outcome; a battler
that cannot pay, or chooses not to defend, counts its evasion or parry and its defence PP as 0.
Aura power is spent like PP on any item, but just before it is used — before the roll it affects —
and when both sides may spend it on one roll, the attacker says first.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from gmtool.core.errors import RulesError

Defence = Literal["evade", "parry", "none"]
COST = {"evade": 1, "parry": 2, "none": 0}
DEFENCE_PP_KEPT = "ab_defence_pp_kept"  # rule option (AB-16): no defence made, defence PP kept


@dataclass(frozen=True)
class PowerPoints:
    action: int
    attack: int = 0
    defence: int = 0
    power: int = 0
    barrier: int = 0
    response: int = 0

    @property
    def total(self) -> int:
        return self.action + self.attack + self.defence + self.power + self.barrier + self.response


def allocate(base: int, attack: int, defence: int, power: int, barrier: int, response: int) -> PowerPoints:
    """22.2–22.5: the split of the pilot's ``base``; what is not given to the five stays action PP."""
    given = (attack, defence, power, barrier, response)
    if any(value < 0 for value in given):
        raise RulesError("error.ab_pp_negative")
    if sum(given) > base:
        raise RulesError("error.ab_pp_too_many", given=sum(given), base=base)
    return PowerPoints(base - sum(given), *given)


def defend(points: PowerPoints, choice: Defence, sword: bool, in_parry_arc: bool,
           kept_without_defence: bool = False) -> tuple[PowerPoints, bool]:
    """The points after a defence and whether its evasion/parry and defence PP count (AB-16).

    ``kept_without_defence`` is the rule option :data:`DEFENCE_PP_KEPT`: by default (16.5, "after one
    defence, whatever its outcome") defence PP drop by 1 after every attack on the machine, a declined
    or unpaid defence included (16.4 counts it as a defence of 0); with the option they drop only
    after an evasion or parry actually made."""
    if choice == "parry" and not (sword and in_parry_arc):
        raise RulesError("error.ab_parry_not_allowed")
    counts = choice != "none" and points.action >= COST[choice]
    spent = COST[choice] if counts else 0
    drop = 1 if counts or not kept_without_defence else 0
    after = replace(points, action=points.action - spent, defence=max(0, points.defence - drop))
    return after, counts


def spend_aura(points: PowerPoints, aura_left: int, item: str, amount: int) -> tuple[PowerPoints, int]:
    """AB-20: ``amount`` aura power put on ``item`` (any of the six, action PP included: 20.1 "like PP") now."""
    if amount < 0 or amount > aura_left:
        raise RulesError("error.ab_aura_left", amount=amount, left=aura_left)
    if item not in ("action", "attack", "defence", "power", "barrier", "response"):
        raise RulesError("error.ab_aura_item", item=item)
    return replace(points, **{item: getattr(points, item) + amount}), aura_left - amount


def aura_order(attacker: str, defender: str) -> tuple[str, str]:
    """20.3: on a roll both may affect, the attacker spends first."""
    return attacker, defender

