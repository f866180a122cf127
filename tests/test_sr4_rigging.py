"""SR4 rigging (SR4-V1..V5) through the SR4 encounter's journal.

Every expected value is worked out by hand from the digest ``shared/seeds/000_85eb82309217704e.txt``
§7 (lines 472-508), faces typed at the table (X-2) so the dice are known. Sheets: every attribute 3
unless named. The drone "Lynx" (c2): Handling +1, Pilot 3, Body 3, Sensor 3, Maneuver 2, Clearsight 3.
Its sheet's Body 3 gives a monitor of 8 + 2 = 10 boxes (SR4-MT8, as a character's).
"""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.rules.effect_rules import effect_terms
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import vehicle_messages as vm
from gmtool.games.shadowrun.sr4.rules.describe import describe
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet
from gmtool.games.shadowrun.sr4.rules.vehicle_state import VehicleStats

LYNX = VehicleStats(handling=1, pilot=3, body=3, sensor=3, autosofts={"maneuver": 2, "clearsight": 3})
CAR = VehicleStats(handling=-1, pilot=2, body=10, sensor=2)


def sheet(name: str, **attributes: int) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES} | attributes
    return Sheet(name=name, attributes=values, edge_points=values["EDG"])


def drone(name: str, **attributes: int) -> Sheet:
    """A vehicle's sheet (the ``vehicle`` metatype: no Edge); only such a combatant registers as a vehicle."""
    return sheet(name, EDG=0, **attributes).model_copy(update={"metatype": "vehicle"})


def run(encounter: Encounter, command: Command) -> tuple[Event, ...]:
    entry = encounter.prepare(command)
    encounter.commit(entry)
    return entry.events


def refused(encounter: Encounter, command: Command) -> RulesError:
    with pytest.raises(RulesError) as info:
        encounter.prepare(command)
    return info.value


def rigged(mode: str = "autonomous", **control: object) -> Encounter:
    """Deck the rigger (c1, Willpower 4), the drone Lynx (c2), the car Hearse (c3), a guard (c4) and
    a second drone, Wing (c5, not registered yet)."""
    encounter = Encounter(SR4Ruleset(), 3)
    for s in (sheet("Deck", WIL=4), drone("Lynx"), drone("Hearse"), sheet("Guard"), drone("Wing")):
        run(encounter, cmd.AddCombatant(sheet=s))
    run(encounter, vm.RegisterVehicle(combatant="c2", stats=LYNX))
    run(encounter, vm.RegisterVehicle(combatant="c3", stats=CAR))
    if mode != "autonomous":
        run(encounter, vm.ControlVehicle(vehicle="c2", mode=mode, rigger="c1", system=3, biofeedback_filter=2,
                                         **control))  # type: ignore[arg-type]
    return encounter


def rolled(events: tuple[Event, ...], role: str = "test") -> Event:
    return next(e for e in events if e.kind == "dice_test_rolled" and e.role == role)  # type: ignore[attr-defined]


# -- SR4-V1 control, autonomous pools, AR and VR --------------------------------------------------------
@pytest.mark.rule("SR4-V1")
def test_a_commlink_handles_system_times_two_devices_and_a_group_counts_once() -> None:
    # §7.1 line 476: at most System × 2; line 478: several drones subscribed as one device.
    encounter = rigged()
    for cid in ("c5",):
        run(encounter, vm.RegisterVehicle(combatant=cid, stats=LYNX))
    one = {"rigger": "c1", "system": 1, "mode": "remote"}  # System 1 → 2 devices
    run(encounter, vm.ControlVehicle(vehicle="c2", **one))  # type: ignore[arg-type]
    run(encounter, vm.ControlVehicle(vehicle="c3", **one))  # type: ignore[arg-type]
    error = refused(encounter, vm.ControlVehicle(vehicle="c5", **one))  # type: ignore[arg-type]
    assert error.key == "error.sr4rig.too_many_devices" and error.args_for_message["count"] == 3
    # c3 and c5 subscribed as the group "wing": c2 + the wing = 2 devices.
    run(encounter, vm.ControlVehicle(vehicle="c3", group="wing", **one))  # type: ignore[arg-type]
    (event,) = run(encounter, vm.ControlVehicle(vehicle="c5", group="wing", **one))  # type: ignore[arg-type]
    assert event.devices == 2  # type: ignore[attr-defined]


