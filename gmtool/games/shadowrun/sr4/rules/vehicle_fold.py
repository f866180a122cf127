"""Folding the SR4 rigging and chase events into the state (never rolls, never refuses)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.games.shadowrun.rules.shared_folds import fold_nothing
from gmtool.games.shadowrun.sr4.rules import vehicle_messages as vm
from gmtool.games.shadowrun.sr4.rules.state import EncounterState
from gmtool.games.shadowrun.sr4.rules.vehicle_state import Chase, Control, Pursuer, Vehicle, chase_of


def _registered(state: EncounterState, e: vm.VehicleRegistered) -> None:
    old = state.vehicles.get(e.combatant)
    state.vehicles[e.combatant] = Vehicle(e.combatant, e.stats, old.control if old else Control())


def _control(state: EncounterState, e: vm.ControlSet) -> None:
    state.vehicles[e.vehicle].control = Control(e.mode, e.rigger, e.system, e.biofeedback_filter, e.group)


def _crash(state: EncounterState, e: vm.CrashTested) -> None:
    state.vehicles[e.vehicle].crashed = state.vehicles[e.vehicle].crashed or e.crashed


def _dumpshock(state: EncounterState, e: vm.Dumpshocked) -> None:
    state.vehicles[e.vehicle].control = Control()  # the rigger is thrown out; the drone is on its own


def _chase_started(state: EncounterState, e: vm.ChaseStarted) -> None:
    state.chase = Chase(lead=e.lead, pursuers={p: Pursuer() for p in e.pursuers})


def _chase_ended(state: EncounterState, e: vm.ChaseEnded) -> None:
    state.chase = None


def _range(state: EncounterState, e: vm.RangeSet) -> None:
    chase = chase_of(state)
    pursuer = chase.pursuers[e.pursuer]
    pursuer.band, pursuer.range_turn = e.band, e.turn
    for vid in (e.pursuer, chase.lead):  # positioning dice are spent on this range test
        dice, earned = chase.positioning.get(vid, (0, e.turn))
        if earned < e.turn:
            chase.positioning.pop(vid, None)


def _manoeuvre(state: EncounterState, e: vm.ManoeuvreMade) -> None:
    chase_of(state).controlled[e.vehicle] = e.turn


def _break_away(state: EncounterState, e: vm.BreakAwayCounted) -> None:
    chase = chase_of(state)
    chase.streak, chase.streak_turn, chase.escaped = e.streak, e.turn, e.escaped


def _positioning(state: EncounterState, e: vm.PositioningGained) -> None:
    chase_of(state).positioning[e.vehicle] = (e.dice, e.turn)


def forget(state: EncounterState, cid: str) -> None:
    """A combatant leaving takes its vehicle, its control of drones and its place in the chase with it."""
    state.vehicles.pop(cid, None)
    for v in state.vehicles.values():
        if v.control.rigger == cid:
            v.control = Control()
    chase = state.chase
    if chase is not None:
        chase.pursuers.pop(cid, None)
        if chase.lead == cid or not chase.pursuers:
            state.chase = None


FOLDERS: dict[str, Callable[[EncounterState, Any], None]] = {
    "vehicle_registered": _registered,
    "control_set": _control,
    "group_acted": fold_nothing,
    "locked_on": fold_nothing,
    "vehicle_hit_taken": fold_nothing,
    "crash_tested": _crash,
    "dumpshocked": _dumpshock,
    "chase_started": _chase_started,
    "chase_ended": _chase_ended,
    "range_set": _range,
    "manoeuvre_made": _manoeuvre,
    "break_away_counted": _break_away,
    "positioning_gained": _positioning,
}
