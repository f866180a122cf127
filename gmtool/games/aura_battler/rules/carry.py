"""What of a player's machine carries over to the next duel of a sortie (the duel's ``"carry"``).

The machine keeps its damage (AB-17: destroyed when it reaches the durability; heavily damaged past
half, AB-19). The pilot's aura power is not carried: every turn's allocation phase gives it back whole
(AB-22), so nothing spent in one duel is missing in the next. Between duels the GM repairs the machine
or resets it to its card. A machine joins by one ``ab_add_unit`` command with its damage.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from gmtool.core.carried_document import read_carried
from gmtool.core.display import SheetField
from gmtool.core.errors import RulesError
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.core.party import CarriedState, ChangeLine, StateLine
from gmtool.core.repair_carry import RepairCarry

CARRY_VERSION = 1


class CarriedMachine(CarriedState):
    """A machine between duels."""

    damage: int = Field(ge=0, le=98)
    durability: int = Field(ge=1, le=99)


class AuraCarry(RepairCarry[CarriedMachine]):
    """The machine's part of :class:`gmtool.core.capabilities.Carry`."""

    carry_version = CARRY_VERSION
    repair_words = "ab.carry.repair"

    def fresh(self, template: Any) -> CarriedMachine:
        return CarriedMachine(damage=0, durability=template.machine.durability)

    def read_carried(self, document: Mapping[str, object], version: int) -> CarriedMachine:
        return read_carried(CarriedMachine, document, version, supported=CARRY_VERSION, damaged="ab.carry.error.damaged")

    def bring(self, template: Any, carried: CarriedMachine, name: str) -> tuple[Command, ...]:
        from gmtool.games.aura_battler.rules.duel_messages import AddUnit

        machine = template.machine.model_copy(update={"name": name[:40]})
        return (AddUnit(machine=machine, pilot=template.pilot, side=tr("ab.carry.side"),
                        damage=min(carried.damage, machine.durability)),)

    def carried(self, state: Any, combatant_id: str) -> CarriedMachine | None:
        unit = state.units.get(combatant_id)
        if unit is None:
            return None
        return CarriedMachine(damage=min(unit.damage, 98), durability=unit.machine.durability)

    def describe_changes(self, before: CarriedMachine, after: CarriedMachine) -> tuple[ChangeLine, ...]:
        if before == after:
            return ()
        return (ChangeLine(tr("ab.field.damage"), _of(before), _of(after)),)

    def state_lines(self, carried: CarriedMachine) -> tuple[StateLine, ...]:
        return (StateLine("damage", tr("ab.field.damage"), _of(carried)),)

    def repaired(self, carried: CarriedMachine) -> CarriedMachine:
        return carried.model_copy(update={"damage": 0})

    def fields(self, carried: CarriedMachine) -> tuple[SheetField, ...]:
        return (SheetField("damage", tr("ab.field.damage"), "number", carried.damage, 0, carried.durability - 1),)

    def with_field(self, carried: CarriedMachine, key: str, value: int | str | bool) -> CarriedMachine:
        high = carried.durability - 1
        if key != "damage" or not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
            raise RulesError("ab.carry.error.value", high=high)
        return carried.model_copy(update={"damage": value})


def _of(carried: CarriedMachine) -> str:
    return f"{carried.damage}/{carried.durability}"
