"""The race's scenario and end (BR-19): values by hand from the digest (ゲームの勝敗, シナリオ)."""

from __future__ import annotations

import random

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.map_file import HexMapFile
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from tests.test_badlands_race import run

# finish zone 0305 and 0205; checkpoint 1 at 0304, checkpoint 2 at 0302
COURSE = HexMapFile(name="Lap", game="badlands_rally", columns=8, rows=8, zones={"finish": ["0305", "0205"]},
                    checkpoints=[["0304"], ["0302"]])
AROUND = ("0304", "0302", "0306")  # checkpoint 1, checkpoint 2, then outside the finish zone


def gear(name: str, at: str) -> m.AddGear:
    return m.AddGear(name=name, seat=name, attack=4, defence=4, initiative=4, armour=6, hull=2, structure=2,
                     cruising_mr=5, top_mr=8, hex=at)


def laps(gear_id: str, finish: str, count: int = 2) -> list[m.PlaceGear]:
    """The GM drags the gear round: both checkpoints, out, and into the finish zone, ``count`` times."""
    return [m.PlaceGear(gear=gear_id, hex=h, facing=0) for _ in range(count) for h in (*AROUND, finish)]


@pytest.mark.rule("BR-19")
def test_the_scenario_sets_the_laps() -> None:
    # シナリオ: 3 grudge match, 2 laps; 6 derby, 3 laps; 1–2 race day: a second die, 1–4 two laps, 5–6 three.
    for die, lap_die, key, count in ((3, None, "grudge_match", 2), (6, None, "derby", 3), (2, 5, "race_day", 3),
                                     (1, 4, "race_day", 2)):
        rules = RallyRules()
        state = rules.initial_state()
        (chosen,) = run(rules, state, m.ChooseScenario(scenario=die, lap_die=lap_die))
        assert (chosen.key, chosen.laps, state.laps) == (key, count, count)
    rolled = rules.decide(rules.initial_state(), m.ChooseScenario(), random.Random(1))[0]
    assert rolled.rolled and 1 <= rolled.die <= 6
    run(rules, state, m.SetCourse(course=COURSE), gear("A", "0306"), m.StartRound(first="g1"))
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.ChooseScenario(scenario=3))
    assert refused.value.key == "error.br_race_started"


@pytest.mark.rule("BR-19")
def test_the_only_gear_to_finish_every_lap_in_a_round_wins_outright() -> None:
    # 決定的勝利: the only gear to complete every lap and cross the start/finish zone.
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.SetCourse(course=COURSE), gear("A", "0306"), gear("B", "0506"), m.StartRound(first="g1"),
        *laps("g1", "0305"))
    assert state.gears["g1"].progress.laps == 2 and state.finished == {"g1": 1} and state.winner is None
    events = run(rules, state, m.EndActivation(gear="g1"), m.EndActivation(gear="g2"))
    assert events[-1].kind == "br_race_won" and state.winner == "g1"
    assert "A wins the race outright" in rules.describe(events[-1])
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.RollInitiative())
    assert refused.value.key == "error.br_race_over"


@pytest.mark.rule("BR-19")
def test_several_finishers_make_the_contested_check() -> None:
    # 僅差勝利: each 2D6 initiative check less the rattles recorded (none here); the highest wins, a tie the
    # gear ahead. A ends in 0305, next to checkpoint 1 (0304); B in 0205, two hexes from it: A is ahead.
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.SetCourse(course=COURSE), gear("A", "0106"), gear("B", "0506"), m.StartRound(first="g1"),
        *laps("g1", "0305"), m.EndActivation(gear="g1"), *laps("g2", "0205"))
    (ended, contested) = run(rules, state, m.EndActivation(gear="g2"))
    assert contested.kind == "br_victory_contested" and state.contest == ("g1", "g2")
    with pytest.raises(RulesError):
        run(rules, state, m.RollInitiative())
    # A 6 5 at 4+ → 6 + 1 = 7; B 6 6 → 7: a tie, A ahead wins
    (won,) = run(rules, state, m.ContestVictory(faces={"g1": (6, 5), "g2": (6, 6)}))
    assert won.scores == (7, 7) and won.winner == "g1" and won.by_position and state.winner == "g1"
