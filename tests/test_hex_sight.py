"""Lock and cover across the exact line (issue 15): the worked examples of ``shared/spec/hex.md`` §8
(L1, L3a–d, L4, L5; attacker at the origin, level 2 blocks, cover 1d6 for level 1 and 2d6 for
level 2 per element, as the Badlands Rally digest reads), and the properties a GM relies on."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.core.hex.coords import ORIGIN, Hex, rotate_cw
from gmtool.core.hex.sight import Ground

RALLY_DICE = {1: 1, 2: 2}


def H(q: int, r: int, s: int) -> Hex:  # noqa: N802
    assert q + r + s == 0
    return Hex(q, r, s)


def ground(levels: dict[Hex, int], **options) -> Ground:  # noqa: ANN003
    return Ground(levels, dice=RALLY_DICE, **options)


def test_l1_a_crossed_level_two_hex_blocks() -> None:
    seen = ground({H(0, -2, 2): 2}).sight(ORIGIN, H(0, -4, 4))
    assert not seen.lock and seen.obstruction == "full"
    assert [(b.hex, b.where, b.why) for b in seen.blockers] == [(H(0, -2, 2), "crossed", "level")]


def test_l3a_a_grazed_blocker_nearer_the_attacker_gives_partial_and_no_dice() -> None:
    seen = ground({H(1, -1, 0): 2}).sight(ORIGIN, H(4, -2, -2))
    assert seen.lock and seen.obstruction == "partial" and seen.cover_dice == 0
    assert [(c.hexes, c.counted) for c in seen.cover] == [((H(1, -1, 0),), False)]  # 1 from A, 3 from T


def test_l3b_a_grazed_blocker_nearer_the_target_gives_two_dice() -> None:
    seen = ground({H(3, -2, -1): 2}).sight(ORIGIN, H(4, -2, -2))
    assert seen.lock and seen.obstruction == "partial" and seen.cover_dice == 2


def test_l3c_blockers_on_both_sides_of_a_divided_line_block() -> None:
    seen = ground({H(1, -1, 0): 2, H(3, -1, -2): 2}).sight(ORIGIN, H(4, -2, -2))
    assert not seen.lock and {b.where for b in seen.blockers} == {"left", "right"}


def test_l3d_one_element_crossed_and_grazed_gives_its_dice_once() -> None:
    seen = ground({H(2, -1, -1): 1, H(3, -2, -1): 1}).sight(ORIGIN, H(4, -2, -2))
    assert seen.lock and seen.obstruction == "none" and seen.cover_dice == 1
    assert len(seen.cover) == 1 and set(seen.cover[0].hexes) == {H(2, -1, -1), H(3, -2, -1)}


def test_l4_a_blocker_crossed_at_a_sample_point_is_not_missed() -> None:
    assert not ground({H(2, -1, -1): 2}).sight(ORIGIN, H(4, -1, -3)).lock


def test_l5_corner_touches_graze() -> None:
    target = H(4, -5, 1)
    right = ground({H(3, -3, 0): 2}).sight(ORIGIN, target)
    assert right.lock and right.obstruction == "partial" and right.cover_dice == 2
    left = ground({H(1, -2, 1): 2}).sight(ORIGIN, target)
    assert left.lock and left.obstruction == "partial" and left.cover_dice == 0
    assert not ground({H(3, -3, 0): 2, H(1, -2, 1): 2}).sight(ORIGIN, target).lock
    ignored = ground({H(3, -3, 0): 2}, touches_graze=False).sight(ORIGIN, target)  # the other reading
    assert ignored.obstruction == "none" and ignored.cover == ()


def test_units_block_but_never_their_own_hexes() -> None:
    open_ground = ground({})
    assert not open_ground.sight(ORIGIN, H(0, -4, 4), units=[H(0, -2, 2)]).lock
    assert open_ground.sight(ORIGIN, H(0, -4, 4), units=[ORIGIN, H(0, -4, 4)]).lock
    grazed = Ground({}, dice=RALLY_DICE, unit_dice=2).sight(ORIGIN, H(4, -2, -2), units=[H(3, -2, -1)])
    assert grazed.lock and grazed.obstruction == "partial" and grazed.cover_dice == 2
    assert [b.why for b in grazed.blockers] == ["unit"]


def test_structures_block_like_the_blocking_level() -> None:
    walls = Ground({}, structures=frozenset({H(0, -2, 2)}), dice=RALLY_DICE)
    assert [b.why for b in walls.sight(ORIGIN, H(0, -4, 4)).blockers] == ["structure"]


levels = st.dictionaries(st.builds(Hex.axial, st.integers(-6, 6), st.integers(-6, 6)), st.integers(0, 2), max_size=40)
ends = st.builds(Hex.axial, st.integers(-6, 6), st.integers(-6, 6))


@settings(max_examples=200, deadline=None)
@given(levels, ends, ends, st.integers(0, 5))
def test_the_verdict_is_the_same_both_ways_and_when_the_map_turns(terrain: dict[Hex, int], a: Hex, b: Hex,
                                                                   turns: int) -> None:
    if a == b:
        return
    here = ground(terrain)
    forth, back = here.sight(a, b), here.sight(b, a)
    assert (forth.lock, forth.obstruction) == (back.lock, back.obstruction)
    assert {b_.hex for b_ in forth.blockers} == {b_.hex for b_ in back.blockers}
    turned = ground({rotate_cw(h, turns): v for h, v in terrain.items()}).sight(rotate_cw(a, turns), rotate_cw(b, turns))
    assert (turned.lock, turned.obstruction, turned.cover_dice) == (forth.lock, forth.obstruction, forth.cover_dice)