@pytest.mark.rule("SR4-V1")
def test_an_autonomous_drone_rolls_pilot_plus_autosoft_with_handling() -> None:
    # §7.1 line 477: Pilot + autosoft; §7.6 line 512: ± Handling → 3 + 2 + 1 = 6 dice.
    encounter = rigged()
    test = rolled(run(encounter, vm.VehicleTest(vehicle="c2", test="vehicle", faces=(5, 5, 1, 2, 3, 4))))
    assert test.pool == 6 and test.hits == 2  # type: ignore[attr-defined]


@pytest.mark.rule("SR4-V1")
def test_remote_in_ar_adds_one_die() -> None:
    # §7.1 line 479: AR and subscribed, +1 on vehicle tests; the rigger's Reaction 3 + skill 4 + Handling 1 + 1 = 9.
    encounter = rigged("remote")
    test = rolled(run(encounter, vm.VehicleTest(vehicle="c2", test="vehicle", skill=4, faces=(1,) * 4 + (2,) * 5)))
    assert test.pool == 9 and dict(test.terms)["sr4rig.term.ar"] == 1  # type: ignore[attr-defined]


@pytest.mark.rule("SR4-V1")
@pytest.mark.rule("SR4-V2")
def test_jumped_in_uses_the_riggers_skill_with_the_drones_pilot_and_vr_lowers_the_threshold() -> None:
    # §7.2 line 484: the rigger's skill 4 with the drone's attribute (Pilot 3) + Handling 1 = 8 dice;
    # §7.1 line 480: VR, threshold 3 − 1 = 2; faces 5 6 → 2 hits: a success.
    encounter = rigged("jumped")
    test = rolled(run(encounter, vm.VehicleTest(vehicle="c2", test="vehicle", skill=4, threshold=3,
                                                faces=(5, 6, 1, 2, 3, 4, 2, 2))))
    assert (test.pool, test.threshold, test.hits) == (8, 2, 2)  # type: ignore[attr-defined]


# -- SR4-V2 jumped-in damage feedback and dumpshock -----------------------------------------------------
@pytest.mark.rule("SR4-V2")
def test_a_jumped_in_rigger_resists_half_the_drones_damage_rounded_up_as_stun() -> None:
    # §7.2 line 485: 5 boxes → ceil(5 / 2) = 3 stun; Willpower 4 + Biofeedback Filter 2 = 6 dice;
    # faces 5 1 1 2 3 4 → 1 hit → 3 − 1 = 2 stun on Deck.
    encounter = rigged("jumped")
    events = run(encounter, vm.VehicleHit(vehicle="c2", boxes=5, on_monitor=False, skill=4, feedback_faces=(5, 1, 1, 2, 3, 4),
                                          crash_faces=(5, 5, 5, 1, 1, 1, 1, 1)))
    feedback = rolled(events)
    assert feedback.combatant == "c1" and feedback.pool == 6  # type: ignore[attr-defined]
    assert encounter.state.combatants["c1"].sheet.stun_damage == 2
    assert encounter.state.combatants["c2"].sheet.physical_damage == 5


@pytest.mark.rule("SR4-V2")
def test_a_destroyed_drone_gives_dumpshock_and_throws_the_rigger_out() -> None:
    # §7.2 line 486; the drone's monitor is 8 + ceil(3 / 2) = 10 boxes: 10 boxes destroy it.
    encounter = rigged("jumped")
    events = run(encounter, vm.VehicleHit(vehicle="c2", boxes=10, on_monitor=False, skill=4, feedback_faces=(1,) * 6,
                                          crash_faces=(1,) * 8))
    assert any(e.kind == "dumpshocked" for e in events)
    assert encounter.state.vehicles["c2"].control.mode == "autonomous"
    assert encounter.state.combatants["c1"].sheet.stun_damage == 5  # ceil(10 / 2) = 5, no hits


