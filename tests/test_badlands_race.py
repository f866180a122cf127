"""The rally as a game (issue 16, first part): rounds and activations (BR-5), movement on the course
with MR by terrain and speed (BR-7, BR-8), the GM's own moves, and the line of fire the map shows
(BR-10). Every expected value is worked out by hand from the digest (shared/seeds/002) and the
odd-q board labels (odd columns half a hex lower; facing 0 is north, sides clockwise)."""

from __future__ import annotations

import random

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import label
from gmtool.core.hex.map_file import HexMapFile, hex_of
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules.demo import demo
from gmtool.games.badlands_rally.rules.race import RallyRules
from gmtool.games.badlands_rally.rules.race_state import RaceState

RNG = random.Random(0)


def run(rules: RallyRules, state: RaceState, *commands: m.Command) -> list[m.Event]:
    done = []
    for command in commands:
        for event in rules.decide(state, command, RNG):
            rules.apply(state, event)
            done.append(event)
    return done


def gear(name: str, at: str, facing: int = 0, cruising: int = 5, top: int = 8) -> m.AddGear:
    return m.AddGear(name=name, seat=name, attack=4, defence=4, armour=6, hull=2, structure=2,
                     cruising_mr=cruising, top_mr=top, hex=at, facing=facing)


def course(terrain: dict[str, str], columns: int = 8, rows: int = 8) -> m.SetCourse:
    return m.SetCourse(course=HexMapFile(name="Test", game="badlands_rally", columns=columns, rows=rows,
                                         terrain=terrain))


@pytest.fixture
def rules() -> RallyRules:
    return RallyRules()


def racing(rules: RallyRules, terrain: dict[str, str], *gears: m.AddGear, speed: str = "top") -> RaceState:
    state = rules.initial_state()
    run(rules, state, course(terrain), *gears, m.StartRound(first="g1"), m.DeclareSpeed(gear="g1", speed=speed))
    return state


@pytest.mark.rule("BR-5")
def test_gears_activate_clockwise_from_the_initiative_winner(rules: RallyRules) -> None:
    # Digest line 84: each round the players activate their gears clockwise; the winner of the initiative
    # check goes first. Seats: the order the gears were placed (clockwise on the start zone, line 79).
    state = rules.initial_state()
    run(rules, state, course({}), gear("A", "0101"), gear("B", "0201"), gear("C", "0301"), gear("D", "0401"))
    run(rules, state, m.StartRound(first="g3"))
    assert state.order == ("g3", "g4", "g1", "g2") and state.current == "g3"
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.StepGear(gear="g3", step="ahead"))
    assert refused.value.key == "error.br_declare_first"  # an activation begins by declaring the speed
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.DeclareSpeed(gear="g4", speed="top"))
    assert refused.value.key == "error.br_not_active"
    (ended,) = run(rules, state, m.DeclareSpeed(gear="g3", speed="cruising"), m.EndActivation(gear="g3"))[1:]
    assert ended.mr_unused == 5 and ended.next == "g4"  # unused MR is lost
    assert state.gears["g3"].speed is None and state.gears["g3"].mr_left == 0  # back to cruising, nothing kept
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.StartRound(first="g1"))
    assert refused.value.key == "error.br_round_running"
    for g in ("g4", "g1", "g2"):
        run(rules, state, m.EndActivation(gear=g))
    assert state.current is None  # every gear has activated
    run(rules, state, m.StartRound(first="g1"))
    assert state.round == 2 and state.order == ("g1", "g2", "g3", "g4")


