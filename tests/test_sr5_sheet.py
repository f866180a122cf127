"""The SR5 character sheet: metatype limits, augmented maximum, monitors, wound modifier.

Limits come from ``resources/sr5/metatypes.json`` (SR5 p. 66): natural
maximum + 4 for augmented attributes, Edge not augmentable. Monitors are
8 + ceil(BOD/2) physical and 8 + ceil(WIL/2) stun; every 3 boxes filled on
either track cost −1 (the two tracks add up).
"""

from __future__ import annotations

from math import ceil

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.i18n import catalogue
from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.sr5.rules import commands as cmd
from gmtool.games.shadowrun.sr5.rules import events as ev
from gmtool.games.shadowrun.sr5.rules.game import SR5Ruleset
from gmtool.games.shadowrun.sr5.rules.sheet import ATTRIBUTES, Sheet, attribute_range, check_sheet, metatypes
from gmtool.games.shadowrun.sr5.rules.simple_test import pool_of, simple_test_terms

METATYPES = sorted(metatypes().metatypes)


def natural(metatype: str) -> dict[str, int]:
    """Every attribute at the metatype's natural minimum."""
    return {a: metatypes().metatypes[metatype].limits[a][0] for a in ATTRIBUTES}


def make_sheet(metatype: str = "human", **changes: object) -> Sheet:
    attributes = natural(metatype)
    attributes.update(changes.pop("attributes", {}))  # type: ignore[arg-type]
    return Sheet(name="Sam", metatype=metatype, attributes=attributes, **changes)  # type: ignore[arg-type]


def run(encounter: Encounter, command: Command) -> tuple[Event, ...]:
    entry = encounter.prepare(command)
    encounter.commit(entry)
    return entry.events


def encounter_with(sheet: Sheet) -> Encounter:
    encounter = Encounter(SR5Ruleset(), seed=3)
    run(encounter, cmd.AddCombatant(sheet=sheet))
    return encounter


def refused(encounter: Encounter, command: Command) -> RulesError:
    with pytest.raises(RulesError) as info:
        encounter.prepare(command)
    return info.value


# -- metatype limits -----------------------------------------------------------------------
def test_the_table_matches_the_book_for_humans_and_trolls() -> None:
    assert attribute_range("human", "AGI") == (1, 10)
    assert attribute_range("human", "EDG") == (0, 7)  # burning Edge (SR4-E1) can take it to 0
    assert attribute_range("troll", "BOD") == (5, 14)
    assert attribute_range("troll", "EDG") == (0, 6)
    assert metatypes().augmented_bonus_max == 4


@pytest.mark.parametrize("metatype", METATYPES)
@pytest.mark.parametrize("attribute", ATTRIBUTES)
def test_augmented_maximum_is_natural_plus_four_except_edge(metatype: str, attribute: str) -> None:
    natural_low, natural_high = metatypes().metatypes[metatype].limits[attribute]
    low, high = attribute_range(metatype, attribute)
    assert low == (0 if attribute == "EDG" else natural_low)  # Edge can be burnt down to 0
    assert high == (natural_high if attribute == "EDG" else natural_high + 4)
    check_sheet(make_sheet(metatype, attributes={attribute: high}))  # the maximum is allowed
    check_sheet(make_sheet(metatype, attributes={attribute: low}))
    for value in (low - 1, high + 1):
        if value < 1 and attribute != "EDG":
            continue
        with pytest.raises(RulesError) as info:
            check_sheet(make_sheet(metatype, attributes={attribute: value}))
        error = info.value
        assert error.key == "error.attribute_range"
        assert error.args_for_message["field"] == f"attr.{attribute}"
        assert (error.args_for_message["low"], error.args_for_message["high"]) == (low, high)
        assert error.args_for_message["value"] == value


