"""The SR5 demo encounter of a new campaign: made-up runners and grunts (``resources/sr5``)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, field_validator

from gmtool.core.game import GameDemo
from gmtool.core.resources import load_model
from gmtool.games.shadowrun.rules.demo import with_catalogue_weapons
from gmtool.games.shadowrun.sr5.rules.commands import AddCombatant
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet


class DemoEncounter(BaseModel):
    schema_version: int = Field(ge=1, le=1)
    name: dict[str, str]
    note: str
    seed: int
    combatants: list[Sheet] = Field(min_length=4, max_length=6)

    @field_validator("combatants", mode="before")
    @classmethod
    def _weapons(cls, combatants: Any) -> Any:
        return with_catalogue_weapons("sr5", combatants)


def demo_definition() -> DemoEncounter:
    return load_model(DemoEncounter, "sr5", "demo_encounter.json")


def demo() -> GameDemo:
    """The demo as the storage adds it: each runner and grunt joins through a journaled command."""
    definition = demo_definition()
    return GameDemo(dict(definition.name), definition.seed, tuple(AddCombatant(sheet=s) for s in definition.combatants))
