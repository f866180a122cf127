"""How a refused file's value is told (:mod:`gmtool.core.strict`), read through a map file, the core's
own: the field, the reason with its limit, the value shown short (a long text cut, a list or an object
named, a huge number left out), how many problems more, the file and its kind; the format version."""

from __future__ import annotations

import json

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.core.hex.map_file import read_map
from gmtool.core.strict import reason

BASE = {"format": "gmtool-hex-map", "version": 1, "name": "x", "game": "demo", "columns": 2, "rows": 2}
REFUSED = "m.json (a map file) is refused: "


def refused(source: str = "m.json", **changes: object) -> str:
    with pytest.raises(FileFormatError) as caught:
        read_map(json.dumps(dict(BASE, **changes)), ("open",), source)
    return caught.value.message()


def test_an_unknown_kind_of_refusal_shows_pydantic_s_words() -> None:
    assert reason({"type": "weird", "msg": "it is odd", "input": 3}) == "Not valid (it is odd)."
    assert reason({"type": "weird", "msg": "x" * 300, "input": 3}) == f"Not valid ({'x' * 200})."


@pytest.mark.parametrize(("course", "shown"), [
    ("z" * 50, '"' + "z" * 38 + "…"),  # 40 characters at most: 39 and an ellipsis
    ("日本", '"日本"'),  # as written, not escaped
    ([1], "a list"),
    ({"a": 1}, "an object"),
    (10**13, "…"),  # a number that long is not worth reading
])
def test_the_value_refused_is_shown_short(course: object, shown: str) -> None:
    assert refused(course=course) == (f"{REFUSED}The map has an invalid value at course: Must be one of: "
                                      f"'clockwise' or 'anticlockwise' (not {shown}).")


def test_one_problem_says_no_more_two_say_one_more() -> None:
    assert refused(columns=0) == f"{REFUSED}The map has an invalid value at columns: Must be 1 or more (not 0)."
    assert refused(columns=0, rows=0) == (f"{REFUSED}The map has an invalid value at columns: Must be 1 or more "
                                          "(not 0). (1 more problem after it)")
    assert refused("", columns=0) == "The map has an invalid value at columns: Must be 1 or more (not 0)."


def test_too_many_entries_counts_them() -> None:
    zones = {f"z{i}": ["0101"] for i in range(21)}
    assert refused(zones=zones) == f"{REFUSED}The map has an invalid value at zones: At most 20 entries; this has 21."


def test_hexes_off_the_board_are_named() -> None:
    assert refused(terrain={"0303": "open"}) == f"{REFUSED}The map has an invalid value at terrain: 0303 lies off the 2 × 2 map."


@pytest.mark.parametrize(("version", "shown"), [("1", '"1"'), (True, "true"), (0, "0")])
def test_a_version_that_is_no_whole_number_from_one_is_refused(version: object, shown: str) -> None:
    assert refused(version=version) == (f"{REFUSED}The map gives its format version as {shown}: a version is a "
                                        "whole number from 1, and this gmtool reads up to 1.")
