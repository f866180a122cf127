"""The Matrix part of the SR4 demo (``resources/sr4/demo_matrix.json``): a made-up hacker's persona,
the node he hacks and its black IC, added after the demo's combatants (an owner is named by the
English name of its combatant: ``c1`` for the first added, and so on); the icons' names in the
window's language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.demo_text import IN_LANGUAGE, load_demo
from gmtool.core.messages import Command
from gmtool.games.shadowrun.sr4.rules.matrix_messages import AddIcon, IconSheet


class DemoIcon(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    owner_name: str | None = None
    sheet: IconSheet


class DemoMatrix(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    note: str
    icons: Annotated[tuple[DemoIcon, ...], IN_LANGUAGE]


def demo_icon_commands(combatant_id: Callable[[str], str], language: str = "en") -> tuple[Command, ...]:
    """The demo's icons named in ``language``, each owner given the id its combatant gets (``combatant_id``:
    from a combatant's English name)."""
    demo = load_demo(DemoMatrix, language, "sr4", "demo_matrix.json")
    commands: list[Command] = []
    for entry in demo.icons:
        owner = combatant_id(entry.owner_name) if entry.owner_name else None
        commands.append(AddIcon(sheet=entry.sheet.model_copy(update={"owner": owner})))
    return tuple(commands)
