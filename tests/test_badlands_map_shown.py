"""What the rally's map shows a GM (rules/race_map.py): the board's size, the arcs tinted as far as an
attack can come from (BR-10: beyond the maximum range it fails, digest line 282 of shared/seeds/002),
the clear lock's words, the zones read once per course and language."""

from __future__ import annotations

import pytest

from gmtool.core.hex.coords import distance
from gmtool.core.hex.map_file import HexMapFile
from gmtool.games.badlands_rally.rules import race_map
from gmtool.games.badlands_rally.rules.race import RallyRules
from tests.test_badlands_race import course, run
from tests.test_badlands_race_attack import GUN, gear


def test_the_board_is_the_courses_columns_by_its_rows() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}, columns=9, rows=6))
    board = rules.board(state, "en")
    assert board is not None and (board.columns, board.rows) == (9, 6)


@pytest.mark.rule("BR-10")
def test_the_arcs_reach_as_far_as_the_longest_weapon() -> None:
    # The gun reaches 6 hexes (its maximum): an attack from farther fails (line 282), so the arcs stop at 6.
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}, columns=20, rows=20), gear("A", "1010", weapons=(GUN,)))
    a = state.gears["g1"].hex
    reach = {distance(a, h) for h in rules.arcs(state, "g1").tints}
    assert max(reach) == 6 and min(reach) == 1


@pytest.mark.rule("BR-10")
def test_a_clear_line_of_fire_says_lock_and_no_cover() -> None:
    # A (0306, north) at B (0303): nothing between them, B in A's front arc (line 251: lock; no cover).
    rules = RallyRules()
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0306", weapons=(GUN,)), gear("B", "0303"))
    line = rules.fire_line(state, "g1", "g2")
    assert line is not None and line.verdict == "Lock; no cover"


def test_the_zones_are_read_once_per_course_and_language() -> None:
    # The map redraws after every command: the zones of the same course in the same language are kept
    # (the same tuple again); another language or another course reads them anew.
    lapped = HexMapFile(name="Lap", game="badlands_rally", columns=8, rows=8, zones={"start": ["0306"]})
    first = race_map._zones(lapped, "en")
    assert race_map._zones(lapped, "en") is first and first[0].label == "Start zone"
    assert race_map._zones(lapped, "ja") is not first
    assert race_map._zones(lapped.model_copy(), "ja") is not race_map._zones(lapped, "ja")
