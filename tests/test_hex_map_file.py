"""Hex maps as versioned JSON (issue 15): written and read back whole; every bad file refused with
a translated message and nothing half-read."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.core.errors import FileFormatError
from gmtool.core.hex.board import TerrainKind
from gmtool.core.hex.coords import from_offset
from gmtool.core.hex.map_file import HexMapFile, read_map, with_terrain, write_map
from gmtool.core.i18n import set_language

KINDS = ("open", "rough", "hill")  # made-up demo kinds


def demo() -> HexMapFile:
    return HexMapFile(name="Demo course (made up)", game="demo", columns=12, rows=8,
                      terrain={"0403": "rough", "0904": "hill"}, zones={"start": ["0101", "0102"]},
                      checkpoints=[["0605"], ["1108"]], course="clockwise")


def test_written_and_read_back_whole() -> None:
    text = write_map(demo())
    assert read_map(text, KINDS) == demo()
    assert json.loads(text)["format"] == "gmtool-hex-map" and json.loads(text)["version"] == 1


def test_painting_keeps_the_default_kind_out_of_the_file() -> None:
    painted = with_terrain(demo(), from_offset(0, 0), "hill", default="open")
    assert painted.terrain["0101"] == "hill"
    assert "0101" not in with_terrain(painted, from_offset(0, 0), "open", default="open").terrain
    kinds = tuple(TerrainKind(k, k.title(), "#808080", "#404040") for k in KINDS)
    board = painted.board(kinds)
    assert board.kind(from_offset(0, 0)).key == "hill" and board.kind(from_offset(1, 1)).key == "open"


@pytest.mark.parametrize(("text", "key"), [
    ("{not json", "error.map_not_json"),
    ('{"format": "something else"}', "error.map_not_ours"),
    ('["gmtool-hex-map"]', "error.map_not_ours"),
    ('{"format": "gmtool-hex-map", "version": 99, "name": "x", "game": "demo", "columns": 2, "rows": 2}',
     "error.map_too_new"),
    ('{"format": "gmtool-hex-map", "name": "x", "game": "demo", "columns": 2, "rows": 2, "terrain": {"0303": "hill"}}',
     "error.map_invalid"),
    ('{"format": "gmtool-hex-map", "name": "x", "game": "demo", "columns": 0, "rows": 2}', "error.map_invalid"),
    ('{"format": "gmtool-hex-map", "name": "x", "game": "demo", "columns": 2, "rows": 2, "terrain": {"0101": "lava"}}',
     "error.map_unknown_kind"),
    ('{"format": "gmtool-hex-map", "name": "x", "game": "demo", "columns": 2, "rows": 2, "extra": 1}',
     "error.map_invalid"),
])
def test_bad_files_are_refused_in_the_gm_s_language(text: str, key: str) -> None:
    for language in ("en", "ja"):
        set_language(language)
        try:
            with pytest.raises(FileFormatError) as caught:
                read_map(text, KINDS)
            assert caught.value.key == key and caught.value.message() and "{" not in caught.value.message()
        finally:
            set_language("en")


labels = st.builds(lambda c, r: f"{c:02d}{r:02d}", st.integers(1, 6), st.integers(1, 5))


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(labels, st.sampled_from(KINDS), max_size=20), st.lists(st.lists(labels, min_size=1), max_size=4))
def test_any_valid_map_round_trips(terrain: dict[str, str], checkpoints: list[list[str]]) -> None:
    document = HexMapFile(name="x", game="demo", columns=6, rows=5, terrain=terrain, checkpoints=checkpoints)
    assert read_map(write_map(document), KINDS) == document
