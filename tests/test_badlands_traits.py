"""Weapon traits (BR-11), from the digest's 武器ボーナス section."""

from __future__ import annotations

import pytest

from gmtool.core.hex.coords import ORIGIN, Hex
from gmtool.games.badlands_rally.rules.attack import Gear, Weapon, plan_attack
from gmtool.games.badlands_rally.rules.damage import damage_dice, hits
from gmtool.games.badlands_rally.rules.terrain import ground
from gmtool.games.badlands_rally.rules.traits import area_effect_dice, blast_dice, impact_spins_out, reaches


@pytest.mark.rule("BR-11")
def test_area_effect_blast_impact() -> None:
    assert reaches((2, 5), 4) and not reaches((1, 3), 4)
    assert area_effect_dice(5) == 2 and area_effect_dice(1) == 0  # half, rounded down
    # A miss (MOF 2) with a 5 among the attack dice at Attack 4+: POW 7 > AR 5 → a blast roll of 1D6.
    assert blast_dice((5, 1), rating=4, power=7, armour=5, margin=-2) == 1
    assert blast_dice((3, 1), rating=4, power=7, armour=5, margin=-2) == 0  # no die reached 4+
    assert blast_dice((5, 1), rating=4, power=5, armour=5, margin=-2) == 0  # power not above armour
    assert blast_dice((5, 1), rating=4, power=9, armour=5, margin=0) == 0  # a hit: its ordinary damage
    assert impact_spins_out(1) and not impact_spins_out(0)


@pytest.mark.rule("BR-11")
def test_burst_heat_and_melee_where_they_act() -> None:
    burst = plan_attack(Gear(ORIGIN, 0, 4), Gear(Hex(0, -2, 2), 3, 4), Weapon(4, 8, burst=2), ground({}))
    assert burst.attack_dice == 4  # Burst 2: +2 dice
    assert hits((6, 4), heat=True) == 3  # Heat
    assert damage_dice(mos=1, power=3, armour=8, melee=True) == 4  # Melee: MOS + POW, no POW vs AR