def test_a_new_combatant_outside_the_limits_is_refused_by_the_core() -> None:
    encounter = Encounter(SR5Ruleset(), seed=1)
    error = refused(encounter, cmd.AddCombatant(sheet=make_sheet("troll", attributes={"BOD": 4})))
    assert error.key == "error.attribute_range"
    assert error.args_for_message["field"] == "attr.BOD"
    error = refused(encounter, cmd.AddCombatant(sheet=make_sheet("elf", attributes={"EDG": 7})))
    assert error.args_for_message["field"] == "attr.EDG"
    assert encounter.state.combatants == {}


def test_an_edit_outside_the_limits_is_refused_with_its_field() -> None:
    encounter = encounter_with(make_sheet("human"))
    error = refused(encounter, cmd.EditSheet(combatant="c1", field="attr.AGI", value=11))
    assert error.key == "error.attribute_range"
    assert error.args_for_message["field"] == "attr.AGI"
    error = refused(encounter, cmd.EditSheet(combatant="c1", field="attr.EDG", value=8))
    assert error.args_for_message["field"] == "attr.EDG"
    (event,) = run(encounter, cmd.EditSheet(combatant="c1", field="attr.AGI", value=10))
    assert isinstance(event, ev.SheetChanged)
    assert (event.field, event.old, event.new) == ("attr.AGI", 1, 10)


def test_unknown_metatypes_are_refused() -> None:
    encounter = encounter_with(make_sheet("human"))
    error = refused(encounter, cmd.EditSheet(combatant="c1", field="metatype", value="gnome"))
    assert error.key == "error.unknown_metatype" and error.args_for_message["field"] == "metatype"
    with pytest.raises(RulesError) as info:
        check_sheet(Sheet(name="X", metatype="gnome", attributes=natural("human")))
    assert info.value.key == "error.unknown_metatype"


def test_a_sheet_must_list_every_attribute() -> None:
    attributes = natural("human")
    del attributes["CHA"]
    with pytest.raises(RulesError) as info:
        check_sheet(Sheet(name="X", attributes=attributes))
    assert info.value.key == "error.attributes_incomplete"
    assert info.value.args_for_message["field"] == "attributes"


def test_edge_points_cannot_exceed_the_edge_attribute() -> None:
    with pytest.raises(RulesError) as info:
        check_sheet(make_sheet("human", attributes={"EDG": 3}, edge_points=4))
    assert info.value.key == "error.edge_points_range"
    assert info.value.args_for_message == {"field": "edge_points", "high": 3}
    encounter = encounter_with(make_sheet("human", attributes={"EDG": 3}, edge_points=3))
    error = refused(encounter, cmd.EditSheet(combatant="c1", field="edge_points", value=4))
    assert error.args_for_message["field"] == "edge_points"


# -- changing metatype clamps ------------------------------------------------------------------
def test_metatype_change_clamps_attributes_into_the_new_limits() -> None:
    human = make_sheet("human", attributes={"BOD": 3, "STR": 2, "CHA": 9, "EDG": 7}, edge_points=7)
    encounter = encounter_with(human)
    events = run(encounter, cmd.EditSheet(combatant="c1", field="metatype", value="troll"))
    sheet = encounter.state.combatants["c1"].sheet
    assert sheet.metatype == "troll"
    for attribute in ATTRIBUTES:
        low, high = attribute_range("troll", attribute)
        assert low <= sheet.attributes[attribute] <= high
    assert sheet.attributes["BOD"] == 5 and sheet.attributes["STR"] == 5  # raised to the minimum
    assert sheet.attributes["CHA"] == 8  # troll CHA 4 + 4
    assert sheet.attributes["EDG"] == 6 and sheet.edge_points == 6  # Edge points follow
    assert sheet.attributes["AGI"] == 1  # untouched where it fits
    changed = {e.field: (e.old, e.new) for e in events if isinstance(e, ev.SheetChanged)}
    assert changed == {
        "attr.BOD": (3, 5),
        "attr.STR": (2, 5),
        "attr.CHA": (9, 8),
        "attr.EDG": (7, 6),
        "metatype": ("human", "troll"),
        "edge_points": (7, 6),
    }
    check_sheet(sheet)


