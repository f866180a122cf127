"""The Aura Battler's six ranges and its power points (AB-13, AB-16, AB-22), from the digest's
sections 13, 16 and 22; the worked positions of ``shared/spec/hex.md`` §8 (S1–S6), battler at the
origin facing north unless said."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import ORIGIN, Hex
from gmtool.games.aura_battler.rules.allocation import PowerPoints, allocate, defend
from gmtool.games.aura_battler.rules.sectors import FRONT, range_in_hex, range_of


@pytest.mark.rule("AB-13")
@pytest.mark.parametrize(("facing", "other", "expected"), [
    (0, Hex(0, -3, 3), "FF"), (2, Hex(3, 0, -3), "FF"),       # S1
    (0, Hex(1, -2, 1), "FF"), (0, Hex(-1, -1, 2), "FF"),      # S2: the FF/FR and FL/FF boundaries → FF (13.3)
    (0, Hex(2, -1, -1), "FR"), (0, Hex(-2, 1, 1), "FL"),      # S3: FR/BR → FR, FL/BL → FL (13.7)
    (0, Hex(1, 1, -2), "BB"), (0, Hex(-1, 2, -1), "BB"),      # S4: the BB boundaries → BB (13.4)
    (0, Hex(1, -1, 0), "FR"), (0, Hex(1, 0, -1), "BR"), (0, Hex(0, 2, -2), "BB"), (0, Hex(2, -3, 1), "FR"),  # S5
    (2, Hex(1, 1, -2), "FF"), (2, Hex(3, -3, 0), "FL"),
])
def test_the_six_ranges(facing: int, other: Hex, expected: str) -> None:
    assert range_of(ORIGIN, facing, other) == expected
    assert (expected in FRONT) == (expected in ("FF", "FR", "FL"))


@pytest.mark.rule("AB-13")
def test_two_battlers_in_one_hex() -> None:
    # S6: both at the origin, the target facing N. The target arrived last from (0,1,−1): it counts
    # as there, and the attacker lies in its FF. The attacker arrived last from (0,1,−1): it counts
    # as there, in the target's BB.
    came_from = Hex(0, 1, -1)
    assert range_in_hex(ORIGIN, 0, ORIGIN, other_arrived_last=False, other_came_from=None,
                        battler_came_from=came_from) == "FF"
    assert range_in_hex(ORIGIN, 0, ORIGIN, other_arrived_last=True, other_came_from=came_from,
                        battler_came_from=None) == "BB"


@pytest.mark.rule("AB-22")
def test_the_allocation_always_totals_the_pilot_s_base() -> None:
    points = allocate(8, attack=2, defence=1, power=1, barrier=1, response=1)
    assert points == PowerPoints(action=2, attack=2, defence=1, power=1, barrier=1, response=1) and points.total == 8
    with pytest.raises(RulesError) as caught:
        allocate(8, attack=5, defence=4, power=0, barrier=0, response=0)
    assert caught.value.key == "error.ab_pp_too_many"
    with pytest.raises(RulesError):
        allocate(8, attack=-1, defence=0, power=0, barrier=0, response=0)


@pytest.mark.rule("AB-22")
def test_the_whole_base_may_go_to_the_five_and_one_more_is_refused() -> None:
    # 003 lines 75-76 (22.4, 22.5): the action PP are split among attack, defence, power, barrier and response;
    # the six total the base. Base 5 given 2 + 1 + 1 + 1 + 0 = 5: nothing is left as action PP.
    points = allocate(5, attack=2, defence=1, power=1, barrier=1, response=0)
    assert points == PowerPoints(action=0, attack=2, defence=1, power=1, barrier=1, response=0)
    # Base 5 given 2 + 1 + 1 + 1 + 1 = 6: one more than the base, refused.
    with pytest.raises(RulesError) as caught:
        allocate(5, attack=2, defence=1, power=1, barrier=1, response=1)
    assert caught.value.key == "error.ab_pp_too_many"
    # Base 7 with nothing given: all 7 stay action PP.
    assert allocate(7, attack=0, defence=0, power=0, barrier=0, response=0) == PowerPoints(action=7)


@pytest.mark.rule("AB-16")
def test_defending_costs_action_pp_and_a_defence_pp_each_time() -> None:
    points = allocate(6, attack=1, defence=2, power=0, barrier=0, response=0)  # action 3
    after, counts = defend(points, "evade", sword=False, in_parry_arc=False)
    assert counts and (after.action, after.defence) == (2, 1)  # evade: 1 action PP; defence PP −1 (16.5)
    after, counts = defend(after, "parry", sword=True, in_parry_arc=True)
    assert counts and (after.action, after.defence) == (0, 0)  # parry: 2 action PP
    after, counts = defend(after, "evade", sword=False, in_parry_arc=False)
    assert not counts and (after.action, after.defence) == (0, 0)  # no PP left: evasion and defence PP count 0
    with pytest.raises(RulesError):
        defend(points, "parry", sword=False, in_parry_arc=True)  # a parry only against a sword (16.2)


@pytest.mark.rule("AB-20")
def test_aura_power_is_spent_just_before_use_attacker_first() -> None:
    from gmtool.games.aura_battler.rules.allocation import aura_order, spend_aura

    points = allocate(6, attack=1, defence=1, power=1, barrier=1, response=0)
    after, left = spend_aura(points, aura_left=3, item="power", amount=2)  # 20.2: before the damage roll
    assert after.power == 3 and left == 1 and after.action == points.action  # not taken from the PP split
    with pytest.raises(RulesError):
        spend_aura(after, left, "attack", 2)  # only 1 left
    with pytest.raises(RulesError):
        spend_aura(after, left, "thrust", 1)
    assert aura_order("attacker", "defender") == ("attacker", "defender")  # 20.3
