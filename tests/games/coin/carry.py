"""What of a duelist carries over to the next duel: the coins still held (the coin duel's ``"carry"``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pydantic import Field, ValidationError

from gmtool.core.display import SheetField
from gmtool.core.errors import FileFormatError, RulesError
from gmtool.core.i18n import tr
from gmtool.core.messages import Command
from gmtool.core.party import RESET, BetweenAction, CarriedState, ChangeLine, StateLine

if TYPE_CHECKING:
    from tests.games.coin.library import DuelistCard
    from tests.games.coin.rules import CoinState

CARRY_VERSION = 1


class CarriedCoins(CarriedState):
    """The coins a duelist still holds, of the most it may hold (its card's)."""

    coins: int = Field(ge=0, le=9)
    most: int = Field(ge=1, le=9)


class CoinCarry:
    """The coin duel's part of :class:`gmtool.core.capabilities.Carry`."""

    carry_version = CARRY_VERSION

    def fresh(self, template: DuelistCard) -> CarriedCoins:
        return CarriedCoins(coins=template.coins, most=template.coins)

    def read_carried(self, document: Mapping[str, object], version: int) -> CarriedCoins:
        if version > CARRY_VERSION:
            raise FileFormatError("error.exchange_too_new", version=version, supported=CARRY_VERSION)
        try:
            return CarriedCoins.model_validate(dict(document))
        except ValidationError as exc:
            raise FileFormatError("error.exchange_not_gmtool") from exc

    def bring(self, template: DuelistCard, carried: CarriedCoins, name: str) -> tuple[Command, ...]:
        from tests.games.coin.rules import AddDuelist

        return (AddDuelist(name=name, coins=template.coins, left=min(carried.coins, template.coins)),)

    def carried(self, state: CoinState, combatant_id: str) -> CarriedCoins | None:
        duelist = state.combatants.get(combatant_id)
        return None if duelist is None else CarriedCoins(coins=duelist.coins, most=duelist.start)

    def describe_changes(self, before: CarriedCoins, after: CarriedCoins) -> tuple[ChangeLine, ...]:
        if before.coins == after.coins:
            return ()
        return (ChangeLine(tr("coin.column.coins"), f"{before.coins}/{before.most}", f"{after.coins}/{after.most}"),)

    def state_lines(self, carried: CarriedCoins) -> tuple[StateLine, ...]:
        return (StateLine("coins", tr("coin.column.coins"), f"{carried.coins}/{carried.most}"),)

    def between_actions(self) -> tuple[BetweenAction, ...]:
        return (BetweenAction("rest", tr("coin.party.rest")),)

    def act_between(self, carried: CarriedCoins, action: str, template: DuelistCard) -> CarriedCoins:
        if action in ("rest", RESET):
            return self.fresh(template)
        raise RulesError("error.unknown_command", kind=action)

    def fields(self, carried: CarriedCoins) -> tuple[SheetField, ...]:
        return (SheetField("coins", tr("coin.column.coins"), "number", carried.coins, 0, carried.most),)

    def with_field(self, carried: CarriedCoins, key: str, value: int | str | bool) -> CarriedCoins:
        if key != "coins" or not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= carried.most:
            raise RulesError("coin.error.coins", high=carried.most)
        return carried.model_copy(update={"coins": value})
