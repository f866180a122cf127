"""Recoil: SR5 progressive recoil (core p.175) and SR4 recoil within a phase (SR4-MT6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.core.errors import RulesError
from gmtool.games.shadowrun.rules.weapons.recoil import PhaseRecoilSR4, RecoilTracker, recoil_compensation_sr5


def test_sr5_recoil_compensation() -> None:
    assert recoil_compensation_sr5(strength=4, weapon_rc=2) == 1 + 2 + 2
    assert recoil_compensation_sr5(strength=3) == 2
    assert recoil_compensation_sr5(strength=0) == 1
    with pytest.raises(RulesError):
        recoil_compensation_sr5(strength=-1)


def test_sr5_progressive_recoil_accumulates_until_another_action() -> None:
    compensation = recoil_compensation_sr5(strength=3, weapon_rc=0)  # 2
    tracker = RecoilTracker()
    tracker, first = tracker.fire(3, compensation)  # BF: 3 − 2
    tracker, second = tracker.fire(3, compensation)  # 6 − 2
    assert (first, second) == (-1, -4)
    assert tracker.modifier(1, compensation) == -5
    assert tracker.other_action().fire(1, compensation)[1] == 0
    assert tracker.end_turn() == RecoilTracker()


def test_sr5_suppressive_fire_ignores_recoil() -> None:
    tracker = RecoilTracker(rounds=6)
    after, modifier = tracker.fire(20, 2, ignores_recoil=True)
    assert (after, modifier) == (tracker, 0)


# The digest's recoil rows (000, ranged combat table, p.151): (rounds per attack, attacks) → modifiers.
DIGEST_ROWS = [
    (1, [0, -1]),  # semi-auto: −1 on the 2nd shot in a phase
    (3, [-2, -5]),  # short burst
    (6, [-5, -11]),  # long burst
    (10, [-9]),  # full burst
]


@pytest.mark.rule("SR4-MT6")
@pytest.mark.parametrize(("rounds", "expected"), DIGEST_ROWS)
def test_sr4_recoil_rows(rounds: int, expected: list[int]) -> None:
    tracker = PhaseRecoilSR4()
    seen = []
    for _ in expected:
        tracker, modifier = tracker.fire(rounds)
        seen.append(modifier)
    assert seen == expected


@pytest.mark.rule("SR4-MT6")
def test_sr4_compensation_heavy_weapons_and_new_phase() -> None:
    tracker, first = PhaseRecoilSR4().fire(3, compensation=2)
    _, second = tracker.fire(3, compensation=2)
    assert (first, second) == (0, -3)  # 2 − 2, 5 − 2
    assert PhaseRecoilSR4().fire(10, compensation=5, heavy=True)[1] == -8  # (9 − 5) × 2
    assert PhaseRecoilSR4().fire(10, compensation=5, gyro=3)[1] == -1
    assert PhaseRecoilSR4(rounds=9).new_phase().fire(1)[1] == 0


@given(st.lists(st.integers(0, 20), max_size=8), st.integers(0, 15))
def test_recoil_modifiers_are_never_positive_and_grow_with_rounds(bursts: list[int], compensation: int) -> None:
    sr5, sr4 = RecoilTracker(), PhaseRecoilSR4()
    previous5 = previous4 = 0
    for rounds in bursts:
        sr5, m5 = sr5.fire(rounds, compensation)
        sr4, m4 = sr4.fire(rounds, compensation)
        assert m5 <= 0 and m4 <= 0
        if rounds:
            assert m5 <= previous5 and m4 <= previous4
            previous5, previous4 = m5, m4
