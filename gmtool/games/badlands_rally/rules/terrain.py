"""Badlands Rally's terrain (BR-7) as data: ``resources/badlands_rally/terrain.json``, validated here.

Race-course hexes (normal, hard-pack, rough) can be entered by ordinary movement, at their MR cost
by speed (rough: 1 MR cruising, 2 at top speed); the others (level 1, level 2, level-2
structures) cannot, and give cover: level 1 one die, level 2 two, and level 2 blocks lock. The
kinds become the map's legend (:class:`gmtool.core.hex.board.TerrainKind`) and its
:class:`gmtool.core.hex.sight.Ground` (cover dice 1D6/2D6 per element).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gmtool.core.hex.board import TerrainKind
from gmtool.core.hex.coords import Hex
from gmtool.core.hex.sight import Ground
from gmtool.core.resources import DataFile, cached_model, unique_keys

COLOUR = r"^#[0-9a-fA-F]{6}$"
Speed = Literal["cruising", "top"]
COVER_DICE = {1: 1, 2: 2}  # per element (BR-10): level 1 1D6, level 2 2D6
BLOCK_LEVEL = 2


class Kind(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(pattern=r"^[a-z0-9_]+$")
    en: str = Field(min_length=1)
    ja: str = Field(min_length=1)
    course: bool
    cruising_mr: int | None = Field(default=None, ge=1, le=9)
    top_mr: int | None = Field(default=None, ge=1, le=9)
    level: int = Field(ge=0, le=2)
    structure: bool = False
    light: str = Field(pattern=COLOUR)
    dark: str = Field(pattern=COLOUR)

    @model_validator(mode="after")
    def _costs_for_course_hexes(self) -> Kind:
        if self.course != (self.cruising_mr is not None and self.top_mr is not None):
            raise ValueError(f"{self.key}: a race-course hex has both MR costs, any other none")
        return self

    def mr(self, speed: Speed) -> int | None:
        """MR to enter at ``speed`` (None: ordinary movement cannot enter)."""
        return self.cruising_mr if speed == "cruising" else self.top_mr


class TerrainFile(DataFile):
    kinds: tuple[Kind, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> TerrainFile:
        unique_keys((k.key for k in self.kinds), "terrain kinds")
        return self


@cache
def kinds() -> dict[str, Kind]:
    """Every kind by key, in the file's order (the first is the default of a map)."""
    return {kind.key: kind for kind in cached_model(TerrainFile, "badlands_rally", "terrain.json").kinds}


def board_kinds(language: str) -> tuple[TerrainKind, ...]:
    """The kinds as the map draws them, named in ``language``."""
    return tuple(TerrainKind(k.key, k.ja if language == "ja" else k.en, k.light, k.dark) for k in kinds().values())


def ground(terrain: Mapping[Hex, str]) -> Ground:
    """The map (hex → kind key) as sight sees it: levels, structures, cover dice."""
    table = kinds()
    known = {h: table[key] for h, key in terrain.items() if key in table}  # an unknown kind: open ground
    levels = {h: kind.level for h, kind in known.items() if kind.level and not kind.structure}
    structures = frozenset(h for h, kind in known.items() if kind.structure)
    return Ground(levels, structures, block_level=BLOCK_LEVEL, dice=COVER_DICE, unit_dice=COVER_DICE[BLOCK_LEVEL])
