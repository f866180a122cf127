"""A hex map as a file: its size, terrain, zones, checkpoints and course direction, as versioned JSON.

The terrain names each hex by its board label (``CCRR``, :func:`.coords.label`) and a kind key of
the game the map is for; a hex not listed is of the game's first kind. Zones (a start and a finish
area, say) and checkpoints (in course order, for laps) are lists of labels. Reading checks
everything before anything is used, strictly (:mod:`gmtool.core.strict`): not JSON, not a gmtool
map, a version that is not a whole number from 1 or is newer, a number written as ``true`` or
``"32"``, a label off the board or listed twice in one zone or checkpoint, more than
:data:`CHECKPOINTS_MAX` checkpoints or :data:`ZONES_MAX` zones, a name holding a control character,
a kind the game does not have — each a translated :class:`FileFormatError` naming the file, that it
is a map, the field and the reason (the limit, when it is a limit), nothing half-read.

No list can outgrow the board: a zone or a checkpoint holds each hex at most once, so a file
listing a million hexes is refused by the list's length before a hex of it is looked at (a zone
of a million hexes once took the map editor minutes to draw, then all its memory).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from typing import Annotated, Any, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from gmtool.core.errors import FileFormatError
from gmtool.core.hex.board import Board, TerrainKind, Token
from gmtool.core.hex.coords import Hex, from_offset, label
from gmtool.core.i18n import tr
from gmtool.core.strict import Plain, PlainName, Whole, checked_version, forbidden_character, in_file, refusal
from gmtool.core.user_files import MAP, parse_json

FORMAT: Final = "gmtool-hex-map"
VERSION = 1
SIZE_MAX = 99  # columns and rows: a label CCRR reads back unambiguously up to 99 (10105 would be 101/05 or 10/105)
TEXT_MAX = 80
KIND_MAX = 40  # a terrain kind's key
HEXES_MAX = SIZE_MAX * SIZE_MAX  # the most hexes a map has: no terrain, zone or checkpoint lists more
ZONES_MAX = 20  # named zones (start, finish and a few of the map's own)
CHECKPOINTS_MAX = 100  # far more than any course has (the demo has 3)

Label = Annotated[str, Field(pattern=r"^\d{4}$")]


def _once(labels: list[str]) -> list[str]:
    """A zone or a checkpoint holds a hex at most once."""
    seen: set[str] = set()
    for text in labels:
        if text in seen:
            raise PydanticCustomError("strict.reason.listed_twice", "{item} is listed twice", {"item": text})
        seen.add(text)
    return labels


ZoneName = Annotated[str, Field(min_length=1, max_length=KIND_MAX), Plain]
Hexes = Annotated[list[Label], Field(min_length=1, max_length=HEXES_MAX), AfterValidator(_once)]


@lru_cache(maxsize=16)
def labels_of_board(columns: int, rows: int) -> frozenset[str]:
    """Every label of a ``columns`` × ``rows`` board."""
    return frozenset(f"{c + 1:02d}{r + 1:02d}" for c in range(columns) for r in range(rows))


def _on_the_board(labels: Iterable[str], info: ValidationInfo) -> None:
    columns, rows = info.data.get("columns"), info.data.get("rows")
    if columns is None or rows is None:
        return  # the size itself was refused: that is the problem reported
    board = labels_of_board(columns, rows)
    off = sorted({text for text in labels if text not in board})
    if off:
        shown = ", ".join(off[:5]) + (", …" if len(off) > 5 else "")
        raise PydanticCustomError("strict.reason.off_board", "{hexes} off the {columns} x {rows} board",
                                  {"hexes": shown, "count": len(off), "columns": columns, "rows": rows})


class HexMapFile(BaseModel):
    """One map (what the editor saves, the library lists and a file carries)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["gmtool-hex-map"] = FORMAT
    version: Whole = Field(default=VERSION, ge=1, le=VERSION)
    name: PlainName = Field(min_length=1, max_length=TEXT_MAX)
    game: PlainName = Field(min_length=1, max_length=TEXT_MAX)
    columns: Whole = Field(ge=1, le=SIZE_MAX)
    rows: Whole = Field(ge=1, le=SIZE_MAX)
    terrain: dict[Label, Annotated[str, Field(min_length=1, max_length=KIND_MAX)]] = Field(
        default_factory=dict, max_length=HEXES_MAX)  # label -> kind key
    zones: dict[ZoneName, Hexes] = Field(default_factory=dict, max_length=ZONES_MAX)  # name -> labels
    checkpoints: list[Hexes] = Field(default_factory=list, max_length=CHECKPOINTS_MAX)  # in course order
    course: Literal["clockwise", "anticlockwise"] | None = None

    @field_validator("terrain")
    @classmethod
    def _terrain_on_the_board(cls, terrain: dict[str, str], info: ValidationInfo) -> dict[str, str]:
        _on_the_board(terrain, info)
        return terrain

    @field_validator("zones")
    @classmethod
    def _zones_on_the_board(cls, zones: dict[str, list[str]], info: ValidationInfo) -> dict[str, list[str]]:
        _on_the_board((text for labels in zones.values() for text in labels), info)
        return zones

    @field_validator("checkpoints")
    @classmethod
    def _checkpoints_on_the_board(cls, checkpoints: list[list[str]], info: ValidationInfo) -> list[list[str]]:
        _on_the_board((text for labels in checkpoints for text in labels), info)
        return checkpoints

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


def name_refused(name: str) -> str | None:
    """Why a map may not be called ``name`` (a control character in it: the file would refuse it), in
    the active language; None when it may."""
    found = forbidden_character(name)
    if found is None:
        return None
    return tr("error.value_refused", what=tr("strict.what.map"), field="name",
              reason=tr("strict.reason.control_character", character=found), more="")


def read_map(text: str | bytes, kinds: tuple[str, ...], source: str = "") -> HexMapFile:
    """A map file's text or bytes, checked whole (``kinds``: the game's kind keys; ``source``: the file's
    name, which a refusal then names with its kind). Parsed by :func:`gmtool.core.user_files.parse_json`
    (a map's size limit, depth and numbers: its refusal names the file itself)."""
    raw = parse_json(text, MAP, source)
    try:
        return _checked(raw, kinds)
    except FileFormatError as exc:
        if not source:
            raise
        raise in_file(exc, source, tr("strict.kind.map_file")) from exc


def _checked(raw: Any, kinds: tuple[str, ...]) -> HexMapFile:
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise FileFormatError("error.map_not_ours")
    checked_version(raw, "version", tr("strict.what.map"), VERSION, "error.map_too_new")
    document = checked_document(raw)
    unknown = sorted(set(document.terrain.values()) - set(kinds))
    if unknown:
        raise FileFormatError("error.map_unknown_kind", kinds=", ".join(unknown[:5]), game=document.game)
    return document


def checked_document(raw: Any) -> HexMapFile:
    """A decoded map, validated (a translated refusal naming the field and the reason)."""
    try:
        return HexMapFile.model_validate(raw)
    except ValidationError as exc:
        raise refusal(exc, tr("strict.what.map")) from exc


def write_map(document: HexMapFile) -> str:
    return json.dumps(document.model_dump(mode="json"), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
