"""Dice pools of SR4 rigging (SR4-V1..V4), every term named for the log and the panel.

Digest §7.1: an autonomous drone rolls Pilot + autosoft; AR and subscribed: +1 die on every
vehicle test; VR: −1 to the threshold of every vehicle test. §7.2: jumped in, the rigger's skill
with the drone's attributes (the drone's Pilot stands for Reaction). §7.6: a vehicle test is
Reaction + vehicle skill ± Handling. The AR die is given to vehicle tests (driving), not to
sensor tests; the VR threshold applies where a test has a threshold (opposed tests have none).
"""

from __future__ import annotations

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.simple_test import DEFAULTING_PENALTY, Terms
from gmtool.games.shadowrun.sr4.rules.common import combatant
from gmtool.games.shadowrun.sr4.rules.state import Combatant, EncounterState
from gmtool.games.shadowrun.sr4.rules.vehicle_state import Vehicle

AR_BONUS = 1  # §7.1
VR_THRESHOLD = -1  # §7.1
CRASH_THRESHOLD = 3  # §7.5


def vehicle_of(state: EncounterState, vid: str) -> Vehicle:
    vehicle = state.vehicles.get(vid)
    if vehicle is None:
        raise RulesError("error.sr4rig.not_vehicle", name=combatant(state, vid).sheet.name)
    return vehicle


def rigger_of(state: EncounterState, v: Vehicle) -> Combatant | None:
    if v.control.mode == "autonomous" or v.control.rigger is None:
        return None
    return state.combatants.get(v.control.rigger)


def _skill(skill: int) -> tuple[str, int]:
    return ("pool.skill", skill) if skill > 0 else ("pool.defaulting", DEFAULTING_PENALTY)


def _wounds(rigger: Combatant | None) -> Terms:
    wound = rigger.sheet.wound_modifier if rigger is not None else 0
    return (("pool.wound_modifier", wound),) if wound else ()


def reaction_terms(state: EncounterState, v: Vehicle, skill: int) -> Terms:
    """Reaction + vehicle skill: the drone's Pilot + Maneuver autosoft, or the rigger's (SR4-V1, V2)."""
    rigger = rigger_of(state, v)
    if rigger is None:
        return (("sr4rig.term.pilot", v.stats.pilot), ("sr4rig.term.maneuver", v.stats.autosoft("maneuver")))
    if v.control.mode == "jumped":
        return (("sr4rig.term.pilot", v.stats.pilot), _skill(skill), *_wounds(rigger))
    return (("attr.REA", rigger.sheet.attributes["REA"]), _skill(skill), *_wounds(rigger))


def vehicle_terms(state: EncounterState, v: Vehicle, skill: int, extra: Terms = ()) -> Terms:
    """SR4-V6: Reaction + vehicle skill ± Handling, +1 remote in AR (SR4-V1)."""
    terms = reaction_terms(state, v, skill) + (("sr4rig.term.handling", v.stats.handling),)
    if v.control.mode == "remote":
        terms += (("sr4rig.term.ar", AR_BONUS),)
    return terms + tuple(t for t in extra if t[1])


def vehicle_threshold(v: Vehicle, threshold: int) -> int:
    """SR4-V1: VR (jumped in) lowers a vehicle test's threshold by one, not below 1 when it had one."""
    if v.control.vr and threshold > 0:
        return max(1, threshold + VR_THRESHOLD)
    return threshold


def sensor_terms(state: EncounterState, v: Vehicle, skill: int) -> Terms:
    """SR4-V3: Sensor + Perception; autonomous: Sensor + Clearsight."""
    if rigger_of(state, v) is None:
        return (("sr4rig.term.sensor", v.stats.sensor), ("sr4rig.term.clearsight", v.stats.autosoft("clearsight")))
    return (("sr4rig.term.sensor", v.stats.sensor), _skill(skill))


def hiding_terms(state: EncounterState, target: str, infiltration: int) -> Terms:
    """SR4-V3: a hidden target opposes with Infiltration + Agility; a vehicle with Infiltration + Reaction ± Handling."""
    v = state.vehicles.get(target)
    if v is None:
        return (("attr.AGI", combatant(state, target).sheet.attributes["AGI"]), _skill(infiltration))
    reaction = reaction_terms(state, v, 0)[0]
    return (reaction, _skill(infiltration), ("sr4rig.term.handling", v.stats.handling))


def feedback_terms(rigger: Combatant, v: Vehicle) -> Terms:
    """SR4-V2: Willpower + Biofeedback Filter (wound modifiers do not apply to a resistance test here)."""
    return (("attr.WIL", rigger.sheet.attributes["WIL"]), ("sr4rig.term.biofeedback", v.control.biofeedback_filter))


def feedback_value(boxes: int) -> int:
    """SR4-V2: half the boxes the drone took, rounded up."""
    return -(-boxes // 2)


def passive_modifier(attacker: Combatant, v: Vehicle, signature: int) -> int:
    """SR4-V4 passive: the attack box's Agility + Gunnery becomes Gunnery + Sensor ± signature."""
    return v.stats.sensor + signature - attacker.sheet.attributes["AGI"]
