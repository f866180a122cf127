"""The SR4 character sheet: metatype limits, augmented maximum, passes, monitors, damage.

Limits come from ``resources/sr4/metatypes.json``: augmented maximum = 1.5 ×
the natural maximum (round down), Edge not augmentable. Monitors 8 + ceil(BOD/2)
physical and 8 + ceil(WIL/2) stun; every 3 boxes on either track cost −1
(SR4-MT8); stun beyond its monitor spills into physical.
"""

from __future__ import annotations

from math import floor

import pytest

from gmtool.core.encounter import Encounter
from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.sr4.rules import commands as cmd
from gmtool.games.shadowrun.sr4.rules import events as ev
from gmtool.games.shadowrun.sr4.rules.decide_sheet import damage_after
from gmtool.games.shadowrun.sr4.rules.game import SR4Ruleset
from gmtool.games.shadowrun.sr4.rules.sheet import ATTRIBUTES, Sheet, attribute_range, check_sheet, metatypes

METATYPES = sorted(metatypes().metatypes)


def natural(metatype: str) -> dict[str, int]:
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
    encounter = Encounter(SR4Ruleset(), seed=3)
    run(encounter, cmd.AddCombatant(sheet=sheet))
    return encounter


def refused(encounter: Encounter, command: Command) -> RulesError:
    with pytest.raises(RulesError) as info:
        encounter.prepare(command)
    return info.value


# -- metatype limits --------------------------------------------------------------------------
def test_the_table_matches_the_sr4_book() -> None:
    table = metatypes().metatypes
    # spirit: SR4-S6 summoned spirits; critter and vehicle: gmtool's, for critters and drones as combatants
    assert set(table) == {"human", "elf", "dwarf", "ork", "troll", "spirit", "critter", "vehicle"}
    assert table["human"].limits["EDG"] == (2, 7)
    assert table["dwarf"].limits["BOD"] == (2, 7) and table["dwarf"].limits["REA"] == (1, 5)
    assert table["troll"].limits["STR"] == (5, 10) and table["troll"].limits["CHA"] == (1, 4)
    assert table["elf"].label == {"en": "Elf", "ja": "エルフ"}


@pytest.mark.parametrize("metatype", METATYPES)
@pytest.mark.parametrize("attribute", ATTRIBUTES)
def test_augmented_maximum_is_one_and_a_half_times_natural_except_edge(metatype: str, attribute: str) -> None:
    low, high = metatypes().metatypes[metatype].limits[attribute]
    if attribute == "EDG":
        assert attribute_range(metatype, attribute) == (0, high)
    else:
        assert attribute_range(metatype, attribute) == (low, floor(high * 1.5))
    top = attribute_range(metatype, attribute)[1]
    check_sheet(make_sheet(metatype, attributes={attribute: top}))
    with pytest.raises(RulesError) as info:
        check_sheet(make_sheet(metatype, attributes={attribute: top + 1}))
    assert info.value.key == "error.attribute_range"
    assert info.value.args_for_message["field"] == f"attr.{attribute}"


def test_the_core_refuses_bad_sheets_naming_the_field() -> None:
    encounter = Encounter(SR4Ruleset(), seed=1)
    error = refused(encounter, cmd.AddCombatant(sheet=make_sheet(attributes={"BOD": 10})))
    assert (error.key, error.args_for_message["field"]) == ("error.attribute_range", "attr.BOD")
    gnome = make_sheet().model_copy(update={"metatype": "gnome"})
    error = refused(encounter, cmd.AddCombatant(sheet=gnome))
    assert (error.key, error.args_for_message["field"]) == ("error.unknown_metatype", "metatype")
    error = refused(encounter, cmd.AddCombatant(sheet=make_sheet(edge_points=3)))
    assert (error.key, error.args_for_message["field"]) == ("error.edge_points_range", "edge_points")
    partial = Sheet(name="X", attributes={"BOD": 3})
    assert refused(encounter, cmd.AddCombatant(sheet=partial)).key == "error.attributes_incomplete"


@pytest.mark.rule("SR4-C1")
def test_initiative_passes_are_one_to_four_and_the_attribute_is_rea_int_bonus() -> None:
    sheet = make_sheet(attributes={"REA": 4, "INT": 3}, initiative_bonus=2, initiative_passes=3)
    assert sheet.initiative_attribute == 9
    encounter = encounter_with(sheet)
    for bad in (0, 5):
        error = refused(encounter, cmd.EditSheet(combatant="c1", field="initiative_passes", value=bad))
        assert (error.key, error.args_for_message["field"]) == ("error.field_invalid", "initiative_passes")
    run(encounter, cmd.EditSheet(combatant="c1", field="initiative_passes", value=4))
    assert encounter.state.combatants["c1"].sheet.initiative_passes == 4


