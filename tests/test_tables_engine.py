"""The modifier engine: pre-ticking, exclusive groups, named rules, environment, breakdown (SR4-MT7, X-3)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.core.errors import RulesError
from gmtool.core.i18n import set_language
from gmtool.core.tables.engine import Choices, ModifierSheet, build_sheet, row_key
from gmtool.games.shadowrun.rules.tables.context import ActionContext

BANDS = (5.0, 20.0, 50.0, 100.0)


def ranged4(**fields) -> ActionContext:  # noqa: ANN003
    return ActionContext(game="sr4", action="ranged_attack", **fields)


def ranged5(**fields) -> ActionContext:  # noqa: ANN003
    return ActionContext(game="sr5", action="ranged_attack", **fields)


def values(sheet: ModifierSheet) -> dict[str, int]:
    return {f"{t.table}/{t.row}" if t.row else t.label: t.value for t in sheet.breakdown()}


# -- choosing tables and pre-ticking -------------------------------------------------------
@pytest.mark.rule("SR4-MT7")
def test_the_tables_that_fit_the_action() -> None:
    assert [t.id for t in build_sheet(ranged4()).tables] == ["sr4.ranged", "sr4.recoil", "sr4.visibility"]
    melee = build_sheet(ActionContext(game="sr4", action="melee_attack"))
    assert [t.id for t in melee.tables] == ["sr4.melee", "sr4.visibility"]
    defence = build_sheet(ActionContext(game="sr4", action="melee_defence"))
    assert [t.id for t in defence.tables] == ["sr4.defence", "sr4.melee"]  # receiving a charge
    assert {row.id for row in defence.rows(defence.tables[0])} >= {"prone", "wounded"}
    assert "running" not in {row.id for row in defence.rows(defence.tables[0])}  # ranged only
    sr5 = build_sheet(ranged5())
    assert [t.id for t in sr5.tables] == ["sr5.attacker", "sr5.environment", "sr5.environment_equipment"]


@pytest.mark.rule("SR4-MT1")
def test_context_pre_ticks_the_ranged_rows() -> None:
    sheet = build_sheet(ranged4(wound_modifier=-2, attacker_running=True, distance_m=30, range_bands=BANDS,
                                flags=frozenset({"smartlink", "laser_sight", "target_good_cover"})))
    assert values(sheet) == {
        "sr4.ranged/attacker_running": -2,
        "sr4.ranged/target_good_cover": -4,
        "sr4.ranged/attacker_wounded": -2,
        "sr4.ranged/smartlink": 2,  # the stronger row of the sight group wins over the laser sight
        "sr4.ranged/range_long": -2,
    }
    assert sheet.total() == -8


@pytest.mark.rule("SR4-MT1")
@pytest.mark.parametrize(("distance", "row"), [(5, None), (6, "range_medium"), (50, "range_long"), (99.5, "range_extreme")])
def test_distance_and_bands_pick_the_range_row(distance: float, row: str | None) -> None:
    ticked = {key for key in build_sheet(ranged4(distance_m=distance, range_bands=BANDS)).choices.ticked}
    assert ticked == ({f"sr4.ranged/{row}"} if row else set())


@pytest.mark.rule("SR4-MT3")
def test_melee_rules_friends_capped_reach_and_prone_target() -> None:
    context = ActionContext(game="sr4", action="melee_attack", friends_in_melee=6, reach_difference=-2,
                            defender_prone=True)
    assert values(build_sheet(context)) == {
        "sr4.melee/friends_in_melee": 4, "sr4.melee/reach": -2, "sr4.melee/opponent_prone": 3,
    }


@pytest.mark.rule("SR4-MT4")
def test_defence_rows_prior_defences_and_ranged_only_rows() -> None:
    ranged = ActionContext(game="sr4", action="ranged_defence", prior_defences=2, defender_prone=True,
                           defender_running=True, wound_modifier=-1, flags=frozenset({"wide_long_burst"}))
    assert values(build_sheet(ranged)) == {
        "sr4.defence/wounded": -1, "sr4.defence/prior_defences": -2, "sr4.defence/running": 2,
        "sr4.defence/wide_long_burst": -5,
    }
    melee = ActionContext(game="sr4", action="melee_defence", defender_prone=True, defender_running=True)
    assert values(build_sheet(melee)) == {"sr4.defence/prone": -2}
    unaware = build_sheet(ActionContext(game="sr4", action="ranged_defence", flags=frozenset({"defender_unaware"})))
    assert unaware.specials() == {"no_defence"}


@pytest.mark.rule("SR4-MT5")
def test_perception_enhancement_is_its_rating() -> None:
    context = ActionContext(game="sr4", action="perception", perception_enhancement=3, flags=frozenset({"in_vr"}))
    assert values(build_sheet(context)) == {"sr4.perception/enhanced_senses": 3, "sr4.perception/in_vr": -6}


@pytest.mark.rule("SR4-MT2")
@pytest.mark.parametrize(("vision", "expected"), [("normal", -4), ("low_light", -2), ("thermographic", -6), ("ultrasound", -2)])
def test_visibility_row_follows_the_vision_mode(vision: str, expected: int) -> None:
    sheet = build_sheet(ranged4(vision=vision, conditions=frozenset({"thermal_smoke"})))
    assert values(sheet) == {"sr4.visibility/thermal_smoke": expected}


@pytest.mark.rule("SR4-MT2")
def test_only_one_visibility_row() -> None:
    sheet = build_sheet(ranged4(conditions=frozenset({"full_darkness", "glare"})))
    assert values(sheet) == {"sr4.visibility/full_darkness": -6}
    sheet = sheet.toggle("sr4.visibility/glare")
    assert values(sheet) == {"sr4.visibility/glare": -1}


# -- recoil ----------------------------------------------------------------------------------
@pytest.mark.rule("SR4-MT6")
def test_weapon_recoil_row_and_the_group_of_recoil_rows() -> None:
    sheet = build_sheet(ranged4(recoil=-3))
    assert values(sheet) == {"sr4.recoil/recoil_weapon": -3}
    sheet = sheet.toggle("sr4.recoil/long_burst_second")
    assert values(sheet) == {"sr4.recoil/long_burst_second": -11}


@pytest.mark.rule("SR4-MT6")
def test_heavy_weapon_doubles_and_compensation_and_gyro_cancel() -> None:
    context = ranged4(attacker_running=True, recoil_compensation=3, gyro=4)
    sheet = build_sheet(context).tick("sr4.recoil/short_burst_second").tick("sr4.recoil/heavy_weapon")
    assert values(sheet)["sr4.recoil/heavy_weapon"] == -5
    sheet = sheet.tick("sr4.recoil/recoil_compensation").tick("sr4.recoil/gyro")
    got = values(sheet)
    assert got["sr4.recoil/recoil_compensation"] == 3  # 10 of recoil, 3 points
    assert got["sr4.recoil/gyro"] == 4  # 7 recoil + 2 running left, rating 4
    assert sheet.total() == -2 - 5 - 5 + 3 + 4


@pytest.mark.rule("SR4-MT1")
def test_image_scope_cancels_the_range_row() -> None:
    sheet = build_sheet(ranged4(distance_m=80, range_bands=BANDS, flags=frozenset({"image_scope"})))
    assert values(sheet) == {"sr4.ranged/image_scope": 3, "sr4.ranged/range_extreme": -3}
    assert sheet.total() == 0


# -- SR5 environment ---------------------------------------------------------------------------
def env(sheet: ModifierSheet) -> int:
    return next(t.value for t in sheet.breakdown() if t.table == "sr5.environment")


@pytest.mark.rule("SR5-T3")
def test_worst_condition_is_the_modifier() -> None:
    sheet = build_sheet(ranged5(conditions=frozenset({"visibility_light", "wind_moderate", "light_partial"})))
    assert env(sheet) == -3
    [term] = [t for t in sheet.breakdown() if t.table == "sr5.environment"]
    assert term.row == "wind_moderate" and term.page == 175


@pytest.mark.rule("SR5-T3")
def test_two_conditions_at_minus_six_give_minus_ten() -> None:
    one = build_sheet(ranged5(conditions=frozenset({"visibility_heavy", "wind_moderate"})))
    assert env(one) == -6
    two = build_sheet(ranged5(conditions=frozenset({"visibility_heavy", "wind_strong"})))
    assert env(two) == -10
    three = build_sheet(ranged5(conditions=frozenset({"visibility_heavy", "wind_strong", "light_darkness"})))
    assert env(three) == -10


@pytest.mark.rule("SR5-T3")
def test_range_band_pre_ticks_the_environment_range_row() -> None:
    sheet = build_sheet(ranged5(distance_m=60, range_bands=BANDS))
    assert env(sheet) == -6


@pytest.mark.rule("SR5-T4")
@pytest.mark.parametrize(
    ("conditions", "equipment", "distance", "expected"),
    [
        ({"glare_blinding"}, {"flare_compensation"}, None, -1),
        ({"range_long"}, {"image_magnification"}, None, -1),
        ({"light_dim"}, {"low_light"}, None, 0),
        ({"light_darkness"}, {"low_light"}, None, -6),
        ({"visibility_heavy", "light_dim"}, {"thermographic"}, None, -3),
        ({"wind_strong", "range_extreme"}, {"tracer_full_auto"}, None, -3),
        ({"wind_moderate"}, {"smartlink"}, None, -1),
        ({"glare_moderate", "light_partial"}, {"sunglasses"}, None, -3),
        ({"light_darkness"}, {"ultrasound"}, 30.0, 0),
        ({"light_darkness"}, {"ultrasound"}, 80.0, -6),
        ({"visibility_heavy", "wind_strong"}, {"thermographic"}, None, -6),  # −10 undone: one left at −6
    ],
)
def test_equipment_shifts_rows(conditions: set, equipment: set, distance: float | None, expected: int) -> None:
    bands = BANDS if distance is not None else ()
    context = ranged5(conditions=frozenset(conditions), equipment=frozenset(equipment), distance_m=distance,
                      range_bands=bands)
    sheet = build_sheet(context)
    if distance is not None:  # keep the range row out of it
        sheet = sheet.untick(next(k for k in sheet.choices.ticked if "/range_" in k))
    assert env(sheet) == expected


@pytest.mark.rule("SR5-T4")
def test_the_environment_term_names_the_equipment_that_shifted_it() -> None:
    sheet = build_sheet(ranged5(conditions=frozenset({"glare_blinding"}), equipment=frozenset({"flare_compensation", "smartlink"})))
    [term] = [t for t in sheet.breakdown() if t.table == "sr5.environment"]
    assert [note.en for note in term.notes] == [sheet.find("sr5.environment_equipment/flare_compensation")[1].label.en]


# -- the GM's choices ------------------------------------------------------------------------------
@pytest.mark.rule("SR4-MT7")
def test_exclusive_group_untick_others_and_immutability() -> None:
    sheet = build_sheet(ranged4(flags=frozenset({"target_partial_cover"})))
    other = sheet.toggle("sr4.ranged/target_good_cover")
    assert sheet.is_ticked("sr4.ranged/target_partial_cover")  # the original is unchanged
    assert other.is_ticked("sr4.ranged/target_good_cover") and not other.is_ticked("sr4.ranged/target_partial_cover")
    assert other.toggle("sr4.ranged/target_good_cover").choices.ticked == frozenset()


@pytest.mark.rule("SR4-MT7")
def test_refused_rows() -> None:
    sheet = build_sheet(ranged4())
    with pytest.raises(RulesError):
        sheet.toggle("sr4.ranged/poor_visibility")  # points at the visibility table
    with pytest.raises(RulesError):
        sheet.toggle("sr4.ranged/no_such_row")
    with pytest.raises(RulesError):
        sheet.toggle("sr4.melee/charging")  # not a table of this action
    with pytest.raises(RulesError):
        sheet.add_free("  ", 2)
    with pytest.raises(RulesError):
        sheet.add_free("way too much", 99)


@pytest.mark.rule("X-3")
def test_breakdown_lists_label_value_table_page_and_free_modifiers() -> None:
    context = ranged4(attacker_running=True, effects=(("text:Blessing", 2, "spell"),))
    sheet = build_sheet(context).add_free("Rooftop wind", -1)
    terms = sheet.breakdown()
    assert [(t.table, t.row, t.value, t.page) for t in terms] == [
        ("sr4.ranged", "attacker_running", -2, 149),
        ("effects.in_force", "effect_1", 2, None),
        ("free", None, -1, None),
    ]
    assert [t.display() for t in terms] == ["Attacker running", "Blessing", "Rooftop wind"]
    assert terms[0].label == "table:sr4.ranged/attacker_running"
    assert sheet.pool_terms() == (("text:Attacker running", -2), ("text:Blessing", 2), ("text:Rooftop wind", -1))
    set_language("ja")
    assert terms[0].display() == "攻撃側が走っている"
    assert sheet.total() == -1
    assert sheet.remove_free(0).total() == 0


@pytest.mark.rule("SR4-MT7")
def test_choices_round_trip_through_json() -> None:
    context = ranged4(attacker_running=True, distance_m=30, range_bands=BANDS)
    sheet = build_sheet(context).toggle("sr4.ranged/attacker_running").tick("sr4.ranged/blind_fire").add_free("Fog", -2)
    data = json.loads(json.dumps(sheet.choices.to_data()))
    again = build_sheet(context).with_choices(Choices.from_data(data))
    assert again.choices == sheet.choices and again.breakdown() == sheet.breakdown()
    with pytest.raises(RulesError):
        Choices.from_data({"ticked": []})


# -- invariants ----------------------------------------------------------------------------------------
CONTEXTS = st.builds(
    ActionContext,
    game=st.sampled_from(["sr4", "sr5"]),
    action=st.sampled_from(["ranged_attack", "melee_attack", "ranged_defence", "melee_defence", "perception"]),
    wound_modifier=st.integers(-6, 0),
    attacker_running=st.booleans(),
    friends_in_melee=st.integers(0, 6),
    reach_difference=st.integers(-3, 3),
    prior_defences=st.integers(0, 4),
    recoil=st.integers(-12, 0),
    recoil_compensation=st.integers(0, 6),
    gyro=st.integers(0, 6),
    distance_m=st.one_of(st.none(), st.floats(0, 150)),
    range_bands=st.just(BANDS),
    vision=st.sampled_from(["normal", "low_light", "thermographic", "ultrasound"]),
    conditions=st.frozensets(st.sampled_from(["full_darkness", "glare", "visibility_heavy", "wind_strong", "light_dim", "glare_blinding"])),
    equipment=st.frozensets(st.sampled_from(["thermographic", "smartlink", "sunglasses", "flare_compensation"])),
)


@given(context=CONTEXTS, picks=st.lists(st.integers(0, 200), max_size=8), data=st.data())
@settings(max_examples=150, deadline=None)
def test_toggling_twice_gives_back_the_breakdown_and_total_is_the_sum(context: ActionContext, picks: list[int], data) -> None:  # noqa: ANN001
    sheet = build_sheet(context)
    keys = [row_key(t.id, r.id) for t, r in sheet.entries() if r.tickable]
    for pick in picks:
        if keys:
            sheet = sheet.toggle(keys[pick % len(keys)])
        terms = sheet.breakdown()
        assert sheet.total() == sum(term.value for term in terms)
    if keys:
        key = data.draw(st.sampled_from(keys))
        _, row = sheet.find(key)
        if row.group is None or sheet.is_ticked(key):  # ticking into a group unticks a rival: not undone
            assert sheet.toggle(key).toggle(key).breakdown() == sheet.breakdown()


@pytest.mark.rule("SR5-T3")
def test_one_row_per_environment_condition() -> None:
    sheet = build_sheet(ranged5(conditions=frozenset({"wind_light"})))
    sheet = sheet.toggle("sr5.environment/wind_strong")
    assert not sheet.is_ticked("sr5.environment/wind_light")
    assert env(sheet) == -6
    assert env(sheet.toggle("sr5.environment/glare_blinding")) == -10
