"""Upgrades (BR-20), from the digest's アップグレード種別."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.badlands_rally.rules.upgrades import (
    WHACKER,
    WHACKER_POWER,
    extra_die,
    the_move_spin,
    twins_rating,
    upgrade_for,
)


@pytest.mark.rule("BR-20")
def test_the_upgrade_table_and_its_effects() -> None:
    assert [upgrade_for(d).key for d in range(1, 7)] == [
        "the_move", "speed_demon", "coiled_hydraulic_enhancer", "sponsorship_paint", "whacker", "twins"]
    assert upgrade_for(4).ja.startswith("スポンサーシップ")
    with pytest.raises(RulesError):
        upgrade_for(7)
    assert the_move_spin(2, 5) == (5, False) and the_move_spin(6, 1) == (6, True)  # the higher; a 6 cancels the skid
    assert twins_rating(4) == 3 and twins_rating(1) == 1  # 例：4+が3+になる
    assert (WHACKER.optimal, WHACKER.maximum, WHACKER_POWER) == (2, 2, 7)
    assert extra_die({"speed_demon"}, "speed_demon") == 1 and extra_die(set(), "speed_demon") == 0
