"""Special moves and rallying the crowd in the race (BR-9, BR-17): values by hand from the digest
(特殊移動, バーンラバー, ジャンプ, ラリーザクラウド) and its worked example."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import label
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from tests.test_badlands_race import course, run


def gear(name: str, at: str, defence: int = 4, cruising: int = 5, top: int = 8, actions: int = 2) -> m.AddGear:
    return m.AddGear(name=name, seat=name, attack=4, defence=defence, armour=6, hull=2, structure=2,
                     cruising_mr=cruising, top_mr=top, hex=at, facing=0, actions=actions)


def racing(*gears: m.AddGear, speed: str = "cruising", terrain: dict[str, str] | None = None):  # noqa: ANN201
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course(terrain or {}), *gears, m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed=speed))
    return rules, state


@pytest.mark.rule("BR-9")
def test_the_digests_jerboa_burns_rubber_for_two_more_mr() -> None:
    # Digest (バーンラバー): Jerboa, Defence 3+, burns rubber at top speed: 5, 3, 2 → 2 successes → MR +2.
    # Its total is 18 there: top speed 16 + 2. Dice: 2D6 + 1D6 at top speed = 3.
    rules, state = racing(gear("Jerboa", "0306", defence=3, top=16), speed="top")
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", faces=(5, 3, 2)))
    assert (made.dice, made.successes, made.mr_before, made.mr_left) == (3, 2, 16, 18)
    assert state.gears["g1"].mr_left == 18 and state.gears["g1"].actions_used == 1
    # before the roll: P(at least one of 3 dice ≥ 3) = 1 − (2/6)³ = 26/27 = 96.3 %
    assert made.odds == "96.3%"


@pytest.mark.rule("BR-9")
def test_a_jump_flies_over_as_many_hexes_as_successes_and_lands_on_the_next() -> None:
    # Cruising, MR 5, Defence 4+: 2 dice (no more than the MR left). 4 5 → 2 successes: it flies over
    # 0305 (level 1: jumpable) and 0304 and lands on 0303, paying 2 hexes flown + 1 for the landing = 3 MR.
    rules, state = racing(gear("A", "0306"), terrain={"0305": "level1"})
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(4, 5)))
    assert (made.successes, made.after, made.mr_left, made.obstacle) == (2, "0303", 2, "")
    assert label(state.gears["g1"].hex) == "0303" and state.pending == ()


@pytest.mark.rule("BR-9")
def test_coming_down_on_a_gear_stops_before_it_and_spins_both_out() -> None:
    # The same jump with C standing in 0303: it comes down just before, in 0304 (1 flown + 1 landing = 2 MR),
    # and both gears spin out (they take an impact).
    rules, state = racing(gear("A", "0306"), gear("C", "0303"))
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(4, 5)))
    assert (made.after, made.mr_left, made.obstacle, made.obstacle_gear) == ("0304", 3, "0303", "g2")
    assert state.pending == (("g1", 0), ("g2", 0))


@pytest.mark.rule("BR-9")
def test_all_ones_spin_the_gear_out_and_it_does_not_move() -> None:
    rules, state = racing(gear("A", "0306"))
    (made,) = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(1, 1)))
    assert made.spins_out and made.after == "0306" and state.pending == (("g1", 0),)


@pytest.mark.rule("BR-17")
def test_rallying_the_crowd_adds_a_die_to_the_next_initiative_check_and_it_is_spent() -> None:
    rules, state = racing(gear("A", "0306"), gear("B", "0506"))
    (rallied,) = run(rules, state, m.RallyTheCrowd(gear="g1"))
    assert rallied.tokens == 1 and state.gears["g1"].rally_tokens == 1
    run(rules, state, m.EndActivation(gear="g1"), m.EndActivation(gear="g2"))
    with pytest.raises(RulesError):  # 3 dice for A now: two typed are refused
        run(rules, state, m.RollInitiative(faces={"g1": (6, 6), "g2": (1, 1)}))
    started, rolled = run(rules, state, m.RollInitiative(faces={"g1": (6, 6, 1), "g2": (1, 1)}))
    assert rolled.winner == "g1" and state.gears["g1"].rally_tokens == 0


def test_a_special_move_needs_an_action_left() -> None:
    rules, state = racing(gear("A", "0306", actions=1))
    run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber", faces=(1, 2)))
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.RallyTheCrowd(gear="g1"))
    assert refused.value.key == "error.br_no_actions"


@pytest.mark.rule("BR-17")
def test_recovery_brings_hits_back_to_the_structure_first_or_by_option_the_hull() -> None:
    # リカバリー: 1D6 added to the hit value, never above the maximum, at cruising speed only; a gear with no
    # hits left must recover and gets its action back on a 6. A: hull 2, structure 2, both at 0 (edited).
    from gmtool.core.readings import RuleReadings

    for readings, expected in ((RuleReadings(), (1, 2)), (RuleReadings(book_for=frozenset({"br_recover_hull_first"})),
                                                           (2, 1))):
        rules = RallyRules(readings)
        state = rules.initial_state()
        run(rules, state, course({}), gear("A", "0306", actions=1), gear("B", "0506"), m.StartRound(first="g1"),
            m.EditGear(gear="g1", field="hull", value=0), m.EditGear(gear="g1", field="structure", value=0),
            m.DeclareSpeed(gear="g1", speed="cruising"))
        with pytest.raises(RulesError) as refused:
            run(rules, state, m.SpecialMove(gear="g1", move="burn_rubber"))
        assert refused.value.key == "error.br_must_recover"
        (done,) = run(rules, state, m.Recover(gear="g1", die=3))  # 3 hits back of 4
        assert (done.hull, done.structure) == expected and not done.action_back
        assert state.gears["g1"].actions_used == 1
    rules, state = racing(gear("A", "0306"), speed="top")
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.Recover(gear="g1", die=2))
    assert refused.value.key == "error.br_recover_cruising"
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0306", actions=1), m.StartRound(first="g1"),
        m.EditGear(gear="g1", field="hull", value=0), m.EditGear(gear="g1", field="structure", value=0),
        m.DeclareSpeed(gear="g1", speed="cruising"))
    (six,) = run(rules, state, m.Recover(gear="g1", die=6))  # 6 from 0: 4 back (the maximum), the action back
    assert (six.hull, six.structure, six.action_back) == (2, 2, True) and state.gears["g1"].actions_used == 0


@pytest.mark.rule("BR-17")
def test_recovery_from_a_gear_with_structure_left_adds_only_the_die() -> None:
    # リカバリー: 1D6 hits added to the hit value (hull + structure), never above the maximum (2 + 2 = 4).
    # A at hull 0, structure 1 (hit value 1), die 2 → 3: the structure first to its maximum 2, then 1 hull.
    # Die 3 → 4, not 5: the maximum. (Not 1 + 2 + 1: the structure already there is not counted twice.)
    for die, expected in ((2, (1, 2)), (3, (2, 2)), (1, (0, 2))):
        rules = RallyRules()
        state = rules.initial_state()
        run(rules, state, course({}), gear("A", "0306", actions=1), gear("B", "0506"), m.StartRound(first="g1"),
            m.EditGear(gear="g1", field="hull", value=0), m.EditGear(gear="g1", field="structure", value=1),
            m.DeclareSpeed(gear="g1", speed="cruising"))
        (done,) = run(rules, state, m.Recover(gear="g1", die=die))
        assert (done.hull, done.structure) == expected, die