@pytest.mark.rule("BR-7")
def test_rough_costs_two_mr_at_top_speed_and_one_cruising(rules: RallyRules) -> None:
    # Digest lines 122-124: hard-pack and normal 1 MR at both speeds, rough 1 MR cruising / 2 MR top.
    # Column 3 is a straight north-south line: 0305 → 0304 (hard-pack, 1) → 0303 (rough, 2 at top).
    terrain = {"0304": "hardpack", "0303": "rough"}
    state = racing(rules, terrain, gear("A", "0305", facing=0, top=8))
    run(rules, state, m.StepGear(gear="g1", step="ahead"), m.StepGear(gear="g1", step="ahead"))
    assert label(state.gears["g1"].hex) == "0303" and state.gears["g1"].mr_left == 8 - 1 - 2
    cruising = racing(rules, terrain, gear("A", "0305", facing=0, cruising=5), speed="cruising")
    run(rules, cruising, m.StepGear(gear="g1", step="ahead"), m.StepGear(gear="g1", step="ahead"))
    assert cruising.gears["g1"].mr_left == 5 - 1 - 1


@pytest.mark.rule("BR-7")
def test_ordinary_movement_never_enters_a_hex_off_the_course(rules: RallyRules) -> None:
    # Digest line 156: level 1, level 2 and structure hexes cannot be entered by ordinary movement.
    for kind in ("level1", "level2", "structure"):
        state = racing(rules, {"0304": kind}, gear("A", "0305", facing=0))
        with pytest.raises(RulesError) as refused:
            run(rules, state, m.StepGear(gear="g1", step="ahead"))
        assert refused.value.key == "error.br_off_course" and refused.value.args_for_message["hex"] == "0304"
        assert label(state.gears["g1"].hex) == "0305" and state.gears["g1"].mr_left == 8  # nothing spent
    state = racing(rules, {}, gear("A", "0301", facing=0))
    with pytest.raises(RulesError) as refused:  # off the board is off the course
        run(rules, state, m.StepGear(gear="g1", step="ahead"))
    assert refused.value.key == "error.br_off_course"


@pytest.mark.rule("BR-8")
def test_turning_costs_one_mr_per_side_at_top_speed_and_nothing_cruising(rules: RallyRules) -> None:
    # Digest line 146: at top speed 1 MR per hex side turned; cruising speed turns free (BR-8).
    state = racing(rules, {}, gear("A", "0303", facing=0, top=8))
    run(rules, state, m.StepGear(gear="g1", step="right"), m.StepGear(gear="g1", step="right"))
    assert state.gears["g1"].facing == 2 and state.gears["g1"].mr_left == 6
    with pytest.raises(RulesError) as refused:  # backwards only at cruising speed
        run(rules, state, m.StepGear(gear="g1", step="back"))
    assert refused.value.key == "error.br_backwards_at_top_speed"
    cruising = racing(rules, {}, gear("A", "0303", facing=0, cruising=5), speed="cruising")
    run(rules, cruising, m.StepGear(gear="g1", step="left"), m.StepGear(gear="g1", step="back"))
    # facing 5 (north-west), backwards = one hex through side 2 (south-east): column 3 → 4; column 4
    # is even (1-based), half a hex lower, so its south-east neighbour of 0303 is 0403.
    assert cruising.gears["g1"].facing == 5 and label(cruising.gears["g1"].hex) == "0403"
    assert cruising.gears["g1"].mr_left == 5 - 1


def test_mr_runs_out_and_gears_do_not_share_a_hex(rules: RallyRules) -> None:
    state = racing(rules, {}, gear("A", "0306", facing=0, cruising=2, top=2), gear("B", "0303"))
    run(rules, state, m.StepGear(gear="g1", step="ahead"), m.StepGear(gear="g1", step="ahead"))
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.StepGear(gear="g1", step="left"))
    assert refused.value.key == "error.br_no_mr"
    state = racing(rules, {}, gear("A", "0305", facing=0), gear("B", "0304"))
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.StepGear(gear="g1", step="ahead"))
    assert refused.value.key == "error.br_hex_taken" and refused.value.args_for_message["name"] == "B"


