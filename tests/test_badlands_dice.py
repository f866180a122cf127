"""Badlands Rally's dice (BR-1 to BR-3), issue 16's first piece: values derived by hand from the
digest (``shared/seeds/002``, テスト：ロール／チェック, マージン, the burn-rubber example) and the
exact odds against icepool built die by die."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from gmtool.core.errors import RulesError
from gmtool.games.badlands_rally.rules.dice import (
    all_ones_chance,
    check_law,
    check_value,
    opposed,
    read_roll,
    roll_law,
)


@pytest.mark.rule("BR-1")
def test_the_burn_rubber_example() -> None:
    # Digest: a Jerboa (Defence 3+) burns rubber at top speed (+1D6: three dice), rolls 5, 3, 2:
    # the 5 and the 3 reach 3+, "2 successes", MR +2 (16 + 2 = 18 this activation).
    roll = read_roll((5, 3, 2), rating=3, dice=3)
    assert roll.successes == 2 and not roll.spin_out and not roll.failed
    assert 16 + roll.successes == 18


@pytest.mark.rule("BR-1")
def test_all_ones_is_a_spin_out_and_no_dice_fail() -> None:
    assert read_roll((1, 1), rating=4, dice=2).spin_out  # 特殊移動テストの出目が全て1: spin out
    assert read_roll((1, 2), rating=4, dice=2).spin_out is False
    assert read_roll((), rating=4, dice=0).failed  # BR-3: reduced to 0 dice, it fails
    with pytest.raises(RulesError):
        read_roll((5,), rating=4, dice=2)  # two dice rolled, one face typed
    with pytest.raises(RulesError):
        read_roll((5, 5), rating=7, dice=2)


@pytest.mark.rule("BR-2")
def test_a_check_reads_one_die_plus_the_other_dice_reaching_the_rating() -> None:
    # 4+: 6, 4, 2 → choose the 6, add 1 for the 4 → 7; the count reading gives 2; 3, 2, 1 → 0.
    assert check_value((6, 4, 2), 4) == 7 and check_value((6, 4, 2), 4, "count") == 2
    assert check_value((3, 2, 1), 4) == 0 and check_value((), 4) == 0
    assert check_value((4, 4, 4), 4) == 6  # one 4, plus two others reaching 4+


@pytest.mark.rule("BR-2")
def test_margins_decide_by_zero_or_more() -> None:
    # 2 dice at 4+ against 2 dice at 4+, by hand: P(attacker value = 0) = (3/6)^2 = 1/4.
    law = check_law(2, 4)
    assert law[0] == Fraction(1, 4)
    # Value 6: one die reaches 4+ and shows 6 with the other below (2 orders × 1 × 3 = 6 outcomes),
    # or both reach and the higher is 5 (5 + 1: the pairs from {4, 5} with a 5, 2² − 1² = 3): 9 of 36.
    # Value 7: both reach and the higher is 6 (3² − 2² = 5 of 36).
    assert law[6] == Fraction(9, 36) and law[7] == Fraction(5, 36)
    odds = opposed(2, 4, 2, 4)
    assert odds.success == sum(p for m, p in odds.margins.items() if m >= 0) and odds.at_least(0) == odds.success
    assert sum(odds.margins.values()) == 1


@pytest.mark.rule("BR-3")
def test_an_attacker_without_dice_fails_and_a_defender_without_dice_counts_zero() -> None:
    assert opposed(0, 4, 3, 4).success == 0
    assert opposed(2, 4, 0, 4).success == 1  # 0 ≥ 0: even no die reaching the rating is a margin of 0


def _icepool_law(dice: int, read) -> dict[int, Fraction]:  # noqa: ANN001
    die = icepool.d6.pool(dice).expand().map(read)
    total = die.denominator()
    return {v: Fraction(q, total) for v, q in die.items() if q}


@pytest.mark.parametrize("dice", range(1, 8))
@pytest.mark.parametrize("rating", range(1, 7))
def test_exact_odds_equal_icepool(dice: int, rating: int) -> None:
    counted = _icepool_law(dice, lambda f: sum(x >= rating for x in f))
    assert {k: p for k, p in roll_law(dice, rating).items() if p} == counted
    for reading in ("digest", "count"):
        assert check_law(dice, rating, reading) == _icepool_law(dice, lambda f, r=reading: check_value(f, rating, r))
    assert all_ones_chance(dice) == _icepool_law(dice, lambda f: all(x == 1 for x in f)).get(True, Fraction(0))


@pytest.mark.parametrize(("attack", "defence"), [((2, 4), (2, 4)), ((3, 3), (2, 5)), ((1, 6), (4, 2))])
def test_opposed_odds_equal_icepool(attack: tuple[int, int], defence: tuple[int, int]) -> None:
    a = icepool.d6.pool(attack[0]).expand().map(lambda f: check_value(f, attack[1]))
    d = icepool.d6.pool(defence[0]).expand().map(lambda f: check_value(f, defence[1]))
    margin = a - d
    total = margin.denominator()
    expected = {m: Fraction(q, total) for m, q in margin.items() if q}
    assert opposed(*attack, *defence).margins == expected
