"""Issue 29 (part 3): hex maps validated strictly — the version a whole number gmtool reads, sizes and
counts whole numbers, limits a real table never reaches (zones and checkpoints within the map, at
most 100 checkpoints), names one plain line — each refusal naming the file, that it is a map, the
field and the reason with its limit. A start zone listing a million hexes (8 MB) is refused in well
under a second: no zone can list more hexes than a map has, nor one hex twice. (Before: accepted, and
the map editor then drew every listed hex, minutes for a million, until its memory ran out.)"""

from __future__ import annotations

import json
import time

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.core.hex.map_file import CHECKPOINTS_MAX, HEXES_MAX, HexMapFile, checked_document, read_map, write_map
from gmtool.core.i18n import set_language

KINDS = ("open", "rough")


def _map(**changes: object) -> str:
    document = {"format": "gmtool-hex-map", "version": 1, "name": "Loop (made up)", "game": "demo",
                "columns": 30, "rows": 20} | changes
    return json.dumps(document)


def _refusal(text: str) -> str:
    with pytest.raises(FileFormatError) as refused:
        read_map(text, KINDS, source="loop.json")
    return refused.value.message()


PREFIX = "loop.json (a map file) is refused: The map"


@pytest.mark.parametrize(("changes", "says"), [
    ({"version": True}, " gives its format version as true: a version is a whole number from 1, and this gmtool "
                        "reads up to 1."),
    ({"version": 0}, " gives its format version as 0: a version is a whole number from 1, and this gmtool reads "
                     "up to 1."),
    ({"version": "1"}, ' gives its format version as "1": a version is a whole number from 1, and this gmtool reads '
                       "up to 1."),
    ({"columns": "32"}, ' has an invalid value at columns: Must be a whole number written as one (not "32").'),
    ({"rows": True}, " has an invalid value at rows: Must be a whole number written as one (not true)."),
    ({"columns": 100}, " has an invalid value at columns: Must be 99 or less (not 100)."),
    ({"checkpoints": [["0101"]] * 101}, " has an invalid value at checkpoints: At most 100 entries; this has 101."),
    ({"zones": {"start": ["0101", "0102", "0101"]}}, " has an invalid value at zones.start: 0101 is listed twice."),
    ({"zones": {"start": ["0101", "3101", "0121"]}}, " has an invalid value at zones: 0121, 3101 lie off the 30 × 20 "
                                                     "map."),
    ({"checkpoints": [["0505"], []]}, " has an invalid value at checkpoints.1: At least 1 entry needed."),
    ({"zones": {f"z{n}": ["0101"] for n in range(21)}}, " has an invalid value at zones: At most 20 entries; this "
                                                         "has 21."),
    ({"name": "Loop\tB"}, " has an invalid value at name: Holds the control character U+0009; a name is one plain "
                          "line."),
    ({"zones": {"st\u202eart": ["0101"]}}, " has an invalid value at zones.st\u202eart.[key]: Holds the control "
                                           "character U+202E; a name is one plain line."),
])
def test_a_map_is_refused_naming_the_file_the_field_and_the_reason(changes: dict[str, object], says: str) -> None:
    assert _refusal(_map(**changes)) == PREFIX + says


def test_a_number_of_five_thousand_digits_is_a_refusal_not_a_traceback() -> None:
    text = '{"format": "gmtool-hex-map", "version": 1, "name": "x", "game": "demo", "rows": 2, "columns": ' + "9" * 5000
    message = _refusal(text + "}")
    assert message == "loop.json (map) was not read: it holds a number longer than 100 digits."


def test_a_hundred_thousand_checkpoints_are_refused_by_their_count() -> None:
    message = _refusal(_map(checkpoints=[["0101"]] * 100_000))
    assert message.endswith(f"at checkpoints: At most {CHECKPOINTS_MAX} entries; this has 100000.")


def test_a_start_zone_of_a_million_hexes_is_refused_fast() -> None:
    """The 8 MB file is over a map's size limit (read no further); the same zone decoded is refused by its
    length before a hex of it is looked at (it once took the map editor minutes, then all its memory)."""
    text = _map(zones={"start": ["0101"] * 1_000_000})
    assert len(text) > 8_000_000
    assert _refusal(text) == "loop.json (map) was not read: too large: 8.0 MB, the limit for a map is 2 MB."
    decoded = json.loads(text)
    started = time.process_time()  # CPU time: the work itself, whatever else the machine runs
    with pytest.raises(FileFormatError) as refused:
        checked_document(decoded)
    seconds = time.process_time() - started
    assert refused.value.message().endswith(f"at zones.start: At most {HEXES_MAX} entries; this has 1000000.")
    assert seconds < 2.0, seconds  # the list's length is checked first (milliseconds here)


def test_the_largest_real_map_still_reads() -> None:
    """A 99 × 99 map with every hex painted, in one zone and in one checkpoint, 100 checkpoints."""
    every = [f"{c:02d}{r:02d}" for c in range(1, 100) for r in range(1, 100)]
    document = HexMapFile(name="Big", game="demo", columns=99, rows=99, terrain=dict.fromkeys(every, "rough"),
                          zones={"start": every}, checkpoints=[every] + [[x] for x in every[:99]])
    assert read_map(write_map(document), KINDS) == document


def test_refusals_read_in_japanese() -> None:
    set_language("ja")
    try:
        message = _refusal(_map(checkpoints=[["0101"]] * 101))
    finally:
        set_language("en")
    assert message == ("loop.json（マップファイル）は読み込めません：マップのcheckpointsの値が正しくありません："
                       "100件までです。この値は101件あります。")


def test_a_course_over_the_size_limit_is_called_a_map_that_is_too_large_through_file_import(tmp_path) -> None:  # noqa: ANN001
    """Before: File → Import called a 6 MB course "a format gmtool does not know" (no library claimed it)."""
    from gmtool.storage.workspace import Workspace
    from gmtool.ui.import_report_dialog import import_path

    path = tmp_path / "huge course.json"
    padding = "x" * 6_000_000
    path.write_text(_map(game="badlands_rally", name="Huge", notes=padding), encoding="utf-8")
    workspace = Workspace.open_default()
    try:
        outcome = import_path(workspace.campaign, path)
    finally:
        workspace.close()
    assert not outcome.ok
    assert outcome.lines[1] == "huge course.json (map) was not read: too large: 6.0 MB, the limit for a map is 2 MB."
