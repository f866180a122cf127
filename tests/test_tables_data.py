"""The shipped modifier tables against the digests (SR4-MT1..MT6, SR5-T3, SR5-T4) and their shape."""

from __future__ import annotations

import pytest

from gmtool.core.errors import ResourceError
from gmtool.core.resources import load_model
from gmtool.games.shadowrun.rules.tables.loader import load_tables, shipped_tables
from gmtool.games.shadowrun.rules.tables.models import TableFile

TABLES = shipped_tables()


def digest_rows(prefix: str) -> dict[int, list]:
    """Rows transcribing a digest table, by the digest row number."""
    found: dict[int, list] = {}
    for table in TABLES.values():
        for row in table.rows:
            if row.digest and row.digest.startswith(prefix + "#"):
                found.setdefault(int(row.digest.split("#")[1]), []).append(row)
    return found


# The digest's values, typed again from /work/shared/seeds/000 (None: a named rule)
MT1_VALUES = {
    1: [-2], 2: [-3], 3: [-3], 4: [-2], 5: [-4], 6: [-6], 7: [-1], 8: [None], 9: [1], 10: [2], 11: [None],
    12: [None], 13: [-2], 14: [None], 15: [-4], 16: [None], 17: [1], 18: [2], 19: [3], 20: [-1, -2, -3],
    21: [-1], 22: [-2, -5], 23: [-5, -11], 24: [-9], 25: [None], 26: [None], 27: [None], 28: [None],
}
MT1_RULES = {8: "wound_modifier", 11: "cancel_range", 12: "split_pool", 14: "take_aim", 16: "multiple_targets",
             25: "recoil_doubled", 26: "recoil_compensation", 27: "gyro", 28: "see_table"}
MT1_PAGES = {1: 149, 2: 149, 3: 149, 4: 149, 5: 150, 6: 150, 7: 150, 8: 165, 9: 150, 10: 151, 11: 151, 12: 151,
             13: 151, 14: 151, 15: 160, 16: 151, 17: 342, 18: 342, 19: 342, 20: 149, 21: 151, 22: 151, 23: 151,
             24: 151, 25: 151, 26: 152, 27: 152, 28: 150}


@pytest.mark.rule("SR4-MT1")
def test_mt1_has_the_28_digest_rows_with_values_and_pages() -> None:
    rows = digest_rows("SR4-MT1")
    assert sorted(rows) == list(range(1, 29))
    for number, expected in MT1_VALUES.items():
        assert [row.value for row in rows[number]] == expected, number
        assert {row.page for row in rows[number]} == {MT1_PAGES[number]}, number
    for number, rule in MT1_RULES.items():
        assert {row.rule for row in rows[number]} == {rule}, number
    assert TABLES["sr4.ranged"].row("multiple_targets").factor == -2
    assert TABLES["sr4.ranged"].row("poor_visibility").see == "sr4.visibility"


@pytest.mark.rule("SR4-MT1")
def test_mt1_range_rows_are_one_exclusive_group() -> None:
    ranged = TABLES["sr4.ranged"]
    assert {row.id for row in ranged.rows if row.group == "range"} == {"range_medium", "range_long", "range_extreme"}


MT2 = {  # condition: normal, low-light, thermographic, ultrasound
    "full_darkness": (-6, -6, -3, -3),
    "partial_light": (-2, 0, -2, -1),
    "glare": (-1, -1, -1, 0),
    "light_smoke": (-2, -1, 0, -1),
    "heavy_smoke": (-4, -2, -2, -2),
    "thermal_smoke": (-4, -2, -6, -2),
}


@pytest.mark.rule("SR4-MT2")
def test_mt2_six_conditions_by_four_vision_modes() -> None:
    table = TABLES["sr4.visibility"]
    assert len(table.rows) == 6
    for row in table.rows:
        modes = row.by_vision
        assert (modes["normal"], modes["low_light"], modes["thermographic"], modes["ultrasound"]) == MT2[row.id]
        assert row.group == "visibility" and row.page == 150


@pytest.mark.rule("SR4-MT3")
def test_mt3_twelve_melee_rows() -> None:
    table = TABLES["sr4.melee"]
    assert len(table.rows) == 12 and sorted(digest_rows("SR4-MT3")) == list(range(1, 13))
    values = {row.id: row.value for row in table.rows}
    assert values["off_hand"] == -2 and values["superior_position"] == 2 and values["opponent_prone"] == 3
    assert values["charging"] == 2 and values["receiving_charge"] == 1 and values["touch_only"] == 2
    friends = table.row("friends_in_melee")
    assert (friends.rule, friends.factor, friends.cap) == ("friends_in_melee", 1, 4)
    assert table.row("reach").rule == "reach_difference"
    assert table.row("multiple_targets").rule == "split_pool"


@pytest.mark.rule("SR4-MT4")
def test_mt4_thirteen_defence_rows() -> None:
    table = TABLES["sr4.defence"]
    assert len(table.rows) == 13 and sorted(digest_rows("SR4-MT4")) == list(range(1, 14))
    values = {row.id: row.value for row in table.rows}
    assert [values[k] for k in ("in_moving_vehicle", "prone", "running", "in_melee")] == [3, -2, 2, -3]
    assert [values[k] for k in ("wide_burst", "wide_long_burst", "wide_full_burst")] == [-2, -5, -9]
    assert [values[k] for k in ("shotgun_medium_spread", "shotgun_wide_spread", "area_effect")] == [-2, -4, -2]
    assert table.row("prone").applies_to == ("melee_defence",)
    assert table.row("running").applies_to == ("ranged_defence",)
    assert table.row("unaware").rule == "no_defence"
    assert (table.row("prior_defences").rule, table.row("prior_defences").factor) == ("prior_defences", -1)
    assert {row.page for row in table.rows} == {161, 165}


