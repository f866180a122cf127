"""The SR4 demo encounter of a new campaign: made-up runners and yard guards (``resources/sr4``)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, field_validator

from gmtool.core.game import GameDemo
from gmtool.core.resources import load_model
from gmtool.games.shadowrun.rules.demo import with_catalogue_weapons
from gmtool.games.shadowrun.sr4.rules.commands import AddCombatant
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet


class SR4DemoEncounter(BaseModel):
    schema_version: int = Field(ge=1, le=1)
    name: dict[str, str]
    note: str
    seed: int
    combatants: list[Sheet] = Field(min_length=4, max_length=6)

    @field_validator("combatants", mode="before")
    @classmethod
    def _weapons(cls, combatants: Any) -> Any:
        return with_catalogue_weapons("sr4", combatants)


def sr4_demo_definition() -> SR4DemoEncounter:
    return load_model(SR4DemoEncounter, "sr4", "demo_encounter.json")


def demo() -> GameDemo:
    """The demo as the storage adds it: each combatant joins through a journaled command."""
    definition = sr4_demo_definition()
    return GameDemo(dict(definition.name), definition.seed, tuple(AddCombatant(sheet=s) for s in definition.combatants))
