"""What a GM reads of SR4 rigging and chases (SR4-V1, V6, V7): the log lines, the rigging panel's vehicle
lines and sheet rows, and the chase panel's lead line, word for word in English.

The figures come from the commands below, the words from the English catalogue: each line must name
the right vehicle, rigger, band, manoeuvre and figures (000 §7, lines 472-535).
"""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import vehicle_messages as vm
from gmtool.games.shadowrun.sr4.rules.describe import describe
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet
from gmtool.games.shadowrun.sr4.rules.vehicle_state import VehicleStats
from gmtool.games.shadowrun.sr4.rules.vehicle_view import chase_lines, vehicle_lines, vehicle_sheet_rows

LYNX = VehicleStats(handling=1, accel="10/25", speed=60, pilot=3, body=3, armor=2, sensor=4,
                    autosofts={"maneuver": 2, "clearsight": 3})
VAN = VehicleStats(handling=-1, pilot=2, body=10, sensor=2)
SAME = VehicleStats(handling=0, pilot=3, body=4, autosofts={"maneuver": 2})  # 3 + 2 ± 0 = 5 dice (000 line 512)
MISS = (1, 2, 3, 4, 2)
ONE = (5, 2, 3, 4, 2)


def sheet(name: str, vehicle: bool = False, bonus: int = 0) -> Sheet:
    values = {a: 3 for a in ATTRIBUTES} | ({"EDG": 0} if vehicle else {})
    return Sheet(name=name, metatype="vehicle" if vehicle else "human", attributes=values,
                 edge_points=values["EDG"], initiative_bonus=bonus)


def run(encounter: Encounter, command: Command) -> tuple[Event, ...]:
    entry = encounter.prepare(command)
    encounter.commit(entry)
    return entry.events


def garage() -> Encounter:
    """Deck the rigger (c1), the drone Lynx (c2), the van (c3)."""
    encounter = Encounter(SR4Ruleset(), 3)
    for s in (sheet("Deck"), sheet("Lynx", vehicle=True), sheet("Van", vehicle=True)):
        run(encounter, cmd.AddCombatant(sheet=s))
    return encounter


@pytest.mark.rule("SR4-V1")
def test_registering_a_vehicle_logs_its_attributes_and_autosofts() -> None:
    encounter = garage()
    lynx = next(e for e in run(encounter, vm.RegisterVehicle(combatant="c2", stats=LYNX)) if e.kind == "vehicle_registered")
    assert describe(lynx) == ("Lynx is a vehicle: Handling +1, Accel 10/25, Speed 60, Pilot 3, Body 3, Armor 2, "
                              "Sensor 4; autosofts: Clearsight 3, Maneuver 2.")
    van = next(e for e in run(encounter, vm.RegisterVehicle(combatant="c3", stats=VAN)) if e.kind == "vehicle_registered")
    assert describe(van).endswith("Handling -1, Accel 5/15, Speed 20, Pilot 2, Body 10, Armor 0, Sensor 2; autosofts: —.")


@pytest.mark.rule("SR4-V1")
def test_the_rigging_panel_names_each_vehicle_its_mode_and_its_rigger() -> None:
    # Registering gives the sheet the vehicle's Body; its monitor is 8 + Body/2 rounded up (SR4-MT8):
    # Lynx, Body 3: 8 + 2 = 10 boxes; the van, Body 10: 8 + 5 = 13 boxes.
    encounter = garage()
    run(encounter, vm.RegisterVehicle(combatant="c2", stats=LYNX))
    run(encounter, vm.RegisterVehicle(combatant="c3", stats=VAN))
    run(encounter, vm.ControlVehicle(vehicle="c2", mode="jumped", rigger="c1", system=3, biofeedback_filter=2))
    assert vehicle_lines(encounter.state) == [
        "Lynx: Handling +1, Pilot 3, Body 3, Armor 2, Sensor 4 — jumped in (VR), Deck; damage 0/10",
        "Van: Handling -1, Pilot 2, Body 10, Armor 0, Sensor 2 — autonomous; damage 0/13",
    ]
    rows = vehicle_sheet_rows(encounter.state, "c2")
    assert rows[0] == ("Handling", "+1") and rows[-1] == ("Mode", "jumped in (VR), Deck")
    assert ("Maneuver", "2") in rows and ("Clearsight", "3") in rows
    assert vehicle_sheet_rows(encounter.state, "c3")[-1] == ("Mode", "autonomous")
    assert vehicle_sheet_rows(encounter.state, "c1") is None  # Deck is no vehicle


