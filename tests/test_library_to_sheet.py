"""Template → combat sheet: weapons read from their text (unreadable ones skipped and named),
combat skills as sheet keys, armour of each edition; every Chummer fixture converts without a crash."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.importers.dispatch import import_chummer_file
from gmtool.games.shadowrun.library.template import SR4Template, SR5Template
from gmtool.games.shadowrun.library.to_sheet import convert, sheet_skills, skill_key, to_sheet
from gmtool.games.shadowrun.library.validation import parse_template
from gmtool.games.shadowrun.rules.attack.skills import weapon_skill
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet as SR4Sheet
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet as SR5Sheet

FIXTURES = Path("/work/shared/fixtures/chummer")
ATTRS = {"BOD": 4, "AGI": 4, "REA": 3, "STR": 4, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 2}


def template(edition: str = "SR5", **changes: Any) -> SR5Template | SR4Template:
    data: dict[str, Any] = {
        "edition": edition, "name": "Ganger", "metatype": "ork", "attributes": dict(ATTRS),
        "monitors": {"physical_boxes": 10, "stun_boxes": 10},
        "skills": [
            {"name": "Pistols", "rating": 4},
            {"name": "Unarmed Combat", "rating": 2, "bonus": 1},
            {"name": "Gang Turf", "rating": 5, "knowledge": True},
            {"name": "射撃", "rating": 3},
        ],
        "weapons": [
            {"name": "Ares Predator", "category": "Heavy Pistols", "melee": False, "damage": "8P", "ap": "-1",
             "modes": ["SA"], "rc": "", "ammo": "15(c)", "accuracy": "5(7)"},
            {"name": "Club", "category": "Clubs", "melee": True, "reach": 1, "damage": "(STR+3)P", "ap": "-",
             "accuracy": "4"},
            {"name": "Smoke grenade", "category": "Grenade", "melee": False, "damage": "(10m Radius)"},
        ],
    }
    data.update(changes)
    return parse_template(data)


def test_weapons_are_read_from_their_text_and_unreadable_ones_are_named() -> None:
    result = convert(template())
    sheet = result.sheet
    assert [w.name for w in sheet.weapons] == ["Ares Predator", "Club"]
    predator, club = sheet.weapons
    assert (predator.kind, predator.damage_value(), predator.ap, predator.modes) == ("ranged", 8, -1, ("SA",))
    assert (predator.accuracy, predator.accuracy_full, predator.feed.capacity) == (5, 7, 15)
    assert (club.kind, club.reach, club.damage_value(4)) == ("melee", 1, 7)  # Strength counted once
    assert weapon_skill(predator) == "pistols" and weapon_skill(club) == "clubs"
    assert result.skipped_weapons == ["Smoke grenade"]


def test_sr4_half_armour_penetration_and_two_armour_values() -> None:
    t = template("SR4", armour={"ballistic": 6, "impact": 4}, weapons=[
        {"name": "Taser", "category": "Tasers", "melee": False, "damage": "6S(e)", "ap": "-half",
         "modes": ["SS"], "ammo": "4(m)"}])
    sheet = to_sheet(t)
    assert isinstance(sheet, SR4Sheet)
    assert (sheet.ballistic_armour, sheet.impact_armour) == (6, 4)
    assert sheet.weapons[0].ap_halves_armour and sheet.weapons[0].accuracy is None


def test_sr5_armour_and_combat_skills() -> None:
    sheet = to_sheet(template(armour={"value": 12}))
    assert isinstance(sheet, SR5Sheet) and sheet.armour == 12
    # the knowledge skill and the name that makes no key stay on the template
    assert sheet.skills == {"pistols": 4, "unarmed_combat": 3}


def test_skill_keys_and_caps() -> None:
    assert skill_key("Unarmed Combat") == "unarmed_combat"
    assert skill_key("Exotic Ranged Weapon") == "exotic_ranged_weapon"
    assert skill_key("Free-Fall") == "free_fall"
    assert skill_key("射撃") is None and skill_key("3D") is None
    t = template(skills=[{"name": "Pistols", "rating": 11, "bonus": 3}, {"name": "pistols", "rating": 2}])
    assert sheet_skills(t) == {"pistols": 12}


def test_armour_beyond_the_sheet_is_refused_naming_the_field() -> None:
    with pytest.raises(RulesError) as caught:
        to_sheet(template(armour={"value": 55}))
    assert caught.value.args_for_message["field"] == "armour"
    assert "55" in caught.value.message()


@pytest.mark.skipif(not FIXTURES.is_dir(), reason="Chummer fixtures not present")
def test_every_chummer_fixture_converts_or_is_refused_cleanly() -> None:
    converted = skipped = 0
    for path in sorted(FIXTURES.rglob("*.chum*")):
        imported = import_chummer_file(path).template
        try:
            result = convert(imported)
        except RulesError:
            continue  # beyond the sheet's limits: refused with a message, not a crash
        converted += 1
        skipped += len(result.skipped_weapons)
        assert len(result.sheet.weapons) + len(result.skipped_weapons) == len(imported.weapons)
        assert set(result.skipped_weapons) <= {w.name for w in imported.weapons}
    assert converted >= 40
    assert skipped >= 1  # grenades with "(10m Radius)" damage are among the fixtures
