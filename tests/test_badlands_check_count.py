"""BR-2's rule option ``br_check_count`` (a check counts the dice reaching the rating) where the race
reads a check: the initiative's odds and roll, the contested victory and the push. Each case is chosen
so that the digest's reading (the highest die reaching the rating plus one per other such die, line
51 of shared/seeds/002) gives another answer: the option must be the one read."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.push_messages import PushGear
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_initiative import win_chances
from gmtool.games.badlands_rally.rules.race_push import preview as push_preview
from tests.test_badlands_race import course, run
from tests.test_badlands_race_attack import GUN
from tests.test_badlands_race_attack import gear as armed
from tests.test_badlands_victory_race import COURSE, gear, laps

COUNT = RuleReadings(book_for=frozenset({"br_check_count"}))


@pytest.mark.rule("BR-2")
@pytest.mark.rule("BR-6")
def test_the_initiative_odds_count_the_dice_with_the_option() -> None:
    # 2D6 at 4+ counted: 0 with 1/4, 1 with 1/2, 2 with 1/4; a rattled gear's 1D6: 0 or 1, 1/2 each.
    # 2 dice above 1: 1/2·3/4 + 1/2·1/4 = 1/2; a tie 1/2·1/4 + 1/2·1/2 = 3/8; below 1/8. No one ahead: a tie
    # is rolled again, so 2 dice win (1/2)/(5/8) = 4/5. (The digest's reading: 121/167, test_badlands_race_view.)
    assert win_chances((("a", 4, 2), ("b", 4, 1)), None, "count") == {"a": Fraction(4, 5), "b": Fraction(1, 5)}
    assert win_chances((("a", 4, 2), ("b", 4, 1)), None) == {"a": Fraction(121, 167), "b": Fraction(46, 167)}
    # In the race: A (0505) empties B's hull and structure (attack 6 6 6 → 3 counted, defence 1 1 → 0, MOS 3,
    # 3 + 1 = 4 damage dice, 6 6 6 6 → 4 hits): B rattled rolls 1D6 for the next initiative.
    rules = RallyRules(COUNT)
    state = rules.initial_state()
    run(rules, state, course({}), armed("A", "0505", facing=5, weapons=(GUN,)), armed("B", "0304"),
        m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed="cruising"),
        m.AttackGear(attacker="g1", target="g2", weapon=0, attack_faces=(6, 6, 6), defence_faces=(1, 1),
                     damage_faces=(6, 6, 6, 6)),
        m.ResolveSpin(gear="g2", clockwise=True, spin_die=2, skid_die=1, collision_faces=(1, 1), other_faces=(1, 1)),
        m.EndActivation(gear="g1"), m.EndActivation(gear="g2"))
    assert state.gears["g2"].rattle.token
    assert rules.heading(state).detail == "Initiative before the roll: A 80.0% · B 20.0%"
    _started, rolled = run(rules, state, m.RollInitiative(faces={"g1": (1, 1), "g2": (5,)}))  # counted: 0 and 1
    assert (rolled.winner, rolled.odds) == ("g2", "20.0%")  # the winner's chance before the roll


@pytest.mark.rule("BR-2")
@pytest.mark.rule("BR-6")
def test_the_initiative_roll_counts_the_dice_with_the_option() -> None:
    # A 6 1 and B 4 4 at 4+: counted, A 1 and B 2 — B begins (the digest's reading: A 6, B 4 + 1 = 5, A begins).
    for readings, values, first in ((COUNT, [1, 2], "g2"), (RuleReadings(), [6, 5], "g1")):
        rules = RallyRules(readings)
        state = rules.initial_state()
        run(rules, state, m.SetCourse(course=COURSE), gear("A", "0106"), gear("B", "0506"))
        _started, rolled = run(rules, state, m.RollInitiative(faces={"g1": (6, 1), "g2": (4, 4)}))
        assert [c.value for c in rolled.rolls[0]] == values and rolled.winner == first


@pytest.mark.rule("BR-2")
@pytest.mark.rule("BR-19")
def test_the_contested_check_counts_the_dice_with_the_option() -> None:
    # 僅差勝利 (digest lines 561-563): A 6 1 and B 4 4 at 4+, no rattles: counted A 1, B 2 — B wins
    # (the digest's reading: A 6, B 5, A wins).
    for readings, scores, winner in ((COUNT, (1, 2), "g2"), (RuleReadings(), (6, 5), "g1")):
        rules = RallyRules(readings)
        state = rules.initial_state()
        run(rules, state, m.SetCourse(course=COURSE), gear("A", "0106"), gear("B", "0506"), m.StartRound(first="g1"),
            *laps("g1", "0305"), m.EndActivation(gear="g1"), *laps("g2", "0205"), m.EndActivation(gear="g2"))
        (won,) = run(rules, state, m.ContestVictory(faces={"g1": (6, 1), "g2": (4, 4)}))
        assert (won.scores, won.winner, won.by_position) == (scores, winner, False)


@pytest.mark.rule("BR-2")
@pytest.mark.rule("BR-17")
def test_the_push_preview_counts_the_dice_with_the_option() -> None:
    # A (0306) pushes B (0305) from its rear: 4 attack dice against 2, all at 4+. Counted, the attack is
    # binomial(4, 1/2), the defence binomial(2, 1/2); it fails only below the defence:
    # P(D = 1)·P(A = 0) + P(D = 2)·P(A ≤ 1) = 1/2·1/16 + 1/4·5/16 = 7/64: success 57/64.
    # Typed 5 4 2 1 against 4 3: counted 2 − 1 = MOS 1 (the digest's reading: 6 − 4 = 2).
    rules = RallyRules(COUNT)
    state = rules.initial_state()
    run(rules, state, course({}), armed("A", "0306"), armed("B", "0305"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"))
    seen = push_preview(state, PushGear(pusher="g1", target="g2", attack_faces=(5, 4, 2, 1), defence_faces=(4, 3)),
                        rules.readings)
    assert (seen.attack_dice, seen.defence_dice, seen.success, seen.mos) == (4, 2, Fraction(57, 64), 1)
