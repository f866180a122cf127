"""Foundry VTT actors into templates (issue 34): each layout's fields, the report, hostile files refused.

The fixtures (tests/fixtures/foundry/) are made-up actors written by hand from the systems' data
models; each value is chosen so a check can see it came from where it should (a base value beside
a different derived one, a piece of armour not equipped, a skill at rating 0 …).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.games.shadowrun.library.foundry_read import read_foundry
from gmtool.games.shadowrun.library.kind import LIBRARY
from gmtool.games.shadowrun.library.template import SR4Template, SR5Template

FIXTURES = Path(__file__).parent / "fixtures" / "foundry"


def _read(name: str) -> tuple[list, list[str]]:
    path = FIXTURES / name
    found = read_foundry(path.read_bytes(), path.name)
    return list(found.templates), list(found.lines)


def _one(name: str):  # noqa: ANN202
    templates, lines = _read(name)
    assert len(templates) == 1
    return templates[0], lines


def test_sr5_current_layout_reads_base_values_skill_items_and_weapons() -> None:
    kestrel, lines = _one("sr5_v36_kestrel.json")
    assert isinstance(kestrel, SR5Template) and kestrel.metatype == "ork"
    assert kestrel.attributes == {"BOD": 5, "AGI": 6, "REA": 4, "STR": 3, "WIL": 4, "LOG": 3, "INT": 5, "CHA": 2,
                                  "EDG": 3}  # REA base 4, not its value 6
    assert kestrel.initiative_dice == 2  # dice.base 2, not the value 3
    assert kestrel.essence == 4.5 and kestrel.magic is None
    skills = {s.name: s for s in kestrel.skills}
    assert set(skills) == {"Pistols", "Sneaking", "Street Rumours"}  # Running is at 0; the set is no skill
    assert skills["Pistols"].rating == 5 and skills["Pistols"].attribute == "AGI"
    assert skills["Pistols"].specialisations == ["Semi-Automatics"] and skills["Pistols"].group == "Firearms"
    assert skills["Street Rumours"].knowledge and skills["Street Rumours"].attribute == "INT"
    assert [(g.name, g.rating) for g in kestrel.skill_groups] == [("Close Combat", 2)]
    weapons = {w.name: w for w in kestrel.weapons}
    predator = weapons["Ares Predator V"]
    assert (predator.damage, predator.ap, predator.accuracy, predator.rc) == ("8P", "-1", "5", "1")
    assert predator.modes == ["SA"] and predator.ammo == "15(c)" and predator.ranges == "heavy_pistols"
    assert weapons["Combat Knife"].melee and weapons["Combat Knife"].damage == "(STR+2)P"
    assert weapons["Stun Baton"].damage == "9S" and weapons["Stun Baton"].reach == 1
    assert kestrel.notes == "Ex-Lone Star patrol officer.\nOwes money to a fixer & hates drones."
    assert kestrel.tags == [] and kestrel.professional_rating is None  # an NPC, not a grunt
    assert any("Lined Coat" in line and "not equipped" in line for line in lines)
    assert any("2 items of type “quality”" in line for line in lines)
    assert any("Street Samurai Kit" in line for line in lines)
    assert any("1 Edge point spent" in line for line in lines)


@pytest.mark.rule("SR5-A6")
def test_sr5_monitors_are_recomputed_with_the_bonus_boxes_and_filled_boxes_kept() -> None:
    """SR5-A6: physical 8 + ⌈BOD/2⌉, stun 8 + ⌈WIL/2⌉; Foundry's modifiers.physical_track adds boxes."""
    kestrel, _ = _one("sr5_v36_kestrel.json")  # BOD 5 → 8 + 3 = 11, +1 bonus; WIL 4 → 8 + 2 = 10
    monitors = kestrel.monitors
    assert (monitors.physical_boxes, monitors.stun_boxes) == (12, 10)
    assert (monitors.physical_filled, monitors.stun_filled) == (3, 2)
    marrow, _ = _one("sr5_v31_marrow.json")  # BOD 8 → 12; WIL 5 → 8 + 3 = 11, +2 stun bonus
    assert (marrow.monitors.physical_boxes, marrow.monitors.stun_boxes) == (12, 13)


