"""One entry point per edition: an attack from pools to condition monitors.

``resolve_attack_sr4(inputs, attack_hits, defence_hits, soak_hits)`` and
``resolve_attack_sr5(...)`` take the hits the caller rolled (or typed) and return an
:class:`AttackResolution` holding every intermediate figure and breakdown:

1. pools (SR4-R3, SR4-M1/M2, SR5-A1/A2) — :mod:`.pools`;
2. outcome (SR4-R4, SR5): ties to the defender; net hits; full defence on record (SR4-R1);
3. modified DV and armour, the track (SR4-R5, SR4-M3, SR5-A3) — :mod:`.damage_value`;
4. soak (SR4-R6, SR5-A4) — :mod:`.soak`;
5. knockdown (SR4-R7, SR5-A5) — :mod:`.knockdown`;
6. monitors, when the inputs carry the defender's (SR4-MT8, SR5-A6) — :mod:`.monitors`.

A miss stops after step 2: ``damage`` is None and nothing is applied (the soak hits,
if any were given, are ignored). A hit needs ``soak_hits``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.damage.damage_value import (
    DamageValue,
    TrackReason,
    modified_dv,
    sr4_track,
    sr5_track,
)
from gmtool.games.shadowrun.rules.damage.inputs import AttackKind, SR4AttackInputs, SR5AttackInputs
from gmtool.games.shadowrun.rules.damage.knockdown import knockdown_figure, sr4_knockdown, sr5_knockdown
from gmtool.games.shadowrun.rules.damage.monitors import Monitor, MonitorChange, Track, apply_damage
from gmtool.games.shadowrun.rules.damage.outcome import Outcome, opposed_outcome
from gmtool.games.shadowrun.rules.damage.pools import AttackPools, sr4_pools, sr5_pools
from gmtool.games.shadowrun.rules.damage.soak import Soak, soak
from gmtool.games.shadowrun.rules.dice_tests import Edition


@dataclass(frozen=True)
class DamageStep:
    """Modified DV and the track it goes on, before soak."""

    value: DamageValue
    track: Track
    reason: TrackReason


@dataclass(frozen=True)
class Damage:
    step: DamageStep
    soak: Soak
    knockdown: bool

    @property
    def applied(self) -> int:
        return self.soak.applied

    @property
    def track(self) -> Track:
        return self.step.track


@dataclass(frozen=True)
class AttackResolution:
    edition: Edition
    kind: AttackKind
    pools: AttackPools
    outcome: Outcome
    damage: Damage | None  # None: a miss
    monitor_before: Monitor | None
    monitor_change: MonitorChange | None  # None: a miss, or no monitor in the inputs

    @property
    def miss(self) -> bool:
        return self.damage is None

    @property
    def applied(self) -> int:
        return 0 if self.damage is None else self.damage.applied

    @property
    def track(self) -> Track | None:
        return None if self.damage is None else self.damage.track

    @property
    def knockdown(self) -> bool:
        return self.damage is not None and self.damage.knockdown

    @property
    def monitor_after(self) -> Monitor | None:
        return self.monitor_before if self.monitor_change is None else self.monitor_change.after


def sr4_damage_step(inputs: SR4AttackInputs, pools: AttackPools, net_hits: int) -> DamageStep:
    """SR4-R4/R5 (SR4-M3 for melee)."""
    value = modified_dv(inputs.weapon, net_hits, inputs.modifiers.damage_value, "SR4-R4")
    track, reason = sr4_track(inputs.weapon, value.value, pools.armour.value)
    return DamageStep(value, track, reason)


def sr5_damage_step(inputs: SR5AttackInputs, pools: AttackPools, net_hits: int) -> DamageStep:
    """SR5-A3."""
    value = modified_dv(inputs.weapon, net_hits, inputs.modifiers.damage_value, "SR5-A3")
    track, reason = sr5_track(inputs.weapon, value.value, pools.armour.value)
    return DamageStep(value, track, reason)


def _resolve(
    inputs: SR4AttackInputs | SR5AttackInputs,
    pools: AttackPools,
    outcome: Outcome,
    soak_hits: int | None,
    step: Callable[[int], DamageStep],
    knocks_down: Callable[[int], bool],
) -> AttackResolution:
    if inputs.no_defence and outcome.defence_hits:
        raise RulesError("error.damage.no_defence_hits")
    base = AttackResolution(pools.edition, inputs.kind, pools, outcome, None, inputs.monitor, None)
    if outcome.miss:
        return base
    if soak_hits is None:
        raise RulesError("error.damage.soak_missing")
    damage_step = step(outcome.net_hits)
    soaked = soak(damage_step.value.value, soak_hits)
    damage = Damage(damage_step, soaked, knocks_down(soaked.applied))
    change = None
    if inputs.monitor is not None:
        change = apply_damage(inputs.monitor, damage.track, damage.applied, inputs.stun_overflow_ratio)
    return AttackResolution(pools.edition, inputs.kind, pools, outcome, damage, inputs.monitor, change)


def resolve_attack_sr4(
    inputs: SR4AttackInputs, attack_hits: int, defence_hits: int, soak_hits: int | None = None
) -> AttackResolution:
    """An SR4 ranged (SR4-R1..R7) or melee (SR4-M1..M3) attack from the hits rolled."""
    pools = sr4_pools(inputs)
    outcome = opposed_outcome(attack_hits, defence_hits, inputs.full_defence)
    return _resolve(
        inputs, pools, outcome, soak_hits,
        lambda net: sr4_damage_step(inputs, pools, net),
        lambda applied: sr4_knockdown(applied, knockdown_figure(inputs.defender.body, inputs.modifiers.knockdown)),
    )


def resolve_attack_sr5(
    inputs: SR5AttackInputs, attack_hits: int, defence_hits: int, soak_hits: int | None = None
) -> AttackResolution:
    """An SR5 attack (SR5-A1..A6) from the hits rolled; the limits cap them here."""
    pools = sr5_pools(inputs)
    outcome = opposed_outcome(
        attack_hits, defence_hits, "full_defence" in inputs.interrupts, pools.attack_limit, pools.defence_limit
    )
    return _resolve(
        inputs, pools, outcome, soak_hits,
        lambda net: sr5_damage_step(inputs, pools, net),
        lambda applied: sr5_knockdown(
            applied, knockdown_figure(inputs.defender.physical_limit, inputs.modifiers.knockdown), inputs.knockdown_at_ten
        ),
    )
