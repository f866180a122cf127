"""The SR5 demo encounter of a new campaign: made-up runners and grunts (``resources/sr5``)."""

from __future__ import annotations

from typing import ClassVar, Literal

from gmtool.core.game import GameDemo
from gmtool.games.shadowrun.rules.demo import DemoDefinition
from gmtool.games.shadowrun.sr5.rules.commands import AddCombatant
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet


class DemoEncounter(DemoDefinition[Sheet]):
    edition: ClassVar[Literal["sr4", "sr5"]] = "sr5"


def demo_definition(language: str = "en") -> DemoEncounter:
    return DemoEncounter.load(language)


def demo(language: str = "en") -> GameDemo:
    """The SR5 demo as the storage adds it, its names in ``language``."""
    return demo_definition(language).game_demo(AddCombatant)