@pytest.mark.parametrize(
    ("field", "value", "key"),
    [
        ("attr.XYZ", 3, "error.unknown_field"),
        ("attributes", 3, "error.unknown_field"),
        ("initiative_bonus", -1, "error.field_invalid"),
        ("initiative_bonus", "fast", "error.bad_value"),
        ("is_npc", 1, "error.bad_value"),
        ("name", "   ", "error.name_invalid"),
        ("stun_damage", 99, "error.damage_range"),
        ("attr.REA", 3, "error.no_change"),
    ],
)
def test_bad_edits_are_refused(field: str, value: object, key: str) -> None:
    encounter = encounter_with(make_sheet(attributes={"REA": 3}))
    error = refused(encounter, cmd.EditSheet(combatant="c1", field=field, value=value))  # type: ignore[arg-type]
    assert error.key == key


def test_metatype_change_clamps_attributes() -> None:
    encounter = encounter_with(make_sheet(attributes={"STR": 2, "EDG": 6}, edge_points=5))
    events = run(encounter, cmd.EditSheet(combatant="c1", field="metatype", value="troll"))
    sheet = encounter.state.combatants["c1"].sheet
    assert sheet.attributes["STR"] == 5 and sheet.attributes["EDG"] == 6
    assert {e.field for e in events if isinstance(e, ev.SheetChanged)} >= {"metatype", "attr.STR", "attr.BOD"}


# -- monitors and wounds (SR4-MT8) ---------------------------------------------------------------
# rules.md SR4-MT8 (standard SR4, not in the digest): physical 8 + Body / 2, stun 8 + Willpower / 2, rounded up;
# −1 per 3 boxes filled on each monitor, the two added up; dead past the physical monitor + Body boxes of overflow.
# Every figure below is worked out by hand from that line.
@pytest.mark.rule("SR4-MT8")
@pytest.mark.parametrize(("body", "willpower", "physical", "stun", "boxes", "wound"), [
    (4, 3, 0, 0, (10, 10), 0),    # 8 + 2, 8 + 1.5 → 2
    (4, 3, 2, 2, (10, 10), 0),    # 2 and 2 boxes: no full 3 on either
    (4, 3, 3, 0, (10, 10), -1),   # the third box costs −1
    (4, 3, 2, 3, (10, 10), -1),   # 2 physical do not join the 3 stun: −1, not −1 for 5
    (4, 3, 5, 6, (10, 10), -3),   # −1 + −2
    (5, 4, 11, 10, (11, 10), -6),  # 8 + 2.5 → 3 = 11; 8 + 2 = 10; 11 // 3 = 3, 10 // 3 = 3
    (1, 1, 9, 9, (9, 9), -6),     # 8 + 0.5 → 1 = 9 on both; 3 + 3
    (6, 6, 8, 0, (11, 11), -2),   # 8 + 3; 8 boxes: −2
])
def test_monitors_and_wound_modifier(body: int, willpower: int, physical: int, stun: int,
                                     boxes: tuple[int, int], wound: int) -> None:
    sheet = Sheet.model_construct(
        name="Sam", metatype="human", is_npc=False, attributes={**natural("human"), "BOD": body, "WIL": willpower},
        initiative_bonus=0, initiative_passes=1, edge_points=0, physical_damage=physical, stun_damage=stun,
    )
    assert (sheet.physical_boxes, sheet.stun_boxes) == boxes
    assert sheet.wound_modifier == wound
    assert not sheet.dead


@pytest.mark.rule("SR4-MT8")
@pytest.mark.parametrize(("body", "physical", "dead"), [(4, 14, False), (4, 15, True), (5, 16, False), (5, 17, True)])
def test_death_comes_past_body_boxes_of_overflow(body: int, physical: int, dead: bool) -> None:
    # Body 4: monitor 10, overflow 4: 14 is the last box alive, 15 dead; Body 5: 11 + 5 = 16 alive, 17 dead.
    sheet = Sheet.model_construct(
        name="Sam", metatype="human", is_npc=False, attributes={**natural("human"), "BOD": body, "WIL": 3},
        initiative_bonus=0, initiative_passes=1, edge_points=0, physical_damage=physical, stun_damage=0,
    )
    assert sheet.dead == dead


@pytest.mark.rule("SR4-MT8")
def test_damage_fills_monitors_and_stun_spills_into_physical() -> None:
    sheet = make_sheet(attributes={"BOD": 4, "WIL": 3})  # physical 10, stun 10
    assert damage_after(sheet, "physical", 4) == (4, 0)
    assert damage_after(sheet, "stun", 12) == (2, 10)
    assert damage_after(sheet, "physical", 40) == (15, 0)  # 10 + 4 overflow + the box of death
    encounter = encounter_with(sheet)
    (event,) = run(encounter, cmd.ApplyDamage(combatant="c1", track="stun", boxes=7))
    assert isinstance(event, ev.DamageApplied)
    assert (event.stun_before, event.stun_after, event.wound_after) == (0, 7, -2)
    run(encounter, cmd.ApplyDamage(combatant="c1", track="physical", boxes=20))
    dead = encounter.state.combatants["c1"].sheet
    assert dead.dead and dead.physical_damage == dead.physical_max
    assert refused(encounter, cmd.ApplyDamage(combatant="c1", track="physical", boxes=1)).key == "error.no_change"
    error = refused(encounter, cmd.EditSheet(combatant="c1", field="physical_damage", value=16))
    assert (error.key, error.args_for_message["field"]) == ("error.damage_range", "physical_damage")
