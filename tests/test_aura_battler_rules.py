"""The Aura Battler duel's hit value and open-ended damage (AB-14 to AB-19), values derived by hand
from the digest (``shared/seeds/003`` sections 14–19); the open roll's law against icepool."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from gmtool.core.errors import RulesError
from gmtool.core.i18n import tr
from gmtool.games.aura_battler.rules.damage import (
    at_least,
    damage,
    destroy_chance,
    exactly,
    heavily_damaged,
    open_total,
    trigger_faces,
)
from gmtool.games.aura_battler.rules.hit import hit_value, target_speed_modifier, two_dice_at_most


@pytest.mark.rule("AB-15")
def test_the_target_speed_modifier_rounds_up_shooting_and_down_with_a_sword() -> None:
    assert target_speed_modifier(thrust=7, range_hexes=2, attack="shooting") == 2  # (7 − 2) / 3 = 1.67 → 2
    assert target_speed_modifier(thrust=7, range_hexes=1, attack="sword") == 2  # 7 / 3 = 2.33 → 2
    assert target_speed_modifier(thrust=6, range_hexes=3, attack="shooting") == 1  # exactly 1
    assert target_speed_modifier(thrust=2, range_hexes=5, attack="shooting") == -1  # (2 − 5) / 3 = −1 (no floor in the digest)


@pytest.mark.rule("AB-15")
@pytest.mark.parametrize(("thrust", "range_hexes", "attack", "expected"), [
    # 003 line 37 (15.4): sword, thrust / 3 rounded down: 5 / 3 = 1.67 → 1 (a (thrust + 1) // 3 reading gives 2).
    (5, 1, "sword", 1),
    (3, 1, "sword", 1),  # 3 / 3 = 1 exactly
    (2, 1, "sword", 0),  # 2 / 3 = 0.67 → 0
    (8, 1, "sword", 2),  # 8 / 3 = 2.67 → 2
    # 003 line 36 (15.3): shooting, (thrust − hexes) / 3 rounded up: (5 − 1) / 3 = 1.33 → 2; (5 − 2) / 3 = 1.
    (5, 1, "shooting", 2),
    (5, 2, "shooting", 1),
    (4, 0, "shooting", 2),  # 4 / 3 = 1.33 → 2
    (5, 4, "shooting", 1),  # 1 / 3 = 0.33 → 1
    (5, 5, "shooting", 0),
    (3, 7, "shooting", -1),  # −4 / 3 = −1.33, rounded up → −1
])
def test_the_target_speed_modifier_at_the_rounding_boundaries(thrust: int, range_hexes: int, attack: str,
                                                               expected: int) -> None:
    assert target_speed_modifier(thrust=thrust, range_hexes=range_hexes, attack=attack) == expected


@pytest.mark.rule("AB-14")
def test_the_hit_value_term_by_term() -> None:
    # Accuracy 5 + attack PP 2 − attacker speed 1 − evasion 2 − defence PP 1 − target speed 2 + BR 1
    # + front row 1 = 3: two dice at or under 3 is 3 of 36 (1+1, 1+2, 2+1).
    shot = hit_value(5, 2, 1, 2, 1, 2, "BR", front_row=True, attack="shooting")
    assert shot.value == 3 and shot.chance == Fraction(3, 36)
    sword = hit_value(5, 2, 1, 2, 1, 2, "BB", front_row=True, attack="sword")  # no front-row bonus with a sword
    # 5 + 2 − 1 − 2 (parry) − 1 − 2 + 2 (BB) = 3, and no +1.
    assert sword.value == 3 and ("ab.term.front_row", 1) not in sword.terms
    assert [label for label, _ in shot.terms][3] == "ab.term.evasion" and [label for label, _ in sword.terms][3] == "ab.term.parry"
    assert two_dice_at_most(7) == Fraction(21, 36) and two_dice_at_most(12) == 1 and two_dice_at_most(1) == 0
    assert all(not tr(label).startswith("ab.term") for label, _ in shot.terms)


@pytest.mark.rule("AB-18")
def test_the_open_roll_triggers() -> None:
    assert trigger_faces("shooting", 2, 2) == {6} and trigger_faces("sword", 2, 2) == {5, 6}  # 18.2
    assert trigger_faces("shooting", 3, 2) == {5, 6} and trigger_faces("sword", 3, 2) == {4, 5, 6}  # 18.3
    assert trigger_faces("shooting", 1, 2) == set() and trigger_faces("sword", 1, 2) == {6}  # 18.4
    assert open_total((6, 6, 3), frozenset({6})) == 15
    with pytest.raises(RulesError):
        open_total((6,), frozenset({6}))  # a 6 rolls again: one more die is owed
    with pytest.raises(RulesError):
        open_total((3, 4), frozenset({6}))  # a 3 does not roll again


@pytest.mark.rule("AB-17")
def test_damage_and_the_chance_to_destroy() -> None:
    shooting = frozenset({6})
    assert damage(power=4, open_die=3, armour=5) == 2 and damage(power=1, open_die=1, armour=5) == 0
    # By hand with triggers {6}: X is 1–5 (1/6 each) or 6 + another open die. P(X = 6) = 0, P(X ≥ 7) = 1/6,
    # P(X = 7) = 1/36, P(X ≥ 4) = 2/6 + 1/6 = 1/2.
    assert exactly(6, shooting) == 0 and at_least(7, shooting) == Fraction(1, 6) and exactly(7, shooting) == Fraction(1, 36)
    assert at_least(4, shooting) == Fraction(1, 2)
    # Power 4 against armour 3, durability 10 with 5 taken: needs 5 more, X ≥ 4: 1/2.
    assert destroy_chance(4, 3, damage_taken=5, durability=10, triggers=shooting) == Fraction(1, 2)
    assert destroy_chance(4, 3, damage_taken=10, durability=10, triggers=shooting) == 1
    assert destroy_chance(4, 3, 0, 100, frozenset()) == 0  # no trigger faces: at most 6 a hit


@pytest.mark.rule("AB-19")
def test_heavily_damaged_above_half() -> None:
    assert not heavily_damaged(5, 10) and heavily_damaged(6, 10) and heavily_damaged(4, 7)


@pytest.mark.parametrize("triggers", [frozenset(), frozenset({6}), frozenset({5, 6}), frozenset({4, 5, 6})])
def test_the_open_roll_law_equals_icepool(triggers: frozenset[int]) -> None:
    depth = 12
    die = icepool.d6.explode(sorted(triggers), depth=depth) if triggers else icepool.d6
    total = die.denominator()
    law = {x: Fraction(q, total) for x, q in die.items()}
    for x in range(1, 4 * depth):  # totals reached before the depth cut are exact in both
        assert exactly(x, triggers) == law.get(x, Fraction(0)), x
