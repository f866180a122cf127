"""A gear an Area Effect hits beside the target spins out as the target would (BR-11, BR-15): when its
hits are all gone, when the weapon has Impact and it took damage, or when it was off balance. Expected
values worked out by hand from the digest (shared/seeds/002): エリア エフェクト (lines 306-309),
インパクト (line 326), スピニングアウトの発生 (lines 428-431), オフバランス状態 (lines 437-441)."""

from __future__ import annotations

import pytest

from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.weapons import WeaponCard
from tests.test_badlands_race import run
from tests.test_badlands_race_attack import gear, race, shot

SPLASH = WeaponCard(name="Splash", optimal=3, maximum=6, power=7, traits=("area",))
RAM = WeaponCard(name="Ram", optimal=3, maximum=6, power=7, traits=("area", "impact"))

# A at 0306 facing north attacks B at 0303 from its rear (+2D6), range 3 (optimal): 4 attack dice.
# Attack 5 4 2 1 → 5 + 1 = 6 against defence 4 3 → 4: MOS 2; damage MOS 2 + (POW 7 − AR 6) = 3 dice.
# C at 0302 is next to B: half of 3 dice, rounded down = 1 die (line 309).
HIT = {"attack": (5, 4, 2, 1), "defence": (4, 3), "damage": (1, 1, 1)}


def _race(rules: RallyRules, weapon: WeaponCard, hull: int = 2, structure: int = 2):  # noqa: ANN202
    state = race(rules, gear("A", "0306", weapons=(weapon,)), gear("B", "0303"), gear("C", "0302"))
    run(rules, state, *(m.EditGear(gear="g3", field=field, value=value)
                        for field, value in (("hull", hull), ("structure", structure)) if value != 2))
    return state


@pytest.mark.rule("BR-11")
@pytest.mark.rule("BR-15")
def test_a_gear_beside_the_target_whose_last_hit_the_area_takes_spins_out() -> None:
    # C has hull 1, structure 0: its 1 area die, a 5, is 1 hit (4+, line 343) → hull 0, structure 0: no hits
    # left, it spins out (line 429 A) and waits; rattled too (its hull emptied, line 384).
    rules = RallyRules()
    state = _race(rules, SPLASH, hull=1, structure=0)
    (made,) = run(rules, state, shot(**HIT, area_faces={"g3": (5,)}))
    (hit,) = made.area
    assert (hit.hits, hit.hull, hit.structure, hit.rattled, hit.spins_out) == (1, 0, 0, True, True)
    assert ("g3", 0) in state.pending


@pytest.mark.rule("BR-11")
@pytest.mark.rule("BR-15")
def test_a_gear_beside_the_target_with_structure_left_does_not_spin_out() -> None:
    # C has hull 1, structure 1: 1 hit → hull 0, structure 1. Rattled (line 384), but hits are left: no spin.
    rules = RallyRules()
    state = _race(rules, SPLASH, hull=1, structure=1)
    (made,) = run(rules, state, shot(**HIT, area_faces={"g3": (5,)}))
    (hit,) = made.area
    assert (hit.hits, hit.hull, hit.structure, hit.rattled, hit.spins_out) == (1, 0, 1, True, False)
    assert all(g != "g3" for g, _excess in state.pending)


@pytest.mark.rule("BR-11")
def test_an_impact_area_weapon_spins_out_a_gear_beside_the_target_it_damaged() -> None:
    # Impact (line 326): damage done → spin out and skid. C (hull 2, structure 2) takes 1 hit from its 5:
    # hull 1, hits left, yet it spins out. A 3 does no damage (4+ needed): no spin.
    for face, spins in ((5, True), (3, False)):
        rules = RallyRules()
        state = _race(rules, RAM)
        (made,) = run(rules, state, shot(**HIT, area_faces={"g3": (face,)}))
        (hit,) = made.area
        assert (hit.hull, hit.structure, hit.spins_out) == (2 - int(spins), 2, spins)
        assert (("g3", 0) in state.pending) is spins


@pytest.mark.rule("BR-11")
@pytest.mark.rule("BR-15")
def test_a_gear_beside_the_target_off_balance_by_the_rule_option_spins_out_without_damage() -> None:
    # C: hull 0, structure 2. Off balance only under the option of line 375 (hull 0 → バランスを崩す); then
    # any attack reaching it spins it out again (line 441), even its area die a 1 (no hit). By default
    # (off balance only at 0 hits, line 437) it does not.
    for readings, spins in ((RuleReadings(), False), (RuleReadings(book_for=frozenset({"br_off_balance_hull"})), True)):
        rules = RallyRules(readings)
        state = _race(rules, SPLASH, hull=0, structure=2)
        (made,) = run(rules, state, shot(**HIT, area_faces={"g3": (1,)}))
        (hit,) = made.area
        assert (hit.hits, hit.spins_out) == (0, spins)
