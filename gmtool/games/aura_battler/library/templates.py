"""The duel's template: a machine card with its pilot (typed by the GM: official values are never
shipped), the library's tags and notes. Stored as a document with its ``kind``, validated by pydantic."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gmtool.games.aura_battler.rules.cards import MachineCard, Name, PilotCard

NOTES_MAX, TAGS_MAX = 2000, 30


class MachineTemplate(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["machine"] = "machine"
    machine: MachineCard
    pilot: PilotCard
    tags: tuple[Name, ...] = Field(default=(), max_length=TAGS_MAX)
    notes: str = Field(default="", max_length=NOTES_MAX)

    @property
    def name(self) -> str:
        return self.machine.name
