"""A carried state read back from a campaign: the shared version check and validation, and the hex
games' carries that use it (a newer document and a damaged one refused with their keys); their one
action between encounters, the repair (:mod:`gmtool.core.repair_carry`)."""

from __future__ import annotations

import pytest

from gmtool.core.carried_document import read_carried
from gmtool.core.errors import FileFormatError, RulesError
from gmtool.core.repair_carry import REPAIR
from gmtool.games.aura_battler.rules.carry import AuraCarry, CarriedMachine
from gmtool.games.badlands_rally.rules.carry import CarriedGear, RallyCarry


def test_a_document_of_this_version_reads_as_the_model() -> None:
    got = read_carried(CarriedMachine, {"damage": 3, "durability": 10}, 1, supported=1, damaged="x.damaged")
    assert got == CarriedMachine(damage=3, durability=10)


def test_a_newer_document_is_refused_with_both_versions() -> None:
    with pytest.raises(FileFormatError) as refused:
        read_carried(CarriedMachine, {"damage": 3, "durability": 10}, 2, supported=1, damaged="x.damaged")
    assert (refused.value.key, refused.value.args_for_message) == ("error.exchange_too_new",
                                                                    {"version": 2, "supported": 1})


def test_an_invalid_document_names_the_games_key_and_the_first_problem() -> None:
    with pytest.raises(FileFormatError) as refused:
        read_carried(CarriedMachine, {"damage": -1, "durability": 10}, 1, supported=1, damaged="x.damaged")
    assert refused.value.key == "x.damaged"
    assert "greater than or equal to 0" in str(refused.value.args_for_message["detail"])


@pytest.mark.parametrize(("carry", "document", "damaged"), [
    (AuraCarry(), {"damage": 0, "durability": 0}, "ab.carry.error.damaged"),
    (RallyCarry(), {"hull": 1, "hull_max": 1, "structure": 1, "structure_max": 0}, "br.carry.error.damaged"),
])
def test_the_hex_games_refuse_a_damaged_or_newer_machine(carry: AuraCarry | RallyCarry, document: dict[str, object],
                                                           damaged: str) -> None:
    with pytest.raises(FileFormatError) as refused:
        carry.read_carried(document, carry.carry_version)
    assert refused.value.key == damaged
    with pytest.raises(FileFormatError) as newer:
        carry.read_carried(document, carry.carry_version + 1)
    assert newer.value.key == "error.exchange_too_new"


def test_the_rally_reads_its_gear_back() -> None:
    document = {"hull": 2, "hull_max": 4, "structure": 3, "structure_max": 5, "upgrades": ["x"]}
    assert RallyCarry().read_carried(document, 1) == CarriedGear(hull=2, hull_max=4, structure=3, structure_max=5,
                                                                  upgrades=("x",))


@pytest.mark.parametrize("carry", [AuraCarry(), RallyCarry()])
def test_the_hex_games_offer_one_repair_and_refuse_an_unknown_action(carry: AuraCarry | RallyCarry) -> None:
    assert [action.key for action in carry.between_actions()] == [REPAIR]
    with pytest.raises(RulesError) as refused:
        carry.act_between(carry.read_carried({"damage": 0, "durability": 9} if isinstance(carry, AuraCarry) else
                                             {"hull": 0, "hull_max": 3, "structure": 1, "structure_max": 4}, 1),
                          "heal", None)
    assert (refused.value.key, refused.value.args_for_message) == ("error.unknown_command", {"kind": "heal"})


def test_a_repaired_machine_and_gear_are_whole_again() -> None:
    machine = CarriedMachine(damage=7, durability=10)
    gear = CarriedGear(hull=0, hull_max=3, structure=1, structure_max=4, upgrades=("x",))
    assert AuraCarry().act_between(machine, REPAIR, None) == CarriedMachine(damage=0, durability=10)
    assert RallyCarry().act_between(gear, REPAIR, None) == gear.model_copy(update={"hull": 3, "structure": 4})
