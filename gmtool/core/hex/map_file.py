"""A hex map as a file: its size, terrain, zones, checkpoints and course direction, as versioned JSON.

The terrain names each hex by its board label (``CCRR``, :func:`.coords.label`) and a kind key of
the game the map is for; a hex not listed is of the game's first kind. Zones (a start and a finish
area, say) and checkpoints (in course order, for laps) are lists of labels. Reading checks
everything before anything is used: not JSON, not a gmtool map, a newer format, a label off the
board, a kind the game does not have — each a translated :class:`FileFormatError`, nothing half-read.
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from gmtool.core.errors import FileFormatError
from gmtool.core.hex.board import Board, TerrainKind, Token
from gmtool.core.hex.coords import Hex, from_offset, label
from gmtool.core.user_files import MAP, parse_json

FORMAT = "gmtool-hex-map"
VERSION = 1
SIZE_MAX = 99  # columns and rows: a label CCRR reads back unambiguously up to 99 (10105 would be 101/05 or 10/105)
TEXT_MAX = 80


class HexMapFile(BaseModel):
    """One map (what the editor saves, the library lists and a file carries)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["gmtool-hex-map"] = FORMAT
    version: int = VERSION
    name: str = Field(min_length=1, max_length=TEXT_MAX)
    game: str = Field(min_length=1, max_length=TEXT_MAX)
    columns: int = Field(ge=1, le=SIZE_MAX)
    rows: int = Field(ge=1, le=SIZE_MAX)
    terrain: dict[str, str] = Field(default_factory=dict)  # label -> kind key
    zones: dict[str, list[str]] = Field(default_factory=dict)  # zone name -> labels
    checkpoints: list[list[str]] = Field(default_factory=list)  # in course order
    course: Literal["clockwise", "anticlockwise"] | None = None

    @model_validator(mode="after")
    def _labels_on_the_board(self) -> HexMapFile:
        on_board = {f"{c + 1:02d}{r + 1:02d}" for c in range(self.columns) for r in range(self.rows)}
        used = [*self.terrain, *(x for z in self.zones.values() for x in z), *(x for c in self.checkpoints for x in c)]
        off = sorted({x for x in used if x not in on_board})
        if off:
            raise ValueError(f"hexes off the {self.columns}×{self.rows} board: {', '.join(off[:5])}")
        return self

    def hex_terrain(self) -> dict[Hex, str]:
        return {hex_of(text): kind for text, kind in self.terrain.items()}

    def board(self, kinds: tuple[TerrainKind, ...], tokens: tuple[Token, ...] = ()) -> Board:
        """The map as the board view draws it, with the game's ``kinds``."""
        return Board(self.columns, self.rows, kinds, self.hex_terrain(), tokens)


def hex_of(text: str) -> Hex:
    """The hex a board label (``CCRR``) names."""
    return from_offset(int(text[:2]) - 1, int(text[2:]) - 1)


def with_terrain(document: HexMapFile, h: Hex, kind: str, default: str) -> HexMapFile:
    """The map with ``h`` painted ``kind`` (the default kind is not stored)."""
    terrain = dict(document.terrain)
    if kind == default:
        terrain.pop(label(h), None)
    else:
        terrain[label(h)] = kind
    return document.model_copy(update={"terrain": terrain})


def read_map(text: str | bytes, kinds: tuple[str, ...], source: str = "") -> HexMapFile:
    """A map file's text or bytes, checked whole (``kinds``: the game's kind keys; ``source``: the file's
    name). Parsed by :func:`gmtool.core.user_files.parse_json`: a map's size limit, depth and numbers."""
    raw = parse_json(text, MAP, source)
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise FileFormatError("error.map_not_ours")
    if isinstance(raw.get("version"), int) and raw["version"] > VERSION:
        raise FileFormatError("error.map_too_new", version=raw["version"], supported=VERSION)
    try:
        document = HexMapFile.model_validate(raw)
    except ValidationError as exc:
        raise FileFormatError("error.map_invalid", detail=_first_problem(exc)) from exc
    unknown = sorted(set(document.terrain.values()) - set(kinds))
    if unknown:
        raise FileFormatError("error.map_unknown_kind", kinds=", ".join(unknown[:5]), game=document.game)
    return document


def write_map(document: HexMapFile) -> str:
    return json.dumps(document.model_dump(mode="json"), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def _first_problem(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error.get("loc", ()))
    return f"{where}: {error.get('msg', '')}"[:200] if where else str(error.get("msg", ""))[:200]
