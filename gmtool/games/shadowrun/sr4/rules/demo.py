"""The SR4 demo encounter of a new campaign: made-up runners, a mage, a technomancer, yard guards and a
security rigger's drone (``resources/sr4``), named in the window's language; the drone's vehicle
attributes and its control join after the combatants (a drone names itself and its rigger by their
English names), then the Matrix icons (the hacker's persona, the technomancer's living persona, the
yard's node and its black IC)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gmtool.core.game import GameDemo
from gmtool.core.messages import Command
from gmtool.games.shadowrun.rules.demo import DemoDefinition
from gmtool.games.shadowrun.sr4.rules.commands import AddCombatant
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet
from gmtool.games.shadowrun.sr4.rules.vehicle_messages import ControlVehicle, RegisterVehicle
from gmtool.games.shadowrun.sr4.rules.vehicle_state import Mode, VehicleStats


class DemoVehicle(BaseModel):
    """A demo combatant that is a drone (SR4-V1): its attributes and who controls it, by English name."""

    model_config = ConfigDict(extra="forbid")

    combatant: str
    stats: VehicleStats
    mode: Mode = "autonomous"
    rigger: str | None = None
    system: int = Field(default=0, ge=0, le=10)
    biofeedback_filter: int = Field(default=0, ge=0, le=10)


class SR4DemoEncounter(DemoDefinition[Sheet]):
    edition: ClassVar[Literal["sr4", "sr5"]] = "sr4"
    vehicles: list[DemoVehicle] = Field(default_factory=list)

    @model_validator(mode="after")
    def _vehicles_name_combatants(self) -> SR4DemoEncounter:
        named = [name for v in self.vehicles for name in (v.combatant, v.rigger) if name]
        unknown = [name for name in named if name not in self.keys]
        if unknown:
            raise ValueError(f"a drone names no combatant of the demo: {unknown[0]!r}")
        return self

    def game_demo(self, add: Callable[..., Command]) -> GameDemo:
        """The combatants (ids c1, c2 … in order), then each drone's registration and control."""
        base = super().game_demo(add)
        more: list[Command] = []
        for v in self.vehicles:
            vehicle = self.combatant_id(v.combatant)
            rigger = self.combatant_id(v.rigger) if v.rigger else None
            more.append(RegisterVehicle(combatant=vehicle, stats=v.stats))
            more.append(ControlVehicle(vehicle=vehicle, mode=v.mode, rigger=rigger,
                                       system=v.system, biofeedback_filter=v.biofeedback_filter))
        return GameDemo(base.name, base.seed, base.commands + tuple(more))


def sr4_demo_definition(language: str = "en") -> SR4DemoEncounter:
    return SR4DemoEncounter.load(language)


def demo(language: str = "en") -> GameDemo:
    """The SR4 demo as the storage adds it, its names in ``language``."""
    from dataclasses import replace

    from gmtool.games.shadowrun.sr4.rules.matrix_demo import demo_icon_commands

    definition = sr4_demo_definition(language)
    game_demo = definition.game_demo(AddCombatant)
    matrix = demo_icon_commands(definition.combatant_id, language)  # a hacker and IC (SR4-X*)
    return replace(game_demo, commands=game_demo.commands + matrix)
