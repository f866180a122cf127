"""The SR5 demo encounter of a new campaign: made-up runners and grunts (``resources/sr5``)."""

from __future__ import annotations

from typing import ClassVar

from gmtool.core.game import GameDemo
from gmtool.games.shadowrun.rules.demo import DemoDefinition
from gmtool.games.shadowrun.sr5.rules.commands import AddCombatant
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet


class DemoEncounter(DemoDefinition[Sheet]):
    edition: ClassVar[str] = "sr5"


def demo_definition() -> DemoEncounter:
    return DemoEncounter.load()  # type: ignore[no-any-return]


def demo() -> GameDemo:
    """The SR5 demo as the storage adds it."""
    return demo_definition().game_demo(AddCombatant)
