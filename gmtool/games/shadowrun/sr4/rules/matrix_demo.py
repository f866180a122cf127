"""The Matrix part of the SR4 demo (``resources/sr4/demo_matrix.json``): a made-up hacker's persona,
the node he hacks and its black IC, added after the demo's combatants (an owner is named, and is
the combatant of that name: ``c1`` for the first added, and so on)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.messages import Command
from gmtool.core.resources import load_model
from gmtool.games.shadowrun.sr4.rules.matrix_messages import AddIcon, IconSheet


class DemoIcon(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    owner_name: str | None = None
    sheet: IconSheet


class DemoMatrix(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    note: str
    icons: tuple[DemoIcon, ...]


def demo_icon_commands(names: list[str]) -> tuple[Command, ...]:
    """The demo's icons, each owner given the id its combatant gets (``names``: the combatants in order)."""
    demo = load_model(DemoMatrix, "sr4", "demo_matrix.json")
    commands: list[Command] = []
    for entry in demo.icons:
        owner = f"c{names.index(entry.owner_name) + 1}" if entry.owner_name else None
        commands.append(AddIcon(sheet=entry.sheet.model_copy(update={"owner": owner})))
    return tuple(commands)
