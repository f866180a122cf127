"""Rule values a mutation run (issue 36) found unproven in the rally, each worked out by hand from the digest
(shared/seeds/002) as its comment says: a rattled attacker's dice, one die rolled, Reliable's reroll of the
attacker's own check, the contested winner's place, the pole check of many gears, a contest waiting."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.map_file import HexMapFile
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import setup_messages as s
from gmtool.games.badlands_rally.rules.dice import read_roll
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_attack import preview
from gmtool.games.badlands_rally.rules.race_specials import reroll_command
from gmtool.games.badlands_rally.rules.standings import standings
from tests.test_badlands_race import course, run
from tests.test_badlands_race_attack import GUN, shot
from tests.test_badlands_specials import gear as special_gear
from tests.test_badlands_specials import race as special_race
from tests.test_badlands_victory_race import COURSE, gear, laps


@pytest.mark.rule("BR-14")
@pytest.mark.rule("BR-10")
def test_a_rattled_attacker_rolls_one_die_less() -> None:
    # Line 387: a rattled gear takes −1D6 on every test. A (0306, north, rattled: its hull empty) fires at B
    # (0303, north: its rear, +2D6; range 3, the gun's optimal): 2 + 2 − 1 = 3 attack dice; B defends with 2.
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}),
        m.AddGear(name="A", seat="A", attack=4, defence=4, armour=6, hull=2, structure=2, cruising_mr=5, top_mr=8,
                  hex="0306", weapons=(GUN,), hull_left=0),
        m.AddGear(name="B", seat="B", attack=4, defence=4, armour=6, hull=2, structure=2, cruising_mr=5, top_mr=8,
                  hex="0303"),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"))
    seen = preview(state, shot(), rules.readings)
    assert (seen.attack_dice, seen.defence_dice) == (3, 2)


@pytest.mark.rule("BR-1")
@pytest.mark.rule("BR-3")
def test_one_die_is_rolled_and_only_no_dice_fail_outright() -> None:
    # Line 45-46: a roll counts the dice at or above the rating; line 61: only 0 dice fail automatically.
    one = read_roll((5,), 4, 1)
    assert (one.successes, one.failed, one.spin_out) == (1, False, False)
    none = read_roll((), 4, 0)
    assert (none.successes, none.failed) == (0, True)
    with pytest.raises(RulesError) as refused:
        read_roll((5,), 7, 1)
    assert refused.value.message() == "An Argument Rating is 1+ to 6+, not 7+."


@pytest.mark.rule("BR-20")
def test_reliable_rerolls_the_attackers_own_check_and_keeps_the_defence() -> None:
    # Line 756: the reliable gear rerolls one of its own tests. A (reliable) attacks: its attack dice are
    # rolled again, B's defence faces stay as they fell, the damage is rolled anew.
    rules, state = special_race(special_gear("A", "0306", "reliable", weapons=(GUN,)), special_gear("B", "0303"))
    command = shot(attack=(1, 1, 2, 1), defence=(4, 3))
    again = reroll_command(state, command, tuple(run(rules, state, command)))
    assert isinstance(again, m.AttackGear)
    assert (again.attack_faces, again.defence_faces, again.damage_faces, again.reliable, again.rerolled) == (
        None, (4, 3), None, "g1", (1, 1, 2, 1))


@pytest.mark.rule("BR-19")
def test_the_contested_winner_stands_first_though_the_other_was_ahead() -> None:
    # 僅差勝利 (lines 561-563): A and B finish in the same round; A ends nearer checkpoint 1 (ahead). B's check
    # 6 6 → 6 + 1 = 7 beats A's 4 1 → 4: B wins, and the standings put the winner first.
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.SetCourse(course=COURSE), gear("A", "0106"), gear("B", "0506"), m.StartRound(first="g1"),
        *laps("g1", "0305"), m.EndActivation(gear="g1"), *laps("g2", "0205"), m.EndActivation(gear="g2"))
    assert state.contest == ("g1", "g2")
    with pytest.raises(RulesError) as refused:  # the contest first, no new round
        run(rules, state, m.RollInitiative())
    assert refused.value.key == "error.br_contest_first"
    (won,) = run(rules, state, m.ContestVictory(faces={"g1": (4, 1), "g2": (6, 6)}))
    assert won.winner == "g2"
    table = standings(state)
    assert (table["g2"].position, table["g1"].position) == (1, 2)


@pytest.mark.rule("BR-4")
def test_the_pole_check_of_more_gears_than_the_odds_are_worked_for() -> None:
    # Seven gears (the exact odds stop at six): the 2D6 check all the same, at 4+: G 6 6 → 7 beats the others'
    # 5 1 → 5. G takes the pole; no odds shown.
    start = ["0402", "0403", "0404", "0405", "0406", "0407", "0408"]
    track = HexMapFile(name="T", game="badlands_rally", columns=8, rows=8, zones={"start": start})
    rules = RallyRules()
    state = rules.initial_state()
    names = "ABCDEFG"
    run(rules, state, m.SetCourse(course=track), *(gear(n, f"01{i + 1:02d}") for i, n in enumerate(names)))
    faces = {f"g{i + 1}": (5, 1) for i in range(6)} | {"g7": (6, 6)}
    rolled, _started = run(rules, state, s.RollPolePosition(faces=faces))
    assert (rolled.winner, rolled.odds) == ("g7", "")
