"""SR5 suppressive fire (SR5-F8, F9): the zone, the test, the damage, the modifier."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.weapons.catalogue import weapon
from gmtool.games.shadowrun.rules.weapons.magazine import Magazine
from gmtool.games.shadowrun.rules.weapons.recoil import RecoilTracker
from gmtool.games.shadowrun.rules.weapons.suppressive import is_hit, must_test, start_suppressive_fire, suppression_pool

ALPHA = weapon("sr5", "ares_alpha")


@pytest.mark.rule("SR5-F8")
def test_suppressive_fire_uses_twenty_rounds_a_complex_action_and_makes_a_zone() -> None:
    zone, shot = start_suppressive_fire("Rook", ALPHA, Magazine.full(ALPHA, "explosive"), hits=6, turn=2, accuracy=5)
    assert (shot.rounds_used, shot.action, shot.magazine.rounds) == (20, "complex", 22)
    assert shot.mode.ignores_recoil and RecoilTracker().fire(20, 2, shot.mode.ignores_recoil)[1] == 0
    assert (zone.hits, zone.width_m, zone.height_m, zone.length_m, zone.ammo_type) == (5, 10, 2, 550, "explosive")
    assert zone.in_force(2) and not zone.in_force(3)
    assert not zone.stop().in_force(2)


@pytest.mark.rule("SR5-F8")
def test_suppressive_fire_needs_full_auto_and_twenty_rounds() -> None:
    predator = weapon("sr5", "ares_predator_v")
    with pytest.raises(RulesError):
        start_suppressive_fire("Rook", predator, Magazine.full(predator), hits=3, turn=1)
    low = Magazine.full(ALPHA).fire(25)
    with pytest.raises(RulesError) as caught:
        start_suppressive_fire("Rook", ALPHA, low, hits=3, turn=1)
    assert caught.value.key == "weapons.refusal.not_enough_rounds"


@pytest.mark.rule("SR5-F9")
def test_everyone_in_or_beside_the_zone_takes_minus_hits() -> None:
    zone, _ = start_suppressive_fire("Rook", ALPHA, Magazine.full(ALPHA), hits=4, turn=1)
    assert zone.action_modifier() == -4
    assert zone.stop().action_modifier() == 0


@pytest.mark.rule("SR5-F9")
def test_who_tests_and_with_what() -> None:
    assert must_test(in_zone=True)
    assert not must_test(in_zone=True, in_cover=True)
    assert not must_test(in_zone=True, prone=True)
    assert must_test(in_zone=True, prone=True, standing_up_or_acting=True)
    assert must_test(in_zone=False, entering_or_leaving=True)
    assert not must_test(in_zone=False)
    assert suppression_pool(reaction=4, edge_attribute=3, full_defence_bonus=5) == 12


@pytest.mark.rule("SR5-F9")
def test_failing_the_test_deals_base_dv_with_the_ammunition() -> None:
    zone, _ = start_suppressive_fire("Rook", ALPHA, Magazine.full(ALPHA, "explosive"), hits=4, turn=1)
    assert is_hit(zone, test_hits=3) and not is_hit(zone, test_hits=4)
    damage = zone.damage()
    assert (damage.dv, damage.ap, damage.damage_type) == (12, -3, "P")  # 11P −2 with explosive +1 / −1, no net hits
