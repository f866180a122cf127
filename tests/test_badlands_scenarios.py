"""The scenarios' special rules and the gentlemen's sport (BR-19), by hand from the digest (shared/seeds/002,
シナリオ lines 576-612, オプション・ルール lines 613-621)."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.map_file import HexMapFile
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import scenario_messages as s
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.games.badlands_rally.rules.race_view import order, sheet
from tests.test_badlands_race import course, run
from tests.test_badlands_race_attack import GUN, gear, shot

GRUDGE, RETURN, SHOW_OFF, DERBY = 3, 4, 5, 6  # the scenario's die face (lines 580-601)


def race(rules: RallyRules, scenario: int, *gears: m.AddGear, lap_die: int | None = None) -> RaceState:
    state = rules.initial_state()
    run(rules, state, m.ChooseScenario(scenario=scenario, lap_die=lap_die), course({}), *gears,
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    return state


@pytest.mark.rule("BR-19")
def test_grudge_match_a_gear_that_rattles_its_target_gains_a_free_rally_token() -> None:
    # Line 584: each time a gear makes its target rattled, a free rally action (a rally-the-crowd token).
    # The attack of test_a_rear_attack_hits_the_hull_first_and_rattles: B's hull 2 → 0, rattled.
    rules = RallyRules()
    state = race(rules, GRUDGE, gear("A", "0306", weapons=(GUN,)), gear("B", "0303"))
    made, token = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(4, 3), damage=(6, 4, 1)))
    assert made.rattled and token.kind == "br_scenario_token" and (token.gear, token.tokens) == ("g1", 1)
    a = state.gears["g1"]
    assert a.rally_tokens == 1 and a.actions_used == 1  # the attack's action only: the token is free
    assert "Grudge match: A rattled B" in rules.describe(token)
    assert any(b.key == "rally" for b in order(state)[0].badges)
    # race day: the same attack gives nothing
    state = race(rules, 1, gear("A", "0306", weapons=(GUN,)), gear("B", "0303"), lap_die=1)
    assert len(run(rules, state, shot(attack=(5, 4, 2, 1), defence=(4, 3), damage=(6, 4, 1)))) == 1


@pytest.mark.rule("BR-19")
def test_show_off_central_a_jump_over_a_gear_gains_a_free_rally_token() -> None:
    # Line 598: each time a gear jumps over another gear, a free rally action. A jumps north from 0306 with
    # 4 5 at Defence 4+: 2 successes, it flies over 0305 (C stands there) and 0304 and lands on 0303.
    rules = RallyRules()
    state = race(rules, SHOW_OFF, gear("A", "0306"), gear("C", "0305"))
    jumped, token = run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(4, 5)))
    assert jumped.after == "0303" and (token.reason, token.other, token.tokens) == ("show_off_central", "C", 1)
    assert state.gears["g1"].rally_tokens == 1 and state.gears["g1"].actions_used == 1
    assert "jumped over C" in rules.describe(token)
    # a jump over nobody gives nothing
    state = race(rules, SHOW_OFF, gear("A", "0306"))
    assert len(run(rules, state, m.SpecialMove(gear="g1", move="jump", faces=(4, 5)))) == 1


# finish 0305; checkpoint 1 south of it at 0307, checkpoint 2 north at 0302: the course runs south first
RETURN_COURSE = HexMapFile(name="Return", game="badlands_rally", columns=8, rows=8, zones={"finish": ["0305"]},
                           checkpoints=[["0307"], ["0302"]])


def first_lap_done(rules: RallyRules, scenario: int, lap_die: int | None = None) -> RaceState:
    """A has run lap 1 (the GM dragging it round) and begins round 2 in the finish zone, facing north."""
    state = rules.initial_state()
    run(rules, state, m.ChooseScenario(scenario=scenario, lap_die=lap_die), m.SetCourse(course=RETURN_COURSE),
        gear("A", "0306"), m.StartRound(first="g1"),
        *(m.PlaceGear(gear="g1", hex=h, facing=0) for h in ("0307", "0302", "0304", "0305")),
        m.EndActivation(gear="g1"), m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    assert state.gears["g1"].progress.laps == 1
    return state


@pytest.mark.rule("BR-19")
@pytest.mark.rule("BR-8")
def test_race_and_return_runs_the_second_lap_the_other_way() -> None:
    # Line 591: the 2nd lap runs the course backwards, and "this is a race!" applies to each lap's direction.
    # Race and return, lap 2: the checkpoints in reverse (0302 first): heading north is forwards.
    rules = RallyRules()
    state = first_lap_done(rules, RETURN)
    ahead = m.StepGear(gear="g1", step="ahead")
    steps = run(rules, state, ahead, ahead, ahead)  # 0304, 0303, 0302
    assert [e.checkpoint for e in steps] == [None, None, 0]  # 0302: the lap's first checkpoint
    (ended,) = run(rules, state, m.EndActivation(gear="g1"))
    assert not ended.against_course and state.gears["g1"].rattle.count == 0
    # then 0307 (the course's first checkpoint, this lap's last), out and into the finish: lap 2
    run(rules, state, m.StartRound(first="g1"))
    placed = run(rules, state, *(m.PlaceGear(gear="g1", hex=h, facing=3) for h in ("0307", "0306", "0305")))
    assert [e.checkpoint for e in placed] == [1, None, None] and placed[-1].lap == 2
    # Race day, lap 2 runs the usual way (0307 first): the same step north ends behind → a rattle step (BR-8)
    state = first_lap_done(rules, 1, lap_die=1)
    run(rules, state, ahead)
    (ended,) = run(rules, state, m.EndActivation(gear="g1"))
    assert ended.against_course and state.gears["g1"].rattle.count == 1


def wrecking(rules: RallyRules, scenario: int) -> RaceState:
    """tests/test_badlands_spin.py's wreck: A (0505, facing north-west) empties B (0304): B spins out."""
    state = rules.initial_state()
    run(rules, state, m.ChooseScenario(scenario=scenario, lap_die=1), course({}),
        gear("A", "0505", facing=5, weapons=(GUN,)), gear("B", "0304"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"),
        m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 6, 6), defence_faces=(1, 1),
                     damage_faces=(6, 6, 6, 6, 6, 1, 1, 1, 1)))
    assert state.pending == (("g2", 1),)
    return state


