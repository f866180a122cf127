"""A machine between duels of a sortie (rules/carry.py), what the GM reads and edits of it: its damage of
its durability, the damage field up to one less than the durability (AB-17: damage equal to the durability
destroys it, 003 line 48), the refusals' words, a file from a newer gmtool or a damaged one."""

from __future__ import annotations

import pytest

from gmtool.core.errors import FileFormatError, RulesError
from gmtool.games.aura_battler.rules.carry import AuraCarry, CarriedMachine

CARRY = AuraCarry()
HURT = CarriedMachine(damage=7, durability=20)


@pytest.mark.rule("AB-17")
def test_the_damage_field_reaches_one_less_than_the_durability() -> None:
    # 17.3: damage equal to the durability is destroyed; a machine carried on has at most durability − 1.
    (field,) = CARRY.fields(HURT)
    assert (field.key, field.label, field.kind, field.value, field.low, field.high) == ("damage", "Damage", "number",
                                                                                         7, 0, 19)
    assert CARRY.with_field(HURT, "damage", 19).damage == 19
    with pytest.raises(RulesError) as refused:
        CARRY.with_field(HURT, "damage", 20)
    assert refused.value.message() == "Damage: a whole number from 0 to 19."


def test_an_unknown_between_action_is_refused_by_name() -> None:
    with pytest.raises(RulesError) as refused:
        CARRY.act_between(HURT, "overhaul", None)
    assert refused.value.message() == "Unknown command: overhaul"


def test_a_carried_file_from_a_newer_gmtool_or_damaged_is_refused_with_its_reason() -> None:
    with pytest.raises(FileFormatError) as newer:
        CARRY.read_carried({"damage": 1, "durability": 20}, CARRY.carry_version + 1)
    assert newer.value.key == "error.exchange_too_new"
    with pytest.raises(FileFormatError) as damaged:
        CARRY.read_carried({"damage": -1, "durability": 20}, CARRY.carry_version)
    assert damaged.value.key == "ab.carry.error.damaged"
    assert "greater than or equal to 0" in damaged.value.message()
