"""The demo encounters of a new campaign: made-up SR5 runners and grunts (the current
encounter on first start) and a small made-up SR4 fight next to it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field, field_validator

from gmtool.core.messages import Command
from gmtool.core.resources import load_model
from gmtool.core.session import EncounterSession
from gmtool.games.shadowrun.sr5.rules.commands import AddCombatant
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet
from gmtool.storage.campaign import Campaign


def with_catalogue_weapons(edition: str, combatants: Any) -> Any:
    """``weapon_keys`` in a demo entry name weapons of the edition's catalogue (resources/weapons)."""
    from gmtool.games.shadowrun.rules.weapons.catalogue import weapon

    if not isinstance(combatants, list):
        return combatants
    out = []
    for entry in combatants:
        if isinstance(entry, dict) and "weapon_keys" in entry:
            entry = dict(entry)
            entry["weapons"] = [weapon(edition, key).model_dump() for key in entry.pop("weapon_keys")]
        out.append(entry)
    return out


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


def add_demo(
    campaign: Campaign, ruleset: str, demo: Any, make_add: Callable[[Any], Command], language: str
) -> int:
    """Add a demo encounter of ``ruleset``; each combatant joins through a journaled command."""
    name = demo.name.get(language, demo.name["en"])
    encounter_id = campaign.create_encounter(name, ruleset, demo.seed)
    session = EncounterSession(campaign.load_encounter(encounter_id), campaign, encounter_id)
    for sheet in demo.combatants:
        session.execute(make_add(sheet))
    return encounter_id


def create_demo_encounter(campaign: Campaign, language: str = "en") -> int:
    """Add the SR5 demo encounter to ``campaign``."""
    return add_demo(campaign, "sr5", demo_definition(), lambda sheet: AddCombatant(sheet=sheet), language)


def create_demo_encounters(campaign: Campaign, language: str = "en") -> int:
    """Both demos for a new campaign; the SR5 one stays the current encounter (its id is returned)."""
    from gmtool.storage.demo_sr4 import create_sr4_demo_encounter

    sr5 = create_demo_encounter(campaign, language)
    create_sr4_demo_encounter(campaign, language)
    campaign.set_meta("current_encounter", str(sr5))
    return sr5
