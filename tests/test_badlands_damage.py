"""Badlands Rally's damage and rattled track (BR-12 to BR-14), values derived by hand from the
digest (``shared/seeds/002``: ダメージロール, パワー値vsアーマー, ヒット, ラタルド, ラタルドの記録)."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from gmtool.games.badlands_rally.rules.damage import Taken, damage_dice, damage_law, hits, take_hits
from gmtool.games.badlands_rally.rules.rattled import Rattle, activated, hull_emptied, hull_repaired


@pytest.mark.rule("BR-12")
def test_the_damage_dice_are_mos_plus_power_against_armour() -> None:
    # 基本値 MOS+ D6; POW > AR: + the difference; POW < AR: − the difference; 0 or less: no damage.
    assert damage_dice(mos=2, power=7, armour=5) == 4
    assert damage_dice(mos=2, power=5, armour=7) == 0  # 2 − 2: nothing to roll
    assert damage_dice(mos=1, power=4, armour=7) == 0  # never below 0
    assert damage_dice(mos=0, power=8, armour=6) == 2  # MOS 0 hits: the power still counts
    assert damage_dice(mos=-1, power=9, armour=1) == 0  # a miss rolls no damage
    assert damage_dice(mos=2, power=3, armour=9, melee=True) == 5  # melee: MOS + POW dice, no POW vs AR


@pytest.mark.rule("BR-12")
def test_each_four_or_more_is_a_hit_and_heat_sixes_are_two() -> None:
    assert hits((4, 5, 6, 3, 1)) == 3
    assert hits((6, 6, 4, 2), heat=True) == 5  # バズーカのヒート武器: each 6 two hits
    assert damage_law(0) == {0: 1}
    assert damage_law(2) == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}  # 4+ is even odds


@pytest.mark.parametrize("dice", range(0, 7))
@pytest.mark.parametrize("heat", [False, True])
def test_the_damage_law_equals_icepool(dice: int, heat: bool) -> None:
    if dice == 0:
        assert damage_law(0, heat) == {0: 1}
        return
    die = icepool.d6.pool(dice).expand().map(lambda faces: hits(faces, heat))
    total = die.denominator()
    assert damage_law(dice, heat) == {k: Fraction(q, total) for k, q in die.items() if q}


@pytest.mark.rule("BR-13")
def test_hits_take_the_hull_then_the_structure_and_the_rest_skids() -> None:
    # ヒット2/1: 2 hull, 1 structure. One hit: hull 1. Two: hull 0 (rattled). Four: 0/0 and one
    # hit beyond, added to the skid; both at 0: spin out.
    assert take_hits(2, 1, 1) == Taken(hull=1, structure=1, excess=0, hull_emptied=False, spin_out=False)
    two = take_hits(2, 1, 2)
    assert (two.hull, two.structure, two.hull_emptied, two.spin_out) == (0, 1, True, False)
    four = take_hits(2, 1, 4)
    assert (four.hull, four.structure, four.excess, four.spin_out) == (0, 0, 1, True)
    again = take_hits(0, 1, 1)  # the hull was already empty: not emptied again by these hits
    assert not again.hull_emptied and again.spin_out


@pytest.mark.rule("BR-14")
def test_the_rattled_track() -> None:
    state = hull_emptied(Rattle())
    assert state.token and state.count == 1 and state.dice == -1 and not state.top_speed_allowed
    assert hull_emptied(state) == state  # not rattled again before its next activation
    state = hull_repaired(state, hull=1)
    assert not state.token and state.count == 1  # the token goes with the hull back at 1
    for _ in range(4):  # rattled four more times, each after an activation
        state = hull_repaired(hull_emptied(activated(state)), hull=1)
    assert state.count == 5 and state.for_good and state.token  # the 5th: rattled for good, repaired or not
    state = hull_emptied(activated(state))
    assert state.count == 6 and state.knocked_out
