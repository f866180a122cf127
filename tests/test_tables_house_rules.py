"""House-rule tables: TOML files merged into the shipped tables; broken files reported with their line."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.core.i18n import set_language
from gmtool.core.tables.engine import build_sheet
from gmtool.games.shadowrun.rules.tables.context import ActionContext
from gmtool.games.shadowrun.rules.tables.folder import house_rules_folder
from gmtool.games.shadowrun.rules.tables.house_rules import locate
from gmtool.games.shadowrun.rules.tables.loader import load_tables
from gmtool.storage.paths import data_dir

GOOD = """\
schema_version = 1

[[tables]]
id = "house.weather"
game = "sr5"
applies_to = ["ranged_attack"]
title = { en = "Weather", ja = "天候" }

[[tables.rows]]
id = "acid_rain"
label = { en = "Acid rain", ja = "酸性雨" }
value = -2
page = 12
context = "acid_rain"

[[rows]]
table = "sr4.ranged"
id = "neon_glare"
label = { en = "Neon glare", ja = "ネオンの眩しさ" }
value = -1
context = "neon"

[[rows]]
table = "sr4.ranged"
id = "smartlink"
label = { en = "Smartlink (house)", ja = "スマートリンク (ハウス)" }
value = 3
group = "sight"
context = "smartlink"
"""

BAD_SCHEMA = """\
schema_version = 1

[[rows]]
table = "sr4.melee"
id = "fine_row"
label = { en = "Fine", ja = "良い" }
value = 1

[[rows]]
table = "sr4.melee"
id = "broken_row"
label = { en = "Broken", ja = "壊れた" }
value = "minus two"
"""


def write(folder: Path, name: str, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


@pytest.mark.rule("SR4-MT7")
def test_house_tables_and_rows_are_merged(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", GOOD)
    tables = load_tables(tmp_path)
    assert tables.problems == ()
    weather = tables.get("house.weather")
    assert weather is not None and weather.row("acid_rain").source == "house"
    ranged = tables.get("sr4.ranged")
    assert ranged.row("neon_glare").value == -1 and ranged.row("neon_glare").source == "house"
    assert ranged.row("smartlink").value == 3  # a row id that exists is replaced
    assert len(ranged.rows) == 24
    sr5 = build_sheet(ActionContext(game="sr5", action="ranged_attack", flags=frozenset({"acid_rain"})), tables)
    assert [(t.table, t.value, t.page) for t in sr5.breakdown()] == [("house.weather", -2, 12)]
    sr4 = build_sheet(ActionContext(game="sr4", action="ranged_attack", flags=frozenset({"neon", "smartlink"})), tables)
    assert sr4.total() == 2


def test_a_broken_file_is_reported_with_its_line_and_the_rest_loads(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", GOOD)
    write(tmp_path, "b.toml", BAD_SCHEMA)
    write(tmp_path, "c.toml", 'schema_version = 1\n\n[[rows]]\ntable = "sr4.melee"\nid = oops\n')
    tables = load_tables(tmp_path)
    assert tables.get("house.weather") is not None  # a.toml still loaded
    assert tables.get("sr4.melee").row("fine_row") is None  # b.toml is refused whole
    found = {(p.key, p.args_for_message["file"], p.args_for_message["line"]) for p in tables.problems}
    assert found == {("error.house_rule_schema", "b.toml", 13), ("userfile.syntax", "c.toml", 5)}
    schema = next(p for p in tables.problems if p.args_for_message["file"] == "b.toml")
    assert "rows.1.value" in schema.message() and "line 13" in schema.message()
    set_language("ja")
    assert "13 行目" in schema.message()


def test_unknown_table_existing_table_and_missing_version(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", 'schema_version = 1\n[[rows]]\ntable = "sr9.nope"\nid = "x"\nlabel = { en = "X", ja = "エックス" }\nvalue = 1\n')
    write(tmp_path, "b.toml", GOOD.replace('"house.weather"', '"sr5.environment"'))
    write(tmp_path, "c.toml", '[[rows]]\ntable = "sr4.melee"\n')
    problems = {(p.key, p.args_for_message["file"], p.args_for_message["line"]) for p in load_tables(tmp_path).problems}
    assert ("error.house_rule_unknown_table", "a.toml", 3) in problems
    assert ("error.house_rule_table_exists", "b.toml", 4) in problems
    assert ("error.house_rule_schema", "c.toml", 1) in problems  # schema_version missing


def test_missing_folder_means_no_house_rules(tmp_path: Path) -> None:
    tables = load_tables(tmp_path / "nothing")
    assert tables.problems == () and tables.get("house.weather") is None


def test_the_folder_is_inside_the_user_data_folder() -> None:
    assert house_rules_folder(data_dir()) == data_dir() / "tables"


def test_locate_follows_nested_arrays_of_tables() -> None:
    text = GOOD
    assert locate(text, ("tables", 0, "rows", 0, "value")) == 12
    assert locate(text, ("rows", 1, "value")) == 27
    assert locate(text, ("rows", 1, "label", "ja")) == 26
    assert locate(text, ("rows", 5)) == 16  # no sixth row: the nearest enclosing value, the first [[rows]]


def test_the_app_plans_with_the_house_tables_of_the_data_folder(tmp_path: Path) -> None:
    """docs/user/preferences.md: TOML files in <data folder>/tables/ are used; a broken one is reported and the rest used."""
    from gmtool.app import use_house_tables
    from gmtool.games.shadowrun.rules.attack.plan import sheet_for, use_tables

    assert use_house_tables(tmp_path) == ()  # no folder: nothing read, nothing reported
    write(house_rules_folder(tmp_path), "a.toml", GOOD)
    write(house_rules_folder(tmp_path), "b.toml", BAD_SCHEMA)
    try:
        problems = use_house_tables(tmp_path)
        context = ActionContext(game="sr5", action="ranged_attack", flags=frozenset({"acid_rain"}))
        sheet = sheet_for(context, None)
    finally:
        use_tables(load_tables())
    assert [(p.key, p.args_for_message["file"]) for p in problems] == [("error.house_rule_schema", "b.toml")]
    assert [(t.table, t.value) for t in sheet.breakdown()] == [("house.weather", -2)]  # GOOD's acid rain row
