"""A vehicle or drone is a combatant of its own (issue 31: "Register vehicle" turned the selected
runner into a car).

*Add vehicle* makes a new combatant from the vehicle attributes (digest 000 §7, SR4-V1..V5); a
runner can never be registered as a vehicle. The vehicle's sheet has one condition monitor,
8 + Body ÷ 2 rounded up (SR4-MT8's formula with the vehicle's Body, as the rigging tests use it),
no overflow and no stun: stun damage does not affect a vehicle (the rulebook's vehicles; the
digest is silent). Faces are typed (X-2); a hit is a 5 or a 6.
"""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.rules.attack.messages import Attack
from gmtool.games.shadowrun.rules.weapons.catalogue import weapon
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import vehicle_messages as vm
from gmtool.games.shadowrun.sr4.rules.describe import describe
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet
from gmtool.games.shadowrun.sr4.rules.vehicle_state import VehicleStats

DRONE = VehicleStats(handling=1, pilot=3, body=5, armor=4, sensor=3,
                     autosofts={"maneuver": 2, "targeting": 3})


def run(encounter: Encounter, command: Command) -> tuple[Event, ...]:
    entry = encounter.prepare(command)
    encounter.commit(entry)
    return entry.events


def refused(encounter: Encounter, command: Command) -> RulesError:
    with pytest.raises(RulesError) as info:
        encounter.prepare(command)
    return info.value


def fight() -> Encounter:
    """A runner (c1, Agility 4, Pistols 4, Ares Predator IV 5P) and, added as a vehicle, the drone c2."""
    encounter = Encounter(SR4Ruleset(), 5)
    runner = Sheet(name="Runner", attributes=dict.fromkeys(ATTRIBUTES, 3) | {"AGI": 4}, edge_points=3,
                   skills={"pistols": 4}, weapons=(weapon("sr4", "ares_predator_iv"),))
    run(encounter, cmd.AddCombatant(sheet=runner))
    run(encounter, vm.AddVehicle(name="Hound drone", stats=DRONE, weapon="ingram_smartgun_x"))
    return encounter


@pytest.mark.rule("SR4-V1")
def test_add_vehicle_makes_a_new_combatant_and_leaves_the_runner_alone() -> None:
    encounter = fight()
    state = encounter.state
    runner, drone = state.combatants["c1"].sheet, state.combatants["c2"].sheet
    assert runner.metatype == "human" and "c1" not in state.vehicles
    assert drone.name == "Hound drone" and drone.metatype == "vehicle" and state.vehicles["c2"].stats == DRONE
    # One monitor of 8 + 5 ÷ 2 (rounded up) = 11 boxes, and nothing beyond it: full is destroyed.
    assert (drone.physical_boxes, drone.physical_overflow) == (11, 0)
    # §7.1 line 477: an autonomous drone rolls Pilot + autosoft: its gun's skill is Targeting 3, Agility = Pilot 3.
    assert drone.attributes["AGI"] == 3 and drone.skills["automatics"] == 3
    assert [w.key for w in drone.weapons] == ["ingram_smartgun_x", "drone_ram"]
    assert (drone.ballistic_armour, drone.impact_armour) == (4, 4)


@pytest.mark.rule("SR4-V1")
def test_a_runner_is_never_registered_as_a_vehicle() -> None:
    encounter = fight()
    error = refused(encounter, vm.RegisterVehicle(combatant="c1", stats=DRONE))
    assert error.key == "error.sr4rig.not_a_vehicle_sheet" and "c1" not in encounter.state.vehicles
    assert refused(encounter, cmd.EditSheet(combatant="c1", field="metatype", value="vehicle")).key == \
        "error.sr4rig.metatype_vehicle"
    assert refused(encounter, cmd.EditSheet(combatant="c2", field="metatype", value="troll")).key == \
        "error.sr4rig.metatype_vehicle"


def test_a_vehicles_new_body_resizes_its_monitor() -> None:
    encounter = fight()
    run(encounter, vm.RegisterVehicle(combatant="c2", stats=DRONE.model_copy(update={"body": 9, "armor": 6})))
    drone = encounter.state.combatants["c2"].sheet
    assert (drone.physical_boxes, drone.ballistic_armour) == (13, 6)  # 8 + 9 ÷ 2 → 8 + 5


def test_a_vehicle_takes_no_stun_damage() -> None:
    encounter = fight()
    assert refused(encounter, cmd.ApplyDamage(combatant="c2", track="stun", boxes=3)).key == "error.sr4rig.no_stun"


@pytest.mark.rule("SR4-R5")
def test_a_hit_that_would_be_stun_marks_no_box_on_a_vehicle() -> None:
    encounter = fight()
    run(encounter, cmd.StartTurn())
    # Agility 4 + Pistols 4 = 8 dice, 1 hit; the drone's Reaction 3 (= Pilot), no hit: 1 net hit.
    # DV 5 + 1 = 6 > Armor 4 + AP −1 = 3 → physical (SR4-R5); soak Body 5 + 3 = 8 dice, 2 hits: 4 boxes.
    events = run(encounter, Attack(attacker="c1", target="c2", weapon=0, mode="SA", distance=5, charge_action=False,
                                   attack_faces=(5, 1, 1, 1, 1, 2, 2, 2), defence_faces=(1, 1, 1),
                                   soak_faces=(5, 6, 1, 1, 1, 1, 1, 1)))
    hit = next(e for e in events if e.kind == "attack_resolved")
    assert (hit.track, hit.applied, hit.physical_after, hit.knockdown) == ("physical", 4, 4, False)
    # A stun baton 6S(e) (AP half): stun whatever the armour; on a vehicle no box: the DV's
    # breakdown ends in "no stun on a vehicle" (6 + 2 net hits = 8, less 8).
    # Agility 3 + Clubs 4 + reach 1 against the ram's 0 (SR4-MT3) = 8 dice, 2 hits; Reaction 3, none;
    # soak Body 5 + Armor 4 halved to 2 = 7 dice.
    baton = weapon("sr4", "stun_baton")
    encounter2 = Encounter(SR4Ruleset(), 5)
    runner = Sheet(name="Runner", attributes=dict.fromkeys(ATTRIBUTES, 3), edge_points=3, skills={"clubs": 4},
                   weapons=(baton,))
    run(encounter2, cmd.AddCombatant(sheet=runner))
    run(encounter2, vm.AddVehicle(name="Hound drone", stats=DRONE))
    run(encounter2, cmd.StartTurn())
    events = run(encounter2, Attack(attacker="c1", target="c2", weapon=0, charge_action=False,
                                    attack_faces=(5, 5, 1, 1, 1, 1, 1, 1), defence_faces=(1, 1, 1),
                                    soak_faces=(1,) * 7))
    hit = next(e for e in events if e.kind == "attack_resolved")
    assert hit.hit and (hit.track, hit.applied, hit.stun_after, hit.physical_after) == ("stun", 0, 0, 0)
    assert "DV 0 stun" in describe(hit) and "0 boxes" in describe(hit)
    assert hit.damage_value[-1].label == "damage.term.vehicle_no_stun" and hit.damage_value[-1].value == -8
    assert encounter2.state.combatants["c2"].sheet.stun_damage == 0
