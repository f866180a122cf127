"""Area Effect (BR-11) and off balance (BR-15) in the race. Expected values are worked out by hand from
the digest (shared/seeds/002): エリア エフェクト (lines 306-307), ヒット (line 375), ヒット値0 and
オフバランス状態 (lines 434-443); the odds against icepool."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_attack import preview
from gmtool.games.badlands_rally.rules.weapons import WeaponCard
from tests.test_badlands_race import run
from tests.test_badlands_race_attack import GUN, gear, race, shot

SPLASH = WeaponCard(name="Splash", optimal=3, maximum=6, power=7, traits=("area",))
BLAST_SPLASH = WeaponCard(name="Mortar", optimal=3, maximum=6, power=7, traits=("area", "blast"))

# A at 0306 facing north attacks B at 0303 (facing north: A is in its rear row, +2D6; range 3, the
# optimal range): 4 attack dice at 4+ against 2. C stands at 0302, next to B; D at 0307, far from B.
# Attack 5 4 2 1 → 6, defence 4 3 → 4: MOS 2. Damage: MOS 2 + (POW 7 − AR 6) = 3 dice.


def _area_race(rules: RallyRules, weapon: WeaponCard = SPLASH):  # noqa: ANN202
    return race(rules, gear("A", "0306", weapons=(weapon,)), gear("B", "0303"), gear("C", "0302"),
                gear("D", "0307"))


@pytest.mark.rule("BR-11")
def test_area_effect_hits_the_gears_next_to_the_target_for_half_the_dice_rounded_down() -> None:
    # Target: 3 damage dice 6 4 1 → 2 hits. C (next to B): half the damage roll, rounded down: 3 // 2 =
    # 1 die; typed 5 → 1 hit, hull 2 → 1. D is not next to B; A is the attacker, no target.
    rules = RallyRules()
    state = _area_race(rules)
    (made,) = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(4, 3), damage=(6, 4, 1),
                                     area_faces={"g3": (5,)}))
    assert (made.damage_dice, made.hits) == (3, 2)
    (hit,) = made.area
    assert (hit.gear, hit.dice, hit.faces, hit.hits, hit.hull, hit.structure) == ("g3", 1, (5,), 1, 1, 2)
    assert state.gears["g3"].hull == 1 and state.gears["g4"].hull == 2
    assert "Area effect on C: 1D6 5 → 1 hit" in rules.describe(made)


@pytest.mark.rule("BR-11")
def test_no_attack_die_reaching_the_attack_rating_no_area_effect() -> None:
    # Attack 3 3 2 1: no die reaches 4+ (value 0); defence 1 1: 0. Margin 0 succeeds: B takes
    # 0 + (7 − 6) = 1 die, but the area needs a die at the Attack rating: C untouched.
    rules = RallyRules()
    state = _area_race(rules)
    (made,) = run(rules, state, shot(attack=(3, 3, 2, 1), defence=(1, 1), damage=(4,)))
    assert (made.margin, made.damage_dice, made.hits, made.area) == (0, 1, 1, ())


@pytest.mark.rule("BR-11")
def test_a_blast_roll_reaches_the_area_whole() -> None:
    # Attack 4 1 1 1 → 4; defence 6 5 → 7: MOF 3, a miss. Blast: a die reached 4+ and POW 7 > AR 6:
    # a 1D6 blast roll (line 312). "ブラスト ダメージを除く": the blast roll is not halved — C rolls 1D6 too.
    rules = RallyRules()
    state = _area_race(rules, BLAST_SPLASH)
    (made,) = run(rules, state, shot(attack=(4, 1, 1, 1), defence=(6, 5), damage=(4,), area_faces={"g3": (6,)}))
    assert (made.blast, made.damage_dice, made.hits) == (True, 1, 1)
    (hit,) = made.area
    assert (hit.dice, hit.hits) == (1, 1)


@pytest.mark.rule("BR-11")
def test_the_half_hits_reading_halves_the_targets_hits() -> None:
    # Option: C takes half the hits B's roll scored, rounded down: 3 hits (6 5 4) → 1; no roll of its own.
    rules = RallyRules(RuleReadings(book_for=frozenset({"br_area_half_hits"})))
    state = _area_race(rules)
    (made,) = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(4, 3), damage=(6, 5, 4)))
    (hit,) = made.area
    assert (made.hits, hit.dice, hit.faces, hit.hits) == (3, 0, (), 1)


@pytest.mark.rule("BR-11")
def test_the_preview_names_the_gears_next_to_the_target_and_the_chance_of_the_area() -> None:
    rules = RallyRules()
    state = _area_race(rules)
    seen = preview(state, shot(), rules.readings)
    assert seen.area == ("C",)
    reached = icepool.d6.pool(4).expand().map(lambda f: any(x >= 4 for x in f))
    assert seen.area_chance == Fraction(reached.quantity(True), reached.denominator())
    assert preview(state, shot(target="g4"), rules.readings).refusal  # D is behind A: not in its front arc


def _off_balance_race(rules: RallyRules, structure: int = 0):  # noqa: ANN202
    state = race(rules, gear("A", "0306", weapons=(GUN,), actions=2), gear("B", "0303"))
    run(rules, state, m.EditGear(gear="g2", field="hull", value=0))
    if structure != 2:
        run(rules, state, m.EditGear(gear="g2", field="structure", value=structure))
    return state


@pytest.mark.rule("BR-15")
def test_an_attack_on_a_gear_off_balance_spins_it_out_even_a_miss() -> None:
    # B at 0 hits is off balance (line 437). Attacked (line 442) it spins out and skids again, in A's
    # activation: a miss (attack 3 2 1 1 → 0 against 4 3 → 4) all the same.
    rules = RallyRules()
    state = _off_balance_race(rules)
    (made,) = run(rules, state, shot(attack=(3, 2, 1, 1), defence=(4, 3)))
    assert (made.margin, made.spins_out) == (-4, True)
    assert state.pending == (("g2", 0),)
    row = next(r for r in rules.order(state) if r.id == "g2")
    assert "off_balance" in {b.key for b in row.badges}


@pytest.mark.rule("BR-15")
def test_off_balance_the_once_per_activation_limit_does_not_hold() -> None:
    # First attack: B spins (die 6: a full turn, no skid, it stays at 0303). Second attack in the same
    # activation: once per activation would skip it, but off balance it spins out again.
    rules = RallyRules()
    state = _off_balance_race(rules)
    run(rules, state, shot(attack=(3, 2, 1, 1), defence=(4, 3)), m.ResolveSpin(gear="g2", spin_die=6))
    assert state.gears["g2"].spun
    run(rules, state, shot(attack=(3, 2, 1, 1), defence=(4, 3)))
    (spun,) = run(rules, state, m.ResolveSpin(gear="g2", spin_die=2, skid_die=1))
    assert not spun.skipped and spun.distance == 1


@pytest.mark.rule("BR-15")
@pytest.mark.rule("BR-14")
def test_off_balance_no_further_rattle_nor_record() -> None:
    # B off balance (hull 0): hit again (MOS 2, 3 dice 6 4 4 → 3 hits, all beyond: excess 3) it is not
    # rattled again and its rattle record stays at 0 (line 443); the excess adds to its skid.
    rules = RallyRules()
    state = _off_balance_race(rules)
    (made,) = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(4, 3), damage=(6, 4, 4)))
    assert (made.hits, made.rattled, made.excess, made.spins_out) == (3, False, 3, True)
    b = state.gears["g2"]
    assert (b.rattle.token, b.rattle.count) == (False, 0)


@pytest.mark.rule("BR-15")
def test_off_balance_from_an_empty_hull_is_the_rule_option() -> None:
    # B: hull 0, structure 2. The default (0 hits, line 434-437): not off balance, a miss does nothing.
    # The option (line 375: ハルが0になった場合 … バランスを崩す): off balance, the miss spins it out.
    for readings, spins in ((RuleReadings(), False), (RuleReadings(book_for=frozenset({"br_off_balance_hull"})), True)):
        rules = RallyRules(readings)
        state = _off_balance_race(rules, structure=2)
        (made,) = run(rules, state, shot(attack=(3, 2, 1, 1), defence=(4, 3)))
        assert made.spins_out is spins
