"""Responses and carried battlers (AB-12, AB-21), from the digest's sections 12, 19 and 21."""

from __future__ import annotations

import pytest

from gmtool.core.errors import RulesError
from gmtool.games.aura_battler.rules.allocation import allocate
from gmtool.games.aura_battler.rules.carried import (
    Defending,
    carried_defence,
    carried_hit,
    response_turn,
)
from gmtool.games.aura_battler.rules.hit import hit_value


@pytest.mark.rule("AB-12")
def test_a_response_turn_costs_response_pp_per_attack() -> None:
    points = allocate(6, attack=1, defence=1, power=1, barrier=1, response=1)
    after, facing = response_turn(points, facing=0, sides=2, heavily_damaged=False)
    assert after.response == 0 and facing == 2 and after.action == points.action  # no thrust, no action PP
    with pytest.raises(RulesError):
        response_turn(after, facing, 1, heavily_damaged=False)  # nothing left for the next attack
    with pytest.raises(RulesError):
        response_turn(points, 0, -2, heavily_damaged=True)  # heavily damaged: 60° only (19.1.2)
    assert response_turn(points, 0, -1, heavily_damaged=True)[1] == 5


@pytest.mark.rule("AB-21")
def test_a_carried_battler_defends_with_the_carrier_except_a_sword_parry() -> None:
    battler, carrier = Defending(3, 2, 1), Defending(1, 1, 4)
    assert carried_defence(battler, carrier, parrying_a_sword=False) == carrier  # 21.3
    assert carried_defence(battler, carrier, parrying_a_sword=True) == Defending(2, 2, 4)  # 21.4: parry − 1
    aboard = hit_value(6, 1, 2, 0, 0, 1, "FF", front_row=False, attack="sword", carried=True)  # 21.2: −2
    assert aboard.value == 6 + 1 - 2 - 1 - 2 and ("ab.term.carried_sword", -2) in aboard.terms
    assert [carried_hit("shooting", d) for d in (1, 3, 4, 6)] == ["battler", "battler", "carrier", "carrier"]  # 21.5
    assert carried_hit("sword", 4) == "attacker_chooses"  # 21.6
    with pytest.raises(RulesError):
        carried_hit("sword", 5)  # 5–6: decided as shooting, with another die
