"""Badlands Rally terrain and movement (BR-7, BR-8), from the digest's 地形, スピード and 移動
sections; made-up positions on a flat-top map (facing 0 = north)."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import ORIGIN, Hex
from gmtool.games.badlands_rally.rules.movement import walk
from gmtool.games.badlands_rally.rules.terrain import board_kinds, ground, kinds

NORTH = [Hex(0, -k, k) for k in range(1, 6)]


def terrain(**special: str):  # noqa: ANN201 - hex -> kind: normal ground, some hexes north special
    marked = {NORTH[int(name[1:]) - 1]: kind for name, kind in special.items()}
    return lambda h: marked.get(h, "normal")


@pytest.mark.rule("BR-7")
def test_terrain_costs_by_speed() -> None:
    table = kinds()
    # ハードパック・ノーマル: クルーズ1 MR / トップ1 MR; ラフ: クルーズ1 MR / トップ2 MR.
    assert [(table[k].mr("cruising"), table[k].mr("top")) for k in ("hardpack", "normal", "rough")] == [(1, 1)] * 2 + [(1, 2)]
    assert all(table[k].mr("cruising") is None for k in ("level1", "level2", "structure"))  # 非レース・コース
    assert [k.label for k in board_kinds("ja")][:3] == ["ノーマル", "ハードパック", "ラフ"]
    sight = ground({Hex(0, -2, 2): "level2", Hex(0, -1, 1): "level1"}).sight(ORIGIN, Hex(0, -4, 4))
    assert not sight.lock  # level 2 blocks lock (ロック妨害)


@pytest.mark.rule("BR-7")
def test_rough_costs_two_at_top_speed_and_one_cruising() -> None:
    moves = ["ahead"] * 3
    assert walk(ORIGIN, 0, moves, "cruising", terrain(h2="rough"), mr=10).cost == 3
    assert walk(ORIGIN, 0, moves, "top", terrain(h2="rough"), mr=10).cost == 4
    with pytest.raises(RulesError) as caught:
        walk(ORIGIN, 0, moves, "top", terrain(h3="level1"), mr=10)
    assert caught.value.key == "error.br_off_course"


@pytest.mark.rule("BR-8")
def test_turning_is_free_cruising_and_a_side_an_mr_at_top_speed() -> None:
    moves = ["right", "ahead", "left", "left", "ahead"]
    cruising = walk(ORIGIN, 0, moves, "cruising", terrain(), mr=10)
    top = walk(ORIGIN, 0, moves, "top", terrain(), mr=10)
    assert (cruising.cost, top.cost) == (2, 5)
    assert cruising.facing == top.facing == 5 and cruising.path == (Hex(1, -1, 0), Hex(0, -1, 1))


@pytest.mark.rule("BR-8")
def test_backwards_only_at_cruising_speed_and_never_beyond_the_mr() -> None:
    assert walk(ORIGIN, 0, ["back"], "cruising", terrain(), mr=1).hex == Hex(0, 1, -1)
    with pytest.raises(RulesError) as caught:
        walk(ORIGIN, 0, ["back"], "top", terrain(), mr=5)
    assert caught.value.key == "error.br_backwards_at_top_speed"
    with pytest.raises(RulesError) as caught:
        walk(ORIGIN, 0, ["ahead", "right", "ahead"], "top", terrain(), mr=2)
    assert caught.value.key == "error.br_no_mr" and "3" in caught.value.message()
