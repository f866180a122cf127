"""An SR4 attack on a vehicle or drone: stun damage does not affect it (the rulebook's vehicles,
p. 168; the 000 digest gives no rule). A hit whose damage would be stun (a stun weapon, or a DV
that does not exceed the vehicle's Armor, SR4-R5) still hits; its modified DV is brought to 0 by a
"no stun on a vehicle" term, so the log shows why no box is marked. A vehicle is never knocked
down (its own danger is the crash test, SR4-V5, on *Hit on vehicle*). The odds say the same.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gmtool.games.shadowrun.rules.damage.damage_value import DamageValue
from gmtool.games.shadowrun.rules.damage.inputs import SR4AttackInputs
from gmtool.games.shadowrun.rules.damage.monitors import apply_damage
from gmtool.games.shadowrun.rules.damage.odds import DamageOdds
from gmtool.games.shadowrun.rules.damage.resolve import AttackResolution, DamageStep
from gmtool.games.shadowrun.rules.damage.soak import soak
from gmtool.games.shadowrun.rules.damage.terms import term

NO_STUN = "damage.term.vehicle_no_stun"


@dataclass(frozen=True)
class VehicleTargetInputs(SR4AttackInputs):
    """The inputs of an attack whose target is a vehicle or drone."""


def without_stun(r: AttackResolution) -> AttackResolution:
    """The resolution with a stun hit's boxes taken away, and no knockdown (a miss unchanged)."""
    if r.damage is None:
        return r
    if r.damage.track != "stun":
        return replace(r, damage=replace(r.damage, knockdown=False))
    value = r.damage.step.value
    zero = DamageValue(value.terms + (term(NO_STUN, -value.value),))
    step = DamageStep(zero, "stun", r.damage.step.reason)
    damage = replace(r.damage, step=step, soak=soak(0, r.damage.soak.hits), knockdown=False)
    change = None if r.monitor_before is None else apply_damage(r.monitor_before, "stun", 0, 1)
    return replace(r, damage=damage, monitor_change=change)


def odds_without_stun(odds: DamageOdds) -> DamageOdds:
    """Every stun outcome becomes a hit with no box; no knockdown."""
    return replace(odds, stun=(sum(odds.stun),) if odds.stun else (), knockdown=0.0)
