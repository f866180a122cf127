"""What an SR4 encounter keeps of its vehicles, drones, riggers and chase (SR4-V1..V7).

A vehicle or drone is a combatant (it has a place in the pass order and a condition monitor
on its sheet's physical track) with :class:`VehicleStats` registered beside it. Who controls it
and how (autonomous, remote in AR, jumped in, VR) is its :class:`Control`. A chase is one lead
vehicle and its pursuers, each at a range band from the lead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.errors import RulesError

if TYPE_CHECKING:
    from gmtool.games.shadowrun.sr4.rules.state import EncounterState

Mode = Literal["autonomous", "remote", "jumped"]
Band = Literal["close", "short", "long"]
BANDS: tuple[Band, ...] = ("close", "short", "long")
AUTOSOFTS = ("maneuver", "clearsight", "targeting")


class VehicleStats(BaseModel):
    """The vehicle attributes of SR4 §7 (Handling, Accel, Speed, Pilot, Body, Armor, Sensor) and autosofts."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    handling: int = Field(default=0, ge=-6, le=6)
    accel: str = Field(default="5/15", max_length=12)  # walking/running metres per turn, as the book prints it
    speed: int = Field(default=20, ge=0, le=2000)
    pilot: int = Field(default=3, ge=0, le=10)
    body: int = Field(default=2, ge=0, le=40)
    armor: int = Field(default=0, ge=0, le=40)
    sensor: int = Field(default=2, ge=0, le=10)
    autosofts: dict[str, int] = Field(default_factory=dict)  # maneuver, clearsight, targeting → rating

    def autosoft(self, key: str) -> int:
        return self.autosofts.get(key, 0)


@dataclass
class Control:
    """How a vehicle is driven: by its own Pilot, or by a rigger (remote in AR, or jumped in = VR)."""

    mode: Mode = "autonomous"
    rigger: str | None = None
    system: int = 0  # the rigger's commlink System (SR4-V1: System × 2 devices)
    biofeedback_filter: int = 0  # SR4-V2
    group: str = ""  # SR4-V1: drones subscribed as one device share a group name

    @property
    def vr(self) -> bool:
        return self.mode == "jumped"


@dataclass
class Vehicle:
    id: str
    stats: VehicleStats
    control: Control = field(default_factory=Control)
    crashed: bool = False


@dataclass
class Pursuer:
    band: Band = "long"
    range_turn: int = 0  # the combat turn of its last range test (SR4-V6: once per chase turn)


@dataclass
class Chase:
    """SR4-V6/V7: one lead, its pursuers' bands, the break-away streak and who controlled when."""

    lead: str
    pursuers: dict[str, Pursuer] = field(default_factory=dict)
    streak: int = 0  # SR4-V7: break-away successes in a row
    streak_turn: int = 0  # the turn of the last break-away test
    escaped: bool = False
    positioning: dict[str, tuple[int, int]] = field(default_factory=dict)  # vehicle → (dice, turn earned)
    controlled: dict[str, int] = field(default_factory=dict)  # vehicle → the last turn its driver controlled it


def chase_of(state: EncounterState) -> Chase:
    """The chase running (SR4-V6); RulesError when none does."""
    if state.chase is None:
        raise RulesError("error.sr4rig.no_chase")
    return state.chase
