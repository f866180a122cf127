"""Small core computations, worked out by hand: the Chernoff bound that sizes an odds table
(:func:`gmtool.core.dice_dist.tail_length`), binomial rows, the phase at which a "until the holder's next
action" effect ends (:func:`gmtool.core.effects.phase_count_to_expire`), each combatant an event involves once."""

from __future__ import annotations

import pytest

from gmtool.core.dice_dist import binomial, tail_length
from gmtool.core.effects import Duration, Effect, Scope, expired_by_phase_end, phase_count_to_expire
from gmtool.core.game import Involved, each_once

EPS = 1e-12  # -ln(EPS) = 27.631


def test_tail_length_is_the_least_chernoff_bound_over_the_four_zs() -> None:
    # 10 plain dice: K = ceil((10·ln((2+z)/3) + 27.631) / ln z)
    #   z=2: (2.877 + 27.631) / 0.693 = 44.01 → 45;  z=3: (5.108 + 27.631) / 1.099 = 29.80 → 30
    #   z=4: (6.931 + 27.631) / 1.386 = 24.93 → 25;  z=5: (8.473 + 27.631) / 1.609 = 22.43 → 23
    assert tail_length(10, 0, EPS) == 23
    # 20 exploding dice: K = ceil((20·ln((4+z)/(6−z)) + 27.631) / ln z)
    #   z=2: (8.109 + 27.631) / 0.693 = 51.56 → 52;  z=3: (16.946 + 27.631) / 1.099 = 40.58 → 41
    #   z=4: (27.726 + 27.631) / 1.386 = 39.93 → 40; z=5: (43.944 + 27.631) / 1.609 = 44.47 → 45
    assert tail_length(0, 20, EPS) == 40  # the least is not the last z's


def test_tail_length_is_at_least_one() -> None:
    # no dice, eps 0.5: K = ceil(ln 2 / ln z) = 1 for every z (z=2: exactly 1.0); P(H ≥ 1) = 0 ≤ 0.5
    assert tail_length(0, 0, 0.5) == 1
    assert tail_length(0, 0, 1.0) == 1  # ln 1 = 0: K = 0 for every z, raised to 1


def effect(expires_at_phase: int) -> Effect:
    return Effect(1, "a", "aim", "", 1, Scope.ATTACK, Duration.NEXT_ACTION, expires_at_phase=expires_at_phase)


def test_next_action_ends_with_the_holder_s_next_phase_counting_from_the_one_under_way() -> None:
    # added while another acts, after the holder's 3rd phase: it ends as the 4th ends
    waiting = effect(phase_count_to_expire(3, holder_is_acting=False))
    assert (expired_by_phase_end([waiting], "a", 3), expired_by_phase_end([waiting], "a", 4)) == ([], [waiting])
    # added in the holder's own phase (its 4th, under way): it lasts through the 5th
    acting = effect(phase_count_to_expire(3, holder_is_acting=True))
    assert (expired_by_phase_end([acting], "a", 4), expired_by_phase_end([acting], "a", 5)) == ([], [acting])


def test_binomial_rows_of_a_certain_and_a_fair_chance() -> None:
    assert binomial(2, (1, 1)) == [0.0, 0.0, 1.0]  # success every time: both succeed
    assert binomial(2, (1, 2)) == [0.25, 0.5, 0.25]  # two coins: none ¼, one ½, both ¼
    assert binomial(3, (1, 3)) == pytest.approx([8 / 27, 12 / 27, 6 / 27, 1 / 27])  # SR hits: a die in three


def test_each_combatant_once_with_the_first_name_given() -> None:
    found = [Involved("a", "Ann"), Involved("b", ""), Involved("a", "Anna"), Involved("b", "Bob"), Involved("", "icon")]
    assert each_once(found) == (Involved("a", "Ann"), Involved("b", "Bob"), Involved("", "icon"))
