"""The demo encounters of a new campaign: each game's own (made-up data), from its manifest.

On first start every game with a demo adds it (in the registry's order); the first game's
stays the current encounter. Each combatant joins through a journaled command, as at the table.
A demo is made in the language of the window when the campaign is created (its made-up names
then stay as they are: they are the campaign's data).
"""

from __future__ import annotations

from gmtool.core.entry_points import load_object
from gmtool.core.game import GameDemo
from gmtool.core.registry import registry
from gmtool.core.session import EncounterSession
from gmtool.storage.campaign import Campaign


def add_game_demo(campaign: Campaign, key: str, language: str = "en") -> int:
    """Add game ``key``'s demo encounter, made in ``language``, to ``campaign`` (it becomes the current one); its id."""
    dotted = registry().manifest(key).demo
    make = load_object(dotted) if dotted is not None else None
    demo = make(language) if callable(make) else None
    if not isinstance(demo, GameDemo):
        raise TypeError(f"the game {key} has no demo encounter ({dotted!r} gives none)")
    encounter_id = campaign.create_encounter(demo.name, key, demo.seed)
    session = EncounterSession(campaign.load_encounter(encounter_id), campaign, encounter_id)
    for command in demo.commands:
        session.execute(command)
    return encounter_id


def create_demo_encounter(campaign: Campaign, language: str = "en") -> int:
    """Add the first game's demo encounter (a campaign that has none gets it on opening)."""
    first = next(m.key for m in registry().manifests() if m.demo is not None)
    return add_game_demo(campaign, first, language)


def create_demo_encounters(campaign: Campaign, language: str = "en") -> int:
    """Every game's demo for a new campaign; the first game's stays the current encounter (its id)."""
    ids = [add_game_demo(campaign, m.key, language) for m in registry().manifests() if m.demo is not None]
    campaign.set_meta("current_encounter", str(ids[0]))
    return ids[0]
