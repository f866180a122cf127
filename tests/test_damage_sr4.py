"""SR4 attack resolution: pools, outcome, damage value, soak, knockdown (000 §3.4-3.5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.damage.from_sheet import sr4_defender_of
from gmtool.games.shadowrun.rules.damage.inputs import (
    Attacker,
    Modifiers,
    SR4AttackInputs,
    SR4Defender,
    Weapon,
)
from gmtool.games.shadowrun.rules.damage.monitors import Monitor
from gmtool.games.shadowrun.rules.damage.pools import sr4_pools
from gmtool.games.shadowrun.rules.damage.resolve import resolve_attack_sr4
from gmtool.games.shadowrun.rules.damage.terms import Term, pairs
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet as SR4Sheet

SAMURAI = Attacker(attribute=4, skill=5)  # Agility 4, Pistols 5
GANGER = SR4Defender(
    body=4, reaction=4, ballistic_armour=8, impact_armour=6, dodge=3, gymnastics=2, unarmed_combat=1, weapon_skill=4
)
PREDATOR = Weapon(dv=5, ap=-1)  # 5P, AP −1
SHOT = SR4AttackInputs(kind="ranged", attacker=SAMURAI, defender=GANGER, weapon=PREDATOR)
PUNCH = SR4AttackInputs(kind="melee", attacker=Attacker(4, 3), defender=GANGER, weapon=Weapon(dv=2, damage_type="stun"))


@pytest.mark.rule("SR4-R3")
def test_ranged_pools_agility_plus_firearm_against_reaction() -> None:
    pools = sr4_pools(SHOT)
    assert pairs(pools.attack) == (("attr.AGI", 4), ("damage.term.firearm_skill", 5))
    assert pools.attack_pool == 9
    assert pairs(pools.defence) == (("attr.REA", 4),)
    assert pools.defence_pool == 4
    assert all(t.rule == "SR4-R3" for t in pools.attack + pools.defence)


@pytest.mark.rule("SR4-R3")
@pytest.mark.rule("SR4-MT4")
def test_ranged_defence_takes_wounds_and_outside_modifiers() -> None:
    wounded = replace(GANGER, wound_modifier=-2)
    running = Term("sr4.table.defender_running", 2, "SR4-MT4", "161")
    inputs = replace(SHOT, defender=wounded, modifiers=Modifiers(defence=(running,)))
    pools = sr4_pools(inputs)
    assert pairs(pools.defence) == (("attr.REA", 4), ("pool.wound_modifier", -2), ("sr4.table.defender_running", 2))
    assert pools.defence_pool == 4


@pytest.mark.rule("SR4-R2")
def test_situational_modifiers_enter_the_attack_pool() -> None:
    recoil = Term("sr4.table.recoil_short_burst", -2, "SR4-MT6", "151")
    wounded = replace(SAMURAI, wound_modifier=-1)
    pools = sr4_pools(replace(SHOT, attacker=wounded, modifiers=Modifiers(attack=(recoil,))))
    assert pools.attack_pool == 9 - 1 - 2
    assert pools.attack[-1] == recoil


@pytest.mark.rule("SR4-R3")
def test_attack_without_the_skill_defaults() -> None:
    pools = sr4_pools(replace(SHOT, attacker=Attacker(4, 0)))
    assert pairs(pools.attack) == (("attr.AGI", 4), ("pool.defaulting", -1))


@pytest.mark.rule("SR4-R1")
def test_full_defence_is_on_record_and_adds_dodge_or_gymnastics() -> None:
    dodge = replace(SHOT, full_defence=True)
    assert sr4_pools(dodge).defence_pool == 4 + 3
    gymnastics = replace(SHOT, full_defence=True, full_defence_skill="gymnastics")
    assert sr4_pools(gymnastics).defence_pool == 4 + 2
    result = resolve_attack_sr4(dodge, attack_hits=3, defence_hits=1, soak_hits=0)
    assert result.outcome.full_defence
    assert not resolve_attack_sr4(SHOT, 3, 1, 0).outcome.full_defence
    with pytest.raises(RulesError) as error:
        sr4_pools(replace(SHOT, full_defence=True, full_defence_skill="unarmed"))
    assert error.value.key == "error.damage.full_defence_skill"


@pytest.mark.rule("SR4-R4")
@pytest.mark.parametrize(("attack", "defence"), [(2, 2), (1, 3), (0, 0)])
def test_defender_ties_or_wins_is_a_miss(attack: int, defence: int) -> None:
    result = resolve_attack_sr4(replace(SHOT, monitor=Monitor(10, 10, 4)), attack, defence, soak_hits=5)
    assert result.miss
    assert result.damage is None
    assert result.applied == 0
    assert result.outcome.net_hits == 0
    assert result.monitor_after == result.monitor_before


@pytest.mark.rule("SR4-R4")
def test_attacker_wins_adds_net_hits_to_the_dv() -> None:
    result = resolve_attack_sr4(SHOT, attack_hits=5, defence_hits=2, soak_hits=0)
    assert result.outcome.net_hits == 3
    assert result.damage is not None
    assert result.damage.step.value.value == 5 + 3
    assert pairs(result.damage.step.value.terms) == (("damage.term.weapon_dv", 5), ("damage.term.net_hits", 3))


@pytest.mark.rule("SR4-R4")
def test_dv_modifiers_from_the_caller_add_up() -> None:
    ammo = Term("text:Ex-explosive", 1)
    result = resolve_attack_sr4(replace(SHOT, modifiers=Modifiers(damage_value=(ammo,))), 3, 1, 0)
    assert result.damage is not None and result.damage.step.value.value == 5 + 2 + 1


@pytest.mark.rule("SR4-R5")
def test_dv_above_modified_armour_is_physical_equal_is_stun() -> None:
    # modified armour = ballistic 8 + AP −1 = 7
    above = resolve_attack_sr4(SHOT, attack_hits=5, defence_hits=2, soak_hits=0)  # DV 8
    equal = resolve_attack_sr4(SHOT, attack_hits=4, defence_hits=2, soak_hits=0)  # DV 7
    assert above.pools.armour.value == 7
    assert (above.track, above.damage and above.damage.step.reason) == ("physical", "dv_exceeds_armour")
    assert (equal.track, equal.damage and equal.damage.step.reason) == ("stun", "armour_not_exceeded")


@pytest.mark.rule("SR4-R5")
def test_stun_weapons_stay_stun_and_armour_never_drops_below_zero() -> None:
    taser = replace(SHOT, weapon=Weapon(dv=12, damage_type="stun", ap=-10))
    result = resolve_attack_sr4(taser, 6, 0, 0)
    assert result.track == "stun"
    assert result.damage is not None and result.damage.step.reason == "stun_weapon"
    assert result.pools.armour.raw == -2
    assert result.pools.armour.value == 0


@pytest.mark.rule("SR4-R6")
def test_soak_is_body_plus_modified_armour_each_hit_one_box() -> None:
    result = resolve_attack_sr4(SHOT, attack_hits=5, defence_hits=2, soak_hits=3)
    assert pairs(result.pools.soak) == (("attr.BOD", 4), ("damage.term.modified_armour", 7))
    assert result.pools.soak_pool == 11
    assert result.applied == 8 - 3
    more = resolve_attack_sr4(SHOT, attack_hits=5, defence_hits=2, soak_hits=11)
    assert more.applied == 0
    assert not more.miss


@pytest.mark.rule("SR4-R6")
def test_a_hit_needs_the_soak_hits() -> None:
    with pytest.raises(RulesError) as error:
        resolve_attack_sr4(SHOT, 3, 1)
    assert error.value.key == "error.damage.soak_missing"
    with pytest.raises(RulesError):
        resolve_attack_sr4(SHOT, 3, 1, -1)


@pytest.mark.rule("SR4-R7")
@pytest.mark.parametrize(
    ("body", "applied", "knocked"),
    [(4, 4, False), (4, 5, True), (12, 9, False), (12, 10, True), (4, 0, False)],
)
def test_knockdown_above_body_or_ten(body: int, applied: int, knocked: bool) -> None:
    defender = replace(GANGER, body=body, ballistic_armour=0)
    inputs = replace(SHOT, defender=defender, weapon=Weapon(dv=applied))
    result = resolve_attack_sr4(inputs, attack_hits=1, defence_hits=0, soak_hits=1)  # DV + 1 − 1
    assert result.applied == applied
    assert result.knockdown is knocked


@pytest.mark.rule("SR4-R7")
@pytest.mark.rule("SR4-MT8")
def test_damage_goes_onto_the_monitor() -> None:
    monitor = Monitor(physical_boxes=10, stun_boxes=10, overflow=4, physical=2)
    result = resolve_attack_sr4(replace(SHOT, monitor=monitor), attack_hits=5, defence_hits=2, soak_hits=3)
    change = result.monitor_change
    assert change is not None and change.track == "physical" and change.boxes == 5
    assert result.monitor_after == replace(monitor, physical=7)
    assert result.monitor_after is not None and result.monitor_after.wound_modifier == -2


@pytest.mark.rule("SR4-M1")
def test_melee_attack_is_agility_plus_melee_skill() -> None:
    friends = Term("sr4.table.friends_in_melee", 2, "SR4-MT3", "158")
    pools = sr4_pools(replace(PUNCH, modifiers=Modifiers(attack=(friends,))))
    assert pairs(pools.attack) == (("attr.AGI", 4), ("damage.term.melee_skill", 3), ("sr4.table.friends_in_melee", 2))
    assert pools.attack[0].rule == "SR4-M1"
    assert pools.attack_pool == 9


@pytest.mark.rule("SR4-M2")
@pytest.mark.parametrize(
    ("defence", "skill_label", "skill"),
    [("parry", "damage.term.weapon_skill", 4), ("block", "damage.term.unarmed_combat", 1), ("dodge", "damage.term.dodge", 3)],
)
def test_melee_defence_parry_block_dodge(defence: str, skill_label: str, skill: int) -> None:
    pools = sr4_pools(replace(PUNCH, melee_defence=defence))
    assert pairs(pools.defence) == (("attr.REA", 4), (skill_label, skill))
    assert pools.defence[1].rule == "SR4-M2"


@pytest.mark.rule("SR4-M2")
@pytest.mark.parametrize(
    ("defence", "full_skill", "pool"),
    [
        ("parry", "dodge", 4 + 4 + 3),
        ("parry", "weapon", 4 + 4 + 4),
        ("block", "dodge", 4 + 1 + 3),
        ("block", "unarmed", 4 + 1 + 1),
        ("dodge", "dodge", 4 + 3 + 3),
        ("dodge", "gymnastics", 4 + 3 + 2),
    ],
)
def test_melee_full_defence_adds_the_skills_the_digest_lists(defence: str, full_skill: str, pool: int) -> None:
    inputs = replace(PUNCH, melee_defence=defence, full_defence=True, full_defence_skill=full_skill)
    pools = sr4_pools(inputs)
    assert pools.defence_pool == pool
    assert pools.defence[-1].label == "damage.term.full_defence"


@pytest.mark.rule("SR4-M2")
@pytest.mark.parametrize(("defence", "full_skill"), [("parry", "unarmed"), ("block", "gymnastics"), ("dodge", "weapon")])
def test_melee_full_defence_refuses_other_skills(defence: str, full_skill: str) -> None:
    with pytest.raises(RulesError) as error:
        sr4_pools(replace(PUNCH, melee_defence=defence, full_defence=True, full_defence_skill=full_skill))
    assert error.value.key == "error.damage.full_defence_skill"


@pytest.mark.rule("SR4-M3")
def test_melee_uses_impact_armour_and_the_same_steps() -> None:
    club = replace(PUNCH, weapon=Weapon(dv=5))  # physical
    pools = sr4_pools(club)
    assert pairs(pools.armour.terms) == (("damage.term.impact_armour", 6),)
    assert pools.armour.terms[0].rule == "SR4-M3"
    assert resolve_attack_sr4(club, 3, 3, 0).miss  # tie → miss
    over = resolve_attack_sr4(club, 4, 2, 2)  # DV 7 > impact 6
    assert (over.track, over.applied) == ("physical", 5)
    level = resolve_attack_sr4(club, 3, 2, 0)  # DV 6 = impact 6
    assert level.track == "stun"
    assert resolve_attack_sr4(PUNCH, 6, 0, 0).track == "stun"  # stun weapon


@pytest.mark.rule("SR4-MT4")
def test_unaware_defender_has_no_defence() -> None:
    inputs = replace(SHOT, no_defence=True)
    pools = sr4_pools(inputs)
    assert pools.defence_pool == 0
    assert pairs(pools.defence) == (("damage.term.no_defence", 0),)
    assert resolve_attack_sr4(inputs, 1, 0, 0).outcome.net_hits == 1
    with pytest.raises(RulesError) as error:
        resolve_attack_sr4(inputs, 2, 1, 0)
    assert error.value.key == "error.damage.no_defence_hits"


def test_bad_figures_are_refused() -> None:
    with pytest.raises(RulesError) as error:
        sr4_pools(replace(SHOT, attacker=Attacker(-1, 3)))
    assert error.value.key == "error.damage.negative_figure"
    with pytest.raises(RulesError) as error:
        sr4_pools(replace(SHOT, kind="thrown"))  # type: ignore[arg-type]
    assert error.value.key == "error.damage.unknown_attack_kind"
    with pytest.raises(RulesError) as error:
        sr4_pools(replace(PUNCH, melee_defence="duck"))  # type: ignore[arg-type]
    assert error.value.key == "error.damage.unknown_defence"


@pytest.mark.rule("SR4-R3")
def test_inputs_from_the_sheet() -> None:
    attributes = {"BOD": 4, "AGI": 4, "REA": 4, "STR": 3, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 2}
    sheet = SR4Sheet(name="Ganger", attributes=attributes, stun_damage=6)
    defender = sr4_defender_of(sheet, 8, 6, 3, 2, 1, 4)
    assert defender == replace(GANGER, wound_modifier=-2)
    assert sr4_pools(replace(SHOT, defender=defender)).defence_pool == 4 - 2
