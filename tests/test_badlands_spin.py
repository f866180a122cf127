"""Spin-outs, skids and collisions (BR-15, BR-16), from the digest's スピニングアウトとスキッド and
衝突ダメージ sections; made-up positions (facing 0 = north)."""

from __future__ import annotations

import pytest

from gmtool.core.hex.coords import ORIGIN, Hex
from gmtool.games.badlands_rally.rules.spin import collision_dice, forced_move, skid_distance, spin_out


@pytest.mark.rule("BR-15")
def test_a_spin_turns_the_die_and_a_six_recovers() -> None:
    assert spin_out(0, 2, clockwise=True).facing == 2 and spin_out(0, 2, clockwise=False).facing == 4
    recovered = spin_out(1, 6, clockwise=True)  # 一周回って立て直す: no skid, the activation goes on
    assert recovered.recovered and recovered.facing == 1
    assert not spin_out(5, 3, clockwise=True).recovered and spin_out(5, 3, clockwise=True).facing == 2


@pytest.mark.rule("BR-16")
def test_a_skid_runs_straight_and_stops_before_what_it_hits() -> None:
    assert skid_distance(4, excess_hits=2) == 6  # 1D6 + the damage beyond the hits left
    clear = forced_move(ORIGIN, 0, 3, on_course=lambda h: True, gear_at=lambda h: False)
    assert clear.hex == Hex(0, -3, 3) and clear.hit is None and len(clear.path) == 3
    wall = Hex(0, -2, 2)
    stopped = forced_move(ORIGIN, 0, 5, on_course=lambda h: h != wall, gear_at=lambda h: False)
    assert stopped.hex == Hex(0, -1, 1) and stopped.hit == ("terrain", wall)  # 手前のレース コース ヘクス
    other = Hex(1, -1, 0)
    bumped = forced_move(ORIGIN, 1, 4, on_course=lambda h: True, gear_at=lambda h: h == other)
    assert bumped.hex == ORIGIN and bumped.path == () and bumped.hit == ("gear", other)


@pytest.mark.rule("BR-16")
def test_collision_dice() -> None:
    assert collision_dice(5, "terrain") == 2  # terrain: always 2D6
    # 例: an AR 4 gear skids 3 hexes into an AR 5 gear: the AR 4 gear rolls 3 + 1, the AR 5 gear 3 − 1.
    assert collision_dice(3, "gear", own_armour=4, other_armour=5) == 4
    assert collision_dice(3, "gear", own_armour=5, other_armour=4) == 2
    assert collision_dice(1, "gear", own_armour=9, other_armour=4) == 0  # never below none
