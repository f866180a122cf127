"""SR5 attack resolution: Accuracy, defence with interrupts, DV/armour, soak, knockdown (001 §2-1 to 2-3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.damage.from_sheet import attacker_of, sr5_defender_of
from gmtool.games.shadowrun.rules.damage.inputs import (
    Attacker,
    Modifiers,
    SR5AttackInputs,
    SR5Defender,
    Weapon,
)
from gmtool.games.shadowrun.rules.damage.monitors import monitor_of
from gmtool.games.shadowrun.rules.damage.pools import sr5_pools
from gmtool.games.shadowrun.rules.damage.resolve import resolve_attack_sr5
from gmtool.games.shadowrun.rules.damage.terms import Term, pairs
from gmtool.games.shadowrun.rules.dice_tests import Edition
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet

ATTRIBUTES = {"BOD": 4, "AGI": 5, "REA": 4, "STR": 3, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 2}
GUARD_SHEET = Sheet(name="Guard", attributes=ATTRIBUTES)
GUARD = SR5Defender(
    body=4, reaction=4, intuition=3, willpower=3, physical_limit=GUARD_SHEET.physical_limit,
    armour=12, gymnastics=2, unarmed_combat=3, weapon_skill=4,
)
PREDATOR = Weapon(dv=8, ap=-1, accuracy=5)  # Ares Predator V: 8P, AP −1, Accuracy 5
SHOT = SR5AttackInputs(kind="ranged", attacker=Attacker(5, 6), defender=GUARD, weapon=PREDATOR)
STAB = SR5AttackInputs(kind="melee", attacker=Attacker(5, 4), defender=GUARD, weapon=Weapon(dv=5, ap=-1, accuracy=6))


@pytest.mark.rule("SR5-A1")
def test_attack_pool_and_accuracy_limit() -> None:
    pools = sr5_pools(SHOT)
    assert pools.edition is Edition.SR5
    assert pairs(pools.attack) == (("attr.AGI", 5), ("damage.term.firearm_skill", 6))
    assert pools.attack_pool == 11
    assert pools.attack_limit == 5
    assert pools.attack_spec().limit == 5
    capped = resolve_attack_sr5(SHOT, attack_hits=7, defence_hits=2, soak_hits=0)
    assert (capped.outcome.attack_hits, capped.outcome.attack_counted, capped.outcome.net_hits) == (7, 5, 3)


@pytest.mark.rule("SR5-A1")
@pytest.mark.rule("SR5-E1")
def test_push_the_limit_lifts_accuracy() -> None:
    pushed = replace(SHOT, push_the_limit=True)
    assert sr5_pools(pushed).attack_limit is None
    assert resolve_attack_sr5(pushed, 7, 2, 0).outcome.net_hits == 5


@pytest.mark.rule("SR5-A1")
def test_a_weapon_without_accuracy_is_refused() -> None:
    with pytest.raises(RulesError) as error:
        sr5_pools(replace(SHOT, weapon=Weapon(dv=8)))
    assert error.value.key == "error.damage.accuracy_missing"


@pytest.mark.rule("SR5-A2")
def test_defence_is_reaction_plus_intuition_with_modifiers() -> None:
    burst = Term("sr5.firing_mode.burst", -2, "SR5-F4")
    wounded = replace(GUARD, wound_modifier=-1)
    pools = sr5_pools(replace(SHOT, defender=wounded, modifiers=Modifiers(defence=(burst,))))
    assert pairs(pools.defence) == (("attr.REA", 4), ("attr.INT", 3), ("pool.wound_modifier", -1), ("sr5.firing_mode.burst", -2))
    assert pools.defence_pool == 4
    assert pools.defence_limit is None


@pytest.mark.rule("SR5-A2")
@pytest.mark.rule("SR5-N6")
def test_full_defence_adds_willpower_against_any_attack_without_a_limit() -> None:
    inputs = replace(SHOT, interrupts=frozenset({"full_defence"}))
    pools = sr5_pools(inputs)
    assert pools.defence_pool == 4 + 3 + 3
    assert pools.defence[-1] == Term("damage.term.full_defence_willpower", 3, "SR5-N6")
    assert pools.defence_limit is None
    assert resolve_attack_sr5(inputs, 3, 1, 0).outcome.full_defence


@pytest.mark.rule("SR5-A2")
@pytest.mark.parametrize(
    ("interrupts", "pool"),
    [
        ({"block"}, 7 + 3),
        ({"dodge"}, 7 + 2),
        ({"parry"}, 7 + 4),
        ({"full_defence", "parry"}, 7 + 3 + 4),
    ],
)
def test_melee_interrupts_add_their_skills_and_the_physical_limit(interrupts: set[str], pool: int) -> None:
    inputs = replace(STAB, interrupts=frozenset(interrupts))
    pools = sr5_pools(inputs)
    assert pools.defence_pool == pool
    assert pools.defence_limit == GUARD_SHEET.physical_limit
    assert sr5_pools(replace(inputs, defence_skill_limit=False)).defence_limit is None
    # the limit caps the defender's hits
    limit = GUARD_SHEET.physical_limit
    outcome = resolve_attack_sr5(inputs, attack_hits=limit + 1, defence_hits=limit + 3, soak_hits=0).outcome
    assert outcome.defence_counted == limit
    assert outcome.net_hits == 1


@pytest.mark.rule("SR5-A2")
def test_block_dodge_parry_only_against_melee() -> None:
    for interrupt in ("block", "dodge", "parry"):
        with pytest.raises(RulesError) as error:
            sr5_pools(replace(SHOT, interrupts=frozenset({interrupt})))  # type: ignore[arg-type]
        assert error.value.key == "error.damage.interrupt_melee_only"
    with pytest.raises(RulesError) as error:
        sr5_pools(replace(STAB, interrupts=frozenset({"hit_the_dirt"})))  # type: ignore[arg-type]
    assert error.value.key == "error.damage.unknown_interrupt"


@pytest.mark.rule("SR5-A2")
def test_ties_go_to_the_defender() -> None:
    tie = resolve_attack_sr5(SHOT, 3, 3, soak_hits=4)
    assert tie.miss and tie.outcome.tie and tie.applied == 0
    assert resolve_attack_sr5(SHOT, 2, 4, None).miss


@pytest.mark.rule("SR5-A3")
def test_modified_dv_and_armour() -> None:
    vitals = Term("sr5.called_shot.vitals", 2, "SR5-CS8")
    result = resolve_attack_sr5(replace(SHOT, modifiers=Modifiers(damage_value=(vitals,))), 4, 2, 0)
    assert result.damage is not None
    assert pairs(result.damage.step.value.terms) == (
        ("damage.term.weapon_dv", 8), ("damage.term.net_hits", 2), ("sr5.called_shot.vitals", 2),
    )
    assert result.damage.step.value.value == 12
    assert pairs(result.pools.armour.terms) == (("damage.term.armour", 12), ("damage.term.ap", -1))
    assert result.pools.armour.value == 11


@pytest.mark.rule("SR5-A3")
def test_dv_below_armour_is_stun_equal_is_physical() -> None:
    # modified armour 11; DV 8 + net hits
    below = resolve_attack_sr5(SHOT, 4, 2, 0)  # DV 10 < 11
    equal = resolve_attack_sr5(SHOT, 5, 2, 0)  # DV 11 = 11 (SR4 would say stun)
    assert (below.track, below.damage and below.damage.step.reason) == ("stun", "dv_below_armour")
    assert (equal.track, equal.damage and equal.damage.step.reason) == ("physical", "dv_not_below_armour")
    stun_gun = replace(SHOT, weapon=Weapon(dv=20, damage_type="stun", accuracy=5))
    assert resolve_attack_sr5(stun_gun, 3, 0, 0).track == "stun"


@pytest.mark.rule("SR5-A4")
def test_soak_body_plus_modified_armour() -> None:
    result = resolve_attack_sr5(SHOT, attack_hits=5, defence_hits=1, soak_hits=6)
    assert pairs(result.pools.soak) == (("attr.BOD", 4), ("damage.term.modified_armour", 11))
    assert result.pools.soak_pool == 15
    assert result.pools.soak[0].rule == "SR5-A4"
    assert result.applied == 12 - 6
    assert resolve_attack_sr5(SHOT, 5, 1, 20).applied == 0


@pytest.mark.rule("SR5-A5")
def test_physical_limit_comes_from_the_sheet() -> None:
    # ⌈(2×3 + 4 + 4)/3⌉ = ⌈14/3⌉ = 5
    assert GUARD_SHEET.physical_limit == 5
    strong = Sheet(name="Troll", attributes=ATTRIBUTES | {"STR": 8, "BOD": 9, "REA": 3})
    assert strong.physical_limit == 10  # ⌈(16 + 9 + 3)/3⌉ = ⌈28/3⌉


@pytest.mark.rule("SR5-A5")
@pytest.mark.parametrize(("applied", "knocked"), [(5, False), (6, True), (0, False)])
def test_knockdown_when_applied_damage_exceeds_the_physical_limit(applied: int, knocked: bool) -> None:
    naked = replace(GUARD, armour=0)
    inputs = replace(SHOT, defender=naked, weapon=Weapon(dv=applied, accuracy=5))
    result = resolve_attack_sr5(inputs, attack_hits=1, defence_hits=0, soak_hits=1)
    assert result.applied == applied
    assert result.knockdown is knocked


@pytest.mark.rule("SR5-A5")
def test_knockdown_at_ten_is_a_setting() -> None:
    big = SR5Defender(body=9, reaction=6, intuition=3, willpower=3, physical_limit=12)
    inputs = replace(SHOT, defender=big, weapon=Weapon(dv=10, accuracy=5))
    assert not resolve_attack_sr5(inputs, 1, 0, 1).knockdown
    assert resolve_attack_sr5(replace(inputs, knockdown_at_ten=True), 1, 0, 1).knockdown


@pytest.mark.rule("SR5-A6")
def test_damage_lands_on_the_sheets_monitor_with_half_stun_overflow() -> None:
    hurt = GUARD_SHEET.model_copy(update={"stun_damage": 8})
    monitor = monitor_of(hurt)
    assert (monitor.physical_boxes, monitor.stun_boxes, monitor.overflow) == (10, 10, 4)
    inputs = replace(SHOT, monitor=monitor)
    result = resolve_attack_sr5(inputs, attack_hits=4, defence_hits=2, soak_hits=3)  # DV 10 stun, 7 applied
    assert (result.track, result.applied) == ("stun", 7)
    change = result.monitor_change
    assert change is not None
    assert change.stun_excess == 5  # 8 + 7 − 10
    assert change.overflow_to_physical == 2  # every 2 full boxes → 1 physical
    assert (change.after.stun, change.after.physical) == (10, 2)
    assert change.after.state.value == "unconscious"


@pytest.mark.rule("SR5-A2")
@pytest.mark.rule("SR5-A5")
def test_inputs_from_the_sheet() -> None:
    hurt = GUARD_SHEET.model_copy(update={"physical_damage": 3})
    defender = sr5_defender_of(hurt, armour=12, gymnastics=2, unarmed_combat=3, weapon_skill=4)
    assert defender == replace(GUARD, wound_modifier=-1)
    attacker = attacker_of(hurt, skill=6)
    assert attacker == Attacker(5, 6, wound_modifier=-1)
    assert attacker_of(hurt, 2, "STR").attribute_label == "attr.STR"