def chase() -> Encounter:
    """Hearse (c1, the lead, acts first) and Lynx (c2, the pursuer), both autonomous."""
    encounter = Encounter(SR4Ruleset(), 11)
    run(encounter, cmd.AddCombatant(sheet=sheet("Hearse", vehicle=True, bonus=9)))
    run(encounter, cmd.AddCombatant(sheet=sheet("Lynx", vehicle=True)))
    for cid in ("c1", "c2"):
        run(encounter, vm.RegisterVehicle(combatant=cid, stats=SAME))
    run(encounter, vm.StartChase(lead="c1", pursuers=("c2",)))
    return encounter


@pytest.mark.rule("SR4-V6")
def test_the_range_test_lines_name_the_winner_and_the_band() -> None:
    # 000 line 512-513: the opposed test's winner sets the band; a tie keeps it (the chase starts at long range).
    encounter = chase()
    assert chase_lines(encounter.state)[0] == "Hearse flees (break away: 0 of 3)."  # 000 line 529: three running
    tie = run(encounter, vm.ChaseRange(pursuer="c2", lead_faces=ONE, pursuer_faces=ONE))[-1]
    assert describe(tie) == "Chase turn 1: a tie; Lynx stays at long range from Hearse."
    run(encounter, cmd.StartTurn())
    run(encounter, cmd.NextPhase())
    run(encounter, cmd.NextPhase())  # turn 2
    won = run(encounter, vm.ChaseRange(pursuer="c2", lead_faces=MISS, pursuer_faces=ONE, pursuer_wants="close"))[-1]
    assert describe(won) == "Chase turn 2: Lynx wins; Lynx to Hearse: long range → close range."


@pytest.mark.rule("SR4-V7")
def test_a_manoeuvre_line_names_the_driver_the_manoeuvre_and_its_target() -> None:
    encounter = chase()
    run(encounter, cmd.StartTurn())
    events = run(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="control"))
    made = next(e for e in events if e.kind == "manoeuvre_made")
    assert describe(made).startswith("Hearse's driver spends a complex action: control (turn 1)")


def rolled(events: tuple[Event, ...]) -> Event:
    return next(e for e in events if e.kind == "dice_test_rolled" and e.role == "test")  # type: ignore[attr-defined]


@pytest.mark.rule("SR4-V1")
def test_a_drone_given_back_to_its_pilot_rolls_pilot_plus_autosoft_again() -> None:
    # 000 line 477: an autonomous drone rolls Pilot + autosoft; ± Handling (line 512): 3 + 2 + 1 = 6 dice,
    # after the rigger who jumped in (Reaction 3 + skill 4 + Handling 1 = 8 dice, line 484) lets go.
    encounter = garage()
    run(encounter, vm.RegisterVehicle(combatant="c2", stats=LYNX))
    run(encounter, vm.ControlVehicle(vehicle="c2", mode="jumped", rigger="c1", system=3, biofeedback_filter=2))
    assert rolled(run(encounter, vm.VehicleTest(vehicle="c2", test="vehicle", skill=4, faces=(1,) * 8))).pool == 8
    (freed,) = run(encounter, vm.ControlVehicle(vehicle="c2", mode="autonomous"))
    assert (freed.rigger, freed.biofeedback_filter, freed.devices) == (None, 0, 0)  # type: ignore[attr-defined]
    control = encounter.state.vehicles["c2"].control
    assert (control.mode, control.rigger, control.biofeedback_filter) == ("autonomous", None, 0)
    assert rolled(run(encounter, vm.VehicleTest(vehicle="c2", test="vehicle", skill=4, faces=(1,) * 6))).pool == 6


@pytest.mark.rule("SR4-V2")
def test_the_feedback_pool_is_the_riggers_willpower_and_the_filter() -> None:
    # 000 line 485: the rigger resists with Willpower + Biofeedback Filter: the breakdown names both.
    encounter = garage()
    run(encounter, vm.RegisterVehicle(combatant="c2", stats=LYNX))
    run(encounter, vm.ControlVehicle(vehicle="c2", mode="jumped", rigger="c1", system=3, biofeedback_filter=2))
    events = run(encounter, vm.VehicleHit(vehicle="c2", boxes=4, on_monitor=False, skill=4, feedback_faces=(1,) * 5,
                                          crash_faces=(5,) * 8))
    feedback = rolled(events)
    assert feedback.combatant == "c1" and feedback.terms == (("attr.WIL", 3), ("sr4rig.term.biofeedback", 2))  # type: ignore[attr-defined]