@pytest.mark.rule("SR4-V2")
def test_a_drone_not_jumped_into_gives_no_feedback() -> None:
    encounter = rigged("remote")
    events = run(encounter, vm.VehicleHit(vehicle="c2", boxes=2, on_monitor=False))
    assert not [e for e in events if e.kind == "dice_test_rolled"]  # 2 < Body 3: no crash test either
    assert encounter.state.combatants["c1"].sheet.stun_damage == 0


# -- SR4-V3 sensor tests -----------------------------------------------------------------------------------
@pytest.mark.rule("SR4-V3")
def test_sensor_tests_and_hidden_targets() -> None:
    # §7.3 line 490: Sensor 3 + Perception 4 = 7 (rigger); autonomous: Sensor 3 + Clearsight 3 = 6.
    auto = rigged()
    assert rolled(run(auto, vm.VehicleTest(vehicle="c2", test="sensor", faces=(1,) * 6))).pool == 6  # type: ignore[attr-defined]
    encounter = rigged("remote")
    # line 491: a hidden person opposes with Infiltration 2 + Agility 3 = 5; 3 hits against 1: 2 net hits.
    events = run(encounter, vm.VehicleTest(vehicle="c2", test="sensor", skill=4, target="c4", target_skill=2,
                                           faces=(5, 5, 6, 1, 2, 3, 4), target_faces=(5, 1, 2, 3, 4)))
    assert rolled(events, "actor").pool == 7 and rolled(events, "opponent").pool == 5  # type: ignore[attr-defined]
    result = next(e for e in events if e.kind == "opposed_test_resolved")
    assert result.net_hits == 2  # type: ignore[attr-defined]
    # line 492: a hidden vehicle: Infiltration 2 + Reaction (the car's Pilot 2, autonomous) − Handling 1 = 3.
    events = run(encounter, vm.VehicleTest(vehicle="c2", test="sensor", skill=4, target="c3", target_skill=2,
                                           faces=(1,) * 7, target_faces=(1, 2, 3)))
    assert rolled(events, "opponent").pool == 3  # type: ignore[attr-defined]


# -- SR4-V4 sensor targeting --------------------------------------------------------------------------------
@pytest.mark.rule("SR4-V4")
def test_an_active_lock_on_adds_the_sensor_tests_net_hits_to_later_attacks() -> None:
    # §7.4 lines 502-504: a sensor test (Sensor 3 + Perception 3 = 6); faces 5 6 → 2 hits; the attacks
    # add +2 while the lock holds (an effect on the drone, read by the attack box's pool).
    encounter = rigged("remote")
    events = run(encounter, vm.LockOn(vehicle="c2", target="c3", targeting="active", skill=3,
                                      faces=(5, 6, 1, 2, 3, 4)))
    assert rolled(events).pool == 6  # type: ignore[attr-defined]
    assert effect_terms(encounter.state, "c2", "attack") == (("effect.sensor_lock", 2),)
    assert effect_terms(encounter.state, "c2", "test") == ()  # attacks only


@pytest.mark.rule("SR4-V4")
def test_a_failed_lock_holds_nothing_and_passive_targeting_swaps_agility_for_sensor() -> None:
    encounter = rigged("remote")
    run(encounter, vm.LockOn(vehicle="c2", target="c3", targeting="active", skill=3, faces=(1, 2, 3, 4, 1, 2)))
    assert effect_terms(encounter.state, "c2", "attack") == ()
    # §7.4 line 498: Gunnery + Sensor ± signature: the attack box's Agility 3 becomes Sensor 3 − 1 → −1.
    run(encounter, vm.LockOn(vehicle="c2", target="c3", targeting="passive", signature=-1))
    assert effect_terms(encounter.state, "c2", "attack") == (("effect.sensor_targeting", -1),)


