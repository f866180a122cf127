"""The new round's initiative check (BR-6): values by hand from the digest (6. 新ラウンド: 修正有の2D6
イニシアチブ・チェック; a tie goes to the gear ahead, else roll again), and the exact chance to win."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.map_file import HexMapFile
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_initiative import preview, win_chances
from tests.test_badlands_race import run

COURSE = HexMapFile(name="T", game="badlands_rally", columns=8, rows=8, zones={"finish": ["0301"]},
                    checkpoints=[["0303"]])


def gear(name: str, at: str, initiative: int = 4) -> m.AddGear:
    return m.AddGear(name=name, seat=name, attack=4, defence=4, initiative=initiative, armour=6, hull=2, structure=2,
                     cruising_mr=5, top_mr=8, hex=at)


def racing(*gears: m.AddGear):  # noqa: ANN201
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.SetCourse(course=COURSE), *gears)
    return rules, state


@pytest.mark.rule("BR-6")
def test_the_highest_check_begins_and_the_round_runs_clockwise_from_it() -> None:
    # Checks at 4+ (digest reading: the highest die reaching 4 plus one per other die reaching it):
    # A 6 2 → 6; B 5 4 → 5 + 1 = 6; C 6 5 → 6 + 1 = 7. C begins; then clockwise: A, B (the order they joined).
    rules, state = racing(gear("A", "0106"), gear("B", "0206"), gear("C", "0306"))
    started, rolled = run(rules, state, m.RollInitiative(faces={"g1": (6, 2), "g2": (5, 4), "g3": (6, 5)}))
    assert [c.value for c in rolled.rolls[0]] == [6, 6, 7]
    assert rolled.winner == "g3" and started.order == ("g3", "g1", "g2") and state.current == "g3"
    assert "C has the initiative" in rules.describe(rolled)


@pytest.mark.rule("BR-6")
def test_a_tie_goes_to_the_gear_ahead_and_an_unclear_tie_rolls_again() -> None:
    # A at 0304 is one hex from checkpoint 0303, B at 0306 three: A is ahead. Both 6 2 → 6: A wins.
    rules, state = racing(gear("A", "0304"), gear("B", "0306"))
    _started, rolled = run(rules, state, m.RollInitiative(faces={"g1": (6, 2), "g2": (6, 2)}))
    assert rolled.winner == "g1" and rolled.by_position
    # Level gears (0203 and 0403 are both next to the checkpoint 0303): typed dice that tie are refused,
    # the tied gears roll again at the table; rolled by gmtool, only the tied gears roll again.
    rules, state = racing(gear("A", "0203"), gear("B", "0403"))
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.RollInitiative(faces={"g1": (6, 2), "g2": (6, 2)}))
    assert refused.value.key == "error.br_initiative_tie"
    tied = next(seed for seed in range(200) if len(rules.decide(state, m.RollInitiative(), random.Random(seed))[1].rolls) > 1)
    _started, rolled = rules.decide(state, m.RollInitiative(), random.Random(tied))
    first, again = rolled.rolls[0], rolled.rolls[1]
    assert first[0].value == first[1].value and {c.gear for c in again} == {"g1", "g2"}  # only the tied roll again


@pytest.mark.rule("BR-6")
def test_the_chance_to_win_is_exact() -> None:
    # 2 dice at 4+ (digest reading): value 0 with 9/36, 4 with 6/36, 5 with 7/36, 6 with 9/36, 7 with 5/36
    # (counted by hand over the 36 faces). Two such gears tie with (81 + 36 + 49 + 81 + 25)/1296 = 17/81.
    # The gear ahead wins ties: (1 + 17/81)/2 = 49/81; with no one ahead, each 1/2 (a re-roll).
    assert win_chances((("a", 4, 2), ("b", 4, 2)), ("a", "b")) == {"a": Fraction(49, 81), "b": Fraction(32, 81)}
    assert win_chances((("a", 4, 2), ("b", 4, 2)), None) == {"a": Fraction(1, 2), "b": Fraction(1, 2)}
    three = win_chances((("a", 3, 2), ("b", 4, 2), ("c", 5, 1)), None)
    assert sum(three.values()) == 1 and three["a"] > three["b"] > three["c"]
    rules, state = racing(gear("A", "0304"), gear("B", "0306"))
    assert preview(state, rules.readings) == (("A", Fraction(49, 81)), ("B", Fraction(32, 81)))
    assert "A 60.5%" in rules.heading(state).detail  # 49/81 = 0.6049…