def test_sr5_armour_is_the_best_equipped_piece_plus_accessories() -> None:
    """SR5 p. 169: Armor Jacket 12 + Helmet (accessory) 2; the Lined Coat (9) is not equipped."""
    kestrel, _ = _one("sr5_v36_kestrel.json")
    assert kestrel.armour.value == 14 and kestrel.armour_worn == ["Armor Jacket", "Helmet"]


def test_sr5_layout_0_30_reads_skills_from_the_actor_with_base_ratings() -> None:
    marrow, lines = _one("sr5_v31_marrow.json")
    assert "0.30–0.32" in lines[1]
    assert marrow.metatype == "troll" and marrow.magic == 4  # special "magic"
    skills = {s.name: s for s in marrow.skills}
    assert set(skills) == {"Automatics", "Spellcasting", "Gang Turf", "Sperethiel"}  # blades at 0 left out
    assert skills["Automatics"].rating == 4 and skills["Automatics"].specialisations == ["Assault Rifles"]
    assert skills["Gang Turf"].knowledge and skills["Gang Turf"].specialisations == ["Redmond"]
    assert skills["Sperethiel"].knowledge and skills["Sperethiel"].rating == 2
    alpha = marrow.weapons[0]
    assert alpha.modes == ["SA", "BF", "FA"] and alpha.ranges == "assault_rifles" and alpha.rc == "2"
    assert marrow.tags == ["grunt"] and marrow.professional_rating is None
    assert marrow.notes == "Hired muscle for the Ancients."


def test_sr5_layout_0_29_reads_values_and_the_grunt_rating() -> None:
    pell, lines = _one("sr5_v27_pell.json")
    assert "0.29 or older" in lines[1]
    assert pell.attributes["WIL"] == 5 and pell.attributes["EDG"] == 1  # .value: that layout has no base
    assert {s.name: s.rating for s in pell.skills} == {"Pistols": 3, "Unarmed Combat": 2}
    assert pell.skills[1].specialisations == ["Wrestling"]
    assert pell.tags == ["grunt"] and pell.professional_rating == 3
    assert pell.armour.value == 6  # system.armor.value of the old item layout
    assert pell.weapons[0].ranges == "holdouts" and pell.weapons[0].modes == ["SS"]


def test_the_layout_is_told_by_shape_when_the_version_is_missing() -> None:

    for name, layout in (("sr5_v27_pell.json", "0.29 or older"), ("sr5_v31_marrow.json", "0.30–0.32"),
                         ("sr5_v36_kestrel.json", "0.33 or newer")):
        actor = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
        del actor["_stats"]
        found = read_foundry(json.dumps(actor).encode(), name)
        assert layout in found.lines[1], name


def test_sr4_actor_reads_sheet_stats_items_and_passes() -> None:
    dace, lines = _one("sr4_dace.json")
    assert isinstance(dace, SR4Template) and dace.metatype == "elf"
    assert dace.attributes["AGI"] == 5 and dace.attributes["CHA"] == 3 and dace.essence == 5.2
    assert dace.initiative_passes == 2 and dace.initiative_bonus == 1  # 1 + passes.physical 1
    assert (dace.armour.ballistic, dace.armour.impact) == (9, 7)  # jacket 8/6 + helmet 1/1; clothing not worn
    skills = {s.name: s for s in dace.skills}
    assert skills["Pistols"].specialisations == ["Semi-Automatics"] and skills["Dodge"].attribute == "REA"
    assert skills["Seattle Gangs"].knowledge
    weapons = {w.name: w for w in dace.weapons}
    assert (weapons["Colt Manhunter"].damage, weapons["Colt Manhunter"].ap) == ("5P", "-1")
    assert weapons["Colt Manhunter"].ranges == "heavy_pistols" and weapons["Colt Manhunter"].ammo == "16(c)"
    assert (weapons["Stun Baton"].damage, weapons["Stun Baton"].ap) == ("6S", "-half")
    assert weapons["Combat Knife"].damage == "(STR/2+1)P"
    assert dace.notes == "A fixer's bodyguard."
    assert any("“Spell”" in line for line in lines)


