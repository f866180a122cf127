"""What of a player's gear carries over to the next race of a series (the rally's ``"carry"``).

A gear keeps its hull and structure left (BR-13: damage empties the hull, then the structure) and the
upgrades it won (BR-20), with the weapons they added (and a Twins' pair). A rattle does not carry: it is
the race's own. Between races the GM repairs it (hull and structure whole) or resets it to its card.
A gear joins a race by one ``br_add_gear`` command with its card, damage, upgrades and weapons.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from gmtool.core.carried_document import read_carried
from gmtool.core.display import SheetField
from gmtool.core.errors import RulesError
from gmtool.core.i18n import active_language, tr
from gmtool.core.messages import Command
from gmtool.core.party import CarriedState, ChangeLine, StateLine
from gmtool.core.repair_carry import RepairCarry
from gmtool.games.badlands_rally.rules.weapons import WeaponCard

CARRY_VERSION = 1


class CarriedGear(CarriedState):
    """A gear between races."""

    hull: int = Field(ge=0, le=20)
    hull_max: int = Field(ge=0, le=20)
    structure: int = Field(ge=0, le=20)
    structure_max: int = Field(ge=1, le=20)
    upgrades: tuple[str, ...] = ()
    weapons: tuple[WeaponCard, ...] = ()


def _card(template: Any) -> Any:
    from gmtool.games.badlands_rally.library.templates import GearCard

    if not isinstance(template, GearCard):
        raise RulesError("br.carry.error.not_a_gear")
    return template


def _upgrade_names(keys: tuple[str, ...]) -> str:
    from gmtool.games.badlands_rally.rules.upgrades import upgrades

    names = {u.key: (u.ja if active_language() == "ja" else u.en) for u in upgrades().values()}
    return ", ".join(names.get(key, key) for key in keys) or tr("br.carry.none")


class RallyCarry(RepairCarry[CarriedGear]):
    """The gear's part of :class:`gmtool.core.capabilities.Carry`."""

    carry_version = CARRY_VERSION
    repair_words = "br.carry.repair"

    def fresh(self, template: Any) -> CarriedGear:
        card = _card(template)
        return CarriedGear(hull=card.hull, hull_max=card.hull, structure=card.structure, structure_max=card.structure,
                           weapons=card.weapons)

    def read_carried(self, document: Mapping[str, object], version: int) -> CarriedGear:
        return read_carried(CarriedGear, document, version, supported=CARRY_VERSION, damaged="br.carry.error.damaged")

    def bring(self, template: Any, carried: CarriedGear, name: str) -> tuple[Command, ...]:
        from gmtool.games.badlands_rally.rules.race_messages import AddGear

        card = _card(template).model_dump(exclude={"kind", "tags", "notes", "name", "weapons"})
        return (AddGear(name=name[:40], seat=name[:40], **card, weapons=carried.weapons,
                        hull_left=min(carried.hull, card["hull"]), structure_left=min(carried.structure, card["structure"]),
                        upgrades=carried.upgrades),)

    def carried(self, state: Any, combatant_id: str) -> CarriedGear | None:
        gear = state.gears.get(combatant_id)
        if gear is None:
            return None
        return CarriedGear(hull=gear.hull, hull_max=gear.hull_max, structure=gear.structure,
                           structure_max=gear.structure_max, upgrades=gear.upgrades, weapons=gear.weapons)

    def describe_changes(self, before: CarriedGear, after: CarriedGear) -> tuple[ChangeLine, ...]:
        lines = []
        if before.hull != after.hull:
            lines.append(ChangeLine(tr("br.field.hull"), f"{before.hull}/{before.hull_max}", f"{after.hull}/{after.hull_max}"))
        if before.structure != after.structure:
            lines.append(ChangeLine(tr("br.field.structure"), f"{before.structure}/{before.structure_max}",
                                    f"{after.structure}/{after.structure_max}"))
        if before.upgrades != after.upgrades:
            lines.append(ChangeLine(tr("br.carry.upgrades"), _upgrade_names(before.upgrades),
                                    _upgrade_names(after.upgrades)))
        if before.weapons != after.weapons and before.upgrades == after.upgrades:
            lines.append(ChangeLine(tr("br.carry.weapons"), str(len(before.weapons)), str(len(after.weapons))))
        return tuple(lines)

    def state_lines(self, carried: CarriedGear) -> tuple[StateLine, ...]:
        return (StateLine("hull", tr("br.field.hull"), f"{carried.hull}/{carried.hull_max}"),
                StateLine("structure", tr("br.field.structure"), f"{carried.structure}/{carried.structure_max}"),
                StateLine("upgrades", tr("br.carry.upgrades"), _upgrade_names(carried.upgrades)))

    def repaired(self, carried: CarriedGear) -> CarriedGear:
        return carried.model_copy(update={"hull": carried.hull_max, "structure": carried.structure_max})

    def fields(self, carried: CarriedGear) -> tuple[SheetField, ...]:
        return (SheetField("hull", tr("br.field.hull"), "number", carried.hull, 0, carried.hull_max),
                SheetField("structure", tr("br.field.structure"), "number", carried.structure, 1, carried.structure_max))

    def with_field(self, carried: CarriedGear, key: str, value: int | str | bool) -> CarriedGear:
        field = next((f for f in self.fields(carried) if f.key == key), None)
        if field is None or not isinstance(value, int) or isinstance(value, bool) or not field.low <= value <= field.high:
            raise RulesError("br.carry.error.value", field=field.label if field else key,
                             low=field.low if field else 0, high=field.high if field else 0)
        return carried.model_copy(update={key: value})
