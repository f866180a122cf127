"""The rally's library (issues 15 and 16): gear cards and courses as templates, their files (a course
as a versioned hex map, gear cards as a gmtool export), and a card joining the race on the start zone."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gmtool.core.errors import FileFormatError, RulesError
from gmtool.core.hex.coords import label
from gmtool.core.hex.map_file import write_map
from gmtool.games.badlands_rally.library.kind import LIBRARY, VERSION
from gmtool.games.badlands_rally.library.templates import CourseTemplate, GearCard
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.demo import demo_course
from gmtool.games.badlands_rally.rules.race import RallyRules


def test_a_blank_card_is_a_valid_made_up_gear_and_bad_values_are_refused() -> None:
    card = LIBRARY.read(LIBRARY.blank("badlands_rally", "Hopper"), VERSION)
    assert isinstance(card, GearCard) and card.name == "Hopper"
    with pytest.raises(FileFormatError) as refused:
        LIBRARY.read(dict(LIBRARY.document(card), attack=7), VERSION)  # ratings run 2+ to 6+
    assert refused.value.key == "error.value_refused" and refused.value.args_for_message["field"] == "attack (Attack (n+))"
    with pytest.raises(FileFormatError):
        LIBRARY.read(LIBRARY.document(card), VERSION + 1)


def test_a_course_travels_as_a_hex_map_file_and_comes_back_equal(tmp_path: Path) -> None:
    course = CourseTemplate(map=demo_course(), tags=("demo",))
    assert LIBRARY.read(LIBRARY.document(course), VERSION) == course
    path = tmp_path / "loop.json"
    LIBRARY.export((course,), path)
    data = path.read_bytes()
    assert json.loads(data)["format"] == "gmtool-hex-map" and LIBRARY.claims(data, path.name)
    found = LIBRARY.import_file(data, path.name)
    assert found.templates == (CourseTemplate(map=demo_course()),)  # the map; tags are the library's own
    assert "Dust Bowl" in LIBRARY.preview(found.templates[0]) and "3 checkpoints" in LIBRARY.preview(course)


def test_gear_cards_travel_together_and_a_course_is_exported_alone(tmp_path: Path) -> None:
    cards = (GearCard(name="A", attack=3), GearCard(name="B", top_mr=10))
    path = tmp_path / "gears.json"
    LIBRARY.export(cards, path)
    assert LIBRARY.import_file(path.read_bytes(), path.name).templates == cards
    with pytest.raises(FileFormatError) as refused:
        LIBRARY.export((cards[0], CourseTemplate(map=demo_course())), path)
    assert refused.value.key == "error.br_export_one_course"
    assert LIBRARY.import_file(path.read_bytes(), path.name).templates == cards  # the file is untouched


@pytest.mark.parametrize("text", [
    "not json", "[]", '{"kind": "sr5.npcs"}', '{"format": "gmtool-hex-map", "game": "aura_battler"}',
])
def test_files_that_are_not_the_rallys_are_not_claimed(text: str) -> None:
    assert not LIBRARY.claims(text.encode(), "x.json")
    with pytest.raises(FileFormatError):
        LIBRARY.import_file(text.encode(), "x.json")


def test_a_course_with_terrain_the_rally_lacks_is_refused_whole() -> None:
    bad = write_map(demo_course().model_copy(update={"terrain": {"0101": "cloud"}})).encode()
    with pytest.raises(FileFormatError) as refused:
        LIBRARY.import_file(bad, "sky.json")
    assert refused.value.key == "error.file_refused"
    assert refused.value.message() == ("sky.json (a map file) is refused: This map uses terrain that badlands_rally "
                                       "does not have: cloud.")


def test_a_card_joins_on_the_first_free_start_hex() -> None:
    rules, rng = RallyRules(), random.Random(0)
    state = rules.initial_state()
    course = demo_course()
    for event in rules.decide(state, m.SetCourse(course=course), rng):
        rules.apply(state, event)
    start = course.zones["start"]
    for n in range(len(start)):
        for event in rules.decide(state, m.AddGear(name=f"G{n}", seat="P", attack=4, defence=4, armour=6, hull=2,
                                                   structure=2, cruising_mr=5, top_mr=8), rng):
            rules.apply(state, event)
    assert [label(g.hex) for g in state.gears.values()] == start  # in the zone's order
    with pytest.raises(RulesError) as refused:
        rules.decide(state, m.AddGear(name="One too many", seat="P", attack=4, defence=4, armour=6, hull=2,
                                      structure=2, cruising_mr=5, top_mr=8), rng)
    assert refused.value.key == "error.br_start_zone_full"
