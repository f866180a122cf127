"""Details of the hex core a GM meets: a blocked line's lock is a plain no, the edge a divided line runs
along is named by its two hexes wherever the line starts, a map's name refused in words, a map file
written with its keys in order (the same map, the same text), and the board a map file draws."""

from __future__ import annotations

from gmtool.core.hex.coords import DIRS, Hex, neighbours
from gmtool.core.hex.line import line
from gmtool.core.hex.map_file import HexMapFile, name_refused, write_map
from gmtool.core.hex.sight import Ground


def test_a_line_crossing_a_blocker_has_no_lock() -> None:
    seen = Ground({Hex(0, -2, 2): 2}).sight(Hex(0, 0, 0), Hex(0, -4, 4))
    assert seen.lock is False and seen.obstruction == "full"


def test_a_divided_step_names_its_edge_by_the_two_hexes_beside_it() -> None:
    # from (1, 0, −1) two steps along the vertex ray (2, −1, −1): the midpoint (2, −½, −1½) lies on the
    # edge between (2, −1, −1) (left) and (2, 0, −2) (right); the edge's id is their sum, (4, −1, −3)
    walked = line(Hex(1, 0, -1), Hex(3, -1, -2))
    left, right = walked.divided[0]
    assert (left.hex, left.left, right.hex, right.left) == (Hex(2, -1, -1), True, Hex(2, 0, -2), False)
    assert left.at == right.at == Hex(4, -1, -3)


def test_a_map_name_with_a_control_character_is_refused_in_words() -> None:
    assert name_refused("Ridge\x07") == ("The map has an invalid value at name: Holds the control character "
                                         "U+0007; a name is one plain line.")
    assert name_refused("Ridge run") is None


def test_a_map_file_is_written_with_its_keys_in_order() -> None:
    document = HexMapFile(name="R", game="demo", columns=2, rows=1, terrain={"0201": "hill"})
    assert write_map(document) == (
        '{\n "checkpoints": [],\n "columns": 2,\n "course": null,\n "format": "gmtool-hex-map",\n'
        ' "game": "demo",\n "name": "R",\n "rows": 1,\n "terrain": {\n  "0201": "hill"\n },\n'
        ' "version": 1,\n "zones": {}\n}\n')


def test_a_map_file_draws_as_a_board_of_its_size_and_terrain() -> None:
    board = HexMapFile(name="R", game="demo", columns=3, rows=2, terrain={"0201": "hill"}).board(())
    assert (board.columns, board.rows, dict(board.terrain)) == (3, 2, {Hex(1, 0, -1): "hill"})


def test_a_map_file_keeps_its_words_as_written() -> None:
    text = write_map(HexMapFile(name="峠の道", game="demo", columns=1, rows=1))
    assert '"name": "峠の道"' in text  # UTF-8 as the GM typed it, not \u escapes


def test_a_hexs_neighbours_are_listed_side_by_side_from_side_zero() -> None:
    assert neighbours(Hex(1, 0, -1)) == tuple(Hex(1, 0, -1) + d for d in DIRS)
    assert neighbours(Hex(0, 0, 0))[0] == Hex(0, -1, 1)  # side 0: straight up the screen


def test_cover_of_a_level_without_dice_gives_none() -> None:
    # a level-1 hill next to the target: counted cover, but this ground gives dice to level 2 only
    seen = Ground({Hex(3, -2, -1): 1}, dice={2: 2}).sight(Hex(0, 0, 0), Hex(4, -2, -2))
    assert [(c.level, c.dice, c.counted) for c in seen.cover] == [(1, 0, True)]
    assert seen.cover_dice == 0
