"""A carry whose one action between encounters, besides reset, is a repair (a machine's, a gear's).

A game's :class:`gmtool.core.capabilities.Carry` built on :class:`RepairCarry` says what its ``fresh``
state is and what a repair leaves (:meth:`RepairCarry.repaired`); the between-encounters actions and
their dispatch are written here once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Generic, TypeVar

from gmtool.core.errors import RulesError
from gmtool.core.i18n import tr
from gmtool.core.party import RESET, BetweenAction, CarriedState

REPAIR = "repair"
C = TypeVar("C", bound=CarriedState)


class RepairCarry(ABC, Generic[C]):
    """Reset (the template's state) and repair, the GM's actions between encounters."""

    repair_words: str  # the message key of the repair action's label

    @abstractmethod
    def fresh(self, template: object) -> C:
        """A member as its template is."""

    @abstractmethod
    def repaired(self, carried: C) -> C:
        """The state after a repair."""

    def between_actions(self) -> tuple[BetweenAction, ...]:
        return (BetweenAction(REPAIR, tr(self.repair_words)),)

    def act_between(self, carried: C, action: str, template: object) -> C:
        if action == RESET:
            return self.fresh(template)
        if action == REPAIR:
            return self.repaired(carried)
        raise RulesError("error.unknown_command", kind=action)