@given(st.sampled_from(METATYPES), st.sampled_from(METATYPES), st.data())
def test_any_metatype_change_gives_a_valid_sheet(old: str, new: str, data: st.DataObject) -> None:
    attributes = {a: data.draw(st.integers(*attribute_range(old, a))) for a in ATTRIBUTES}
    sheet = Sheet(name="Sam", metatype=old, attributes=attributes, edge_points=attributes["EDG"])
    check_sheet(sheet)
    encounter = encounter_with(sheet)
    if old == new:  # nothing would change: refused, so no empty entry is journaled
        with pytest.raises(RulesError) as refused:
            run(encounter, cmd.EditSheet(combatant="c1", field="metatype", value=new))
        assert refused.value.key == "error.no_change"
        return
    run(encounter, cmd.EditSheet(combatant="c1", field="metatype", value=new))
    changed = encounter.state.combatants["c1"].sheet
    check_sheet(changed)
    for attribute in ATTRIBUTES:
        low, high = attribute_range(new, attribute)
        assert changed.attributes[attribute] == min(max(attributes[attribute], low), high)


# -- condition monitors and the wound modifier -----------------------------------------------------
@pytest.mark.parametrize("metatype", METATYPES)
def test_monitors_for_every_allowed_body_and_willpower(metatype: str) -> None:
    for body in range(attribute_range(metatype, "BOD")[0], attribute_range(metatype, "BOD")[1] + 1):
        sheet = make_sheet(metatype, attributes={"BOD": body})
        assert sheet.physical_boxes == 8 + ceil(body / 2)
        assert sheet.physical_overflow == body
    for willpower in range(attribute_range(metatype, "WIL")[0], attribute_range(metatype, "WIL")[1] + 1):
        assert make_sheet(metatype, attributes={"WIL": willpower}).stun_boxes == 8 + ceil(willpower / 2)


@pytest.mark.parametrize(("willpower", "boxes"), [(1, 9), (2, 9), (3, 10), (4, 10), (5, 11), (6, 11), (9, 13), (10, 13)])
def test_stun_monitor(willpower: int, boxes: int) -> None:
    assert make_sheet("human", attributes={"WIL": willpower}).stun_boxes == boxes


@pytest.mark.parametrize(("body", "boxes"), [(1, 9), (2, 9), (3, 10), (4, 10), (5, 11), (10, 13)])
def test_physical_monitor_examples(body: int, boxes: int) -> None:
    assert make_sheet("human", attributes={"BOD": body}).physical_boxes == boxes


