"""SR4 rigging and chase commands and events (SR4-V1..V7).

Skills are the ratings the GM types (the rigger's Pilot Ground Craft, Gunnery, Perception …);
``faces`` fields take dice rolled at the table (X-2), as the test box's commands do.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.sr4.rules.vehicle_state import Band, Mode, VehicleStats

Faces = tuple[int, ...]
Manoeuvre = Literal["control", "break_away", "cut_off", "positioning", "ram"]
Skill = Field(default=0, ge=0, le=20)


class AddVehicle(Command):
    """A new combatant that is a vehicle or drone (:mod:`.vehicle_sheet`), with these attributes and,
    optionally, a mounted weapon of the SR4 catalogue (its key)."""

    kind: Literal["add_vehicle"] = "add_vehicle"
    name: str = Field(min_length=1, max_length=60)
    stats: VehicleStats
    is_npc: bool = True
    weapon: str = Field(default="", max_length=60)
    passes: int = Field(default=1, ge=1, le=4)


class RegisterVehicle(Command):
    """A vehicle's attributes, set or changed (only a vehicle's: a runner never becomes one)."""

    kind: Literal["register_vehicle"] = "register_vehicle"
    combatant: str
    stats: VehicleStats


class ControlVehicle(Command):
    """SR4-V1: autonomous, or a rigger's (commlink System, Biofeedback Filter; a subscribed group)."""

    kind: Literal["control_vehicle"] = "control_vehicle"
    vehicle: str
    mode: Mode
    rigger: str | None = None
    system: int = Field(default=0, ge=0, le=10)
    biofeedback_filter: int = Field(default=0, ge=0, le=10)
    group: str = Field(default="", max_length=30)


class VehicleTest(Command):
    """SR4-V1/V3/V6: a vehicle test or a sensor test; with ``target``, opposed by its hiding pool."""

    kind: Literal["vehicle_test"] = "vehicle_test"
    vehicle: str
    test: Literal["vehicle", "sensor"]
    skill: int = Skill
    threshold: int = Field(default=0, ge=0, le=20)
    target: str | None = None
    target_skill: int = Skill  # the target's Infiltration
    faces: Faces | None = None
    target_faces: Faces | None = None


class LockOn(Command):
    """SR4-V4: passive targeting (Sensor in place of Agility, ± signature) or an active lock-on."""

    kind: Literal["lock_on"] = "lock_on"
    vehicle: str
    target: str
    targeting: Literal["passive", "active"]
    skill: int = Skill  # Perception (active) — the attack itself uses the attack box
    signature: int = Field(default=0, ge=-6, le=6)
    hidden: bool = False
    target_skill: int = Skill
    faces: Faces | None = None
    target_faces: Faces | None = None


class VehicleHit(Command):
    """SR4-V2/V5: one attack's boxes on a vehicle: rigger feedback, crash test, dumpshock."""

    kind: Literal["vehicle_hit"] = "vehicle_hit"
    vehicle: str
    boxes: int = Field(ge=1, le=50)
    on_monitor: bool = True  # the attack box put the boxes on the monitor already
    skill: int = Skill  # the vehicle skill for the crash test
    feedback_faces: Faces | None = None
    crash_faces: Faces | None = None


class StartChase(Command):
    kind: Literal["start_chase"] = "start_chase"
    lead: str
    pursuers: tuple[str, ...] = Field(min_length=1)


class EndChase(Command):
    kind: Literal["end_chase"] = "end_chase"


class ChaseRange(Command):
    """SR4-V6: the opposed vehicle test of a chase turn; the winner sets the band it wants."""

    kind: Literal["chase_range"] = "chase_range"
    pursuer: str
    lead_skill: int = Skill
    pursuer_skill: int = Skill
    lead_wants: Band = "long"
    pursuer_wants: Band = "close"
    lead_faces: Faces | None = None
    pursuer_faces: Faces | None = None


class ChaseManoeuvre(Command):
    """SR4-V7: the driver's complex action of the chase turn, with a manoeuvre or control alone."""

    kind: Literal["chase_manoeuvre"] = "chase_manoeuvre"
    vehicle: str
    manoeuvre: Manoeuvre
    target: str | None = None
    skill: int = Skill
    target_skill: int = Skill
    faces: Faces | None = None
    target_faces: Faces | None = None
    crash_faces: Faces | None = None


class VehicleRegistered(Event):
    kind: Literal["vehicle_registered"] = "vehicle_registered"
    combatant: str
    name: str
    stats: VehicleStats


class ControlSet(Event):
    kind: Literal["control_set"] = "control_set"
    vehicle: str
    name: str
    mode: Mode
    rigger: str | None
    rigger_name: str
    system: int
    biofeedback_filter: int
    group: str
    devices: int  # the rigger's devices after this (a subscribed group counts once)


class GroupActed(Event):
    """SR4-V1: drones subscribed as one device act as one: one test stands for the whole group."""

    kind: Literal["group_acted"] = "group_acted"
    vehicle: str
    name: str
    group: str
    names: tuple[str, ...]


class LockedOn(Event):
    kind: Literal["locked_on"] = "locked_on"
    vehicle: str
    name: str
    target: str
    target_name: str
    targeting: Literal["passive", "active"]
    bonus: int  # the attack modifier the lock gives (an effect on the vehicle)
    held: bool  # active: the sensor test won; passive: always


class VehicleHitTaken(Event):
    kind: Literal["vehicle_hit_taken"] = "vehicle_hit_taken"
    vehicle: str
    name: str
    boxes: int
    body: int
    feedback: int  # SR4-V2: stun the jumped-in rigger resists (0: not jumped in)
    crash_test: bool  # SR4-V5: boxes ≥ Body


class CrashTested(Event):
    kind: Literal["crash_tested"] = "crash_tested"
    vehicle: str
    name: str
    crashed: bool


class Dumpshocked(Event):
    kind: Literal["dumpshocked"] = "dumpshocked"
    vehicle: str
    name: str
    rigger: str
    rigger_name: str


class ChaseStarted(Event):
    kind: Literal["chase_started"] = "chase_started"
    lead: str
    lead_name: str
    pursuers: tuple[str, ...]
    pursuer_names: tuple[str, ...]


class ChaseEnded(Event):
    kind: Literal["chase_ended"] = "chase_ended"


class RangeSet(Event):
    kind: Literal["range_set"] = "range_set"
    pursuer: str
    name: str
    lead_name: str
    band: Band
    before: Band
    winner: Literal["lead", "pursuer", "tie"]
    turn: int


class ManoeuvreMade(Event):
    kind: Literal["manoeuvre_made"] = "manoeuvre_made"
    vehicle: str
    name: str
    manoeuvre: Manoeuvre
    target: str | None = None
    target_name: str = ""
    turn: int


class BreakAwayCounted(Event):
    kind: Literal["break_away_counted"] = "break_away_counted"
    vehicle: str
    name: str
    success: bool
    streak: int
    escaped: bool
    turn: int


class PositioningGained(Event):
    kind: Literal["positioning_gained"] = "positioning_gained"
    vehicle: str
    name: str
    dice: int
    turn: int


VEHICLE_COMMANDS = (AddVehicle, RegisterVehicle, ControlVehicle, VehicleTest, LockOn, VehicleHit,
                    StartChase, EndChase, ChaseRange, ChaseManoeuvre)
VEHICLE_EVENTS = (VehicleRegistered, ControlSet, GroupActed, LockedOn, VehicleHitTaken, CrashTested, Dumpshocked,
                  ChaseStarted, ChaseEnded, RangeSet, ManoeuvreMade, BreakAwayCounted, PositioningGained)
