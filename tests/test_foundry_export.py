"""Templates out as Foundry VTT actors and back (issue 34): the same sheet after gmtool → Foundry → gmtool."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmtool.core.errors import FileFormatError
from gmtool.games.shadowrun.library.foundry_read import read_foundry
from gmtool.games.shadowrun.library.foundry_write import export_foundry, sr4_actor, sr5_actor
from gmtool.games.shadowrun.library.kind import LIBRARY
from gmtool.games.shadowrun.library.template import SR4Template, SR5Template
from gmtool.games.shadowrun.library.to_sheet import to_sheet
from gmtool.games.shadowrun.library.validation import parse_template
from tests.gui.test_library_window import template_data

FIXTURES = Path(__file__).parent / "fixtures" / "foundry"


def _fixture(name: str):  # noqa: ANN202
    return read_foundry((FIXTURES / name).read_bytes(), name).templates[0]


def _round_trip(template):  # noqa: ANN001, ANN202
    return read_foundry(export_foundry([template]).encode("utf-8"), "out.json").templates[0]


@pytest.mark.parametrize("name", ["sr5_v36_kestrel.json", "sr5_v31_marrow.json", "sr5_v27_pell.json",
                                  "sr4_dace.json"])
def test_gmtool_to_foundry_to_gmtool_gives_the_same_template_and_sheet(name: str) -> None:
    template = _fixture(name)
    back = _round_trip(template)
    assert back == template
    assert to_sheet(back) == to_sheet(template)


def test_a_library_template_with_tags_bonus_dice_and_a_grunt_rating_comes_back_the_same() -> None:
    document = template_data("Ganger")
    document |= {"tags": ["docks", "grunt"], "professional_rating": 2, "initiative_bonus": 2,
                 "skills": [{"name": "Blades", "rating": 4, "attribute": "AGI", "bonus": 2,
                             "specialisations": ["Knives", "Swords"]}],
                 "notes": "Line one\nLine <two> & three"}
    template = parse_template(document)
    back = _round_trip(template)
    assert back.source == "Foundry VTT"  # where the template now comes from; everything else the same
    assert back.model_copy(update={"source": template.source}) == template
    assert to_sheet(back) == to_sheet(template)


def test_the_sr5_actor_is_in_the_current_layout() -> None:
    actor = sr5_actor(_fixture("sr5_v31_marrow.json"))  # read from 0.31, written as 0.33+
    assert actor["_stats"]["systemId"] == "shadowrun5e" and actor["_stats"]["systemVersion"].startswith("0.3")
    assert actor["type"] == "character" and actor["system"]["attributes"]["body"] == {"base": 8}
    skills = [i for i in actor["items"] if i["type"] == "skill"]
    assert {"name": "Automatics", "type": "skill", "system": {"type": "skill", "skill": {
        "category": "active", "rating": 4, "attribute": "agility", "group": "Firearms",
        "specializations": [{"name": "Assault Rifles"}]}}} in skills
    rifle = next(i for i in actor["items"] if i["type"] == "weapon")["system"]
    assert rifle["action"]["damage"]["base"] == 11 and rifle["action"]["damage"]["ap"]["base"] == -2
    assert rifle["range"]["ranges"] | {} == {"short": 25, "medium": 150, "long": 350, "extreme": 550,
                                              "category": "manual"}
    assert rifle["ammo"]["clip_type"] == "removable_clip" and rifle["range"]["modes"]["full_auto"] is True
    assert actor["system"]["npc"]["is_grunt"] is True


def test_the_sr4_actor_keeps_the_systems_names() -> None:
    actor = sr4_actor(_fixture("sr4_dace.json"))
    assert actor["_stats"]["systemId"] == "shadowrun4e"
    assert actor["system"]["sheetStats"]["AGILITY"] == 5
    assert actor["system"]["modifiers"]["initiative"]["passes"]["physical"] == 1
    baton = next(i for i in actor["items"] if i["name"] == "Stun Baton")
    assert baton["type"] == "Melee Weapon" and baton["system"]["damageType"] == "STUN_HALF"
    colt = next(i for i in actor["items"] if i["name"] == "Colt Manhunter")
    assert colt["system"]["mode"] == "SEMI_AUTOMATIC" and colt["system"]["range"] == "heavy_pistols"


def test_several_templates_are_an_array_of_actors_and_one_is_an_object() -> None:
    kestrel, dace = _fixture("sr5_v36_kestrel.json"), _fixture("sr4_dace.json")
    assert isinstance(json.loads(export_foundry([kestrel])), dict)
    both = json.loads(export_foundry([kestrel, dace]))
    assert [a["name"] for a in both] == ["Kestrel Vantage", "Dace Holloway"]
    back = read_foundry(export_foundry([kestrel, dace]).encode(), "both.json").templates
    assert isinstance(back[0], SR5Template) and isinstance(back[1], SR4Template)


def test_the_library_writes_the_file_atomically_and_refuses_an_unknown_format(tmp_path: Path) -> None:
    path = tmp_path / "kestrel.json"
    LIBRARY.export_as("foundry", (_fixture("sr5_v36_kestrel.json"),), path)
    assert json.loads(path.read_text(encoding="utf-8"))["name"] == "Kestrel Vantage"
    assert [p.name for p in tmp_path.iterdir()] == ["kestrel.json"]  # no temporary file left
    with pytest.raises(FileFormatError):
        LIBRARY.export_as("roll20", (_fixture("sr5_v36_kestrel.json"),), tmp_path / "x.json")


@pytest.mark.parametrize("name", ["sr5_v36_kestrel.json", "sr5_v31_marrow.json", "sr4_dace.json"])
def test_a_combatant_exported_from_a_fight_comes_back_as_the_same_sheet(name: str) -> None:
    from gmtool.games.shadowrun.library.combatant_templates import template_of_sheet

    sheet = to_sheet(_fixture(name))
    fought = sheet.model_copy(update={"physical_damage": 4, "stun_damage": 3})  # as it stands after a hit
    template = template_of_sheet(fought)
    assert template is not None
    assert to_sheet(_round_trip(template)) == fought
