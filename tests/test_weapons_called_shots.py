"""SR5 called shots (SR5-CS1..CS9) and the SR4 rulebook's called shots."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.core.errors import NotImplementedRuleError, RulesError
from gmtool.games.shadowrun.rules.weapons import called_shots_sr4 as sr4
from gmtool.games.shadowrun.rules.weapons import called_shots_sr5 as cs
from gmtool.games.shadowrun.rules.weapons.catalogue import weapon
from gmtool.games.shadowrun.rules.weapons.firing_modes_sr5 import mode

KATANA = weapon("sr5", "katana")
PREDATOR = weapon("sr5", "ares_predator_v")


def test_called_shots_take_minus_four_and_a_free_action() -> None:
    rules = cs.called_shot_rules()
    assert (rules.pool_modifier, rules.action, rules.page) == (-4, "free", 195)
    assert rules.modifier_for("vitals") == -4
    assert rules.modifier_for("multiple_attacks") == 0
    assert {kind.rule for kind in rules.kinds.values()} == {f"SR5-CS{n}" for n in range(1, 10)}


@pytest.mark.rule("SR5-CS1")
def test_blast_out_of_hands() -> None:
    result = cs.blast_out_of_hands(net_hits=4)
    assert (result.hit, result.deals_damage, result.distance_m) == (True, False, 3)
    assert cs.blast_out_of_hands(net_hits=1).distance_m == 0
    assert cs.blast_out_of_hands(net_hits=0).hit is False


@pytest.mark.rule("SR5-CS2")
def test_dirty_trick() -> None:
    result = cs.dirty_trick(net_hits=1)
    assert [(e.key, e.holder, e.modifier) for e in result.effects] == [("dirty_trick", "target", -4)]
    assert cs.dirty_trick(net_hits=0).effects == ()
    assert cs.dirty_trick(net_hits=2, deals_damage=False).deals_damage is False


@pytest.mark.rule("SR5-CS3")
def test_harder_knock() -> None:
    assert cs.harder_knock(net_hits=2).damage_type == "S"
    assert cs.harder_knock(net_hits=2).extra_dv == 0


@pytest.mark.rule("SR5-CS4")
def test_knock_down() -> None:
    down = cs.knock_down(KATANA, attacker_strength=5, net_hits=2, defender_physical_limit=6)
    assert (down.deals_damage, [(e.key, e.holder) for e in down.effects]) == (False, [("prone", "target")])
    stands = cs.knock_down(KATANA, attacker_strength=4, net_hits=2, defender_physical_limit=6)  # 6 is not greater
    assert stands.effects == ()
    both = cs.knock_down(KATANA, 5, 2, 6, attacker_falls_too=True)
    assert {e.holder for e in both.effects} == {"target", "attacker"}
    glitched = cs.knock_down(KATANA, 5, 2, 6, glitch=True)
    assert {e.holder for e in glitched.effects} == {"target", "attacker"}
    critical = cs.knock_down(KATANA, 9, 3, 2, critical_glitch=True)
    assert [(e.key, e.holder) for e in critical.effects] == [("prone", "attacker")]
    with pytest.raises(RulesError) as caught:
        cs.knock_down(PREDATOR, 5, 2, 3)
    assert caught.value.key == "weapons.error.knock_down_melee"


@pytest.mark.rule("SR5-CS5")
def test_shake_up() -> None:
    result = cs.shake_up(net_hits=1, target_initiative=12)
    assert (result.initiative_change, result.new_initiative, result.loses_action, result.deals_damage) == (-5, 7, False, True)
    assert cs.shake_up(net_hits=1, target_initiative=5).loses_action is True
    assert cs.shake_up(net_hits=0, target_initiative=5).initiative_change == 0


@pytest.mark.rule("SR5-CS6")
def test_splitting_the_damage() -> None:
    assert cs.split_damage(7, modified_dv=12, modified_armour=9) == (3, 4)
    assert cs.split_damage(6, modified_dv=12, modified_armour=9) == (3, 3)
    assert cs.split_damage(7, modified_dv=9, modified_armour=9) == (0, 4)
    assert cs.splitting_the_damage(net_hits=2, target_armour=12, ap=-4).hit
    with pytest.raises(RulesError) as caught:
        cs.splitting_the_damage(net_hits=2, target_armour=0, ap=0)
    assert caught.value.key == "weapons.error.split_needs_armour"
    with pytest.raises(RulesError) as caught:
        cs.splitting_the_damage(net_hits=2, target_armour=4, ap=-4)
    assert caught.value.key == "weapons.error.split_ap"


@given(st.integers(0, 40), st.integers(0, 30), st.integers(0, 30))
def test_split_never_creates_damage(damage: int, dv: int, armour: int) -> None:
    physical, stun = cs.split_damage(damage, dv, armour)
    assert 0 <= physical <= stun and physical + stun <= damage


@pytest.mark.rule("SR5-CS7")
def test_trick_shot() -> None:
    result = cs.trick_shot(net_hits=3, in_combat=False)
    assert (result.bonus_dice, result.deals_damage) == (3, False)
    with pytest.raises(RulesError):
        cs.trick_shot(net_hits=3, in_combat=True)


@pytest.mark.rule("SR5-CS8")
def test_vitals() -> None:
    assert cs.vitals(net_hits=1).extra_dv == 2
    assert cs.vitals(net_hits=0).extra_dv == 0


@pytest.mark.rule("SR5-CS9")
def test_multiple_attacks_split_evenly_after_edge() -> None:
    assert cs.multiple_attack_pools([11], skill_rating=6, attacks=3) == (4, 4, 3)
    assert cs.multiple_attack_pools([12, 9], skill_rating=6, attacks=2) == (5, 4)  # smaller pool
    assert cs.multiple_attack_pools([9], skill_rating=6, attacks=3, edge_dice=3) == (4, 4, 4)
    with pytest.raises(RulesError):
        cs.multiple_attack_pools([12], skill_rating=5, attacks=3)  # at most 2
    assert cs.multiple_attack_pools([12], skill_rating=5, attacks=3, round_up=True) == (4, 4, 4)
    with pytest.raises(RulesError):
        cs.multiple_attack_pools([12], skill_rating=6, attacks=1)
    with pytest.raises(RulesError):
        cs.multiple_attack_pools([2], skill_rating=6, attacks=3)


@pytest.mark.rule("SR5-CS9")
def test_multiple_attacks_need_the_right_weapons() -> None:
    assert cs.multiple_attacks_refusal([KATANA], [None]) is None
    assert cs.multiple_attacks_refusal([KATANA, PREDATOR], [None, mode("SA")]) is None
    assert cs.multiple_attacks_refusal([PREDATOR], [mode("SA")]) is not None
    alpha = weapon("sr5", "ares_alpha")
    assert cs.multiple_attacks_refusal([alpha], [mode("BF")]) is None
    refused = cs.multiple_attacks_refusal([PREDATOR, PREDATOR], [mode("SA"), mode("SA")])
    assert refused is not None and refused.key == "weapons.refusal.multiple_same_weapon"


@given(st.integers(0, 40), st.integers(2, 12), st.integers(2, 6), st.integers(0, 6))
def test_multiple_attack_pools_share_every_die(pool: int, skill: int, attacks: int, edge: int) -> None:
    try:
        pools = cs.multiple_attack_pools([pool], skill, attacks, edge)
    except RulesError:
        return
    assert sum(pools) == pool + edge and max(pools) - min(pools) <= 1 and len(pools) == attacks


def test_sr4_called_shots_from_the_rulebook() -> None:
    assert sr4.called_shot_damage(pool_modifier=-3, net_hits=1).extra_dv == 3
    assert sr4.called_shot_damage(pool_modifier=-3, net_hits=0).extra_dv == 0
    with pytest.raises(RulesError):
        sr4.called_shot_damage(pool_modifier=-5, net_hits=2)
    assert sr4.called_shot_bypass_armour(net_hits=1).ignore_armour
    with pytest.raises(NotImplementedRuleError):
        sr4.called_shot_specific()
