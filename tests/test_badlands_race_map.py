"""What the rally's map shows (rules/race_map.py): the line of fire's reasons in the GM's words (BR-10,
digest lines 249-262 of shared/seeds/002), the course's zones and checkpoints where the course file puts
them, and the terrain read again for another course. Column 3 runs straight north on odd-q labels."""

from __future__ import annotations

import pytest

from gmtool.core.hex.coords import label
from gmtool.core.hex.map_file import HexMapFile
from gmtool.games.badlands_rally.rules import race_map
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.race import RallyRules
from tests.test_badlands_race import gear, racing, run


@pytest.mark.rule("BR-10")
def test_the_line_of_fire_says_which_cover_counts_and_why() -> None:
    # A (0306) fires north at B (0301), range 5, from B's rear (B faces north). Level 1 at 0305 is nearer
    # the attacker than the target: no cover (line 262); level 1 at 0302: 1D6 (line 260).
    rules = RallyRules()
    state = racing(rules, {"0302": "level1", "0305": "level1"}, gear("A", "0306"), gear("B", "0301"))
    line = rules.fire_line(state, "g1", "g2")
    assert line is not None and line.verdict == "Lock; cover 1D6"
    assert line.reasons == ("range 5", "B is in the front arc", "hits B's rear",
                            "level 1 at 0305 is nearer the attacker: no cover", "cover from level 1 at 0302: 1D6")
    # A gear (0304) and level 2 (0303) on the line: no lock (line 251), both named.
    state = racing(rules, {"0303": "level2"}, gear("A", "0306"), gear("B", "0301"), gear("C", "0304"))
    line = rules.fire_line(state, "g1", "g2")
    assert line is not None and line.verdict == "No lock"
    assert line.reasons[3:] == ("crosses 0304 (a gear)", "crosses 0303 (level 2)")


def test_the_board_shows_the_zones_and_the_numbered_checkpoints_where_the_course_has_them() -> None:
    rules = RallyRules()
    state = rules.initial_state()
    lapped = HexMapFile(name="Lap", game="badlands_rally", columns=8, rows=8,
                        zones={"finish": ["0305", "0205"], "start": ["0306"], "pits": ["0101"]},
                        checkpoints=[["0304", "0404"], ["0302"]])
    run(rules, state, m.SetCourse(course=lapped))
    board = rules.board(state, "en")
    assert board is not None
    shown = [(z.key, z.label, [label(h) for h in z.hexes], z.tint, z.number) for z in board.zones]
    assert shown == [("finish", "Finish zone", ["0305", "0205"], 4, None), ("start", "Start zone", ["0306"], 1, None),
                     ("pits", "pits", ["0101"], 3, None),
                     ("checkpoint_1", "Checkpoint (number)", ["0304", "0404"], 2, 1),
                     ("checkpoint_2", "Checkpoint (number)", ["0302"], 2, 2)]


def test_each_course_is_read_for_its_own_terrain() -> None:
    # The terrain is read once per course and kept; another course is read anew, also the first one read.
    first = HexMapFile(name="One", game="badlands_rally", columns=4, rows=4, terrain={"0101": "rough"})
    second = HexMapFile(name="Two", game="badlands_rally", columns=4, rows=4, terrain={"0202": "level2"})
    race_map._read.clear()  # nothing read yet, as when the program starts
    assert {label(h): k for h, k in race_map.terrain_of(first).items()} == {"0101": "rough"}
    assert {label(h): k for h, k in race_map.terrain_of(second).items()} == {"0202": "level2"}
    assert {label(h): k for h, k in race_map.terrain_of(first).items()} == {"0101": "rough"}


def test_no_arcs_for_a_gear_not_in_the_race() -> None:
    rules = RallyRules()
    state = racing(rules, {}, gear("A", "0306"))
    arcs = rules.arcs(state, "g9")
    assert (dict(arcs.tints), tuple(arcs.legend)) == ({}, ())
    assert tuple(rules.overlay(state, "g1", "range:7").legend) == ()  # no weapon 8: nothing drawn
