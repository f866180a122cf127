"""A game's rules adapter with its delegation written once (:class:`RulesAdapter`).

The hex games keep each answer of :class:`gmtool.core.game.GameRules` in a module of its own (decide,
fold, words, view, map); their adapter ties them together. What every such adapter would write out
the same way lives here: keeping the campaign's rule readings, the log's filter families from the
log shape, no exchange breakdown, the events folded and touched by the game's fold module
(:attr:`RulesAdapter.fold`), described and the log shaped by its words module (:attr:`RulesAdapter.words`),
the combatants an event concerns by its involved module (:attr:`RulesAdapter.involvement`), and the
shell's drawing questions passed to the game's view module (``<game>_view.py``, named by
:attr:`RulesAdapter.view`). A game overrides what it answers otherwise
(a heading that reads the game's rule readings). The map's delegation is
:class:`gmtool.core.hex.on_map.MapAdapter`; the report's words, :class:`gmtool.core.capabilities.PrefixedReportWords`.
"""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from gmtool.core import display
from gmtool.core.game import Involved, Touched
from gmtool.core.messages import Command, Event
from gmtool.core.readings import RuleReadings

S = TypeVar("S")
S_in = TypeVar("S_in", contravariant=True)


class GameView(Protocol[S_in]):
    """A game's view module: what the shell draws, as :class:`gmtool.core.game.GameRules` asks it."""

    def heading(self, state: S_in) -> display.Heading: ...
    def order_layout(self) -> display.OrderLayout: ...
    def order(self, state: S_in) -> tuple[display.OrderRow, ...]: ...
    def roster(self, state: S_in) -> tuple[tuple[str, str], ...]: ...
    def sheet(self, state: S_in, combatant_id: str) -> display.SheetView | None: ...
    def edit(self, combatant_id: str, field: str, value: int | str | bool) -> Command: ...
    def offers(self, state: S_in, combatant_id: str) -> tuple[display.Offer, ...]: ...
    def take(self, state: S_in, combatant_id: str, offer: str) -> Command: ...
    def snapshot(self, state: S_in, audience: display.Audience = "gm") -> display.Snapshot: ...


class GameFold(Protocol[S_in]):
    """A game's fold module: an event folded into the state, and what it may have changed."""

    def apply(self, state: S_in, event: Event) -> None: ...
    def touched(self, event: Event) -> Touched: ...


class GameWords(Protocol):
    """A game's words module: an event in words, and the log's headings and filter families."""

    def describe(self, event: Event) -> str: ...
    def log_shape(self) -> display.LogShape: ...


class GameInvolved(Protocol):
    """A game's involved module: the combatants an event concerns."""

    def involved(self, event: Event) -> tuple[Involved, ...]: ...


class RulesAdapter(Generic[S]):
    """The delegation of a game's rules adapter; the subclass names its ``fold``, ``words``,
    ``involvement`` and ``view`` modules."""

    fold: GameFold[S]
    words: GameWords
    involvement: GameInvolved
    view: GameView[S]
    readings: RuleReadings

    def __init__(self, readings: RuleReadings | None = None) -> None:
        self.use_readings(readings or RuleReadings())

    def use_readings(self, readings: RuleReadings) -> None:
        self.readings = readings

    def apply(self, state: S, event: Event) -> None:
        self.fold.apply(state, event)

    def touched(self, event: Event) -> Touched:
        return self.fold.touched(event)

    def describe(self, event: Event) -> str:
        return self.words.describe(event)

    def log_shape(self) -> display.LogShape:
        """Which events head the log's turns and passes, and the filter's families: the game's own."""
        return self.words.log_shape()

    def involved(self, event: Event) -> tuple[Involved, ...]:
        return self.involvement.involved(event)

    def log_families(self, event: Event) -> frozenset[str]:
        return self.log_shape().families_of(event.kind)

    def breakdown_parts(self, event: Event) -> tuple[display.BreakdownPart, ...]:
        return ()

    # -- what the shell draws, answered by the view module --------------------------------------
    def heading(self, state: S) -> display.Heading:
        return self.view.heading(state)

    def order_layout(self) -> display.OrderLayout:
        return self.view.order_layout()

    def order(self, state: S) -> tuple[display.OrderRow, ...]:
        return self.view.order(state)

    def roster(self, state: S) -> tuple[tuple[str, str], ...]:
        return self.view.roster(state)

    def sheet(self, state: S, combatant_id: str) -> display.SheetView | None:
        return self.view.sheet(state, combatant_id)

    def edit(self, combatant_id: str, field: str, value: int | str | bool) -> Command:
        return self.view.edit(combatant_id, field, value)

    def offers(self, state: S, combatant_id: str) -> tuple[display.Offer, ...]:
        return self.view.offers(state, combatant_id)

    def take(self, state: S, combatant_id: str, offer: str) -> Command:
        return self.view.take(state, combatant_id, offer)

    def snapshot(self, state: S, audience: display.Audience = "gm") -> display.Snapshot:
        return self.view.snapshot(state, audience)