@pytest.mark.rule("SR4-V7")
@pytest.mark.rule("X-4")
def test_the_odds_of_breaking_away_and_positioning_before_the_roll() -> None:
    # Pilot 3 + Maneuver 2 ± Handling 0 = 5 dice (000 line 512). Break away: threshold 1 per pursuer (line 529),
    # one pursuer; positioning: any hit. P(at least one hit of 5 dice) = 1 − (4/6)^5 = 211/243 for both.
    from gmtool.games.shadowrun.sr4.rules.vehicle_odds import manoeuvre_odds

    encounter = chase()
    run(encounter, cmd.StartTurn())
    for manoeuvre in ("break_away", "positioning"):
        odds = manoeuvre_odds(encounter.state, "c1", manoeuvre, 0, None, 0)
        assert sum(v for _label, v in odds.terms) == 5
        assert odds.chances == (("sr4rig.odds.success", pytest.approx(211 / 243, abs=1e-12)),)
    assert manoeuvre_odds(encounter.state, "c1", "control", 0, None, 0) is None  # control rolls nothing


@pytest.mark.rule("SR4-V7")
def test_break_away_and_cut_off_lines_name_the_count_and_the_target() -> None:
    # 000 line 529: three break-away successes running escape; 5 dice, one hit meets the threshold of 1 pursuer.
    encounter = chase()
    run(encounter, cmd.StartTurn())
    events = run(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="break_away", faces=ONE))
    assert describe(events[-1]) == "Hearse gains ground: 1 of 3 break-away successes."
    close = chase()
    run(close, vm.ChaseRange(pursuer="c2", lead_faces=MISS, pursuer_faces=ONE, pursuer_wants="close"))
    run(close, cmd.StartTurn())
    events = run(close, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="cut_off", target="c2", faces=(5, 5, 6, 1, 1),
                                          target_faces=ONE, crash_faces=(5, 5, 1)))
    made = next(e for e in events if e.kind == "manoeuvre_made")
    assert describe(made).startswith("Hearse's driver spends a complex action: cut off (turn 1) against Lynx")


@pytest.mark.rule("SR4-V2")
def test_a_rigger_rolls_the_skill_not_the_autosoft() -> None:
    # 000 line 484: jumped in, the rigger's skill (4) with the drone's Pilot 3 ± Handling 1: 8 dice, the skill named.
    encounter = garage()
    run(encounter, vm.RegisterVehicle(combatant="c2", stats=LYNX))
    run(encounter, vm.ControlVehicle(vehicle="c2", mode="jumped", rigger="c1", system=3, biofeedback_filter=2))
    test = rolled(run(encounter, vm.VehicleTest(vehicle="c2", test="vehicle", skill=4, faces=(1,) * 8)))
    assert ("pool.skill", 4) in test.terms and test.pool == 8  # type: ignore[attr-defined]


@pytest.mark.rule("SR4-V3")
def test_a_sensor_test_against_a_hidden_person_the_tool_rolls() -> None:
    # 000 line 490-491: the rigger's Sensor 4 + Perception 4 = 8 dice, against Infiltration 2 + Agility 3 = 5 dice.
    encounter = garage()
    run(encounter, vm.RegisterVehicle(combatant="c2", stats=LYNX))
    run(encounter, vm.ControlVehicle(vehicle="c2", mode="remote", rigger="c1", system=3))
    run(encounter, cmd.AddCombatant(sheet=sheet("Guard")))  # c4, Agility 3
    events = run(encounter, vm.VehicleTest(vehicle="c2", test="sensor", skill=4, target="c4", target_skill=2))
    rolls = [e for e in events if e.kind == "dice_test_rolled"]
    assert [(e.role, len(e.dice)) for e in rolls] == [("actor", 8), ("opponent", 5)]  # type: ignore[attr-defined]


@pytest.mark.rule("SR4-V1")
def test_jumping_in_is_logged_with_the_rigger_the_vehicle_and_the_devices() -> None:
    # 000 line 476: System 3 × 2 = 6 devices; Lynx is the first.
    encounter = garage()
    run(encounter, vm.RegisterVehicle(combatant="c2", stats=LYNX))
    (jumped,) = run(encounter, vm.ControlVehicle(vehicle="c2", mode="jumped", rigger="c1", system=3, biofeedback_filter=2))
    assert describe(jumped) == "Deck jumps into Lynx (VR; 1 of 6 devices)."
