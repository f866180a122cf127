"""JSON export and import of NPC templates and encounters: round trips, versions, refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.core.errors import FileFormatError
from gmtool.games.shadowrun.library.exchange import (
    EncounterEntry,
    EncounterPlan,
    export_encounter,
    export_npcs,
    import_encounter,
    import_npcs,
    load_encounter,
    load_npcs,
    save_encounter,
    save_npcs,
)
from gmtool.games.shadowrun.library.template import SR4Template, SR5Template
from gmtool.games.shadowrun.library.validation import parse_template

ATTRS = {"BOD": 5, "AGI": 3, "REA": 3, "STR": 4, "WIL": 3, "LOG": 2, "INT": 3, "CHA": 2, "EDG": 1}
FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "chummer"


def sr5(name: str = "Ganger", **extra: Any) -> SR5Template:
    template = parse_template({
        "edition": "SR5", "name": name, "metatype": "ork", "attributes": ATTRS,
        "monitors": {"physical_boxes": 11, "stun_boxes": 10, "stun_filled": 2},
        "weapons": [{"name": "Knife", "melee": True, "damage": "(STR+1)P", "ap": "-1", "accuracy": "5"}],
        "spells": [{"name": "Stunbolt", "category": "Combat", "type": "M", "range": "LOS", "duration": "I", "drain": "F-3"}],
        "programs": [{"name": "Puppeteer", "kind": "complex_form", "fading": "L+1"}],
        "augmentations": [{"name": "Wired Reflexes", "rating": 1, "essence": 2.0}],
        "tags": ["ganger", "トロール"], "notes": "日本語のメモ", **extra,
    })
    assert isinstance(template, SR5Template)
    return template


def sr4(name: str = "Lone Star") -> SR4Template:
    template = parse_template({
        "edition": "SR4", "name": name, "attributes": ATTRS, "initiative_passes": 2,
        "monitors": {"physical_boxes": 11, "stun_boxes": 10}, "armour": {"ballistic": 8, "impact": 6},
    })
    assert isinstance(template, SR4Template)
    return template


def test_npcs_round_trip() -> None:
    templates = [sr5(), sr5("Lieutenant", professional_rating=3), sr4()]
    text = export_npcs(templates)
    assert json.loads(text)["schema_version"] == 1
    assert import_npcs(text) == templates
    assert import_npcs(text.encode("utf-8")) == templates
    assert import_npcs(b"\xef\xbb\xbf" + text.encode("utf-8")) == templates  # a BOM from a text editor


def test_an_encounter_round_trips_with_counts_groups_and_runners() -> None:
    plan = EncounterPlan(
        name="Ambush", edition="SR5", notes="at the dock",
        entries=[EncounterEntry(template=sr5(), count=6, grunt_group=True, professional_rating=2),
                 EncounterEntry(template=sr5("Lieutenant"))],
        runners=[sr5("Kestrel")],
    )
    again = import_encounter(export_encounter(plan))
    assert again == plan
    assert (again.entries[0].count, again.entries[0].grunt_group, again.entries[0].professional_rating) == (6, True, 2)


def test_files_are_written_and_read_back(tmp_path: Path) -> None:
    save_npcs(tmp_path / "npcs.json", [sr5()])
    assert load_npcs(tmp_path / "npcs.json") == [sr5()]
    plan = EncounterPlan(name="Raid", edition="SR4", entries=[EncounterEntry(template=sr4(), count=3)])
    save_encounter(tmp_path / "raid.json", plan)
    assert load_encounter(tmp_path / "raid.json") == plan
    assert [p.name for p in tmp_path.iterdir()] and not list(tmp_path.glob(".*.tmp"))  # no temp file left


@pytest.mark.skipif(not FIXTURES.is_dir(), reason="Chummer fixtures not found")
def test_imported_chummer_templates_round_trip() -> None:
    from gmtool.games.shadowrun.importers.dispatch import import_chummer_file

    templates = [import_chummer_file(p).template for p in sorted(FIXTURES.glob("sr*/*.chum*"))]
    assert len(templates) == 50
    assert import_npcs(export_npcs(templates)) == templates


def _document(**changes: Any) -> str:
    document = json.loads(export_npcs([sr5()]))
    document.update(changes)
    return json.dumps(document)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        (_document(schema_version=2), "error.exchange_too_new"),
        (_document(schema_version=0), "error.exchange_not_gmtool"),
        (_document(schema_version="1"), "error.exchange_not_gmtool"),
        (_document(kind="gmtool.encounter"), "error.exchange_wrong_kind"),
        (_document(kind="something"), "error.exchange_not_gmtool"),
        ("[1, 2]", "error.exchange_not_gmtool"),
        ('{"schema_version": 1, "kind": "gmtool.npcs", "npcs": [', "userfile.syntax"),
        ('{"schema_version": NaN}', "userfile.bad_number"),
        ("[" * 100_000 + "]" * 100_000, "userfile.too_deep"),
        (_document(npcs=[{"edition": "SR5", "name": "x"}]), "error.exchange_invalid"),
        (_document(npcs=[{"edition": "SR6"}]), "error.exchange_invalid"),
        (_document(extra=1), "error.exchange_invalid"),
    ],
)
def test_malformed_or_newer_input_is_refused(text: str, key: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        import_npcs(text)
    assert caught.value.key == key
    assert caught.value.message() != key  # translated


def test_a_newer_file_says_which_version() -> None:
    with pytest.raises(FileFormatError) as caught:
        import_npcs(_document(schema_version=3))
    assert caught.value.args_for_message == {"version": 3, "supported": 1}


def test_an_encounter_mixing_editions_is_refused() -> None:
    document = json.loads(export_encounter(EncounterPlan(name="Mix", edition="SR5",
                                                         entries=[EncounterEntry(template=sr5())])))
    document["encounter"]["runners"] = [sr4().model_dump(mode="json")]
    with pytest.raises(FileFormatError) as caught:
        import_encounter(json.dumps(document))
    assert caught.value.key == "error.exchange_invalid"
    assert caught.value.args_for_message["field"] == "encounter"


def test_an_invalid_export_names_the_field() -> None:
    document = json.loads(export_npcs([sr5()]))
    document["npcs"][0]["weapons"][0]["reach"] = 99
    with pytest.raises(FileFormatError) as caught:
        import_npcs(json.dumps(document))
    assert caught.value.args_for_message["field"] == "npcs.0.weapons.0.reach"


@settings(max_examples=60, deadline=None)
@given(
    name=st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp")), min_size=1, max_size=40),
    count=st.integers(1, 24), rating=st.none() | st.integers(0, 6), filled=st.integers(0, 10),
)
def test_round_trip_property(name: str, count: int, rating: int | None, filled: int) -> None:
    template = sr5(name, professional_rating=rating,
                   monitors={"physical_boxes": 11, "stun_boxes": 10, "physical_filled": filled})
    plan = EncounterPlan(name="P", edition="SR5", entries=[EncounterEntry(template=template, count=count)])
    assert import_encounter(export_encounter(plan)) == plan
    assert import_npcs(export_npcs([template])) == [template]
