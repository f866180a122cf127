"""SR4 called shots: the digest (000) lists "called shot: special, p.160" in the ranged, melee
and defence tables and calling a shot as a free action, and gives no table of effects.

What follows is the SR4 rulebook's rule as gmtool reads it (p.160-161), not the digest's:
the attacker takes a dice-pool modifier and, if the attack hits, either
- raises the DV by as much as the pool modifier taken, at most +4 (:func:`called_shot_damage`), or
- strikes where the armour does not cover: armour is ignored, the GM sets the modifier
  by how well the target is covered, −4 when unsure (:func:`called_shot_bypass_armour`).
Any other "specific result" is the GM's to describe and is not modelled
(:func:`called_shot_specific` raises NotImplementedRuleError).
"""

from __future__ import annotations

from gmtool.core.errors import NotImplementedRuleError, RulesError
from gmtool.games.shadowrun.rules.weapons.called_shots import CalledShotResult

MAX_EXTRA_DV = 4
DEFAULT_BYPASS_MODIFIER = -4


def called_shot_damage(pool_modifier: int, net_hits: int) -> CalledShotResult:
    """Trade dice for damage: a pool modifier of −1..−4 adds as much DV when the attack hits."""
    if not -MAX_EXTRA_DV <= pool_modifier <= -1:
        raise RulesError("weapons.error.sr4_called_shot_modifier", modifier=pool_modifier, limit=MAX_EXTRA_DV)
    if net_hits < 1:
        return CalledShotResult(shot="sr4_damage", hit=False, deals_damage=False)
    return CalledShotResult(shot="sr4_damage", hit=True, extra_dv=-pool_modifier)


def called_shot_bypass_armour(net_hits: int) -> CalledShotResult:
    """Aim where the armour does not cover: armour counts 0 when the attack hits (pool modifier: the GM's, default −4)."""
    if net_hits < 1:
        return CalledShotResult(shot="sr4_bypass_armour", hit=False, deals_damage=False)
    return CalledShotResult(shot="sr4_bypass_armour", hit=True, ignore_armour=True)


def called_shot_specific() -> CalledShotResult:
    """A specific result (shoot the gun from a hand, the tyre …): the GM rules it; not modelled."""
    raise NotImplementedRuleError("weapons.error.sr4_called_shot_specific")
