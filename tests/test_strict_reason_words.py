"""How a refused file's value is told (:mod:`gmtool.core.strict`), read through a map file, the core's
own: the field, the reason with its limit, the value shown short (a long text cut, a list or an object
named, a huge number left out), how many problems more, the file and its kind; the format version."""

from __future__ import annotations

import json

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.core.hex.map_file import read_map
from gmtool.core.strict import forbidden_character, reason, where

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


def test_a_version_missing_or_newer_is_told_as_such() -> None:
    no_version = {key: value for key, value in BASE.items() if key != "version"}
    with pytest.raises(FileFormatError) as caught:
        read_map(json.dumps(no_version), ("open",), "m.json")
    assert caught.value.message() == f"{REFUSED}The map does not say its format version (this gmtool reads up to 1)."
    assert refused(version=2) == f"{REFUSED}This map was written by a newer gmtool (map format 2; this one reads up to 1)."


@pytest.mark.parametrize("character", ["\x00", "\x1f", "\x7f", "\x9f", "\u2028", "\u2029", "\u202a", "\u202e",
                                       "\u2066", "\u2069"])
def test_a_name_holding_a_control_or_reordering_character_is_refused_naming_it(character: str) -> None:
    assert refused(name=f"a{character}b") == (f"{REFUSED}The map has an invalid value at name: Holds the control "
                                              f"character U+{ord(character):04X}; a name is one plain line.")


def test_plain_characters_next_to_the_forbidden_ones_are_fine() -> None:
    assert forbidden_character("a\u00a0b\u2027\u202f\u2065\u206a é 日本") is None  # the neighbours of each range
    assert forbidden_character("ok\x01then\x02") == "U+0001"  # the first one found


@pytest.mark.parametrize(("changes", "field", "why"), [
    ({"extra": 1}, "extra", "Not a field gmtool knows (gmtool never writes it)."),
    ({"columns": 3.0}, "columns", "Must be a whole number written as one (not 3.0)."),
    ({"columns": "3"}, "columns", 'Must be a whole number written as one (not "3").'),
    ({"columns": True}, "columns", "Must be a whole number written as one (not true)."),
    ({"name": ""}, "name", "Must have at least 1 character."),
    ({"zones": {"start": ["0101", "0101"]}}, "zones.start", "0101 is listed twice."),
    ({"checkpoints": [["0101"], ["0102", "0102"]]}, "checkpoints.1", "0102 is listed twice."),
])
def test_each_kind_of_refusal_names_its_field_and_reason(changes: dict[str, object], field: str, why: str) -> None:
    assert refused(**changes) == f"{REFUSED}The map has an invalid value at {field}: {why}"


def test_a_missing_field_is_named() -> None:
    no_name = {key: value for key, value in BASE.items() if key != "name"}
    with pytest.raises(FileFormatError) as caught:
        read_map(json.dumps(no_name), ("open",), "m.json")
    assert caught.value.message() == f"{REFUSED}The map has an invalid value at name: Required, but missing."


def test_a_field_is_a_dotted_path_with_the_form_s_label_when_known() -> None:
    def label(name: str) -> str | None:
        return "Maximum" if name == "maximum" else None

    assert where(()) == "the top level"
    assert where(("zones", "start")) == "zones.start"
    assert where(("weapons", 0, "maximum"), label) == "weapons.0.maximum (Maximum)"
    assert where(("weapons", 0, "minimum"), label) == "weapons.0.minimum"
    assert where((0,), label) == "0"  # no name to look up
