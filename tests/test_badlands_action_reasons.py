"""Why a race action is off, in the words a GM reads in its tooltip (rules/action_reasons.py): each
reason is the refusal the rules give when the action is pressed anyway, so the two are compared here
(the tooltip never says something other than what pressing it would say). English words exactly."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.badlands_rally.rules import action_reasons as why
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_state import RaceState
from tests.test_badlands_race import course, run
from tests.test_badlands_race_attack import AXE, GUN, gear


def refusal(rules: RallyRules, state: RaceState, command: m.Command) -> str:
    with pytest.raises(RulesError) as refused:
        run(rules, state, command)
    return refused.value.message()


def test_before_any_gear_the_reasons_say_no_gear_is_racing() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    assert why.add_gear(state) == "The race has no course yet."
    run(rules, state, course({}))
    assert why.add_gear(state) == ""
    assert why.speed(state) == why.new_round(state) == "No gear is racing."
    assert why.step(state) == why.action(state) == why.off_road(state) == "No gear is racing."
    assert why.contest(state) == "No contested victory waits."
    assert why.before_the_start(state) == ""


def test_between_rounds_the_reasons_send_the_gm_to_the_initiative() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0305"), gear("B", "0505"))
    words = "No gear is activating: roll the new round's initiative first (Ctrl+T)."
    assert why.speed(state) == why.step(state) == why.action(state) == why.recover(state) == words
    assert why.new_round(state) == ""


def test_an_activation_begins_by_declaring_the_speed() -> None:
    # BR-5 (digest line 90): the activation begins by declaring cruising or top speed.
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0305"), gear("B", "0505"), m.StartRound(first="g1"))
    assert why.speed(state) == ""
    assert why.step(state) == "A declares cruising or top speed first."
    assert why.step(state) == refusal(rules, state, m.StepGear(gear="g1", step="ahead"))
    assert why.action(state) == why.off_road(state) == why.recover(state) == "A declares cruising or top speed first."
    assert why.action(state) == refusal(rules, state, m.RallyTheCrowd(gear="g1"))
    assert why.new_round(state) == "The round is still running: A has not ended its activation."
    assert why.new_round(state) == refusal(rules, state, m.StartRound(first="g2"))
    assert why.before_the_start(state) == "The race has begun: the scenario is chosen before the first round."


def test_once_declared_the_actions_are_open_until_the_one_action_is_spent() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0305"), gear("B", "0505"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"))
    assert why.step(state) == why.action(state) == ""
    assert why.off_road(state) == "A does not have the special rule Off-Road Specialist."
    assert why.off_road(state) == refusal(rules, state, m.OffRoad(gear="g1", faces=(4, 5)))
    run(rules, state, m.RallyTheCrowd(gear="g1"))
    assert why.action(state) == why.recover(state) == "A has used its 1 action this activation."
    assert why.action(state) == refusal(rules, state, m.RallyTheCrowd(gear="g1"))
    assert why.step(state) == ""  # moving costs MR, not the action


def test_an_off_road_specialist_may_roll_once_declared() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    card = gear("A", "0305").model_copy(update={"specials": ("off_road_specialist",)})
    run(rules, state, course({}), card, gear("B", "0505"), m.StartRound(first="g1"))
    assert why.off_road(state) == "A declares cruising or top speed first."
    run(rules, state, m.DeclareSpeed(gear="g1", speed="top"))
    assert why.off_road(state) == ""


def test_a_spin_out_waiting_comes_before_every_action_and_is_named() -> None:
    # BR-15: the spin-out is resolved first. A (0505, facing north-west) empties B's hull and structure:
    # attack 6 6 6 → 8, defence 1 1 → 0, MOS 8, 8 + (7 − 6) = 9 damage dice, 5 hits on 2/2: B spins out.
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0505", facing=5, weapons=(GUN,), actions=2), gear("B", "0304"),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    assert why.resolve_spin(state) == "No spin-out waits."
    run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 6, 6), defence_faces=(1, 1),
                                   damage_faces=(6, 6, 6, 6, 6, 1, 1, 1, 1)))
    assert state.pending and why.resolve_spin(state) == ""
    words = "Spin-outs wait first (the active player orders them): B."
    assert why.action(state) == why.off_road(state) == words
    assert why.action(state) == refusal(rules, state, m.RallyTheCrowd(gear="g1"))


def test_while_a_reaction_is_offered_the_no_reaction_key_is_open() -> None:
    # BR-18 (digest line 530): A leaves 0306, the hex straight ahead of B (an Axe reaching 1 hex).
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0306", facing=3), gear("B", "0305", facing=3, weapons=(AXE,)),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    assert why.no_reaction(state) == "No reaction attack is offered now."
    run(rules, state, m.StepGear(gear="g1", step="ahead"))
    assert state.reaction is not None and why.no_reaction(state) == ""


def test_the_race_over_and_the_contest_close_the_round_keys() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0305"), gear("B", "0505"))
    state.contest = ("g1", "g2")
    contest_first = "The race is decided by the contested check first (Race → Contested check)."
    assert why.speed(state) == why.new_round(state) == why.action(state) == contest_first
    assert why.contest(state) == ""
    state.contest, state.winner = (), "g1"
    assert why.speed(state) == why.new_round(state) == why.step(state) == "The race is over."


def test_table_mode_takes_the_steps_off_the_map() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0305"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"), m.SetTableMode(on=True))
    assert why.step(state) == "Table mode: positions are on the table, not on gmtool's map."
    assert why.action(state) == ""


def test_a_reroll_refused_names_the_special_rule_as_the_card_does() -> None:
    # BR-20 Reliable (digest lines 755-756): only a gear with it rerolls; the refusal names the rule.
    from gmtool.games.badlands_rally.rules.race_specials import reroll_command

    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0305"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"))
    command = m.SpecialMove(gear="g1", move="burn_rubber", faces=(1, 2))
    events = tuple(run(rules, state, command))
    with pytest.raises(RulesError) as refused:
        reroll_command(state, command, events)
    assert refused.value.message() == "A does not have the special rule Reliable."
    with pytest.raises(RulesError) as refused:  # the last deed is no test: nothing to reroll
        reroll_command(state, m.RallyTheCrowd(gear="g1"), ())
    assert refused.value.key == "error.br_reliable_nothing"