# -- SR4-V5 crash -----------------------------------------------------------------------------------------
@pytest.mark.rule("SR4-V5")
def test_damage_of_body_or_more_from_one_attack_calls_a_crash_test() -> None:
    # §7.5 line 508: 3 boxes ≥ Body 3 → vehicle skill + Reaction (3); autonomous: 3 + 2 + 1 = 6 dice;
    # faces 5 5 → 2 hits < 3: it crashes. 2 boxes: no test.
    encounter = rigged()
    assert not any(e.kind == "crash_tested" for e in run(encounter, vm.VehicleHit(vehicle="c2", boxes=2)))
    events = run(encounter, vm.VehicleHit(vehicle="c2", boxes=3, crash_faces=(5, 5, 1, 2, 3, 4)))
    crash = rolled(events)
    assert (crash.pool, crash.threshold, crash.hits) == (6, 3, 2)  # type: ignore[attr-defined]
    assert encounter.state.vehicles["c2"].crashed


def test_the_rigging_log_reads_in_both_languages() -> None:
    from gmtool.core.i18n import set_language

    encounter = rigged("jumped")
    events = run(encounter, vm.VehicleHit(vehicle="c2", boxes=3, skill=4, feedback_faces=(1,) * 6, crash_faces=(6,) * 8))
    try:
        set_language("ja")
        lines = [describe(e) for e in events]
        assert any("クラッシュ" in line for line in lines) and any("精神ダメージ" in line for line in lines)
    finally:
        set_language("en")
    assert "Lynx avoids the crash." in [describe(e) for e in events]


def test_only_a_registered_vehicle_takes_vehicle_commands() -> None:
    encounter = rigged()
    assert refused(encounter, vm.VehicleTest(vehicle="c4", test="vehicle")).key == "error.sr4rig.not_vehicle"
    assert refused(encounter, vm.ControlVehicle(vehicle="c2", mode="remote")).key == "error.sr4rig.rigger_needed"
    assert refused(encounter, vm.LockOn(vehicle="c2", target="c2", targeting="passive")).key == "error.sr4rig.lock_self"


@pytest.mark.rule("SR4-V4")
def test_the_lock_reaches_the_attack_box_pool_and_holds_for_later_attacks() -> None:
    # §7.4 line 503: Agility + Gunnery + the sensor test's net hits; line 504: later attacks need no new test.
    # Gunner drone: Agility 3 + weapon skill 4 = 7; the lock-on's 2 hits make it 9 on each attack.
    from gmtool.games.shadowrun.rules.attack.messages import Attack, AttackResolved
    from gmtool.games.shadowrun.rules.weapons.catalogue import weapon

    encounter = Encounter(SR4Ruleset(), 5)
    gunner = drone("Gunner", REA=6, INT=6).model_copy(update={"skills": {"pistols": 4},
                                                              "weapons": (weapon("sr4", "ares_predator_iv"),)})
    run(encounter, cmd.AddCombatant(sheet=gunner))
    run(encounter, cmd.AddCombatant(sheet=sheet("Target", REA=1, INT=1)))
    run(encounter, vm.RegisterVehicle(combatant="c1", stats=LYNX))
    run(encounter, cmd.StartTurn())
    run(encounter, vm.LockOn(vehicle="c1", target="c2", targeting="active", skill=3, faces=(5, 6, 1, 2, 3, 4)))
    for _shot in range(2):
        events = run(encounter, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=4))
        attack = next(e for e in events if isinstance(e, AttackResolved)).attack
        recoil = 0 if _shot == 0 else -1  # SR4-MT6: the second semi-automatic shot in the phase
        assert attack.pool == 3 + 4 + 2 + recoil


@pytest.mark.rule("SR4-V1")
def test_a_subscribed_group_acts_as_one() -> None:
    # §7.1 line 478: several drones registered as one device: one test for the group.
    encounter = rigged()
    run(encounter, vm.RegisterVehicle(combatant="c5", stats=LYNX))
    for cid in ("c2", "c5"):
        run(encounter, vm.ControlVehicle(vehicle=cid, mode="remote", rigger="c1", system=1, group="wing"))
    events = run(encounter, vm.VehicleTest(vehicle="c2", test="vehicle", skill=3, faces=(1,) * 8))
    assert describe(events[0]) == ("Subscribed group wing (Lynx, Wing) acts as one: "
                                   "this test stands for every drone of it.")
    assert [e.kind for e in events] == ["group_acted", "dice_test_rolled"]
