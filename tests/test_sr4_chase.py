"""SR4 chases (SR4-V6, V7) through the SR4 encounter's journal.

Expected values by hand from ``shared/seeds/000_85eb82309217704e.txt`` §7.6-7.7 (lines 510-535),
faces typed at the table. Hearse (c1, the lead, Initiative 15: acts first) and Lynx (c2, the
pursuer), both autonomous: Pilot 3 + Maneuver 2 ± Handling 0 = 5 dice on every vehicle test.
"""

from __future__ import annotations

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import vehicle_messages as vm
from gmtool.games.shadowrun.sr4.rules.describe import describe
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet
from gmtool.games.shadowrun.sr4.rules.vehicle_state import VehicleStats
from gmtool.games.shadowrun.sr4.rules.vehicle_view import chase_lines

STATS = VehicleStats(handling=0, pilot=3, body=4, autosofts={"maneuver": 2})
MISS = (1, 2, 3, 4, 2)  # 5 dice, no hit
ONE = (5, 2, 3, 4, 2)  # 5 dice, 1 hit


def sheet(name: str, bonus: int) -> Sheet:
    """A vehicle's sheet (the ``vehicle`` metatype, no Edge): Pilot 3 stands for Reaction and Intuition
    (registering the vehicle sets them), Initiative 3 + 3 + ``bonus``."""
    values = {a: 3 for a in ATTRIBUTES} | {"EDG": 0}
    return Sheet(name=name, metatype="vehicle", attributes=values, edge_points=0, initiative_bonus=bonus)


def run(encounter: Encounter, command: Command) -> tuple[Event, ...]:
    entry = encounter.prepare(command)
    encounter.commit(entry)
    return entry.events


def refused(encounter: Encounter, command: Command) -> RulesError:
    with pytest.raises(RulesError) as info:
        encounter.prepare(command)
    return info.value


def chase() -> Encounter:
    encounter = Encounter(SR4Ruleset(), 11)
    run(encounter, cmd.AddCombatant(sheet=sheet("Hearse", 9)))
    run(encounter, cmd.AddCombatant(sheet=sheet("Lynx", 0)))
    for cid in ("c1", "c2"):
        run(encounter, vm.RegisterVehicle(combatant=cid, stats=STATS))
    run(encounter, vm.StartChase(lead="c1", pursuers=("c2",)))
    return encounter


def range_test(encounter: Encounter, lead: tuple[int, ...], pursuer: tuple[int, ...], **wants: str) -> Event:
    events = run(encounter, vm.ChaseRange(pursuer="c2", lead_faces=lead, pursuer_faces=pursuer, **wants))  # type: ignore[arg-type]
    return events[-1]


def band(encounter: Encounter) -> str:
    return encounter.state.chase.pursuers["c2"].band


def next_turn(encounter: Encounter) -> None:
    run(encounter, cmd.NextPhase())  # Lynx's phase
    run(encounter, cmd.NextPhase())  # the next turn, Hearse first


# -- SR4-V6 the chase turn ---------------------------------------------------------------------------------
@pytest.mark.rule("SR4-V6")
def test_the_range_test_winner_sets_the_band_and_a_tie_keeps_it() -> None:
    # §7.6 line 512-513: Reaction + vehicle skill ± Handling, opposed; more hits decides the distance.
    encounter = chase()
    event = range_test(encounter, ONE, MISS, lead_wants="short")
    assert (event.winner, event.band) == ("lead", "short") and band(encounter) == "short"  # type: ignore[attr-defined]
    assert refused(encounter, vm.ChaseRange(pursuer="c2")).key == "error.sr4rig.range_done"  # once per chase turn
    run(encounter, cmd.StartTurn())
    next_turn(encounter)  # turn 2
    event = range_test(encounter, ONE, ONE, lead_wants="long", pursuer_wants="close")
    assert event.winner == "tie" and band(encounter) == "short"  # type: ignore[attr-defined]


@pytest.mark.rule("SR4-V6")
def test_the_chase_panel_lines_name_the_bands_and_the_drivers_yet_to_control() -> None:
    encounter = chase()
    range_test(encounter, MISS, ONE, pursuer_wants="close")
    run(encounter, cmd.StartTurn())
    lines = chase_lines(encounter.state)
    assert "Lynx: close range (ramming possible; guns at short range)" in lines  # §7.6 line 514
    assert lines[-1].endswith("Hearse, Lynx")  # §7.7 line 526: a complex action on control each chase turn
    run(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="control"))
    assert chase_lines(encounter.state)[-1].endswith(": Lynx")


