"""SR4 rigging figures worked out by hand: the odds shown before a vehicle, sensor or range test, a lock-on against a
hidden target, and a drone's ram at its Maneuver autosoft.

000 = the SR4 digest (``shared/seeds/000_85eb82309217704e.txt``) §7; a hit is a 5 or a 6 (p = 1/3). The fighters
are those of ``tests/test_sr4_rigging.py`` (the drone Lynx: Handling +1, Pilot 3, Sensor 3, Maneuver 2,
Clearsight 3; the guard: Agility 3) and of ``tests/test_sr4_chase.py`` (Hearse and Lynx: Pilot 3, Maneuver 2,
Handling 0).
"""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from gmtool.games.shadowrun.rules.effect_rules import effect_terms
from gmtool.games.shadowrun.sr4.rules import vehicle_messages as vm
from gmtool.games.shadowrun.sr4.rules import vehicle_odds
from tests.test_sr4_rigging import rigged, rolled, run

HIT = icepool.Die([0, 0, 0, 0, 1, 1])


@pytest.mark.rule("SR4-V1")
def test_an_autonomous_drones_vehicle_test_odds_use_pilot_plus_autosoft_and_handling() -> None:
    # 000 §7.1 line 477: autonomous, Pilot + autosoft: Pilot 3 + Maneuver 2 + Handling 1 = 6 dice, threshold 3:
    # P(≥ 3 hits) = 1 − (2^6 + 6·2^5 + 15·2^4)/3^6 = 1 − 496/729 = 233/729.
    odds = vehicle_odds.test_odds(rigged().state, "c2", "vehicle", 0, 3)
    assert sum(v for _, v in odds.terms) == 6
    assert odds.chances == (("sr4rig.odds.success", pytest.approx(float(Fraction(233, 729)), abs=1e-12)),)


@pytest.mark.rule("SR4-V3")
def test_the_odds_of_spotting_a_hidden_person_oppose_sensor_and_clearsight_to_agility_and_infiltration() -> None:
    # 000 §7.3 lines 490-491: autonomous, Sensor 3 + Clearsight 3 = 6 dice against Infiltration 2 + Agility 3 = 5.
    odds = vehicle_odds.test_odds(rigged().state, "c2", "sensor", 0, 1, "c4", 2)
    assert (sum(v for _, v in odds.terms), sum(v for _, v in odds.other)) == (6, 5)
    expected = (6 @ HIT > 5 @ HIT).probability(True)  # a tie goes to the hider (SR4-D5)
    assert odds.chances == (("sr4rig.odds.beats", pytest.approx(float(expected), abs=1e-12)),)


@pytest.mark.rule("SR4-V6")
def test_the_range_test_odds_are_each_sides_chance_of_more_hits() -> None:
    from tests.test_sr4_chase import chase

    # 000 §7.6 line 512: Reaction + vehicle skill ± Handling, opposed: 5 dice each. With p_k the chance of k hits of
    # 5 (32, 80, 80, 40, 10, 1 of 243), a tie is Σ p_k² = 15525/59049; either side wins (1 − tie) / 2 = 21762/59049.
    odds = vehicle_odds.range_odds(chase().state, "c2", 0, 0)
    assert (sum(v for _, v in odds.terms), sum(v for _, v in odds.other)) == (5, 5)
    both = pytest.approx(float(Fraction(21762, 59049)), abs=1e-12)
    assert odds.chances == (("sr4rig.odds.lead", both), ("sr4rig.odds.pursuer", both))


@pytest.mark.rule("SR4-V4")
def test_an_active_lock_on_a_hidden_target_holds_the_opposed_tests_net_hits() -> None:
    # 000 §7.4 lines 502-503 and §7.3 line 491: the lock-on sensor test, Sensor 3 + Perception 3 = 6 dice, against
    # the hidden guard's Infiltration 2 + Agility 3 = 5 dice; faces 5 6 5 5 → 4 hits against 1: 3 net hits, +3 on
    # the attacks while the lock holds.
    encounter = rigged("remote")
    events = run(encounter, vm.LockOn(vehicle="c2", target="c4", targeting="active", skill=3, hidden=True,
                                      target_skill=2, faces=(5, 6, 5, 5, 2, 3), target_faces=(5, 1, 2, 3, 4)))
    actor, opponent = rolled(events, "actor"), rolled(events, "opponent")
    assert [face for face, _source, _replaced in actor.dice] == [5, 6, 5, 5, 2, 3]  # type: ignore[attr-defined]
    assert (actor.hits, opponent.hits) == (4, 1)  # type: ignore[attr-defined]
    assert effect_terms(encounter.state, "c2", "attack") == (("effect.sensor_lock", 3),)


@pytest.mark.rule("SR4-V1")
def test_a_drone_added_as_a_vehicle_rams_at_its_maneuver_autosoft() -> None:
    from tests.test_sr4_vehicle_combatants import fight

    # 000 §7.1 line 477: an autonomous drone rolls Pilot + autosoft; its ram (Unarmed Combat) at Maneuver 2, its
    # gun at Targeting 3.
    drone = fight().state.combatants["c2"].sheet
    assert (drone.skills["unarmed_combat"], drone.skills["automatics"]) == (2, 3)
