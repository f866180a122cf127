"""Condition monitors (SR4-MT8, SR5-A6): overflow, states, wound modifiers, invariants."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.damage.monitors import (
    SR4_STUN_OVERFLOW_RATIO,
    SR5_STUN_OVERFLOW_RATIO,
    Monitor,
    MonitorState,
    apply_damage,
    monitor_of,
    wound_modifier_of,
)
from gmtool.games.shadowrun.sr4.rules.decide_sheet import damage_after
from gmtool.games.shadowrun.sr4.rules.sheet import Sheet as SR4Sheet
from gmtool.games.shadowrun.sr5.rules.sheet import Sheet as SR5Sheet

ATTRIBUTES = {"BOD": 5, "AGI": 3, "REA": 3, "STR": 3, "WIL": 3, "LOG": 3, "INT": 3, "CHA": 3, "EDG": 3}
FRESH = Monitor(physical_boxes=11, stun_boxes=10, overflow=5)


@pytest.mark.rule("SR4-MT8")
def test_monitor_sizes_come_from_the_sheet() -> None:
    monitor = monitor_of(SR4Sheet(name="Runner", attributes=ATTRIBUTES))
    assert (monitor.physical_boxes, monitor.stun_boxes, monitor.overflow) == (8 + 3, 8 + 2, 5)


@pytest.mark.rule("SR4-MT8")
@pytest.mark.parametrize(
    ("physical", "stun", "modifier"), [(0, 0, 0), (2, 2, 0), (3, 0, -1), (3, 3, -2), (6, 5, -3), (11, 10, -6), (14, 10, -6)]
)
def test_wound_modifier_minus_one_per_three_boxes_on_each_track(physical: int, stun: int, modifier: int) -> None:
    assert replace(FRESH, physical=physical, stun=stun).wound_modifier == modifier
    assert wound_modifier_of(physical, 11, stun, 10) == modifier


@pytest.mark.rule("SR4-MT8")
def test_wound_modifier_agrees_with_the_sheet() -> None:
    sheet = SR4Sheet(name="Runner", attributes=ATTRIBUTES, physical_damage=7, stun_damage=4)
    assert monitor_of(sheet).wound_modifier == sheet.wound_modifier == -3


@pytest.mark.rule("SR4-MT8")
def test_sr4_stun_overflows_box_for_box() -> None:
    monitor = replace(FRESH, stun=8)
    change = apply_damage(monitor, "stun", 5, SR4_STUN_OVERFLOW_RATIO)
    assert (change.after.stun, change.after.physical) == (10, 3)
    assert (change.stun_excess, change.overflow_to_physical) == (3, 3)


@pytest.mark.rule("SR5-A6")
def test_sr5_stun_overflows_one_physical_per_two_boxes() -> None:
    monitor = replace(FRESH, stun=8)
    assert apply_damage(monitor, "stun", 5, SR5_STUN_OVERFLOW_RATIO).after.physical == 1  # excess 3
    assert apply_damage(monitor, "stun", 6, SR5_STUN_OVERFLOW_RATIO).after.physical == 2  # excess 4
    assert apply_damage(monitor, "stun", 2, SR5_STUN_OVERFLOW_RATIO).after.physical == 0


@pytest.mark.rule("SR4-MT8")
@pytest.mark.parametrize(
    ("physical", "stun", "state"),
    [
        (0, 0, MonitorState.CONSCIOUS),
        (10, 9, MonitorState.CONSCIOUS),
        (0, 10, MonitorState.UNCONSCIOUS),
        (11, 0, MonitorState.UNCONSCIOUS),
        (12, 0, MonitorState.DYING),
        (16, 10, MonitorState.DYING),
    ],
)
def test_states(physical: int, stun: int, state: MonitorState) -> None:
    assert replace(FRESH, physical=physical, stun=stun).state is state


@pytest.mark.rule("SR4-MT8")
def test_physical_fills_the_overflow_then_kills() -> None:
    dying = apply_damage(FRESH, "physical", 16, SR4_STUN_OVERFLOW_RATIO).after
    assert (dying.physical, dying.state) == (16, MonitorState.DYING)
    dead = apply_damage(dying, "physical", 1, SR4_STUN_OVERFLOW_RATIO)
    assert dead.after.state is MonitorState.DEAD
    assert dead.after.physical == 16  # the boxes stop at monitor + overflow; death is a flag
    assert dead.newly_dead
    assert dead.after.stored_physical == 17  # the SR4 sheet's box of death
    assert monitor_of(SR4Sheet(name="X", attributes=ATTRIBUTES, physical_damage=17)).state is MonitorState.DEAD


# rules.md SR4-MT8: "stun 8 + Willpower/2 (round up); stun overflow spills into physical; physical
# overflow up to Body boxes before death" — box for box in SR4 (standard SR4, not in the digest).
@pytest.mark.rule("SR4-MT8")
def test_sr4_stun_overflow_spills_box_for_box_into_physical() -> None:
    sheet = SR4Sheet(name="Runner", attributes=ATTRIBUTES | {"BOD": 3, "WIL": 3}, physical_damage=2, stun_damage=9)
    # stun monitor 8 + ⌈3/2⌉ = 10: 9 + 3 = 12 → stun 10, 2 boxes over → physical 2 + 2 = 4
    assert damage_after(sheet, "stun", 3) == (4, 10)
    # physical monitor 8 + 2 = 10, overflow BOD 3: 13 boxes hold; the SR4 sheet stores the 14th (death)
    assert damage_after(sheet, "physical", 20) == (14, 9)
    assert damage_after(sheet, "physical", 11) == (13, 9)  # 2 + 11 = 13: the last overflow box, alive


@pytest.mark.rule("SR5-A6")
def test_sr5_sheet_monitor() -> None:
    sheet = SR5Sheet(name="Runner", attributes=ATTRIBUTES | {"WIL": 5}, physical_damage=4, stun_damage=3)
    monitor = monitor_of(sheet)
    assert (monitor.physical_boxes, monitor.stun_boxes, monitor.overflow) == (11, 11, 5)
    assert monitor.wound_modifier == sheet.wound_modifier == -2


def test_bad_monitors_and_damage_are_refused() -> None:
    for bad in ({"physical": 17}, {"stun": 11}, {"physical": -1}, {"physical_boxes": 0}):
        with pytest.raises(RulesError) as error:
            replace(FRESH, **bad)
        assert error.value.key == "error.damage.bad_monitor"
    with pytest.raises(RulesError):
        apply_damage(FRESH, "physical", -1, 1)
    with pytest.raises(RulesError) as error:
        apply_damage(FRESH, "mana", 1, 1)  # type: ignore[arg-type]
    assert error.value.key == "error.damage.unknown_track"
    with pytest.raises(RulesError) as error:
        apply_damage(FRESH, "stun", 1, 0)
    assert error.value.key == "error.damage.bad_overflow_ratio"


monitors = st.builds(
    lambda p_boxes, s_boxes, overflow: Monitor(p_boxes, s_boxes, overflow),
    st.integers(1, 14), st.integers(1, 14), st.integers(0, 12),
)
hits = st.lists(st.tuples(st.sampled_from(["physical", "stun"]), st.integers(0, 25)), max_size=12)


@pytest.mark.rule("SR4-MT8")
@pytest.mark.rule("SR5-A6")
@given(monitor=monitors, damage=hits, ratio=st.sampled_from([1, 2]))
def test_a_monitor_never_passes_its_maximum_plus_overflow(
    monitor: Monitor, damage: list[tuple[str, int]], ratio: int
) -> None:
    for track, boxes in damage:
        change = apply_damage(monitor, track, boxes, ratio)  # type: ignore[arg-type]
        after = change.after
        assert 0 <= after.physical <= after.physical_boxes + after.overflow
        assert 0 <= after.stun <= after.stun_boxes
        assert after.physical >= monitor.physical and after.stun >= monitor.stun  # damage only adds
        assert after.dead or not monitor.dead
        assert after.wound_modifier <= monitor.wound_modifier
        monitor = after


@pytest.mark.rule("SR5-A6")
@pytest.mark.rule("SR4-MT8")
@pytest.mark.parametrize(
    ("physical", "stun", "down"),
    # BOD 5, WIL 3: physical 8 + 3 = 11 boxes, overflow 5; stun 8 + 2 = 10 (rules.md SR5-A6 / SR4-MT8)
    [(0, 0, None), (10, 9, None), (11, 0, "unconscious"), (0, 10, "unconscious"), (12, 0, "dying"),
     (16, 10, "dying"), (17, 0, "dead")],
)
def test_a_sheet_is_down_by_its_monitors_as_the_attack_counts_it(physical: int, stun: int, down: str | None) -> None:
    """The pass order's badges read the same rule as the damage (rules/condition.py): full stun or
    physical unconscious, into the overflow dying, past it dead."""
    from gmtool.games.shadowrun.rules.condition import sheet_down

    for sheet_type in (SR4Sheet, SR5Sheet):
        sheet = sheet_type(name="X", attributes=ATTRIBUTES, physical_damage=physical, stun_damage=stun)
        assert sheet_down(sheet) == down
        state = monitor_of(sheet).state
        assert (None if state is MonitorState.CONSCIOUS else state.value) == down
