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

from functools import cache
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from gmtool.core.demo_text import IN_LANGUAGE, english, load_demo
from gmtool.core.resources import DataFile
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
    """A demo machine where it starts: its machine and pilot named by their English names, its side in the
    window's language."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    machine: str
    pilot: str
    side: str = Field(min_length=1, max_length=40)
    hex: str = Field(pattern=r"^\d{4}$")
    facing: int = Field(ge=0, le=5)
    thrust: int = Field(default=0, ge=0, le=30)


class DemoDuel(DataFile):
    """``resources/aura_battler/demo_duel.json``: made-up machines, pilots and where they start, every name
    given per language (core/demo_text.py) and read in one; ``machine_keys`` and ``pilot_keys`` keep the
    English names the units name them by."""

    name: Annotated[str, IN_LANGUAGE]
    sky: Annotated[str, IN_LANGUAGE] = Field(min_length=1, max_length=80)  # the demo sky's name
    seed: int
    machines: Annotated[tuple[MachineCard, ...], IN_LANGUAGE] = Field(min_length=1)
    pilots: Annotated[tuple[PilotCard, ...], IN_LANGUAGE] = Field(min_length=1)
    units: Annotated[tuple[DemoUnit, ...], IN_LANGUAGE] = Field(min_length=1)
    machine_keys: tuple[str, ...] = ()
    pilot_keys: tuple[str, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _keys(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        return {**data, "machine_keys": _english_names(data.get("machines")),
                "pilot_keys": _english_names(data.get("pilots"))}

    @model_validator(mode="after")
    def _units_name_cards(self) -> DemoDuel:
        for unit in self.units:
            if unit.machine not in self.machine_keys or unit.pilot not in self.pilot_keys:
                raise ValueError(f"a unit names no machine or pilot of the file: {unit.machine!r}, {unit.pilot!r}")
        return self

    def machine(self, key: str) -> MachineCard:
        """The machine of English name ``key``."""
        return self.machines[self.machine_keys.index(key)]

    def pilot(self, key: str) -> PilotCard:
        """The pilot of English name ``key``."""
        return self.pilots[self.pilot_keys.index(key)]


def _english_names(entries: Any) -> list[Any]:
    return [english(e.get("name")) for e in entries if isinstance(e, dict)] if isinstance(entries, list) else []


@cache
def demo_duel(language: str = "en") -> DemoDuel:
    """The demo duel's cards, named in ``language``."""
    return load_demo(DemoDuel, language, "aura_battler", "demo_duel.json")
