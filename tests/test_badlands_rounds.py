"""The round's order and reaction attacks (BR-4, BR-5, BR-18), from the digest's ラウンド and
リアクション攻撃 sections; made-up positions (facing 0 = north)."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.core.hex.coords import ORIGIN, Hex
from gmtool.games.badlands_rally.rules.rounds import (
    Activation,
    attack_reaction,
    clockwise_from,
    declare_speed,
    end_activation,
    melee_reaction,
)
from gmtool.games.badlands_rally.rules.terrain import ground


@pytest.mark.rule("BR-4")
@pytest.mark.rule("BR-5")
def test_clockwise_from_the_winner_and_the_activation() -> None:
    assert clockwise_from(["ann", "bo", "cy", "di"], "cy") == ["cy", "di", "ann", "bo"]
    assert declare_speed("top", rattled=False) == "top"
    with pytest.raises(RulesError):
        declare_speed("top", rattled=True)
    assert end_activation(Activation("top", 1)) == Activation("cruising", 0)  # unused actions are lost


@pytest.mark.rule("BR-18")
def test_reaction_attacks() -> None:
    ahead_of_it = Hex(0, -1, 1)  # next to the passive gear (at the origin facing north), in its front arc
    assert melee_reaction(ORIGIN, 0, 1, leaving=ahead_of_it, entering=Hex(0, -2, 2), passive_acted=False)
    assert not melee_reaction(ORIGIN, 0, 1, leaving=Hex(0, 1, -1), entering=Hex(0, 2, -2), passive_acted=False)  # behind
    assert not melee_reaction(ORIGIN, 0, 1, leaving=ahead_of_it, entering=Hex(0, -2, 2), passive_acted=True)
    open_ground = ground({})
    attacker = Hex(0, -3, 3)
    assert attack_reaction(ORIGIN, 0, attacker, True, False, open_ground)
    assert not attack_reaction(ORIGIN, 0, attacker, False, False, open_ground)  # only the first attack on it
    assert not attack_reaction(ORIGIN, 3, attacker, True, False, open_ground)  # not in its front arc
    assert not attack_reaction(ORIGIN, 0, attacker, True, False, ground({Hex(0, -2, 2): "level2"}))  # no lock