def test_the_gm_places_a_gear_anywhere_on_the_board_without_spending_mr(rules: RallyRules) -> None:
    state = racing(rules, {"0101": "level2"}, gear("A", "0305"), gear("B", "0501"))
    (placed,) = run(rules, state, m.PlaceGear(gear="g2", hex="0101", facing=3))
    assert (placed.before, placed.after, placed.facing_before, placed.facing) == ("0501", "0101", 0, 3)
    assert state.gears["g2"].mr_left == 0 and state.gears["g1"].mr_left == 8
    assert "GM" in rules.describe(placed)
    for where, key in (("0901", "error.br_off_board"), ("0305", "error.br_hex_taken")):
        with pytest.raises(RulesError) as refused:
            run(rules, state, m.PlaceGear(gear="g2", hex=where, facing=0))
        assert refused.value.key == key


def test_a_card_edit_is_checked_and_undone_by_its_event(rules: RallyRules) -> None:
    state = racing(rules, {}, gear("A", "0305"))
    (edited,) = run(rules, state, m.EditGear(gear="g1", field="hull", value=1))
    assert (edited.old, edited.new, state.gears["g1"].hull) == (2, 1, 1)
    for field, value in (("hull", 3), ("attack", 7), ("name", " "), ("hex", "0101")):
        with pytest.raises(RulesError):
            run(rules, state, m.EditGear(gear="g1", field=field, value=value))


@pytest.mark.rule("BR-10")
def test_the_line_of_fire_names_what_blocks_and_what_covers(rules: RallyRules) -> None:
    # Column 3 is a straight line north: shooter at 0306 facing north, target at 0301.
    # Digest line 251: lock when the line crosses no level 2, structure or other gear's hex.
    blocked = racing(rules, {"0303": "level2"}, gear("A", "0306"), gear("B", "0301"))
    line = rules.fire_line(blocked, "g1", "g2")
    assert line is not None and not line.sight.lock
    assert [(label(b.hex), b.why) for b in line.sight.blockers] == [("0303", "level")]
    assert line.verdict == "No lock" and any("0303" in reason for reason in line.reasons)
    # BR-10: level 1 gives 1D6 per element partly between, none when it is nearer the attacker (0305)
    # than the target; the level 1 at 0302 is nearer the target: 1D6.
    covered = racing(rules, {"0302": "level1", "0305": "level1"}, gear("A", "0306"), gear("B", "0301"))
    line = rules.fire_line(covered, "g1", "g2")
    assert line is not None and line.sight.lock and line.sight.cover_dice == 1
    assert line.verdict == "Lock; cover 1D6"
    assert "range 5" in line.reasons and "B is in the front arc" in line.reasons
    assert "hits B's rear" in line.reasons  # B faces north, A is straight behind it (rear: its rear row)
    # a gear between blocks lock (digest line 251)
    crowded = racing(rules, {}, gear("A", "0306"), gear("B", "0301"), gear("C", "0304"))
    line = rules.fire_line(crowded, "g1", "g2")
    assert line is not None and not line.sight.lock and line.sight.blockers[0].why == "unit"


@pytest.mark.rule("BR-10")
def test_a_target_behind_the_shooter_is_out_of_its_front_arc(rules: RallyRules) -> None:
    # The front arc is the 180° ahead (digest: 正面アーク); 0301 is straight behind a gear facing south.
    state = racing(rules, {}, gear("A", "0306", facing=3), gear("B", "0301"))
    line = rules.fire_line(state, "g1", "g2")
    assert line is not None and line.sight.lock
    assert line.verdict == "Clear line, but not in the front arc: no lock"
    arcs = rules.arcs(state, "g1")
    assert arcs.tints  # every hex around is front, flank or rear
    meaning = {number: text for number, text in arcs.legend}
    front = {label(h) for h, number in arcs.tints.items() if meaning[number] == "Front arc"}
    rear = {label(h) for h, number in arcs.tints.items() if meaning[number] == "Rear"}
    assert "0301" in rear and "0305" in rear  # straight behind (north), the rear row
    assert "0306" not in front and {"0206", "0406"} <= front  # its own hex is none; beside-and-ahead is front