# -- SR4-V7 manoeuvres -------------------------------------------------------------------------------------
@pytest.mark.rule("SR4-V7")
def test_a_manoeuvre_is_the_drivers_complex_action_in_its_own_phase() -> None:
    encounter = chase()
    run(encounter, cmd.StartTurn())
    assert refused(encounter, vm.ChaseManoeuvre(vehicle="c2", manoeuvre="control")).key == "error.not_your_phase"
    events = run(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="control"))
    assert events[0].kind == "action_taken" and events[0].paid == "complex"  # type: ignore[attr-defined]
    assert refused(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="positioning")).key == "error.phase_budget_spent"


@pytest.mark.rule("SR4-V7")
def test_breaking_away_three_turns_running_escapes() -> None:
    # §7.7 line 529: long range, a vehicle test each turn, threshold +1 per pursuer (1 here); three in a row.
    encounter = chase()  # the chase starts at long range
    run(encounter, cmd.StartTurn())
    for turn in (1, 2):
        run(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="break_away", faces=ONE))
        assert encounter.state.chase.streak == turn
        next_turn(encounter)
    events = run(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="break_away", faces=ONE))
    assert encounter.state.chase.escaped
    assert describe(events[-1]) == "Hearse breaks away: three successes running, it escapes."


@pytest.mark.rule("SR4-V7")
def test_a_failed_break_away_starts_the_count_over_and_needs_long_range() -> None:
    encounter = chase()
    run(encounter, cmd.StartTurn())
    run(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="break_away", faces=ONE))
    next_turn(encounter)
    run(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="break_away", faces=MISS))
    assert encounter.state.chase.streak == 0
    next_turn(encounter)
    range_test(encounter, MISS, ONE, pursuer_wants="short")
    error = refused(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="break_away"))
    assert error.key == "error.sr4rig.band_needed"


@pytest.mark.rule("SR4-V7")
def test_cut_off_makes_the_loser_roll_a_crash_test_less_the_net_hits() -> None:
    # §7.7 line 531: close range, opposed; Hearse 3 hits vs Lynx 1 → 2 net hits; Lynx's crash test
    # (§7.5: threshold 3) has 5 − 2 = 3 dice; faces 5 5 1 → 2 hits < 3: Lynx crashes.
    encounter = chase()
    range_test(encounter, MISS, ONE, pursuer_wants="close")
    run(encounter, cmd.StartTurn())
    assert refused(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="cut_off")).key == "error.sr4rig.target_needed"
    events = run(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="cut_off", target="c2", faces=(5, 5, 6, 1, 1),
                                              target_faces=ONE, crash_faces=(5, 5, 1)))
    crash = [e for e in events if e.kind == "dice_test_rolled"][-1]
    assert (crash.combatant, crash.pool, crash.threshold) == ("c2", 3, 3)  # type: ignore[attr-defined]
    assert encounter.state.vehicles["c2"].crashed and not encounter.state.vehicles["c1"].crashed


@pytest.mark.rule("SR4-V7")
def test_positioning_hits_are_dice_on_next_turns_range_test_and_ram_needs_close_range() -> None:
    # §7.7 line 533: 2 hits → +2 dice on the next turn's range test (5 + 2 = 7 dice), then spent.
    encounter = chase()
    run(encounter, cmd.StartTurn())
    assert refused(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="ram", target="c2")).key == \
        "error.sr4rig.band_needed"  # line 534: close range only
    run(encounter, vm.ChaseManoeuvre(vehicle="c1", manoeuvre="positioning", faces=(5, 6, 1, 1, 2)))
    assert encounter.state.chase.positioning == {"c1": (2, 1)}
    next_turn(encounter)
    events = run(encounter, vm.ChaseRange(pursuer="c2", lead_faces=(1,) * 7, pursuer_faces=MISS))
    lead = events[0]
    assert lead.pool == 7 and ("sr4rig.term.positioning", 2) in lead.terms  # type: ignore[attr-defined]
    assert encounter.state.chase.positioning == {}
