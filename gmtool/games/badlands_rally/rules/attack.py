"""Badlands Rally's attack check, planned (BR-10), from the digest's 攻撃, 攻撃チェックの修正表, ロック,
カバー, レンジ and 側面と背面 sections: the dice of both sides, term by term, before any die is rolled.

The target must be in the attacker's front 180° arc (the two vertex rays at ±90° included) and
locked (:mod:`gmtool.core.hex.sight`); otherwise the attack is refused with the reason. Both sides
roll 2D6 to start. The attacker adds +1D6 against the target's flank and +2D6 against its rear
(the rear: the hex row straight behind it, the digest's reading; the 60° cone behind is the rule
option ``rear_cone``), the weapon's ±XD6 and its Burst; beyond the optimal range −1D6; beyond the
maximum range the attack fails automatically. The defender adds the cover dice of the line of
fire. A rattled gear rolls −1D6 on every test (BR-14).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gmtool.core.errors import RulesError
from gmtool.core.hex.bearing import bearing, on_row, sector
from gmtool.core.hex.coords import Hex, distance, label
from gmtool.core.hex.sight import Ground, Sight

BASE_DICE = 2
FLANK_DICE = 1
REAR_DICE = 2
BEYOND_OPTIMAL_DICE = -1
RATTLED_DICE = -1
REAR_CONE = (0, 1, 3, 3, 5, 0)  # vertex rays → sector; only the two rays bounding the back sector matter
REAR = 3


@dataclass(frozen=True)
class Gear:
    """A gear as the attack sees it."""

    hex: Hex
    facing: int
    rating: int  # Attack for the attacker, Defence for the defender (e.g. 3 for 3+)
    rattled: bool = False


@dataclass(frozen=True)
class Weapon:
    optimal: int
    maximum: int
    dice: int = 0  # the weapon's ±XD6
    burst: int = 0  # Burst X: +X dice


@dataclass(frozen=True)
class AttackPlan:
    """Both sides' dice with their terms (label key, dice), the side of the target hit, the range,
    the sight, and whether the attack fails automatically (beyond the maximum range)."""

    attack_terms: tuple[tuple[str, int], ...]
    defence_terms: tuple[tuple[str, int], ...]
    side: str  # "front", "flank" or "rear" of the target
    range: int
    sight: Sight | None  # None: typed at the table (table mode)
    automatic_failure: bool

    @property
    def attack_dice(self) -> int:
        return max(0, sum(dice for _label, dice in self.attack_terms))

    @property
    def defence_dice(self) -> int:
        return max(0, sum(dice for _label, dice in self.defence_terms))


def target_side(attacker: Hex, target: Gear, rear_cone: bool = False) -> str:
    """Which side of ``target`` the attacker is on: front (its front 180°), rear, else flank."""
    found = bearing(target.hex, target.facing, attacker)
    if found.ahead >= 0:
        return "front"
    if rear_cone:
        return "rear" if sector(found, REAR_CONE) == REAR else "flank"
    return "rear" if on_row(target.hex, target.facing, attacker, side=REAR) else "flank"


def plan_attack(attacker: Gear, target: Gear, weapon: Weapon, ground: Ground, units: Iterable[Hex] = (),
                rear_cone: bool = False) -> AttackPlan:
    """The attack check's dice, or a refusal with the reason (not in the front arc, no lock)."""
    if attacker.hex == target.hex:
        raise RulesError("error.br_same_hex")
    if bearing(attacker.hex, attacker.facing, target.hex).ahead < 0:
        raise RulesError("error.br_not_in_front_arc", target=label(target.hex))
    seen = ground.sight(attacker.hex, target.hex, units)
    if not seen.lock:
        where = ", ".join(label(b.hex) for b in seen.blockers)
        raise RulesError("error.br_no_lock", target=label(target.hex), blockers=where)
    side = target_side(attacker.hex, target, rear_cone)
    return _plan(attacker, target, weapon, side, distance(attacker.hex, target.hex), seen.cover_dice, seen)


def plan_typed(attacker: Gear, target: Gear, weapon: Weapon, in_front: bool, lock: bool, side: str, span: int,
               cover_dice: int) -> AttackPlan:
    """The attack check's dice from what the GM typed (table mode: the map is off, the board is on the table)."""
    if not in_front:
        raise RulesError("error.br_not_in_front_arc", target="—")
    if not lock:
        raise RulesError("error.br_no_lock", target="—", blockers="—")
    return _plan(attacker, target, weapon, side, span, cover_dice, None)


def _plan(attacker: Gear, target: Gear, weapon: Weapon, side: str, span: int, cover_dice: int,
          seen: Sight | None) -> AttackPlan:
    attack = [("br.term.base", BASE_DICE)]
    if side != "front":
        attack.append((f"br.term.{side}", FLANK_DICE if side == "flank" else REAR_DICE))
    attack += [(label_key, dice) for label_key, dice in (("br.term.weapon", weapon.dice), ("br.term.burst", weapon.burst))
               if dice]
    if weapon.optimal < span <= weapon.maximum:
        attack.append(("br.term.beyond_optimal", BEYOND_OPTIMAL_DICE))
    if attacker.rattled:
        attack.append(("br.term.rattled", RATTLED_DICE))
    defence = [("br.term.base", BASE_DICE)]
    if cover_dice:
        defence.append(("br.term.cover", cover_dice))
    if target.rattled:
        defence.append(("br.term.rattled", RATTLED_DICE))
    return AttackPlan(tuple(attack), tuple(defence), side, span, seen, span > weapon.maximum)
