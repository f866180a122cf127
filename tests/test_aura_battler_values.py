"""Rule values of the Aura Battler duel that make mutate showed untested (issue 36): the attacker's
speed modifier at thrust 0, the damage law of a plan, the sword's open-roll faces in a plan, where a
rolled hit on a carried battler lands, the later arrival in one hex, the PP a machine joins with and
the GM's steps. Each expected value is worked out by hand from the digest (``shared/seeds/003``, lines
cited) and the made-up demo cards (``resources/aura_battler/demo_duel.json``)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.cards import MachineCard
from gmtool.games.aura_battler.rules.duel_carried import land
from tests.test_aura_battler_duel import HORNET, LARK, SKYRAFT, Duel
from tests.test_aura_battler_refusals import before_the_first_turn


@pytest.mark.rule("AB-15")
def test_the_attacker_speed_modifier_is_read_from_the_card_from_thrust_zero() -> None:
    # 003 line 34 (15.1): the attacker's modifier is its card's entry for its current thrust. The table's
    # first entry is thrust 0; past the top thrust (3 here) the last entry holds.
    card = MachineCard(name="Test", evasion=1, armour=1, durability=10, speed_table=(0, 1, 1, 2))
    assert [card.speed_modifier(thrust) for thrust in (0, 1, 2, 3, 7)] == [0, 1, 1, 2, 2]


@pytest.mark.rule("AB-17")
@pytest.mark.rule("AB-18")
def test_the_damage_law_of_a_shot_at_thicker_armour() -> None:
    duel = Duel()
    # The Hornet's flash gun (power 4) at the Skyraft (armour 5); the Hornet puts no PP on power and the
    # Skyraft none on barrier: equal, so a shot rolls again on 6 only (003 line 51, 18.2).
    duel.allocate({LARK: (8, 0, 0, 0, 0, 0), HORNET: (4, 1, 1, 0, 1, 0), SKYRAFT: (5, 0, 0, 0, 0, 0)})
    plan = duel.rules.attack_plan(duel.state, m.Attack(attacker=HORNET, target=SKYRAFT, gun=1))
    assert plan.triggers == {6}
    # 003 line 47 (17.2): damage = 4 + die − 5 = die − 1. The die shows 1–5 (1/6 each: damage 0–4), never
    # ends on 6, and 6 + 1…6 + 3 (1/36 each) deal 6, 7, 8.
    sixth, thirty_sixth = Fraction(1, 6), Fraction(1, 36)
    assert plan.damage_law() == ((0, sixth), (1, sixth), (2, sixth), (3, sixth), (4, sixth), (5, Fraction(0)),
                                 (6, thirty_sixth), (7, thirty_sixth), (8, thirty_sixth))


@pytest.mark.rule("AB-18")
def test_a_sword_attack_s_plan_rolls_again_on_five_and_six() -> None:
    duel = Duel()
    duel.allocate()  # the Lark's power PP 1, the Hornet's barrier PP 1: neither is above the other
    plan = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=None))
    assert plan.sword and plan.triggers == {5, 6}  # 003 line 51 (18.2): melee, 5–6


@pytest.mark.rule("AB-21")
@pytest.mark.parametrize("seed", range(6))
def test_a_rolled_shooting_hit_on_a_carried_battler_takes_one_die(seed: int) -> None:
    # 003 line 69 (21.5): one die, 1–3 the Aura Battler, 4–6 the Wing Caliber; nothing typed, so it is rolled.
    where, dice = land(False, "carrier", None, random.Random(seed))
    assert len(dice) == 1 and 1 <= dice[0] <= 6
    assert where == ("battler" if dice[0] <= 3 else "carrier")


@pytest.mark.rule("AB-21")
def test_a_typed_shooting_die_decides_alone() -> None:
    # 21.5: a typed 2 lands on the battler; no second die is read or rolled.
    assert land(False, "carrier", (2,), random.Random(0)) == ("battler", (2,))


@pytest.mark.rule("AB-13")
def test_the_machine_that_entered_the_shared_hex_later_counts_in_the_hex_it_left() -> None:
    duel = Duel()
    duel.allocate()
    # The Hornet is dropped on 0808 facing north first; then the Lark steps ahead (north-east) from 0709 into
    # 0808 after it. 003 line 14 (13.9): the Lark, the later, counts as in 0709 — the Hornet's south-west
    # neighbour, in the Hornet's BL (hex.md §8: the north-east neighbour is FR, south-east BR, so the
    # south-west one is BL), range modifier +1 (003 line 29).
    duel.run(m.PlaceUnit(unit=HORNET, hex="0808", facing=0))
    duel.run(m.StepUnit(unit=LARK, step="ahead"))
    assert duel.events[-1].after == "0808"
    plan = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, gun=None))
    assert plan.sector == "BL" and ("ab.term.sector", 1) in plan.hit.terms


@pytest.mark.rule("AB-22")
def test_a_machine_joins_with_its_pilot_s_base_as_action_pp() -> None:
    # 003 line 73 (22.2): action PP and aura power are the pilot's base (Aya: 8 and 3); the rest 0 (22.3).
    duel = before_the_first_turn()
    lark = duel.state.units[LARK]
    assert (lark.points.action, lark.points.attack, lark.points.defence, lark.points.power, lark.points.barrier,
            lark.points.response, lark.aura) == (8, 0, 0, 0, 0, 0, 3)


def test_the_gm_s_steps_move_one_hex_along_the_facing() -> None:
    duel = Duel()
    # Labels are odd-q offsets (hex.md: odd columns, counted from 0, shifted half a hex down). The Hornet at
    # 1209 (column 11, odd) faces south-west: one hex ahead is column 10, one row down, 1110.
    duel.run(m.StepUnit(unit=HORNET, step="ahead"))
    assert duel.events[-1].after == "1110"
    # The Lark at 0709 (column 6, even) faces north-east: one hex back is its south-west neighbour, 0609.
    duel.run(m.StepUnit(unit=LARK, step="back"))
    assert (duel.events[-1].after, duel.state.units[LARK].facing) == ("0609", 1)


@pytest.mark.rule("AB-21")
def test_a_sword_hit_s_one_to_four_goes_where_the_attacker_chooses() -> None:
    # 003 line 70 (21.6): on 1-4 the attacker chooses; a 2 read as shooting would have struck the battler.
    assert land(True, "carrier", (2,), random.Random(0)) == ("carrier", (2,))


@pytest.mark.rule("AB-20")
def test_aura_power_on_attack_pp_raises_the_hit_value_and_leaves_less_aura() -> None:
    duel = Duel()
    duel.allocate()
    plan = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, aura_attack=1))
    # 003 line 61 (20.1): aura power used like PP: attack PP 2 + 1; 14.2: +1 to the hit value, 5 → 6. Aya had 3.
    assert dict(plan.hit.terms)["ab.term.attack_pp"] == 3 and plan.hit.value == 6 and plan.attacker_aura == 2


@pytest.mark.rule("AB-18")
@pytest.mark.rule("AB-21")
def test_a_hit_on_a_carried_battler_opens_against_the_barrier_of_the_machine_struck() -> None:
    duel = Duel()
    duel.allocate()  # the Hornet's power PP 1; the Lark's barrier PP 1, the Skyraft's 0
    duel.run(m.Board(unit=LARK, carrier=SKYRAFT))
    plan = duel.rules.attack_plan(duel.state, m.Attack(attacker=HORNET, target=LARK))
    assert plan.defender.id == SKYRAFT  # 21.3: the carrier defends for it
    # 21.3 gives the carrier's modifiers and defence PP, not its barrier: the open roll compares the power PP with
    # the barrier PP of the machine the hit lands on. On the Lark, 1 = 1: a shot rolls again on 6 (18.2); on the
    # Skyraft, 1 > 0: on 5-6 (18.3).
    assert plan.triggers_on(duel.state.units[LARK]) == {6}
    assert plan.triggers_on(duel.state.units[SKYRAFT]) == {5, 6}


@pytest.mark.rule("AB-21")
def test_the_odds_of_where_a_hit_on_a_carried_battler_lands() -> None:
    from gmtool.games.aura_battler.rules.duel_carried import landing_odds

    # 21.5: a shot, 1-3 of 6 on the battler. 21.6: a sword, 1-4 where the attacker chooses, 5-6 as a shot:
    # choosing the battler 4/6 + 2/6 × 1/2 = 5/6; choosing the carrier, the battler only on 5-6 then 1-3: 1/6.
    half, five_sixths, sixth = Fraction(1, 2), Fraction(5, 6), Fraction(1, 6)
    assert landing_odds(False, "battler") == landing_odds(False, "carrier") == {"battler": half, "carrier": half}
    assert landing_odds(True, "battler") == {"battler": five_sixths, "carrier": sixth}
    assert landing_odds(True, "carrier") == {"battler": sixth, "carrier": five_sixths}


@pytest.mark.rule("AB-17")
def test_a_rolled_damage_die_shows_every_face() -> None:
    from gmtool.games.aura_battler.rules.duel_attack import open_roll

    # 17.2: one die (1d6); with no trigger face it is that one die, 1 to 6.
    assert {open_roll(frozenset(), random.Random(seed))[0] for seed in range(60)} == {1, 2, 3, 4, 5, 6}


@pytest.mark.rule("AB-20")
def test_the_target_s_aura_power_on_defence_pp_lowers_the_hit_value() -> None:
    duel = Duel()
    duel.allocate()
    plan = duel.rules.attack_plan(duel.state, m.Attack(attacker=LARK, target=HORNET, aura_defence=1))
    # 20.1: the Hornet's defence PP 1 + 1 aura = 2; 14.2: −2 instead of −1, the hit value 5 → 4. Bron had 4.
    assert dict(plan.hit.terms)["ab.term.defence_pp"] == -2 and plan.hit.value == 4 and plan.defender_aura == 3


@pytest.mark.rule("AB-17")
@pytest.mark.rule("AB-18")
def test_a_rolled_open_roll_goes_on_with_real_dice_and_a_rolled_landing_die_shows_every_face() -> None:
    from gmtool.games.aura_battler.rules.duel_attack import open_roll

    # 18.1: on a trigger face another die (1-6) is added; the roll ends on a face that is not a trigger.
    rolls = [open_roll(frozenset({6}), random.Random(seed)) for seed in range(200)]
    assert all(all(1 <= face <= 6 for face in roll) and roll[-1] != 6 for roll in rolls)
    assert {roll[1] for roll in rolls if len(roll) > 1} == {1, 2, 3, 4, 5, 6}
    # 21.5: the landing die is one die, 1-6.
    assert {land(False, "battler", None, random.Random(seed))[1][0] for seed in range(60)} == {1, 2, 3, 4, 5, 6}


@pytest.mark.rule("AB-16")
def test_the_plan_reads_the_campaign_s_rule_reading() -> None:
    from gmtool.core.readings import RuleReadings
    from gmtool.games.aura_battler.rules.allocation import DEFENCE_PP_KEPT
    from gmtool.games.aura_battler.rules.duel import AuraRules

    duel = Duel()
    duel.allocate()
    # 16.5 by default: defence PP drop by 1 after a defence, a declined one too (the Hornet's 1 → 0); with the
    # campaign's option (the book's reading) a declined defence keeps them.
    draft = m.Attack(attacker=LARK, target=HORNET, defence="none")
    assert duel.rules.attack_plan(duel.state, draft).defender_points.defence == 0
    kept = AuraRules(RuleReadings(book_for=frozenset({DEFENCE_PP_KEPT})))
    assert kept.attack_plan(duel.state, draft).defender_points.defence == 1


def test_the_demo_sky_is_named_in_the_window_s_language() -> None:
    from gmtool.games.aura_battler.rules.demo import demo

    assert demo("ja").commands[0].sky.name == "デモ：雲の浮かぶ空（架空）"  # type: ignore[attr-defined]
    assert demo("en").commands[0].sky.name == "Demo: open sky with a few clouds (made up)"  # type: ignore[attr-defined]