@pytest.mark.rule("BR-19")
def test_derby_counts_the_spin_outs_each_gear_causes() -> None:
    # Line 606: record how many times your gear made another gear spin out. A's attack spun B: A 1. B skids
    # 2 into A (the spin test's dice) and A, damaged, spins out in turn: caused by B, B 1.
    rules = RallyRules()
    state = wrecking(rules, DERBY)
    spun, caused = run(rules, state, m.ResolveSpin(gear="g2", clockwise=True, spin_die=2, skid_die=1,
                                                   collision_faces=(1, 1), other_faces=(4, 5)))
    assert caused.kind == "br_spin_out_caused" and (caused.gear, caused.victim, caused.count) == ("g1", "g2", 1)
    assert "Derby: A caused B's spin-out (1 of 6)" in rules.describe(caused)
    spun, caused, ended = run(rules, state, m.ResolveSpin(gear="g1", clockwise=False, spin_die=1, skid_die=2))
    assert (caused.gear, caused.count) == ("g2", 1) and ended.kind == "br_activation_ended"
    assert state.gears["g1"].spins_caused == 1 and state.gears["g2"].spins_caused == 1
    assert any(b.key == "derby" and "1/6" in b.text for b in order(state)[0].badges)
    shown = sheet(state, "g1")
    assert shown is not None and any(f.key == "spins_caused" and f.value == "1 of 6" for f in shown.fields)
    # not a derby: nothing counted
    state = wrecking(rules, GRUDGE)
    assert len(run(rules, state, m.ResolveSpin(gear="g2", clockwise=True, spin_die=2, skid_die=1,
                                               collision_faces=(1, 1), other_faces=(4, 5)))) == 1


@pytest.mark.rule("BR-19")
def test_derby_the_first_to_six_spin_outs_wins_at_the_rounds_end() -> None:
    # Line 608: at the end of a round the first gear to have caused six spin-outs in all wins. A has caused
    # five already (set for the test); its attack spins B out: the sixth. B is the last to activate.
    rules = RallyRules()
    state = wrecking(rules, DERBY)
    state.gears["g1"].spins_caused = 5
    _spun, caused = run(rules, state, m.ResolveSpin(gear="g2", clockwise=True, spin_die=2, skid_die=1,
                                                    collision_faces=(1, 1), other_faces=(1, 1)))
    assert caused.count == 6 and state.winner is None  # not before the round's end
    events = run(rules, state, m.EndActivation(gear="g1"), m.EndActivation(gear="g2"))
    assert events[-1].kind == "br_race_won" and state.winner == "g1" and events[-1].derby == ("g1",)
    assert "A has caused 6 spin-outs and wins the derby!" in rules.describe(events[-1])


@pytest.mark.rule("BR-19")
def test_derby_several_at_six_in_one_round_make_the_contested_check() -> None:
    # Line 610: several gears at six or more in the same round make the contested check (usual modifiers).
    rules = RallyRules()
    state = wrecking(rules, DERBY)
    state.gears["g1"].spins_caused, state.gears["g2"].spins_caused = 5, 6
    run(rules, state, m.ResolveSpin(gear="g2", clockwise=True, spin_die=2, skid_die=1, collision_faces=(1, 1),
                                    other_faces=(1, 1)))
    *_, contested = run(rules, state, m.EndActivation(gear="g1"), m.EndActivation(gear="g2"))
    assert contested.kind == "br_victory_contested" and state.contest == ("g1", "g2")
    assert "contested check decides" in rules.describe(contested)
    # A 6 5 at 4+ → 6 + 1 = 7; B, rattled by the attack, rolls 1D6 (−1D6): 6 → 6, less its rattle → 5: A wins
    (won,) = run(rules, state, m.ContestVictory(faces={"g1": (6, 5), "g2": (6,)}))
    assert won.scores == (7, 5) and state.winner == "g1"


@pytest.mark.rule("BR-19")
def test_gentlemens_sport_no_attacks_in_round_one() -> None:
    # Line 619: attacking in the rally's first round is unsporting (optional rule, chosen by the players).
    rules = RallyRules()
    state = rules.initial_state()
    (chosen,) = run(rules, state, s.SetGentlemensSport(on=True))
    assert state.gentlemen and "no attacks in round 1" in rules.describe(chosen)
    run(rules, state, course({}), gear("A", "0306", weapons=(GUN,)), gear("B", "0303"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"))
    with pytest.raises(RulesError) as refused:
        run(rules, state, shot(attack=(5, 4, 2, 1), defence=(4, 3), damage=(6, 4, 1)))
    assert refused.value.key == "error.br_gentlemens_sport"
    assert "Gentlemen's sport" in rules.attack_preview(state, shot()).refusal
    with pytest.raises(RulesError) as late:
        run(rules, state, s.SetGentlemensSport(on=False))
    assert late.value.key == "error.br_gentlemen_started"
    run(rules, state, m.EndActivation(gear="g1"), m.EndActivation(gear="g2"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"))
    (made,) = run(rules, state, shot(attack=(5, 4, 2, 1), defence=(4, 3), damage=(6, 4, 1)))  # round 2: allowed
    assert made.hits == 2
