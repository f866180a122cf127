"""Which gears each race event concerns (rules/race_involved.py): what the log's filter by gear offers and
Undo's words name — the acting gear first, each gear once, with the name the event gives it."""

from __future__ import annotations

from gmtool.core.game import Involved
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules.push_messages import PushGear
from gmtool.games.badlands_rally.rules.race import RallyRules
from tests.test_badlands_race import course, run
from tests.test_badlands_race_attack import AXE, GUN, gear
from tests.test_badlands_victory_race import COURSE, laps
from tests.test_badlands_victory_race import gear as lap_gear

A, B, C = Involved("g1", "A"), Involved("g2", "B"), Involved("g3", "C")


def test_an_attack_a_spin_and_its_collision_and_the_derby_name_their_gears() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    added = run(rules, state, m.ChooseScenario(scenario=6), course({}), gear("A", "0505", facing=5, weapons=(GUN,)),
                gear("B", "0304"))
    assert [rules.involved(e) for e in added[2:]] == [(A,), (B,)]
    run(rules, state, m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    (made,) = run(rules, state, m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 6, 6),
                                             defence_faces=(1, 1), damage_faces=(6, 6, 6, 6, 6, 1, 1, 1, 1)))
    assert rules.involved(made) == (A, B)  # the attacker first
    # B skids into A: the spin names B, then A it ran into; the derby counts it to A, then names B.
    spun, caused = run(rules, state, m.ResolveSpin(gear="g2", clockwise=True, spin_die=2, skid_die=1,
                                                   collision_faces=(1, 1), other_faces=(4, 5)))
    assert rules.involved(spun) == (B, A)
    assert rules.involved(caused) == (A, B)
    (edited,) = run(rules, state, m.EditGear(gear="g2", field="name", value="Bo"))
    assert rules.involved(edited) == (Involved("g2", "Bo"),)  # renamed: the new name


def test_a_push_a_reaction_and_a_jump_on_a_gear_name_their_gears() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0306", facing=3, actions=2), gear("B", "0305", facing=3, weapons=(AXE,)),
        gear("C", "0308"), m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    (offered,) = run(rules, state, m.StepGear(gear="g1", step="ahead"))
    assert rules.involved(offered) == (A,)
    chosen, made, resolved, _stepped = run(rules, state, r.React(gear="g2", weapon=0, attack_faces=(1, 1, 1, 2),
                                                                  defence_faces=(4, 3)))
    assert rules.involved(chosen) == (B, A)  # the reacting gear first, then the active one
    assert rules.involved(made) == (B, A)
    assert rules.involved(resolved) == (A, B)
    # A (now 0307, facing south) pushes C (0308) straight ahead.
    (pushed,) = run(rules, state, PushGear(pusher="g1", target="g3", attack_faces=(1, 1), defence_faces=(6, 6)))
    assert rules.involved(pushed) == (A, C)
    # A jump coming down on a gear names it too (digest lines 221-222: both spin out).
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0306"), gear("C", "0303"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"))
    (jumped,) = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(4, 5)))
    assert rules.involved(jumped) == (A, Involved("g2"))


def test_the_initiative_and_a_contested_victory_name_the_winner_and_the_finishers() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.SetCourse(course=COURSE), lap_gear("A", "0106"), lap_gear("B", "0506"))
    _started, rolled = run(rules, state, m.RollInitiative(faces={"g1": (1, 1), "g2": (6, 2)}))
    assert rules.involved(rolled) == (B,)
    run(rules, state, *laps("g2", "0305"), m.EndActivation(gear="g2"), *laps("g1", "0205"))
    _ended, contested = run(rules, state, m.EndActivation(gear="g1"))
    assert rules.involved(contested) == (B, A)  # the finishers in the round's order
    (won,) = run(rules, state, m.ContestVictory(faces={"g1": (6, 1), "g2": (4, 4)}))
    assert rules.involved(won) == (A, Involved("g2"))  # the winner named first
