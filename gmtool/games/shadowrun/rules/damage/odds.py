"""Exact odds of each attack step (X-4), computed from the core's exact laws, never sampled.

- :func:`hit_odds`: P(the attack hits) and the law of the attacker's net hits, from
  :func:`gmtool.games.shadowrun.rules.dice_tests.opposed_odds` (counted hits: the SR5 Accuracy limit,
  and the defence's physical limit, apply; ties go to the defender). A side that
  rolls no dice (pool ≤ 0 without Edge, or no defence at all) has 0 hits for sure.
- :func:`soak_odds`: the law of the damage applied for a modified DV and a soak test.
- :func:`damage_odds` / :func:`sr4_attack_odds` / :func:`sr5_attack_odds`: the whole
  attack: P(k boxes applied on each track), P(no damage), P(knockdown).

Precision: with dice that explode (Edge), the net-hit law's last entry is the tail
P(net ≥ len − 1); :func:`damage_odds` treats it as exactly len − 1 net hits. The
core lists that law until the tail beyond it is ≤ 1e-15, so every probability here
is off by at most 1e-12. Without exploding dice everything is exact (up to floats).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gmtool.games.shadowrun.rules.damage.inputs import SR4AttackInputs, SR5AttackInputs
from gmtool.games.shadowrun.rules.damage.knockdown import knockdown_figure, sr4_knockdown, sr5_knockdown
from gmtool.games.shadowrun.rules.damage.pools import AttackPools, sr4_pools, sr5_pools
from gmtool.games.shadowrun.rules.damage.resolve import DamageStep, sr4_damage_step, sr5_damage_step
from gmtool.games.shadowrun.rules.dice_odds import hit_law
from gmtool.games.shadowrun.rules.dice_spec import EdgeUse, first_dice
from gmtool.games.shadowrun.rules.dice_tests import TestSpec, opposed_odds, test_odds


@dataclass(frozen=True)
class HitOdds:
    """``net_hits[k]`` = P(the attacker wins with k net hits), k ≥ 1; ``net_hits[0]`` =
    P(miss); the last entry is the tail P(net hits ≥ len − 1)."""

    net_hits: tuple[float, ...]

    @property
    def hit(self) -> float:
        return max(0.0, 1.0 - self.net_hits[0])

    @property
    def expected_net_hits(self) -> float:
        return sum(k * p for k, p in enumerate(self.net_hits))


@dataclass(frozen=True)
class DamageOdds:
    """``physical[k]`` / ``stun[k]`` = P(the attack hits and k boxes get through on that track)."""

    hit: HitOdds
    physical: tuple[float, ...]
    stun: tuple[float, ...]
    knockdown: float

    @property
    def applied(self) -> tuple[float, ...]:
        """P(k boxes applied, either track); a miss counts as 0."""
        size = max(len(self.physical), len(self.stun))
        law = [a + b for a, b in zip(_padded(self.physical, size), _padded(self.stun, size), strict=False)]
        law[0] += self.hit.net_hits[0]
        return tuple(law)

    @property
    def no_damage(self) -> float:
        return self.applied[0]


def _padded(values: tuple[float, ...] | list[float], size: int) -> list[float]:
    return list(values) + [0.0] * (size - len(values))


def rolls_dice(spec: TestSpec | None) -> bool:
    """Whether the test rolls anything (a pool ≤ 0 without Edge rolls nothing: 0 hits)."""
    if spec is None:
        return False
    return spec.edge_use is EdgeUse.CRITICAL_SUCCESS or first_dice(spec) >= 1


def hit_odds(attack: TestSpec | None, defence: TestSpec | None) -> HitOdds:
    """The attack's hit chance and net-hit law; None (or no dice) for a side: 0 hits."""
    if not rolls_dice(attack):
        return HitOdds((1.0,))
    assert attack is not None
    if not rolls_dice(defence):
        return HitOdds(test_odds(attack).hits)
    assert defence is not None
    return HitOdds(opposed_odds(attack, defence).net_hits)


def _applied_law(modified_dv: int, pmf: list[float]) -> tuple[float, ...]:
    """P(applied = DV − k) = P(soak hits = k) for k < DV; the rest is 0 applied."""
    law = [0.0] * (modified_dv + 1)
    for k in range(min(modified_dv, len(pmf))):
        law[modified_dv - k] = pmf[k]
    law[0] = max(0.0, 1.0 - sum(law[1:]))
    return tuple(law)


def _soak_pmf(soak: TestSpec | None, length: int) -> list[float]:
    return hit_law(soak, length).pmf if rolls_dice(soak) and soak is not None else [1.0]


def soak_odds(modified_dv: int, soak: TestSpec | None) -> tuple[float, ...]:
    """``law[k]`` = P(k boxes get through) for k = 0 … modified DV (SR4-R6, SR5-A4)."""
    modified_dv = max(0, modified_dv)
    return _applied_law(modified_dv, _soak_pmf(soak, modified_dv + 1))


def damage_odds(
    hit: HitOdds,
    step: Callable[[int], DamageStep],
    soak: TestSpec | None,
    knocks_down: Callable[[int], bool],
) -> DamageOdds:
    """Combine the net-hit law with each net hit's DV and track and the soak law."""
    steps = [step(k) for k in range(len(hit.net_hits))]
    top = max(s.value.value for s in steps)
    pmf = _soak_pmf(soak, top + 1)
    tracks = {"physical": [0.0] * (top + 1), "stun": [0.0] * (top + 1)}
    knockdown = 0.0
    for net, p_net in enumerate(hit.net_hits):
        if net == 0 or p_net == 0.0:
            continue
        s = steps[net]
        for boxes, p_soak in enumerate(_applied_law(s.value.value, pmf)):
            tracks[s.track][boxes] += p_net * p_soak
            if knocks_down(boxes):
                knockdown += p_net * p_soak
    return DamageOdds(hit, tuple(tracks["physical"]), tuple(tracks["stun"]), knockdown)


def _specs(pools: AttackPools, no_defence: bool) -> tuple[TestSpec, TestSpec | None, TestSpec]:
    return pools.attack_spec(), None if no_defence else pools.defence_spec(), pools.soak_spec()


def sr4_attack_odds(
    inputs: SR4AttackInputs,
    attack: TestSpec | None = None,
    defence: TestSpec | None = None,
    soak: TestSpec | None = None,
) -> DamageOdds:
    """The SR4 attack's odds; specs default to the pools rolled without Edge."""
    pools = sr4_pools(inputs)
    plain = _specs(pools, inputs.no_defence)
    return damage_odds(
        hit_odds(attack or plain[0], None if inputs.no_defence else defence or plain[1]),
        lambda net: sr4_damage_step(inputs, pools, net),
        soak or plain[2],
        lambda applied: sr4_knockdown(applied, knockdown_figure(inputs.defender.body, inputs.modifiers.knockdown)),
    )


def sr5_attack_odds(
    inputs: SR5AttackInputs,
    attack: TestSpec | None = None,
    defence: TestSpec | None = None,
    soak: TestSpec | None = None,
) -> DamageOdds:
    """The SR5 attack's odds (Accuracy and defence limits in the default specs)."""
    pools = sr5_pools(inputs)
    plain = _specs(pools, inputs.no_defence)
    return damage_odds(
        hit_odds(attack or plain[0], None if inputs.no_defence else defence or plain[1]),
        lambda net: sr5_damage_step(inputs, pools, net),
        soak or plain[2],
        lambda applied: sr5_knockdown(
            applied, knockdown_figure(inputs.defender.physical_limit, inputs.modifiers.knockdown), inputs.knockdown_at_ten
        ),
    )
