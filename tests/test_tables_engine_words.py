"""The modifier engine's refusals in the words the GM reads, and what its terms carry for the
breakdown (the row a term stands for, an effect's source), on the Shadowrun tables."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.tables.engine import FreeModifier, build_sheet
from gmtool.games.shadowrun.rules.tables.context import ActionContext


def refusal(call) -> str:  # noqa: ANN001
    with pytest.raises(RulesError) as caught:
        call()
    return caught.value.message()


def test_a_count_out_of_range_names_the_row_and_both_ends() -> None:
    sheet = build_sheet(ActionContext(game="sr4", action="ranged_attack"))
    assert refusal(lambda: sheet.set_count("sr4.ranged/take_aim", 21)) == (
        "The count of sr4.ranged/take_aim must be between 0 and 20.")


def test_a_free_modifier_too_large_names_the_limit() -> None:
    assert refusal(lambda: FreeModifier("Wind", 31)) == "A free modifier must be a whole number between −30 and +30."
    assert FreeModifier("Wind", -30).value == -30


def test_an_unknown_row_is_refused_by_name() -> None:
    sheet = build_sheet(ActionContext(game="sr4", action="ranged_attack"))
    assert refusal(lambda: sheet.find("sr4.ranged/no_such_row")) == (
        "There is no modifier row sr4.ranged/no_such_row for this action.")


def test_which_rows_take_a_count() -> None:
    sheet = build_sheet(ActionContext(game="sr4", action="ranged_attack"))
    assert sheet.counts("sr4.ranged/take_aim") and sheet.counts("sr4.ranged/multiple_targets")
    assert not sheet.counts("sr4.ranged/laser_sight")


def test_the_environment_term_stands_for_the_worst_row() -> None:
    context = ActionContext(game="sr5", action="ranged_attack", conditions=frozenset({"visibility_light", "wind_moderate"}))
    [term] = [t for t in build_sheet(context).breakdown() if t.table == "sr5.environment"]
    assert (term.label, term.row) == ("table:sr5.environment/wind_moderate", "wind_moderate")


def test_an_effect_s_term_carries_its_source_or_none() -> None:
    context = ActionContext(game="sr4", action="ranged_attack",
                            effects=(("text:Blessing", 2, "spell"), ("text:Aim", 1, "")))
    terms = [t for t in build_sheet(context).breakdown() if t.table == "effects.in_force"]
    assert [(t.row, t.source) for t in terms] == [("effect_1", "spell"), ("effect_2", None)]


def test_a_free_modifier_s_words_are_one_to_eighty_characters() -> None:
    assert FreeModifier("w" * 80, 1).label == "w" * 80
    too_long = refusal(lambda: FreeModifier("w" * 81, 1))
    assert too_long == refusal(lambda: FreeModifier("   ", 1)) == "A free modifier needs a label of 1 to 80 characters."