def test_the_demo_is_made_up_and_starts_round_one(rules: RallyRules) -> None:
    state = rules.initial_state()
    run(rules, state, *demo().commands)
    assert len(state.gears) == 4 and all(g.name.startswith("Demo ") for g in state.gears.values())
    assert state.course is not None and "made up" in state.course.name
    kinds = set(state.course.terrain.values()) | {"normal"}
    assert kinds == {"normal", "hardpack", "rough", "level1", "level2", "structure"}  # every terrain kind
    start = set(state.course.zones["start"])
    assert {label(g.hex) for g in state.gears.values()} <= start
    assert state.round == 1 and state.current == "g1"


def with_options(*book: str) -> RallyRules:
    from gmtool.core.readings import RuleReadings

    return RallyRules(RuleReadings(book_for=frozenset(book)))


@pytest.mark.rule("BR-10")
def test_rear_option_the_row_behind_or_a_60_degree_cone() -> None:
    # Digest (側面と背面): "ヘクスの平面方向で後方の平面方向のみが背面" — only the side straight behind is
    # the rear: the hex row behind. The option reads the figure as a 60° cone. B at 0303 faces north;
    # 0405 lies one column right and, odd-q, at axial (+1, +2): its centre is 1.5 R right and 4.33 R
    # down, 19° off straight behind — inside a 60° cone, off the row behind.
    for rules, side in ((RallyRules(), "flank"), (with_options("br_rear_cone"), "rear")):
        state = racing(rules, {}, gear("A", "0405"), gear("B", "0303"))
        line = rules.fire_line(state, "g1", "g2")
        assert line is not None and f"hits B's {side}" in line.reasons
        meaning = {number: text for number, text in rules.arcs(state, "g2").legend}
        assert meaning[rules.arcs(state, "g2").tints[hex_of("0405")]] == side.capitalize()


@pytest.mark.rule("BR-10")
def test_corner_option_a_touched_corner_grazes_or_is_open() -> None:
    # Digest (カバー): "ヘクスの頂点方向にはパーシャル（部分カバー）": a line through a corner is partial
    # cover. From 0308 to 0705 (axial +4, −5) the line touches the corner of 0606 on its right; 0606 is
    # level 2, 2 hexes from the target and 3 from the attacker, so it counts: 2D6. Option: corners open.
    terrain = {"0606": "level2"}
    default, open_corner = RallyRules(), with_options("br_corner_open")
    state = racing(default, terrain, gear("A", "0308", facing=1), gear("B", "0705"))
    line = default.fire_line(state, "g1", "g2")
    assert line is not None and line.sight.lock and line.sight.obstruction == "partial"
    assert line.sight.cover_dice == 2 and line.verdict == "Lock, partly obstructed; cover 2D6"
    assert "grazes 0606 on the right (level 2)" in line.reasons
    state = racing(open_corner, terrain, gear("A", "0308", facing=1), gear("B", "0705"))
    line = open_corner.fire_line(state, "g1", "g2")
    assert line is not None and line.sight.obstruction == "none" and line.sight.cover_dice == 0


@pytest.mark.rule("BR-10")
def test_gear_cover_option_two_dice_or_one() -> None:
    # Digest (ロック): a gear partly obstructed by another gear gets cover; the dice are not given.
    # gmtool's default counts a gear as a level-2 element (2D6); the option as level 1 (1D6). From 0306
    # to 0404 (axial +1, −2) the line runs along the edge between 0305 and 0405; C stands in 0405,
    # 1 hex from both ends (a tie is not nearer the attacker: it counts).
    for rules, dice in ((RallyRules(), 2), (with_options("br_gear_cover_1d6"), 1)):
        state = racing(rules, {}, gear("A", "0306"), gear("B", "0404"), gear("C", "0405"))
        line = rules.fire_line(state, "g1", "g2")
        assert line is not None and line.sight.lock and line.sight.cover_dice == dice
        assert f"cover from a gear at 0405: {dice}D6" in line.reasons


