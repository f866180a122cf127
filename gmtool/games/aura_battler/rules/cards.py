"""Machine cards and pilots as the GM types them (made-up demo data only; nothing official is shipped).

A machine card (AB-14..AB-18, AB-21): its guns (accuracy, power), its sword (accuracy, power and the
parry arc: the sectors a sword attack may be parried from), evasion and parry ratings, armour,
durability, the speed-modifier table by current thrust (index = thrust, AB-15), and whether it is a
carrier (a Wing Caliber), and the thrust one action PP gains or sheds (the movement rules are not in the
digest: only AB-19 reads it, a heavily damaged machine changing thrust with 1 PP only). A pilot: base PP and aura power (AB-20, AB-22).

Every card is checked strictly (:mod:`gmtool.core.strict`): whole numbers written as such, names one
plain line, and values the rules can use: the speed table's modifiers are 0 or more (AB-14 subtracts
the attacker's speed modifier from the hit value: moving never helps the aim, so a negative entry is
a typing slip, not a card), durability at least 1 (AB-17: destroyed when the damage reaches it), a
parry arc naming each sector once (AB-16).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from gmtool.core.resources import cached_model
from gmtool.core.strict import Flag, Plain, Whole

SectorName = Literal["FF", "FR", "FL", "BR", "BL", "BB"]
SPEED_MODIFIER_MAX = 20  # beyond 12 no 2D6 roll hits: the table's room is generous
Name = Annotated[str, Field(min_length=1, max_length=40), Plain]


def _each_once(sectors: tuple[str, ...]) -> tuple[str, ...]:
    twice = next((s for n, s in enumerate(sectors) if s in sectors[:n]), None)
    if twice is not None:
        raise PydanticCustomError("strict.reason.listed_twice", "{item} is listed twice", {"item": twice})
    return sectors


class GunCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Name
    accuracy: Whole = Field(ge=-10, le=20)
    power: Whole = Field(ge=0, le=40)


class SwordCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Name
    accuracy: Whole = Field(ge=-10, le=20)
    power: Whole = Field(ge=0, le=40)
    parry_arc: Annotated[tuple[SectorName, ...], AfterValidator(_each_once)] = ("FF", "FR", "FL")


SpeedModifier = Annotated[Whole, Field(ge=0, le=SPEED_MODIFIER_MAX)]


class MachineCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Name
    evasion: Whole = Field(ge=0, le=20)
    parry: Whole = Field(default=0, ge=0, le=20)
    armour: Whole = Field(ge=0, le=40)
    durability: Whole = Field(ge=1, le=99)
    speed_table: tuple[SpeedModifier, ...] = Field(min_length=1, max_length=31)  # attacker speed modifier by thrust 0, 1, …
    guns: tuple[GunCard, ...] = Field(default=(), max_length=8)
    sword: SwordCard | None = None
    carrier: Flag = False  # a Wing Caliber (carries a battler, AB-21)
    accel_per_pp: Whole = Field(default=1, ge=0, le=30)  # thrust gained for one action PP (0: needs more, AB-19)
    decel_per_pp: Whole = Field(default=1, ge=0, le=30)  # thrust shed for one action PP

    @property
    def top_thrust(self) -> int:
        return len(self.speed_table) - 1

    def speed_modifier(self, thrust: int) -> int:
        """15.1: the card's speed modifier at ``thrust`` (the table's last entry beyond it)."""
        return self.speed_table[min(max(thrust, 0), self.top_thrust)]


class PilotCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Name
    base_pp: Whole = Field(ge=0, le=30)
    aura: Whole = Field(ge=0, le=30)


class DemoUnit(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    machine: str
    pilot: str
    side: str = Field(min_length=1, max_length=40)
    hex: str = Field(pattern=r"^\d{4}$")
    facing: int = Field(ge=0, le=5)
    thrust: int = Field(default=0, ge=0, le=30)


class DemoDuel(BaseModel):
    """``resources/aura_battler/demo_duel.json``: made-up machines, pilots and where they start."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: Literal[1]
    source: str
    name: dict[str, str]
    seed: int
    machines: tuple[MachineCard, ...] = Field(min_length=1)
    pilots: tuple[PilotCard, ...] = Field(min_length=1)
    units: tuple[DemoUnit, ...] = Field(min_length=1)

    def machine(self, name: str) -> MachineCard:
        return next(m for m in self.machines if m.name == name)

    def pilot(self, name: str) -> PilotCard:
        return next(p for p in self.pilots if p.name == name)


def demo_duel() -> DemoDuel:
    return cached_model(DemoDuel, "aura_battler", "demo_duel.json")
