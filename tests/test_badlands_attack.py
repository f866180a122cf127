"""Badlands Rally's attack check planned (BR-10), from the digest's 攻撃チェック, 修正表, ロック,
カバー, レンジ and 側面と背面 sections; positions made up on a flat-top map (facing 0 = north,
attacker at the origin)."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import ORIGIN, Hex, label
from gmtool.core.i18n import tr
from gmtool.games.badlands_rally.rules.attack import Gear, Weapon, plan_attack, target_side
from gmtool.games.badlands_rally.rules.terrain import ground

GUN = Weapon(optimal=4, maximum=8)
AHEAD3 = Hex(0, -3, 3)


def attacker(facing: int = 0, rattled: bool = False) -> Gear:
    return Gear(ORIGIN, facing, rating=4, rattled=rattled)


def target(at: Hex = AHEAD3, facing: int = 3, rattled: bool = False) -> Gear:
    return Gear(at, facing, rating=4, rattled=rattled)


@pytest.mark.rule("BR-10")
def test_front_flank_and_rear_of_the_target() -> None:
    # The target 3 hexes north: facing south (3) it faces the attacker (front, no bonus); facing
    # north (0) the attacker is on the row straight behind it (背面 +2D6); facing NE (1) the
    # attacker is on its flank (側面 +1D6).
    assert plan_attack(attacker(), target(facing=3), GUN, ground({})).attack_dice == 2
    rear = plan_attack(attacker(), target(facing=0), GUN, ground({}))
    assert rear.side == "rear" and rear.attack_dice == 4 and ("br.term.rear", 2) in rear.attack_terms
    flank = plan_attack(attacker(), target(facing=1), GUN, ground({}))
    assert flank.side == "flank" and flank.attack_dice == 3
    # On the 150° vertex ray behind a target facing N: flank by the row reading, rear with the cone.
    behind_ray = Gear(Hex(-1, -1, 2), 0, rating=4)
    assert target_side(ORIGIN, behind_ray) == "flank" and target_side(ORIGIN, behind_ray, rear_cone=True) == "rear"


@pytest.mark.rule("BR-10")
def test_only_targets_in_the_front_arc_and_locked() -> None:
    assert plan_attack(attacker(), target(at=Hex(2, -1, -1)), GUN, ground({})).range == 2  # the ±90° ray: front
    with pytest.raises(RulesError) as caught:
        plan_attack(attacker(), target(at=Hex(0, 2, -2)), GUN, ground({}))
    assert caught.value.key == "error.br_not_in_front_arc"
    with pytest.raises(RulesError) as caught:
        plan_attack(attacker(), target(), GUN, ground({Hex(0, -2, 2): "level2"}))
    assert caught.value.key == "error.br_no_lock" and label(Hex(0, -2, 2)) in caught.value.message()
    with pytest.raises(RulesError):
        plan_attack(attacker(), target(), GUN, ground({}), units=[Hex(0, -1, 1)])  # another gear in the way


@pytest.mark.rule("BR-10")
def test_range_bands_cover_and_rattled() -> None:
    short = Weapon(optimal=2, maximum=4, dice=1, burst=1)
    plan = plan_attack(attacker(rattled=True), target(rattled=True), short, ground({}))
    # 2 base + 1 weapon + 1 burst − 1 beyond optimal (3 > 2) − 1 rattled; defence 2 − 1 rattled.
    assert plan.attack_dice == 2 and plan.defence_dice == 1 and not plan.automatic_failure
    assert plan_attack(attacker(), target(at=Hex(0, -5, 5)), short, ground({})).automatic_failure  # beyond 4
    # A level-1 element grazed next to the target gives it 1D6: the line (0,0,0)→(4,−2,−2) runs
    # between (3,−2,−1) and (3,−1,−2) beside the target.
    east = Gear(Hex(4, -2, -2), 3, rating=4)
    covered = plan_attack(Gear(ORIGIN, 1, rating=4), east, GUN, ground({Hex(3, -2, -1): "level1"}))
    assert covered.defence_dice == 3 and ("br.term.cover", 1) in covered.defence_terms


def test_every_term_has_words() -> None:
    keys = ("base", "flank", "rear", "weapon", "burst", "beyond_optimal", "rattled", "cover")
    assert all(not tr(f"br.term.{k}").startswith("br.term") for k in keys)
