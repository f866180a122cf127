"""The Aura Battler's made-up demo field (issue 15: a demo map per game): open sky with a few clouds."""

from __future__ import annotations

from gmtool.core.hex.map_file import read_map, write_map
from gmtool.games.aura_battler.rules.terrain import board_kinds, demo_sky, kinds


def test_the_demo_sky_is_made_up_open_sky_with_a_few_clouds() -> None:
    sky = demo_sky()
    assert "made up" in sky.name and sky.game == "aura_battler"
    assert set(sky.terrain.values()) == {"cloud"}  # every other hex is open sky (the first kind)
    clouds, hexes = len(sky.terrain), sky.columns * sky.rows
    assert 0 < clouds < hexes // 10  # "a few": under a tenth of the field
    assert read_map(write_map(sky), tuple(kinds())) == sky
    assert [k.label for k in board_kinds("ja")] == ["空", "雲（ルール上の効果なし）"]
