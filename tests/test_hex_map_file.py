"""Hex maps as versioned JSON (issue 15): written and read back whole; every bad file refused with
a translated message and nothing half-read; and the map editor's edits (zones, checkpoints, resizing)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.core.errors import FileFormatError
from gmtool.core.hex.board import TerrainKind
from gmtool.core.hex.coords import from_offset, label
from gmtool.core.hex.map_edits import (
    LABELLED_MAX,
    board_labels,
    off_board,
    on_board,
    resized,
    with_checkpoint_hexes,
    with_zone_hexes,
    without_checkpoint,
)
from gmtool.core.hex.map_file import HexMapFile, hex_of, read_map, with_terrain, write_map
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
    ("{not json", "userfile.syntax"),
    ('{"format": "something else"}', "error.map_not_ours"),
    ('["gmtool-hex-map"]', "error.map_not_ours"),
    ('{"format": "gmtool-hex-map", "version": 99, "name": "x", "game": "demo", "columns": 2, "rows": 2}',
     "error.map_too_new"),
    ('{"format": "gmtool-hex-map", "version": 1, "name": "x", "game": "demo", "columns": 2, "rows": 2, '
     '"terrain": {"0303": "hill"}}', "error.value_refused"),
    ('{"format": "gmtool-hex-map", "version": 1, "name": "x", "game": "demo", "columns": 0, "rows": 2}',
     "error.value_refused"),
    ('{"format": "gmtool-hex-map", "version": 1, "name": "x", "game": "demo", "columns": 2, "rows": 2, '
     '"terrain": {"0101": "lava"}}', "error.map_unknown_kind"),
    ('{"format": "gmtool-hex-map", "version": 1, "name": "x", "game": "demo", "columns": 2, "rows": 2, "extra": 1}',
     "error.value_refused"),
    ('{"format": "gmtool-hex-map", "name": "x", "game": "demo", "columns": 2, "rows": 2}', "error.version_missing"),
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
@given(st.dictionaries(labels, st.sampled_from(KINDS), max_size=20),
       st.lists(st.lists(labels, min_size=1, unique=True), max_size=4))
def test_any_valid_map_round_trips(terrain: dict[str, str], checkpoints: list[list[str]]) -> None:
    document = HexMapFile(name="x", game="demo", columns=6, rows=5, terrain=terrain, checkpoints=checkpoints)
    assert read_map(write_map(document), KINDS) == document


# -- what the map editor does (gmtool.core.hex.map_edits) --------------------------------------------
def test_zone_hexes_go_in_and_out_and_an_empty_zone_goes() -> None:
    document = demo()  # start: 0101, 0102
    grown = with_zone_hexes(document, "finish", [from_offset(11, 7), from_offset(10, 7)], present=True)
    assert grown.zones == {"finish": ["1108", "1208"], "start": ["0101", "0102"]}
    assert with_zone_hexes(grown, "start", [from_offset(0, 1)], present=True).zones["start"] == ["0101", "0102"]
    emptied = with_zone_hexes(grown, "start", [from_offset(0, 0), from_offset(0, 1)], present=False)
    assert emptied.zones == {"finish": ["1108", "1208"]}
    assert document.zones == {"start": ["0101", "0102"]}  # the argument is left alone


def test_checkpoint_hexes_start_a_new_one_and_an_empty_one_goes() -> None:
    document = demo()  # checkpoints: [0605], [1108]
    added = with_checkpoint_hexes(document, 2, [from_offset(2, 2)], present=True)
    assert added.checkpoints == [["0605"], ["1108"], ["0303"]]
    widened = with_checkpoint_hexes(added, 0, [from_offset(5, 5), from_offset(5, 3)], present=True)
    assert widened.checkpoints == [["0604", "0605", "0606"], ["1108"], ["0303"]]
    renumbered = with_checkpoint_hexes(added, 1, [from_offset(10, 7)], present=False)
    assert renumbered.checkpoints == [["0605"], ["0303"]]  # checkpoint 3 became 2
    assert without_checkpoint(added, 0).checkpoints == [["1108"], ["0303"]]


def test_resizing_drops_what_falls_off_and_keeps_the_rest() -> None:
    document = HexMapFile(name="x", game="demo", columns=12, rows=8,
                          terrain={"0403": "rough", "0904": "hill", "1201": "hill"},
                          zones={"start": ["0101", "1008"], "finish": ["1108"]},
                          checkpoints=[["0605"], ["1107", "0907"]], course="anticlockwise")
    assert off_board(document, 10, 7) == {"1201", "1008", "1108", "1107"}
    smaller = resized(document, 10, 7)
    assert smaller == HexMapFile(name="x", game="demo", columns=10, rows=7,
                                 terrain={"0403": "rough", "0904": "hill"}, zones={"start": ["0101"]},
                                 checkpoints=[["0605"], ["0907"]], course="anticlockwise")
    assert off_board(document, 30, 20) == set() and resized(document, 30, 20).terrain == document.terrain


def test_labels_read_back_up_to_the_editor_s_largest_size() -> None:
    corner = from_offset(LABELLED_MAX - 1, LABELLED_MAX - 1)
    assert label(corner) == "9999" and hex_of(label(corner)) == corner
    assert len(board_labels(LABELLED_MAX, LABELLED_MAX)) == LABELLED_MAX**2
    assert on_board(corner, LABELLED_MAX, LABELLED_MAX) and not on_board(corner, LABELLED_MAX - 1, LABELLED_MAX)


def test_a_map_wider_than_99_hexes_is_refused_its_labels_would_be_ambiguous() -> None:
    import json

    from gmtool.core.errors import FileFormatError
    from gmtool.core.hex.map_file import read_map

    text = json.dumps({"format": "gmtool-hex-map", "version": 1, "name": "Wide", "game": "g", "columns": 100,
                       "rows": 5})
    with pytest.raises(FileFormatError) as refused:
        read_map(text, ("open",))
    assert refused.value.key == "error.value_refused" and refused.value.args_for_message["field"] == "columns"
    assert refused.value.message().endswith("Must be 99 or less (not 100).")
