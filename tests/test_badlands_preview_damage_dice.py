"""The attack panel's damage dice once the GM typed both checks' faces (rules/race_attack.preview): the
number of dice the damage roll calls for, worked out by hand from the digest (shared/seeds/002): the
check (line 51), MOS ≥ 0 a hit (line 57), damage dice = MOS + (POW − AR) (lines 349-351), Melee adds its
POW dice with no POW vs AR (lines 330-331), Blast's 1D6 after a miss when a die reached the Attack
rating and POW > AR (line 318)."""

from __future__ import annotations

import pytest

from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_attack import preview
from tests.test_badlands_race_attack import AXE, GUN, ROCKETS, gear, race, shot


@pytest.mark.rule("BR-12")
def test_the_typed_checks_call_for_mos_plus_power_over_armour_dice() -> None:
    # A (0306, facing north) fires the gun (POW 7) at B (0303, facing north: its rear, +2D6; range 3, the
    # optimal): 4 attack dice against 2. Attack 5 4 2 1 → 5 + 1 = 6; defence 4 3 → 4 + 0 = 4: MOS 2;
    # damage 2 + (7 − 6) = 3 dice. Defence 6 5 → 6 + 1 = 7: MOF 1, a miss: no damage roll.
    rules = RallyRules()
    state = race(rules, gear("A", "0306", weapons=(GUN,)), gear("B", "0303"))
    assert preview(state, shot(attack=(5, 4, 2, 1), defence=(4, 3)), rules.readings).damage_dice == 3
    assert preview(state, shot(attack=(5, 4, 2, 1), defence=(6, 5)), rules.readings).damage_dice == 0
    assert preview(state, shot(attack=(5, 4, 2, 1)), rules.readings).damage_dice is None  # defence not typed


@pytest.mark.rule("BR-11")
@pytest.mark.rule("BR-12")
def test_a_melee_weapons_typed_hit_calls_for_mos_plus_its_power_dice() -> None:
    # The axe (POW 3, Melee, range 1) from A (0306, north) on B (0305, facing north: its rear, +2D6): 4
    # attack dice. Attack 5 4 2 1 → 6; defence 4 3 → 4: MOS 2; Melee: 2 + POW 3 = 5 dice (AR 6 not
    # compared; POW vs AR would leave 2 + 3 − 6 < 0: none).
    rules = RallyRules()
    state = race(rules, gear("A", "0306", weapons=(AXE,)), gear("B", "0305"))
    assert preview(state, shot(attack=(5, 4, 2, 1), defence=(4, 3)), rules.readings).damage_dice == 5


@pytest.mark.rule("BR-11")
def test_a_blast_weapons_typed_miss_calls_for_its_one_die() -> None:
    # The rockets (POW 8, Blast, optimal 2) from A (0306, north) on B (0303, north): rear +2D6, range 3
    # beyond optimal −1D6: 3 attack dice. Attack 4 1 1 → 4; defence 6 5 → 7: MOF 3. A die reached 4+
    # and POW 8 > AR 6: the blast's 1D6. Attack 3 1 1: no die at 4+ → no blast, 0 dice.
    rules = RallyRules()
    state = race(rules, gear("A", "0306", weapons=(ROCKETS,)), gear("B", "0303"))
    seen = preview(state, shot(attack=(4, 1, 1), defence=(6, 5)), rules.readings)
    assert (seen.attack_dice, seen.damage_dice) == (3, 1)
    assert preview(state, shot(attack=(3, 1, 1), defence=(6, 5)), rules.readings).damage_dice == 0
