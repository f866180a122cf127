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


@pytest.mark.rule("AB-21")
@pytest.mark.parametrize(("sword", "choice", "typed", "expected"), [
    # 003 line 69 (21.5): a shooting hit, one die: 1-3 the Aura Battler, 4-6 the Wing Caliber.
    (False, "carrier", (3,), ("battler", (3,))),
    (False, "battler", (4,), ("carrier", (4,))),
    (False, "battler", (1,), ("battler", (1,))),
    (False, "battler", (6,), ("carrier", (6,))),
    # 003 line 70 (21.6): a sword hit, 1-4 the attacker chooses; 5-6 a second die decides as for shooting.
    (True, "carrier", (4,), ("carrier", (4,))),
    (True, "battler", (1,), ("battler", (1,))),
    (True, "carrier", (5, 3), ("battler", (5, 3))),
    (True, "battler", (6, 4), ("carrier", (6, 4))),
])
def test_where_a_hit_on_a_carried_battler_lands_die_by_die(sword: bool, choice: str, typed: tuple[int, ...],
                                                           expected: tuple[str, tuple[int, ...]]) -> None:
    import random

    from gmtool.games.aura_battler.rules.duel_carried import land

    assert land(sword, choice, typed, random.Random(0)) == expected  # type: ignore[arg-type]


@pytest.mark.rule("AB-21")
def test_a_sword_five_with_one_die_typed_rolls_the_second() -> None:
    import random

    from gmtool.games.aura_battler.rules.duel_carried import land

    # 21.6: the 5 calls for a second die; only one was typed, so the second is rolled (1-6), read as shooting.
    where, dice = land(True, "battler", (5,), random.Random(3))
    assert dice[0] == 5 and len(dice) == 2 and 1 <= dice[1] <= 6
    assert where == ("battler" if dice[1] <= 3 else "carrier")