def test_a_course_with_a_kind_the_rally_lacks_is_refused_and_a_damaged_one_still_draws(rules: RallyRules) -> None:
    state = rules.initial_state()
    with pytest.raises(RulesError) as refused:
        run(rules, state, course({"0101": "hardpac0"}))
    assert refused.value.key == "error.map_unknown_kind"
    # a journal damaged on disk may still hold one: the race folds it, sees open ground there, moves nothing in
    rules.apply(state, m.CourseSet(course=HexMapFile(name="T", game="badlands_rally", columns=8, rows=8,
                                                     terrain={"0304": "hardpac0", "0302": "level2"})))
    run(rules, state, gear("A", "0305"), gear("B", "0301"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="top"))
    line = rules.fire_line(state, "g1", "g2")
    assert line is not None and not line.sight.lock  # the level 2 still blocks; the unknown kind does not crash
    with pytest.raises(RulesError) as refused:
        run(rules, state, m.StepGear(gear="g1", step="ahead"))
    assert refused.value.key == "error.br_off_course"
    board = rules.board(state, "en")
    assert board is not None and board.kind(hex_of("0304")).key == "normal"


def test_checkpoints_in_order_then_the_finish_zone_complete_a_lap(rules: RallyRules) -> None:
    # Column 3 runs north: finish zone 0305, checkpoint 1 at 0304, checkpoint 2 at 0302.
    state = rules.initial_state()
    lapped = HexMapFile(name="Lap", game="badlands_rally", columns=8, rows=8, zones={"finish": ["0305"]},
                        checkpoints=[["0304"], ["0302"]], course="clockwise")
    run(rules, state, m.SetCourse(course=lapped), gear("A", "0306"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="top"))
    ahead = m.StepGear(gear="g1", step="ahead")
    first, second, third, fourth = run(rules, state, ahead, ahead, ahead, ahead)
    assert (first.checkpoint, first.lap) == (None, None)  # the finish zone before the checkpoints: no lap
    assert second.checkpoint == 0 and third.checkpoint is None and fourth.checkpoint == 1
    assert "passes checkpoint 2" in rules.describe(fourth)
    (placed,) = run(rules, state, m.PlaceGear(gear="g1", hex="0306", facing=0))  # the GM moves it round
    assert placed.lap is None
    (finished,) = run(rules, state, ahead)
    assert finished.lap == 1 and "completes lap 1" in rules.describe(finished)
    assert state.gears["g1"].progress.laps == 1 and state.gears["g1"].progress.next_checkpoint == 0


@pytest.mark.rule("BR-8")
def test_this_is_a_race_a_gear_that_ends_behind_where_it_began_takes_a_rattle_step(rules: RallyRules) -> None:
    # これはレースだ！: a gear should not run the course backwards; doing so costs a step on the rattled
    # track, without the token or its penalty. Checkpoint 1 at 0302 is north: A at 0304 backs away to 0305.
    state = rules.initial_state()
    lapped = HexMapFile(name="Lap", game="badlands_rally", columns=8, rows=8, checkpoints=[["0302"]])
    run(rules, state, m.SetCourse(course=lapped), gear("A", "0304"), gear("B", "0704"), m.StartRound(first="g1"),
        m.DeclareSpeed(gear="g1", speed="cruising"), m.StepGear(gear="g1", step="back"))
    (ended,) = run(rules, state, m.EndActivation(gear="g1"))
    assert ended.against_course and "This is a race!" in rules.describe(ended)
    a = state.gears["g1"]
    assert a.rattle.count == 1 and not a.rattle.token  # the count only
    # the GM dragging B backwards (a correction) is not judged
    run(rules, state, m.DeclareSpeed(gear="g2", speed="cruising"), m.PlaceGear(gear="g2", hex="0706", facing=0))
    (ended,) = run(rules, state, m.EndActivation(gear="g2"))
    assert not ended.against_course and state.gears["g2"].rattle.count == 0
