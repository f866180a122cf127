"""Invariants of the attack resolution, whatever the figures and the hits (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.games.shadowrun.rules.damage.inputs import (
    Attacker,
    SR4AttackInputs,
    SR4Defender,
    SR5AttackInputs,
    SR5Defender,
    Weapon,
)
from gmtool.games.shadowrun.rules.damage.monitors import Monitor
from gmtool.games.shadowrun.rules.damage.resolve import (
    AttackResolution,
    resolve_attack_sr4,
    resolve_attack_sr5,
)

rating = st.integers(0, 9)
hits = st.integers(0, 15)
weapons = st.builds(
    Weapon, dv=st.integers(0, 16), damage_type=st.sampled_from(["physical", "stun"]), ap=st.integers(-10, 2),
    accuracy=st.integers(0, 9),
)
monitors = st.builds(
    lambda p, s, o, pd, sd: Monitor(p, s, o, physical=min(pd, p + o), stun=min(sd, s)),
    st.integers(8, 14), st.integers(8, 14), st.integers(1, 10), st.integers(0, 24), st.integers(0, 14),
)
sr4_inputs = st.builds(
    SR4AttackInputs,
    kind=st.sampled_from(["ranged", "melee"]),
    attacker=st.builds(Attacker, attribute=rating, skill=rating, wound_modifier=st.integers(-6, 0)),
    defender=st.builds(
        SR4Defender, body=rating, reaction=rating, ballistic_armour=st.integers(0, 20), impact_armour=st.integers(0, 20),
        dodge=rating, gymnastics=rating, unarmed_combat=rating, weapon_skill=rating, wound_modifier=st.integers(-6, 0),
    ),
    weapon=weapons,
    melee_defence=st.sampled_from(["parry", "block", "dodge"]),
    full_defence=st.booleans(),
    monitor=st.one_of(st.none(), monitors),
)
sr5_inputs = st.builds(
    SR5AttackInputs,
    kind=st.sampled_from(["ranged", "melee"]),
    attacker=st.builds(Attacker, attribute=rating, skill=rating),
    defender=st.builds(
        SR5Defender, body=rating, reaction=rating, intuition=rating, willpower=rating, physical_limit=st.integers(1, 12),
        armour=st.integers(0, 24),
    ),
    weapon=weapons,
    interrupts=st.sets(st.sampled_from(["full_defence"])).map(frozenset),
    push_the_limit=st.booleans(),
    monitor=st.one_of(st.none(), monitors),
)


def check_invariants(result: AttackResolution) -> None:
    assert result.applied >= 0
    if result.outcome.attack_counted <= result.outcome.defence_counted:
        assert result.miss
    if result.miss:  # a miss applies nothing
        assert result.damage is None and result.applied == 0 and not result.knockdown
        assert result.monitor_change is None
        assert result.monitor_after == result.monitor_before
    else:
        assert result.damage is not None
        assert result.applied <= result.damage.step.value.value
        assert result.outcome.net_hits >= 1
    after = result.monitor_after
    if after is not None:
        assert after.physical <= after.physical_boxes + after.overflow
        assert after.stun <= after.stun_boxes


@pytest.mark.rule("SR4-R4")
@pytest.mark.rule("SR4-R6")
@given(inputs=sr4_inputs, attack=hits, defence=hits, soak=hits)
def test_sr4_applied_damage_is_never_negative_and_a_miss_applies_nothing(
    inputs: SR4AttackInputs, attack: int, defence: int, soak: int
) -> None:
    check_invariants(resolve_attack_sr4(inputs, attack, defence, soak))


@pytest.mark.rule("SR5-A3")
@pytest.mark.rule("SR5-A4")
@given(inputs=sr5_inputs, attack=hits, defence=hits, soak=hits)
def test_sr5_applied_damage_is_never_negative_and_a_miss_applies_nothing(
    inputs: SR5AttackInputs, attack: int, defence: int, soak: int
) -> None:
    result = resolve_attack_sr5(inputs, attack, defence, soak)
    check_invariants(result)
    if not inputs.push_the_limit:
        assert result.outcome.attack_counted <= (inputs.weapon.accuracy or 0)
