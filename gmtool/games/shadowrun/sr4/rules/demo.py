"""The SR4 demo encounter of a new campaign: made-up runners and yard guards (``resources/sr4``)."""

from __future__ import annotations

from typing import ClassVar

from gmtool.core.game import GameDemo
from gmtool.games.shadowrun.rules.demo import DemoDefinition
from gmtool.games.shadowrun.sr4.rules.commands import AddCombatant
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet


class SR4DemoEncounter(DemoDefinition[Sheet]):
    edition: ClassVar[str] = "sr4"


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
