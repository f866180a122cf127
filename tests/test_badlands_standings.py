"""The race's standings (BR-19, BR-6): position, lap and next checkpoint per gear, by hand from the digest
(shared/seeds/002: ゲームの勝敗 — every lap, then the start/finish zone; 新ラウンド — 前にいる decides a tie;
ラタルドの記録 — the 6th rattle knocks a gear out of the race) and the laps of gmtool's course (docs/user/badlands-rally.md:
the checkpoints in order, then the finish zone)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.core.hex.map_file import HexMapFile
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.standings import Standing, standings
from tests.test_badlands_race import run
from tests.test_badlands_victory_race import COURSE, gear, laps


def race(*gears: m.AddGear):  # noqa: ANN201
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.SetCourse(course=COURSE), *gears, m.StartRound(first="g1"))
    return rules, state


def drop(gear_id: str, *hexes: str) -> list[m.PlaceGear]:
    return [m.PlaceGear(gear=gear_id, hex=h, facing=0) for h in hexes]


@pytest.mark.rule("BR-19")
@pytest.mark.rule("BR-6")
def test_positions_follow_laps_then_checkpoints_then_the_distance_to_the_next_and_the_level_share_a_place() -> None:
    # COURSE: checkpoint 1 at 0304, checkpoint 2 at 0302, finish zone 0305/0205; two laps.
    # A passes both checkpoints (at 0302, next the finish: 0305 is 3 hexes away); B passes checkpoint 1
    # (at 0304, checkpoint 2 is 2 away); C (0606) and D (0706) have passed nothing and both stand 4 hexes
    # from checkpoint 1 (cube 0304 = (2,2,−4), 0606 = (5,3,−8), 0706 = (6,2,−8)): level, both third.
    rules, state = race(gear("A", "0306"), gear("B", "0506"), gear("C", "0606"), gear("D", "0706"))
    run(rules, state, *drop("g1", "0304", "0302"), *drop("g2", "0304"))
    table = standings(state)
    assert table["g1"] == Standing("g1", 1, 1, 2, None, False)  # the finish zone next
    assert table["g2"] == Standing("g2", 2, 1, 2, 2, False)
    assert table["g3"] == Standing("g3", 3, 1, 2, 1, False)
    assert table["g4"] == Standing("g4", 3, 1, 2, 1, False)
    rows = {row.id: row.note for row in rules.order(state)}
    assert rows == {"g1": "P1 · Lap 1/2 · Finish", "g2": "P2 · Lap 1/2 · CP 2", "g3": "P3 · Lap 1/2 · CP 1",
                    "g4": "P3 · Lap 1/2 · CP 1"}


@pytest.mark.rule("BR-19")
def test_a_lap_done_counts_before_any_checkpoint_and_a_finished_gear_leads_the_one_knocked_out_has_no_place() -> None:
    # B completes lap 1 (both checkpoints, then into the finish zone at 0305) and runs lap 2 towards
    # checkpoint 1; A finishes both laps (it has won its place: 決定的勝利 once the round ends).
    # C is knocked out (its 6th rattle, ラタルドの記録): out of the race, no place; D is last.
    rules, state = race(gear("A", "0106"), gear("B", "0506"), gear("C", "0606"), gear("D", "0706"))
    run(rules, state, *laps("g2", "0305", count=1), *laps("g1", "0205", count=2))
    state.gears["g3"].rattle = replace(state.gears["g3"].rattle, count=6)  # as six rattles leave it
    table = standings(state)
    assert (table["g1"].position, table["g1"].finished) == (1, True)
    assert table["g2"] == Standing("g2", 2, 2, 2, 1, False)
    assert table["g3"].position is None and table["g4"].position == 3
    rows = {row.id: row.note for row in rules.order(state)}
    assert rows["g1"] == "P1 · Finished" and rows["g2"] == "P2 · Lap 2/2 · CP 1" and rows["g3"].startswith("KO · ")


@pytest.mark.rule("BR-19")
def test_race_and_return_names_the_courses_own_checkpoint_on_the_lap_run_backwards() -> None:
    # シナリオ 4 「レース アンドリターン」: the 2nd lap runs the course the other way — its checkpoints
    # in reverse order, so after lap 1 the next one is the course's checkpoint 2, then checkpoint 1.
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, m.ChooseScenario(scenario=4), m.SetCourse(course=COURSE), gear("A", "0306"),
        m.StartRound(first="g1"), *laps("g1", "0305", count=1))
    assert standings(state)["g1"].checkpoint == 2
    run(rules, state, *drop("g1", "0302"))  # the course's checkpoint 2, passed first on the way back
    assert standings(state)["g1"].checkpoint == 1
    assert rules.order(state)[0].note == "P1 · Lap 2/2 · CP 1"


def test_no_course_no_standings_and_the_players_see_them_too() -> None:
    rules = RallyRules()
    assert standings(rules.initial_state()) == {}
    _rules, state = race(gear("A", "0306"))
    players = rules.snapshot(state, "players")
    assert players.rows[0].note == "P1 · Lap 1/2 · CP 1"


def test_a_course_without_checkpoints_has_the_finish_next() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    plain = HexMapFile(name="Plain", game="badlands_rally", columns=6, rows=6, zones={"finish": ["0101"]})
    run(rules, state, m.SetCourse(course=plain), gear("A", "0303"), m.StartRound(first="g1"))
    assert standings(state)["g1"] == Standing("g1", 1, 1, 2, None, False)