@pytest.mark.rule("SR4-MT5")
def test_mt5_eight_perception_rows() -> None:
    table = TABLES["sr4.perception"]
    assert len(table.rows) == 8
    assert [row.value for row in table.rows] == [-2, 3, -2, -3, 2, -2, None, -6]
    assert table.row("enhanced_senses").rule == "perception_enhancement"
    assert all(row.page_source == "rulebook" for row in table.rows)  # the digest gives no page


@pytest.mark.rule("SR4-MT6")
def test_mt6_recoil_rows() -> None:
    table = TABLES["sr4.recoil"]
    values = {row.id: row.value for row in table.rows if row.group == "recoil"}
    assert values == {
        "recoil_weapon": None, "semi_auto_second": -1, "short_burst_first": -2, "short_burst_second": -5,
        "long_burst_first": -5, "long_burst_second": -11, "full_burst": -9,
    }
    rules = {row.id: row.rule for row in table.rows if row.rule}
    assert rules == {"recoil_weapon": "recoil", "heavy_weapon": "recoil_doubled",
                     "recoil_compensation": "recoil_compensation", "gyro": "gyro"}


@pytest.mark.rule("SR5-T3")
def test_sr5_environment_four_columns_four_rows() -> None:
    table = TABLES["sr5.environment"]
    assert table.combine == "worst" and table.worst_pair == -10
    groups: dict[str, list[int]] = {}
    for row in table.rows:
        groups.setdefault(row.group, []).append(row.value)
    # the book's four columns; light/glare is one column holding two conditions
    assert groups == {g: [0, -1, -3, -6] for g in ("visibility", "light", "glare", "wind", "range")}


@pytest.mark.rule("SR5-T4")
def test_sr5_equipment_rows_shift_the_digest_columns() -> None:
    table = TABLES["sr5.environment_equipment"]
    shifts = {row.id: {(s.condition, s.by, tuple(sorted(s.map.items())), s.within_metres) for s in row.shifts}
              for row in table.rows}
    assert shifts == {
        "flare_compensation": {("glare", -2, (), None)},
        "image_magnification": {("range", -1, (), None)},
        "low_light": {("light", 0, ((1, 0), (2, 0)), None)},
        "thermographic": {("visibility", -1, (), None), ("light", -1, (), None)},
        "tracer_full_auto": {("wind", -1, (), None), ("range", -1, (), None)},
        "smartlink": {("wind", -1, (), None)},
        "sunglasses": {("glare", -1, (), None), ("light", 1, (), None)},
        "ultrasound": {("visibility", -1, (), None), ("light", 0, ((1, 0), (2, 0), (3, 0)), 50.0)},
    }


def test_sr5_attacker_and_defender_rows_say_where_they_come_from() -> None:
    attacker, defender = TABLES["sr5.attacker"], TABLES["sr5.defender"]
    assert attacker.row("called_shot").source == "digest" and attacker.row("called_shot").value == -4
    assert attacker.row("firing_from_cover_imaging").source == "rulebook"
    fire = {row.id: (row.value, row.source) for row in defender.rows if row.group == "firing_mode"}
    assert fire == {"burst": (-2, "digest"), "long_burst": (-5, "digest"), "full_auto_complex": (-9, "digest")}
    assert defender.row("full_defence").rule == "full_defence"
    assert sum(row.source == "rulebook" for row in (*attacker.rows, *defender.rows)) >= 20


def test_every_row_has_both_labels_and_a_page_or_a_pointer() -> None:
    for table in TABLES.values():
        for row in table.rows:
            assert row.label.en and row.label.ja and row.label.en != row.label.ja, (table.id, row.id)
            assert row.page is not None, (table.id, row.id)


def test_load_tables_without_house_rules_is_the_shipped_set() -> None:
    loaded = load_tables()
    assert dict(loaded.tables) == dict(TABLES) and loaded.problems == ()


def test_a_bad_table_resource_is_a_resource_error(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    folder = tmp_path / "tables" / "sr4"
    folder.mkdir(parents=True)
    (folder / "bad.json").write_text('{"schema_version": 1, "id": "sr4.bad", "game": "sr4", "rows": []}', "utf-8")
    monkeypatch.setattr("gmtool.core.resources.resource_root", lambda: tmp_path)
    with pytest.raises(ResourceError):
        load_model(TableFile, "tables", "sr4", "bad.json")
    (folder / "bad.json").write_text('{"schema_version": 1, "id": "sr4.bad", "game": "sr4", "title": {"en": "a", "ja": "あ"},'
                                     ' "applies_to": ["perception"], "rows": [{"id": "x", "label": {"en": "a", "ja": "あ"},'
                                     ' "value": 1, "rule": "recoil"}]}', "utf-8")
    with pytest.raises(ResourceError):  # a value and a rule at once
        load_model(TableFile, "tables", "sr4", "bad.json")
