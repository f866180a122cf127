"""Exact odds of the attack steps (X-4), checked against brute-force enumeration of the dice."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.games.shadowrun.rules.damage.inputs import (
    Attacker,
    SR4AttackInputs,
    SR4Defender,
    SR5AttackInputs,
    SR5Defender,
    Weapon,
)
from gmtool.games.shadowrun.rules.damage.odds import (
    DamageOdds,
    hit_odds,
    soak_odds,
    sr4_attack_odds,
    sr5_attack_odds,
)
from gmtool.games.shadowrun.rules.damage.pools import sr4_pools, sr5_pools
from gmtool.games.shadowrun.rules.damage.resolve import (
    AttackResolution,
    resolve_attack_sr4,
    resolve_attack_sr5,
)
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse, Edition, TestSpec, test_odds

TOLERANCE = 1e-12


@cache
def rolled_hits(dice: int) -> tuple[tuple[int, Fraction], ...]:
    """P(hits = k) by listing every face of every die (no closed form)."""
    counts = Counter(sum(face >= 5 for face in faces) for faces in product(range(1, 7), repeat=dice))
    return tuple((k, Fraction(n, 6**dice)) for k, n in sorted(counts.items()))


def brute_force(pools: tuple[int, int, int], resolve: object) -> dict[str, object]:
    """Every (attack, defence, soak) hit triple, each resolved by the real resolver."""
    attack, defence, soak = pools
    physical: Counter[int] = Counter()
    stun: Counter[int] = Counter()
    miss = knockdown = Fraction(0)
    net: Counter[int] = Counter()
    for a, pa in rolled_hits(attack):
        for d, pd in rolled_hits(defence):
            for s, ps in rolled_hits(soak):
                p = pa * pd * ps
                result: AttackResolution = resolve(a, d, s)  # type: ignore[operator]
                net[result.outcome.net_hits] += p
                if result.miss:
                    miss += p
                    continue
                (physical if result.track == "physical" else stun)[result.applied] += p
                knockdown += p if result.knockdown else 0
    return {"physical": physical, "stun": stun, "miss": miss, "knockdown": knockdown, "net": net}


def assert_matches(odds: DamageOdds, expected: dict[str, object]) -> None:
    assert odds.hit.net_hits[0] == pytest.approx(float(expected["miss"]), abs=TOLERANCE)  # type: ignore[arg-type]
    for k, p in enumerate(odds.hit.net_hits):
        assert p == pytest.approx(float(expected["net"][k]), abs=TOLERANCE)  # type: ignore[index]
    for name in ("physical", "stun"):
        law = getattr(odds, name)
        table: Counter[int] = expected[name]  # type: ignore[assignment]
        assert max(table, default=0) < len(law)
        for k, p in enumerate(law):
            assert p == pytest.approx(float(table[k]), abs=TOLERANCE), (name, k)
    assert odds.knockdown == pytest.approx(float(expected["knockdown"]), abs=TOLERANCE)  # type: ignore[arg-type]
    assert sum(odds.applied) == pytest.approx(1.0, abs=TOLERANCE)


SMALL_SR4 = SR4AttackInputs(
    kind="ranged",
    attacker=Attacker(attribute=2, skill=1),
    defender=SR4Defender(body=1, reaction=2, ballistic_armour=3),
    weapon=Weapon(dv=1, ap=-1),
)


# X-4 ("computed exactly, not sampled"): the odds against every face of every die, each roll resolved
# by the resolver (whose SR4-R4..R7 values are checked by hand in test_damage_sr4.py). The pools are
# worked out by hand: attack Agility 2 + skill 1 = 3, defence Reaction 2, soak Body 1 + armour 3 − AP 1 = 3.
@pytest.mark.rule("X-4")
def test_sr4_attack_odds_match_brute_force() -> None:
    pools = sr4_pools(SMALL_SR4)
    sizes = (pools.attack_pool, pools.defence_pool, pools.soak_pool)
    assert sizes == (3, 2, 3)
    expected = brute_force(sizes, lambda a, d, s: resolve_attack_sr4(SMALL_SR4, a, d, s))
    odds = sr4_attack_odds(SMALL_SR4)
    assert_matches(odds, expected)
    assert odds.physical[1] > 0 and odds.stun[1] > 0  # both tracks occur (DV 1 + net hits vs armour 2)


SMALL_SR5 = SR5AttackInputs(
    kind="melee",
    attacker=Attacker(attribute=2, skill=2),
    defender=SR5Defender(body=2, reaction=1, intuition=1, willpower=1, physical_limit=1, armour=1, weapon_skill=1),
    weapon=Weapon(dv=3, accuracy=2),
    interrupts=frozenset({"parry"}),
)


# X-4, as above (SR5-A1..A5 by hand in test_damage_sr5.py). By hand: attack 2 + 2 = 4 limited by
# Accuracy 2; defence Reaction 1 + Intuition 1 + parry skill 1 = 3 limited by physical limit 1;
# soak Body 2 + armour 1 = 3.
@pytest.mark.rule("X-4")
def test_sr5_attack_odds_with_limits_match_brute_force() -> None:
    pools = sr5_pools(SMALL_SR5)
    sizes = (pools.attack_pool, pools.defence_pool, pools.soak_pool)
    assert sizes == (4, 3, 3)
    assert (pools.attack_limit, pools.defence_limit) == (2, 1)
    expected = brute_force(sizes, lambda a, d, s: resolve_attack_sr5(SMALL_SR5, a, d, s))
    odds = sr5_attack_odds(SMALL_SR5)
    assert_matches(odds, expected)
    assert sum(odds.hit.net_hits[3:]) == pytest.approx(0.0, abs=TOLERANCE)  # Accuracy 2 caps the net hits


@pytest.mark.rule("X-4")
def test_sr5_brute_force_with_stun_on_low_dv() -> None:
    inputs = SR5AttackInputs(
        kind="ranged",
        attacker=Attacker(attribute=1, skill=2),
        defender=SR5Defender(body=1, reaction=1, intuition=1, willpower=1, physical_limit=2, armour=4),
        weapon=Weapon(dv=1, ap=-1, accuracy=3),
    )
    pools = sr5_pools(inputs)
    sizes = (pools.attack_pool, pools.defence_pool, pools.soak_pool)
    odds = sr5_attack_odds(inputs)
    assert_matches(odds, brute_force(sizes, lambda a, d, s: resolve_attack_sr5(inputs, a, d, s)))
    assert sum(odds.stun) > 0 and sum(odds.physical) > 0  # DV 2 < armour 3 → stun; DV 3-4 → physical


@pytest.mark.rule("X-4")
@pytest.mark.parametrize(("dv", "pool"), [(0, 3), (2, 4), (5, 2), (4, 4)])
def test_soak_odds_match_brute_force(dv: int, pool: int) -> None:
    law = soak_odds(dv, TestSpec(Edition.SR4, pool))
    expected: Counter[int] = Counter()
    for hits, p in rolled_hits(pool):
        expected[max(0, dv - hits)] += p
    assert len(law) == dv + 1
    for boxes, p in enumerate(law):
        assert p == pytest.approx(float(expected[boxes]), abs=TOLERANCE)


@pytest.mark.rule("X-4")
def test_soak_with_exploding_edge_dice_uses_the_core_law() -> None:
    spec = TestSpec(Edition.SR4, 3, edge=2, edge_use=EdgeUse.ADD_BEFORE)
    law = soak_odds(6, spec)
    hits = test_odds(spec).hits
    for k in range(6):
        assert law[6 - k] == pytest.approx(hits[k], abs=TOLERANCE)
    assert sum(law) == pytest.approx(1.0, abs=TOLERANCE)
    assert soak_odds(4, None) == (0.0, 0.0, 0.0, 0.0, 1.0)  # no dice: everything gets through


# SR4-MT4 "unaware → no defence": two dice alone, P(hit) = 2/6 per die, so net hits 0, 1, 2 with
# (2/3)² = 4/9, 2·(1/3)(2/3) = 4/9, (1/3)² = 1/9 — worked out by hand.
@pytest.mark.rule("SR4-MT4")
@pytest.mark.rule("X-4")
def test_no_defence_and_empty_pools() -> None:
    attack = TestSpec(Edition.SR4, 2)
    alone = hit_odds(attack, None)
    assert alone.net_hits == pytest.approx([4 / 9, 4 / 9, 1 / 9])
    assert hit_odds(attack, TestSpec(Edition.SR4, 0)).net_hits == alone.net_hits
    assert hit_odds(TestSpec(Edition.SR4, 0), TestSpec(Edition.SR4, 3)).hit == 0.0
    assert hit_odds(TestSpec(Edition.SR4, 0, edge=2, edge_use=EdgeUse.ADD_BEFORE), None).hit > 0  # a longshot


@st.composite
def sr5_inputs(draw: st.DrawFn) -> SR5AttackInputs:
    defender = SR5Defender(
        body=draw(st.integers(1, 8)), reaction=draw(st.integers(1, 6)), intuition=draw(st.integers(1, 6)),
        willpower=draw(st.integers(1, 6)), physical_limit=draw(st.integers(1, 9)), armour=draw(st.integers(0, 18)),
        gymnastics=draw(st.integers(0, 6)),
    )
    weapon = Weapon(
        dv=draw(st.integers(0, 14)), damage_type=draw(st.sampled_from(["physical", "stun"])),
        ap=draw(st.integers(-6, 0)), accuracy=draw(st.integers(1, 8)),
    )
    return SR5AttackInputs(
        kind=draw(st.sampled_from(["ranged", "melee"])), attacker=Attacker(draw(st.integers(1, 7)), draw(st.integers(0, 7))),
        defender=defender, weapon=weapon,
        interrupts=frozenset(draw(st.sets(st.sampled_from(["full_defence"])))),
    )


@settings(max_examples=60, deadline=None)
@given(inputs=sr5_inputs(), edge=st.sampled_from([EdgeUse.NONE, EdgeUse.ADD_BEFORE, EdgeUse.REROLL_FAILURES]))
def test_odds_are_distributions(inputs: SR5AttackInputs, edge: EdgeUse) -> None:
    pools = sr5_pools(inputs)
    odds = sr5_attack_odds(inputs, attack=pools.attack_spec(edge=3, edge_use=edge), soak=pools.soak_spec(edge=2, edge_use=edge))
    assert sum(odds.hit.net_hits) == pytest.approx(1.0, abs=TOLERANCE)
    assert sum(odds.applied) == pytest.approx(1.0, abs=TOLERANCE)
    assert all(p >= 0.0 for p in odds.applied + odds.hit.net_hits)
    assert 0.0 <= odds.knockdown <= odds.hit.hit + TOLERANCE
    assert odds.no_damage >= odds.hit.net_hits[0] - TOLERANCE