@pytest.mark.rule("SR4-MT8")
def test_sr4_monitors_are_recomputed_with_the_bonus_boxes() -> None:
    """SR4-MT8: physical 8 + ⌈BOD/2⌉ = 8 + 2 = 10; stun 8 + ⌈WIL/2⌉ = 8 + 2 = 10, +1 bonus box."""
    dace, _ = _one("sr4_dace.json")
    assert (dace.monitors.physical_boxes, dace.monitors.stun_boxes) == (10, 11)
    assert (dace.monitors.physical_filled, dace.monitors.stun_filled) == (2, 1)


def test_a_file_of_several_actors_reports_each() -> None:
    templates, lines = _read("party/crew.json")
    assert [t.name for t in templates] == ["Juno Thrace", "Wick Ostrander"]
    assert lines[0] == "Imported from crew.json: 2 Foundry actors"
    assert lines.count("Juno Thrace (Foundry SR5, system 0.30–0.32)") == 1
    assert templates[0].skills[0].name == "Pilot Ground Craft" and templates[0].skills[0].rating == 6


def test_a_bad_weapon_is_left_out_with_its_reason_and_the_rest_kept() -> None:
    rook, lines = _one("hostile/bad_weapon.json")
    assert [w.name for w in rook.weapons] == ["Heavy Pistol"]
    said = "\n".join(lines)
    assert "Odd Gun: items[Odd Gun].system.action.damage.base should be a whole number" in said
    assert "Laser Pointer: damage type “matrix” is neither physical nor stun" in said
    assert "Custom Rifle: ranges 7/70/700/7000 m are no row of the range table" in said


@pytest.mark.parametrize(("name", "said"), [
    ("wrong_types.json", "Actor 1 (Vell Ashgrove) cannot be imported: system.attributes.body.base should be a whole number"),
    ("items_not_list.json", "items should be a list"),
    ("missing_attributes.json", "Actor 1 (Corin Blight) cannot be imported: it has no attributes"),
    ("other_system.json", "the Foundry system “dnd5e”"),
    ("spirit.json", "actors of type “spirit” are not read"),
    ("absurd_number.json", "is 3000000, far outside"),
    ("huge_items.json", "1001 items; an actor gmtool reads has at most 1000"),
    ("array_with_bad_member.json", "Actor 2 (?) cannot be imported: it is not an actor"),
    ("deep_nesting.json", "nested too deeply"),
    ("not_json.json", "not valid JSON (line 2"),
])
def test_hostile_files_are_refused_whole_with_a_clear_reason(name: str, said: str) -> None:
    path = FIXTURES / "hostile" / name
    data = path.read_bytes()
    assert LIBRARY.claims(data, name)  # taken as a Foundry file, so the refusal says what is wrong with it
    with pytest.raises(FileFormatError) as refused:
        LIBRARY.import_file(data, name)
    assert said in refused.value.message()


def test_gmtool_exports_and_chummer_files_are_not_taken_for_foundry_actors() -> None:
    from gmtool.games.shadowrun.library.exchange import export_npcs
    from gmtool.games.shadowrun.library.foundry_read import claims

    kestrel, _ = _one("sr5_v36_kestrel.json")
    assert not claims(export_npcs([kestrel]).encode(), "npcs.json")
    assert not claims(b"<?xml version='1.0'?><character/>", "x.chum5")
    assert not claims(b'[1, 2, 3]', "numbers.json")


def test_more_actors_than_a_file_may_hold_are_refused_before_any_is_read() -> None:
    actor = json.loads((FIXTURES / "party" / "ash_rennick.json").read_text(encoding="utf-8"))
    with pytest.raises(FileFormatError) as refused:
        read_foundry(json.dumps([actor] * 2001).encode(), "crowd.json")
    assert "holds 2001 actors; at most 2000" in refused.value.message()


def test_a_long_name_is_cut_and_said() -> None:
    actor = json.loads((FIXTURES / "party" / "ash_rennick.json").read_text(encoding="utf-8"))
    actor["name"] = "Ash " + "Rennick" * 20
    found = read_foundry(json.dumps(actor).encode(), "long.json")
    assert len(found.templates[0].name) == 60
    assert "  not imported: the name was cut to 60 characters" in found.lines