@given(st.integers(min_value=1, max_value=10), st.integers(min_value=1, max_value=10), st.data())
def test_wound_modifier_is_minus_one_per_three_boxes_on_each_track(
    body: int, willpower: int, data: st.DataObject
) -> None:
    base = make_sheet("human", attributes={"BOD": body, "WIL": willpower})
    physical = data.draw(st.integers(min_value=0, max_value=base.physical_boxes))
    stun = data.draw(st.integers(min_value=0, max_value=base.stun_boxes))
    sheet = base.model_copy(update={"physical_damage": physical, "stun_damage": stun})
    check_sheet(sheet)
    assert sheet.wound_modifier == -(physical // 3) - (stun // 3)


@pytest.mark.parametrize(
    ("physical", "stun", "modifier"),
    [(0, 0, 0), (2, 2, 0), (3, 0, -1), (0, 3, -1), (3, 3, -2), (5, 8, -3), (6, 6, -4), (9, 10, -6)],
)
def test_wound_modifier_examples(physical: int, stun: int, modifier: int) -> None:
    sheet = make_sheet("human", attributes={"BOD": 4, "WIL": 4}, physical_damage=physical, stun_damage=stun)
    assert sheet.physical_boxes == 10 and sheet.stun_boxes == 10
    assert sheet.wound_modifier == modifier


def test_damage_beyond_the_monitors_is_refused() -> None:
    sheet = make_sheet("human", attributes={"BOD": 4, "WIL": 4})
    check_sheet(sheet.model_copy(update={"physical_damage": 10 + 4}))  # overflow up to Body
    check_sheet(sheet.model_copy(update={"physical_damage": 10 + 4 + 1}))  # the box of death: dead
    with pytest.raises(RulesError) as info:
        check_sheet(sheet.model_copy(update={"physical_damage": 10 + 4 + 2}))
    assert info.value.key == "error.damage_range"
    assert info.value.args_for_message == {"field": "physical_damage", "high": 15}
    with pytest.raises(RulesError) as info:
        check_sheet(sheet.model_copy(update={"stun_damage": 11}))
    assert info.value.args_for_message == {"field": "stun_damage", "high": 10}


def test_wound_modifier_reaches_the_dice_pool() -> None:
    sheet = make_sheet("human", attributes={"AGI": 5, "BOD": 4, "WIL": 4}, physical_damage=3, stun_damage=3)
    terms = simple_test_terms(sheet, "AGI", 2, 1)
    assert terms == (("attr.AGI", 5), ("pool.skill", 2), ("pool.wound_modifier", -2), ("pool.modifier", 1))
    assert pool_of(terms) == 6


def test_damage_edits_change_the_wound_modifier() -> None:
    encounter = encounter_with(make_sheet("human", attributes={"BOD": 4}))
    run(encounter, cmd.EditSheet(combatant="c1", field="physical_damage", value=7))
    assert encounter.state.combatants["c1"].sheet.wound_modifier == -2
    error = refused(encounter, cmd.EditSheet(combatant="c1", field="physical_damage", value=-1))
    assert error.key == "error.field_invalid" and error.args_for_message["field"] == "physical_damage"


# -- other sheet edits --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("field", "value", "key"),
    [
        ("attributes", 3, "error.unknown_field"),
        ("attr.XYZ", 3, "error.unknown_field"),
        ("nonsense", 3, "error.unknown_field"),
        ("name", 3, "error.bad_value"),
        ("is_npc", 1, "error.bad_value"),
        ("attr.AGI", "5", "error.bad_value"),
        ("attr.AGI", True, "error.bad_value"),
        ("initiative_dice", 6, "error.field_invalid"),
        ("initiative_dice", 0, "error.field_invalid"),
        ("initiative_bonus", 11, "error.field_invalid"),
        ("metatype", 3, "error.unknown_metatype"),
    ],
)
def test_bad_edits_are_refused_with_their_field(field: str, value: object, key: str) -> None:
    encounter = encounter_with(make_sheet("human"))
    error = refused(encounter, cmd.EditSheet(combatant="c1", field=field, value=value))  # type: ignore[arg-type]
    assert error.key == key
    assert error.args_for_message.get("field") == field


@pytest.mark.parametrize("name", ["", "   ", "x" * 61])
def test_bad_names_are_refused_with_their_field(name: str) -> None:
    encounter = encounter_with(make_sheet("human"))
    error = refused(encounter, cmd.EditSheet(combatant="c1", field="name", value=name))
    assert error.args_for_message.get("field") == "name"
    assert error.key in catalogue("en").messages and error.key in catalogue("ja").messages


def test_good_edits() -> None:
    encounter = encounter_with(make_sheet("human"))
    run(encounter, cmd.EditSheet(combatant="c1", field="name", value="  Renamed  "))
    run(encounter, cmd.EditSheet(combatant="c1", field="is_npc", value=True))
    run(encounter, cmd.EditSheet(combatant="c1", field="initiative_dice", value=5))
    sheet = encounter.state.combatants["c1"].sheet
    assert (sheet.name, sheet.is_npc, sheet.initiative_dice) == ("Renamed", True, 5)
