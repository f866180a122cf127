"""The SR4 demo encounter of a new campaign: made-up runners, a mage, a technomancer, yard guards and a
security rigger's drone (``resources/sr4``); the drone's vehicle attributes and its control join after
the combatants, then the Matrix icons (the hacker's persona, the technomancer's living persona, the
yard's node and its black IC)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.game import GameDemo
from gmtool.games.shadowrun.rules.demo import DemoDefinition
from gmtool.games.shadowrun.sr4.rules.commands import AddCombatant
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet
from gmtool.games.shadowrun.sr4.rules.vehicle_messages import ControlVehicle, RegisterVehicle
from gmtool.games.shadowrun.sr4.rules.vehicle_state import Mode, VehicleStats


class DemoVehicle(BaseModel):
    """A demo combatant that is a drone (SR4-V1): its attributes and who controls it, by name."""

    model_config = ConfigDict(extra="forbid")

    combatant: str
    stats: VehicleStats
    mode: Mode = "autonomous"
    rigger: str | None = None
    system: int = Field(default=0, ge=0, le=10)
    biofeedback_filter: int = Field(default=0, ge=0, le=10)


class SR4DemoEncounter(DemoDefinition[Sheet]):
    edition: ClassVar[str] = "sr4"
    combatants: list[Sheet] = Field(min_length=4, max_length=10)  # runners, a mage and a technomancer too
    vehicles: list[DemoVehicle] = Field(default_factory=list)

    def game_demo(self, add):  # type: ignore[no-untyped-def,override]  # noqa: ANN001, ANN201
        """The combatants (ids c1, c2 … in order), then each drone's registration and control."""
        base = super().game_demo(add)
        ids = {sheet.name: f"c{i}" for i, sheet in enumerate(self.combatants, start=1)}
        more = []
        for v in self.vehicles:
            more.append(RegisterVehicle(combatant=ids[v.combatant], stats=v.stats))
            more.append(ControlVehicle(vehicle=ids[v.combatant], mode=v.mode, rigger=ids.get(v.rigger or ""),
                                       system=v.system, biofeedback_filter=v.biofeedback_filter))
        return GameDemo(base.names, base.seed, base.commands + tuple(more))


def sr4_demo_definition() -> SR4DemoEncounter:
    return SR4DemoEncounter.load()  # type: ignore[no-any-return]


def demo() -> GameDemo:
    """The SR4 demo as the storage adds it."""
    from dataclasses import replace

    from gmtool.games.shadowrun.sr4.rules.matrix_demo import demo_icon_commands

    definition = sr4_demo_definition()
    game_demo = definition.game_demo(AddCombatant)
    matrix = demo_icon_commands([sheet.name for sheet in definition.combatants])  # a hacker and IC (SR4-X*)
    return replace(game_demo, commands=game_demo.commands + matrix)
