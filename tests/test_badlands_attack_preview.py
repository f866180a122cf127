"""The attack panel's figures before the roll (rules/race_attack.preview): the exact chance of success,
of at least one hit and of the hull emptied (BR-10 to BR-13), worked out by hand from the digest
(shared/seeds/002): the check (line 51) is the highest die reaching the rating plus one per other such
die; the margin ≥ 0 succeeds (line 57); damage dice = MOS + (POW − AR) (lines 349-351), each 4+ a hit."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.core.i18n import tr
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_attack import preview
from gmtool.games.badlands_rally.rules.weapons import WeaponCard
from tests.test_badlands_race import run
from tests.test_badlands_race_attack import gear, race, shot

# POW 6 against AR 6: the damage dice are the MOS alone; −1D6 on the attack: 2 − 1 = 1 attack die.
PISTOL = WeaponCard(name="Pistol", optimal=3, maximum=6, power=6, dice=-1)


@pytest.mark.rule("BR-10")
@pytest.mark.rule("BR-12")
def test_one_attack_die_against_two_the_odds_by_hand() -> None:
    # A (0306, facing north) fires at B (0303, facing south: A is in its front), range 3 = optimal: 1 attack
    # die, 2 defence dice, all at 4+. One die: 0 with 1/2, 4, 5, 6 with 1/6 each. Two dice over 36 rolls:
    # 0 ×9, 4 ×6, 5 ×7 (4 4 and the one-die 5s), 6 ×9, 7 ×5.
    # Success (margin ≥ 0): 0 against 0: 1/2·9/36; 4 against ≤ 4: 15/216; 5: 22/216; 6: 31/216 → 95/216.
    # Damage dice = MOS: 4−0 → 4 (9/216), 5−0 → 5 (9/216), 5−4 → 1 (6/216), 6−0 → 6 (9/216), 6−4 → 2 (6/216),
    # 6−5 → 1 (7/216); a margin of 0 rolls no die. n dice at 4+: at least one hit 1 − 1/2ⁿ, at least two
    # 1 − (n + 1)/2ⁿ.
    # At least one hit: (9·15/16 + 9·31/32 + 6·1/2 + 9·63/64 + 6·3/4 + 7·1/2)/216 = (2369/64)/216.
    # Hull 2 emptied (two hits): (9·11/16 + 9·13/16 + 9·57/64 + 6·1/4)/216 = (1473/64)/216.
    rules = RallyRules()
    state = race(rules, gear("A", "0306", weapons=(PISTOL,)), gear("B", "0303", facing=3))
    seen = preview(state, shot(), rules.readings)
    assert (seen.refusal, seen.attack_dice, seen.defence_dice, seen.range, seen.side) == ("", 1, 2, 3, "front")
    assert seen.success == Fraction(95, 216)
    assert seen.some_damage == Fraction(2369, 13824)
    assert seen.empties_hull == Fraction(1473, 13824)


@pytest.mark.rule("BR-10")
def test_in_table_mode_the_preview_plans_from_what_the_gm_typed() -> None:
    # Flank (+1D6): 3 attack dice; cover 2D6 typed: 4 defence dice (digest lines 245, 258).
    rules = RallyRules()
    state = race(rules, gear("A", "0306", weapons=(PISTOL,)), gear("B", "0303"))
    run(rules, state, m.SetTableMode(on=True))
    assert preview(state, shot(), rules.readings).refusal == tr("error.br_table_inputs")
    seen = preview(state, shot(table=m.TableGeometry(side="flank", range=2, cover_dice=2)), rules.readings)
    assert (seen.refusal, seen.attack_dice, seen.defence_dice) == ("", 2, 4)  # 2 − 1 (the pistol) + 1 (flank)

