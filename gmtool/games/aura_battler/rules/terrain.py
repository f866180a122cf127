"""The Aura Battler duel's map kinds (made-up data, ``resources/aura_battler/terrain.json``): open sky
and clouds. The digest gives the sky no terrain rules; clouds are landmarks with no rule effect."""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field

from gmtool.core.hex.board import TerrainKind
from gmtool.core.hex.map_file import HexMapFile, read_map
from gmtool.core.resources import DataFile, cached_model, resource_path

COLOUR = r"^#[0-9a-fA-F]{6}$"


class SkyKind(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(pattern=r"^[a-z0-9_]+$")
    en: str = Field(min_length=1)
    ja: str = Field(min_length=1)
    light: str = Field(pattern=COLOUR)
    dark: str = Field(pattern=COLOUR)


class SkyFile(DataFile):
    kinds: tuple[SkyKind, ...] = Field(min_length=1)


@cache
def kinds() -> dict[str, SkyKind]:
    """Every kind by key, in the file's order (the first is the default of a map)."""
    return {kind.key: kind for kind in cached_model(SkyFile, "aura_battler", "terrain.json").kinds}


def board_kinds(language: str) -> tuple[TerrainKind, ...]:
    return tuple(TerrainKind(k.key, k.ja if language == "ja" else k.en, k.light, k.dark) for k in kinds().values())


def demo_sky() -> HexMapFile:
    """gmtool's made-up demo field: open sky with a few clouds."""
    text = resource_path("aura_battler", "demo_sky.json").read_text(encoding="utf-8")
    return read_map(text, tuple(kinds()))
