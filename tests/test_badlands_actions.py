"""Badlands Rally's special moves and actions (BR-9, BR-17), from the digest's 特殊移動, ジャンプ,
リカバリー and ラリーザクラウド sections; made-up positions (facing 0 = north)."""

from __future__ import annotations

import pytest

from gmtool.core.hex.coords import ORIGIN, Hex
from gmtool.games.badlands_rally.rules.actions import (
    Jump,
    initiative_dice,
    jump,
    jump_dice,
    recover,
    special_move_dice,
)

N = [Hex(0, -k, k) for k in range(0, 8)]


def _jump(successes: int, mr: int, obstacles=(), walls=(), rough=()):  # noqa: ANN001, ANN202
    return jump(ORIGIN, 0, successes, mr, can_fly_over=lambda h: h not in walls,
                blocks_landing=lambda h: h in obstacles, landing_cost=lambda h: 2 if h in rough else 1)


@pytest.mark.rule("BR-9")
def test_the_special_move_dice() -> None:
    assert special_move_dice(rattled=False, top_speed=True, equipment=False) == 3  # the Jerboa example
    assert special_move_dice(rattled=True, top_speed=False, equipment=True) == 2
    assert jump_dice(4, mr_left=2) == 2  # no more dice than the MR left


@pytest.mark.rule("BR-9")
def test_a_jump_flies_over_its_successes_and_lands_on_the_next() -> None:
    # 1成功: over the hex ahead, landing on the second; one MR per hex moved.
    one = _jump(1, mr=5)
    assert one.hex == N[2] and one.cost == 2 and one.obstacle is None
    assert _jump(2, mr=9, rough=[N[1], N[2]]).cost == 3  # rough flown over costs nothing extra
    assert _jump(2, mr=9, rough=[N[3]]).cost == 4  # the landing hex counts as usual
    assert _jump(3, mr=2).hex == N[2]  # as far as the MR allows
    landed_on = _jump(1, mr=5, obstacles=[N[2]])
    assert landed_on.hex == N[1] and landed_on.obstacle == N[2]  # stops just before, spins out
    walled = _jump(3, mr=9, walls=[N[2]])
    assert walled.hex == N[1] and walled.obstacle == N[2]  # level 2 cannot be jumped


@pytest.mark.rule("BR-17")
def test_recovery_and_rally_the_crowd() -> None:
    assert recover(1, maximum=3, die=4, action_spent_before=False).hits == 3  # never above the maximum
    back = recover(0, maximum=3, die=6, action_spent_before=False)
    assert back.hits == 3 and back.action_back  # at 0 hits, a 6 gives the action back
    assert recover(0, maximum=3, die=None, action_spent_before=True) == recover(0, 3, 5, True)
    assert recover(0, maximum=3, die=5, action_spent_before=True).hits == 1  # action spent before: 1 hit
    assert initiative_dice(rally_tokens=2, rattled=True) == 3  # 2D6 + 2 rally dice − 1 rattled


@pytest.mark.rule("BR-9")
def test_a_jump_cut_short_by_its_mr_lands_where_the_mr_ends_even_on_an_obstacle() -> None:
    cut = _jump(3, mr=2, obstacles=[N[2]])  # the MR ends the jump over a gear: it stops before it
    assert cut.hex == N[1] and cut.obstacle == N[2] and cut.cost == 1
    assert _jump(0, mr=5) == Jump(ORIGIN, 0, None)  # no success: no jump
