"""The modifier engine on the made-up driving game of ``tests/test_core_tables.py``: the GM's choices
stored and read back, the tables a sheet is built from, exclusive groups, counts, free modifiers, and
each refusal in the GM's words. Every value is worked out by hand from that file's tables."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.tables.engine import Choices, FreeModifier, build_sheet
from tests.test_core_tables import TABLES, Drive


def refusal(call) -> str:  # noqa: ANN001
    with pytest.raises(RulesError) as caught:
        call()
    return caught.value.message()


def test_choices_are_stored_as_plain_data_and_read_back() -> None:
    choices = Choices(ticked=frozenset({"b/y", "a/x"}), free=(FreeModifier("wind", -2),), counts=(("a/n", 3),))
    data = choices.to_data()
    assert data == {"ticked": ["a/x", "b/y"], "free": [{"label": "wind", "value": -2}], "counts": {"a/n": 3}}
    assert Choices.from_data(data) == choices
    assert Choices().to_data() == {"ticked": [], "free": []}  # no counts: no entry
    assert Choices.from_data({"ticked": ["a/x"], "free": []}) == Choices(ticked=frozenset({"a/x"}))


def test_stored_choices_that_cannot_be_read_are_refused_with_what_is_wrong() -> None:
    assert refusal(lambda: Choices.from_data({"free": []})) == (
        "The stored modifier choices cannot be read: KeyError('ticked')")
    assert refusal(lambda: Choices.from_data({"ticked": [], "free": [], "counts": {"a/n": "many"}})) == (
        "The stored modifier choices cannot be read: ValueError(\"invalid literal for int() with base 10: 'many'\")")


def test_a_sheet_is_built_from_the_tables_given_or_else_the_game_s() -> None:
    by_id = {table.id: table for table in TABLES}
    assert [t.id for t in build_sheet(Drive(), by_id).tables] == ["race.terrain", "race.weather"]
    assert [t.id for t in build_sheet(Drive(), {"race.weather": by_id["race.weather"]}).tables] == ["race.weather"]
    assert [t.id for t in build_sheet(Drive(), {}).tables] == ["race.terrain", "race.weather"]  # none given
    assert [t.id for t in build_sheet(Drive(), [by_id["race.terrain"]]).tables] == ["race.terrain"]
    assert [t.id for t in build_sheet(Drive(action="shoot")).tables] == ["race.shooting"]


def test_a_count_given_by_the_gm_wins_over_the_situation_s() -> None:
    sheet = build_sheet(Drive(rivals=4))
    assert (sheet.counts("race.terrain/rivals"), sheet.count("race.terrain/rivals")) == (True, 4)
    assert sheet.count_range("race.terrain/rivals") == (0, 20)
    given = sheet.set_count("race.terrain/rivals", 2)
    assert (given.count("race.terrain/rivals"), given.row_value("race.terrain/rivals")) == (2, -2)
    assert given.is_ticked("race.terrain/rivals") and not given.set_count("race.terrain/rivals", 0).is_ticked(
        "race.terrain/rivals")
    assert (sheet.counts("race.terrain/mud"), sheet.count("race.terrain/mud")) == (False, 0)
    assert refusal(lambda: sheet.set_count("race.terrain/mud", 1)) == "The row race.terrain/mud has no count."


def test_a_row_computed_from_the_others_is_valued_as_if_ticked() -> None:
    sheet = build_sheet(Drive(rivals=3)).tick("race.terrain/rivals")
    assert sheet.row_value("race.terrain/mirror") == 3  # cancels −1 × 3 rivals
    assert not sheet.is_ticked("race.terrain/mirror")  # asking ticks nothing
    assert sheet.toggle("race.terrain/mirror").total() == -3 + 3


def test_free_modifiers_are_added_in_order_and_removed_by_number() -> None:
    sheet = build_sheet(Drive()).add_free("  tail wind ", 2).add_free("pothole", -1)
    assert [(t.label, t.value, t.table) for t in sheet.breakdown()] == [
        ("text:tail wind", 2, "free"), ("text:pothole", -1, "free")]
    assert sheet.pool_terms() == (("text:tail wind", 2), ("text:pothole", -1))
    assert [t.label for t in sheet.remove_free(0).breakdown()] == ["text:pothole"]
    assert refusal(lambda: sheet.remove_free(2)) == "There is no free modifier number 2."
    assert refusal(lambda: sheet.remove_free(-1)) == "There is no free modifier number -1."


def test_unticking_and_toggling_a_row() -> None:
    sheet = build_sheet(Drive(flags=frozenset({"raining"})))
    assert sheet.untick("race.weather/rain").total() == 0
    assert sheet.toggle("race.weather/rain").total() == 0 and sheet.toggle("race.weather/rain").toggle(
        "race.weather/rain").total() == -1
    assert refusal(lambda: sheet.untick("race.weather/snow")) == "There is no modifier row race.weather/snow for this action."


def test_ticking_a_row_of_a_group_takes_its_rival_out_and_the_same_row_twice_changes_nothing() -> None:
    sheet = build_sheet(Drive(flags=frozenset({"muddy"})))
    assert sheet.tick("race.terrain/mud") is sheet
    gravel = sheet.tick("race.terrain/gravel")
    assert gravel.choices.ticked == {"race.terrain/gravel"} and gravel.total() == -1
    assert gravel.tick("race.weather/rain").choices.ticked == {"race.terrain/gravel", "race.weather/rain"}
