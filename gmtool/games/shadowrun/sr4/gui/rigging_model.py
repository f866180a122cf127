"""What the SR4 rigging and chase tab shows and sends, without widgets (SR4-V1..V7).

One deed at a time, as in the Matrix tab: each deed names the inputs it asks for (the tab shows only
those), the command the GM's choices make, and the exact odds of its roll before it is made
(:mod:`..rules.vehicle_odds`). *Add vehicle* makes a new combatant (:mod:`..rules.vehicle_sheet`);
*Change vehicle* sets a vehicle's attributes; neither ever touches a runner.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gmtool.core.errors import GmtoolError
from gmtool.core.messages import Command
from gmtool.games.shadowrun.sr4.rules import vehicle_messages as vm
from gmtool.games.shadowrun.sr4.rules import vehicle_odds
from gmtool.games.shadowrun.sr4.rules.matrix_odds import MatrixOdds
from gmtool.games.shadowrun.sr4.rules.state import EncounterState
from gmtool.games.shadowrun.sr4.rules.vehicle_state import VehicleStats

STATS = ("handling", "speed", "pilot", "body", "armor", "sensor")
SOFTS = ("maneuver", "clearsight", "targeting")
VEHICLE_FORM = ("accel", *STATS, *SOFTS)
# Each deed's inputs, in the order the tab shows them.
INPUTS: dict[str, tuple[str, ...]] = {
    "vehicle_test": ("vehicle", "skill", "threshold"),
    "sensor_test": ("vehicle", "skill", "threshold", "hidden", "target", "target_skill"),
    "lock_active": ("vehicle", "target", "skill", "hidden", "target_skill"),
    "lock_passive": ("vehicle", "target", "signature"),
    "hit": ("vehicle", "boxes", "on_monitor", "skill"),
    "manoeuvre": ("vehicle", "manoeuvre", "target", "skill", "target_skill"),
    "range": ("pursuer", "lead_skill", "pursuer_skill", "lead_wants", "pursuer_wants"),
    "control": ("vehicle", "mode", "rigger", "system", "filter", "group"),
    "start_chase": ("lead", "pursuers"),
    "end_chase": (),
    "add_vehicle": ("name", "weapon", "passes", *VEHICLE_FORM),
    "change_vehicle": ("vehicle", *VEHICLE_FORM),
}
DEEDS = tuple(INPUTS)
ROLLS = frozenset({"vehicle_test", "sensor_test", "lock_active", "hit", "manoeuvre", "range"})


@dataclass
class Choices:
    """The GM's choices in the tab (every input; a deed reads the ones it names)."""

    deed: str = "vehicle_test"
    vehicle: str | None = None
    target: str | None = None
    hidden: bool = False
    skill: int = 3
    threshold: int = 0
    target_skill: int = 0
    signature: int = 0
    boxes: int = 1
    on_monitor: bool = True
    manoeuvre: str = "control"
    pursuer: str | None = None
    lead_skill: int = 3
    pursuer_skill: int = 3
    lead_wants: str = "long"
    pursuer_wants: str = "close"
    mode: str = "autonomous"
    rigger: str | None = None
    system: int = 3
    filter: int = 0
    group: str = ""
    lead: str | None = None
    pursuers: tuple[str, ...] = ()
    name: str = ""
    weapon: str = ""
    passes: int = 1
    stats: dict[str, int] = field(default_factory=dict)
    softs: dict[str, int] = field(default_factory=dict)
    accel: str = "5/15"


def vehicle_stats(c: Choices) -> VehicleStats:
    softs = {key: value for key, value in c.softs.items() if value}
    return VehicleStats(accel=c.accel.strip() or "0/0", autosofts=softs, **c.stats)


def command(c: Choices) -> Command:  # noqa: C901 - one branch per deed, each a line
    """The deed's command (pydantic refuses what is malformed; the rules judge the rest)."""
    vid, target = c.vehicle or "", c.target if c.hidden or c.deed in ("lock_active", "lock_passive", "manoeuvre") else None
    if c.deed in ("vehicle_test", "sensor_test"):
        return vm.VehicleTest(vehicle=vid, test="vehicle" if c.deed == "vehicle_test" else "sensor", skill=c.skill,
                              threshold=c.threshold, target=target if c.deed == "sensor_test" else None,
                              target_skill=c.target_skill)
    if c.deed in ("lock_active", "lock_passive"):
        return vm.LockOn(vehicle=vid, target=target or "", targeting="active" if c.deed == "lock_active" else "passive",
                         skill=c.skill, signature=c.signature, hidden=c.hidden, target_skill=c.target_skill)
    if c.deed == "hit":
        return vm.VehicleHit(vehicle=vid, boxes=c.boxes, on_monitor=c.on_monitor, skill=c.skill)
    if c.deed == "manoeuvre":
        return vm.ChaseManoeuvre(vehicle=vid, manoeuvre=c.manoeuvre, target=target, skill=c.skill,
                                 target_skill=c.target_skill)
    if c.deed == "range":
        return vm.ChaseRange(pursuer=c.pursuer or "", lead_skill=c.lead_skill, pursuer_skill=c.pursuer_skill,
                             lead_wants=c.lead_wants, pursuer_wants=c.pursuer_wants)
    if c.deed == "control":
        return vm.ControlVehicle(vehicle=vid, mode=c.mode, rigger=c.rigger, system=c.system,
                                 biofeedback_filter=c.filter, group=c.group.strip())
    if c.deed == "start_chase":
        return vm.StartChase(lead=c.lead or "", pursuers=c.pursuers)
    if c.deed == "end_chase":
        return vm.EndChase()
    if c.deed == "add_vehicle":
        return vm.AddVehicle(name=c.name.strip(), stats=vehicle_stats(c), weapon=c.weapon, passes=c.passes)
    return vm.RegisterVehicle(combatant=vid, stats=vehicle_stats(c))


def odds(state: EncounterState, c: Choices) -> MatrixOdds | None:
    """The odds of the roll the deed makes; None when it rolls nothing or a choice is missing."""
    try:
        if c.deed in ("vehicle_test", "sensor_test") and c.vehicle:
            hidden = c.target if c.hidden and c.deed == "sensor_test" else None
            return vehicle_odds.test_odds(state, c.vehicle, c.deed.removesuffix("_test"), c.skill, c.threshold,
                                          hidden, c.target_skill)
        if c.deed == "lock_active" and c.vehicle:
            return vehicle_odds.test_odds(state, c.vehicle, "sensor", c.skill, 1, c.target if c.hidden else None,
                                          c.target_skill)
        if c.deed == "range" and c.pursuer and state.chase is not None:
            return vehicle_odds.range_odds(state, c.pursuer, c.lead_skill, c.pursuer_skill)
        if c.deed == "manoeuvre" and c.vehicle:
            return vehicle_odds.manoeuvre_odds(state, c.vehicle, c.manoeuvre, c.skill, c.target, c.target_skill)
    except (GmtoolError, KeyError):
        return None
    return None


def pursuer_rows(vehicles: dict[str, str], lead: str | None) -> list[tuple[str, str]]:
    """The vehicles that may pursue: every vehicle but the fleeing one (a vehicle never chases itself)."""
    return [(cid, name) for cid, name in vehicles.items() if cid != lead]
