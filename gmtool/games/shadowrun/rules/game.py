"""What both Shadowrun rulesets are to the core beyond deciding and folding: the campaign's rule
readings, what an event touched, and the fight as the shell draws it. Each edition's
``rules/game.py`` subclasses :class:`ShadowrunRules` with its codecs, state, decide, fold and words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.core.display import (
    Audience,
    Breakdown,
    BreakdownPart,
    Heading,
    LogShape,
    Offer,
    OrderLayout,
    OrderRow,
    SheetView,
    Snapshot,
)
from gmtool.core.errors import GmtoolError
from gmtool.core.game import Involved, Touched
from gmtool.core.messages import Command, Event
from gmtool.core.readings import RuleReadings
from gmtool.games.shadowrun.rules import display
from gmtool.games.shadowrun.rules.breakdown import exchange_facts, roll_facts, word_breakdown, word_parts
from gmtool.games.shadowrun.rules.involved import involved as shadowrun_involved
from gmtool.games.shadowrun.rules.log_shape import LOG_SHAPE, log_families
from gmtool.games.shadowrun.rules.readings import DIGEST, Readings
from gmtool.games.shadowrun.rules.sheet_view import EditionSheet, sheet_view
from gmtool.games.shadowrun.rules.touched import touched as shadowrun_touched
from gmtool.games.shadowrun.rules.turn_events import TurnStarted


class ShadowrunRules:
    """The parts of a Shadowrun ruleset both editions share; ``queries`` is the edition's own."""

    queries: display.EditionQueries
    edition_sheet: EditionSheet  # its sheet's fields and limits
    edit_sheet: Callable[..., Command]  # its EditSheet command (the edition's class: its fields are its own)

    # -- an edition's actions (SR5-T1, SR4-C8) --------------------------------------------------------
    def action_rows(self) -> tuple[tuple[str, str, str], ...]:
        """Its action list: (key, kind, label in the active language)."""
        raise NotImplementedError

    def action_check(self, state: Any, c: Any, kind: str) -> None:
        """Raise why the combatant cannot take an action of that kind now (RulesError)."""
        raise NotImplementedError

    def action_refusal(self, state: Any, c: Any, kind: str) -> str | None:
        """Why the combatant cannot take an action of that kind now (translated), or None."""
        try:
            self.action_check(state, c, kind)
        except GmtoolError as exc:
            return exc.message()
        return None

    def action_command(self, combatant_id: str, key: str, kind: str) -> Command:
        raise NotImplementedError

    def __init__(self, readings: Readings | RuleReadings | None = None) -> None:
        self.readings = DIGEST  # the campaign's rule readings, as Shadowrun reads them
        if isinstance(readings, RuleReadings):
            self.use_readings(readings)
        elif readings is not None:
            self.readings = readings

    def use_readings(self, readings: RuleReadings) -> None:
        self.readings = Readings.from_rule_readings(readings)

    def touched(self, event: Event) -> Touched:
        return shadowrun_touched(event)

    def involved(self, event: Event) -> tuple[Involved, ...]:
        return shadowrun_involved(event)

    # -- what the shell draws (gmtool.core.display) ----------------------------------------------
    def heading(self, state: Any) -> Heading:
        return display.heading(state)

    def round_started(self, event: Event) -> int | None:
        return event.turn if isinstance(event, TurnStarted) else None

    def log_shape(self) -> LogShape:
        return LOG_SHAPE

    def log_families(self, event: Event) -> frozenset[str]:
        return log_families(event)

    def order_layout(self) -> OrderLayout:
        return display.order_layout()

    def order(self, state: Any) -> tuple[OrderRow, ...]:
        return display.order(self.queries, state)

    def roster(self, state: Any) -> tuple[tuple[str, str], ...]:
        return tuple((cid, c.sheet.name) for cid, c in state.combatants.items())

    def snapshot(self, state: Any, audience: Audience = "gm") -> Snapshot:
        return display.snapshot(self.queries, state, audience)

    def sheet(self, state: Any, combatant_id: str) -> SheetView | None:
        c = state.combatants.get(combatant_id)
        return None if c is None else sheet_view(self.edition_sheet, c, display.tracks(self.queries, state, c))

    def edit(self, combatant_id: str, field: str, value: int | str | bool) -> Command:
        return self.edit_sheet(combatant=combatant_id, field=field, value=value)

    def offers(self, state: Any, combatant_id: str) -> tuple[Offer, ...]:
        """The edition's action list, each payable now or with the reason (SR5-I6, SR4-C8)."""
        c = state.combatants.get(combatant_id)
        if c is None:
            return ()
        refusals = {kind: self.action_refusal(state, c, kind) for kind in ("free", "simple", "complex")}
        return tuple(Offer(key, label, refusals[kind] is None, refusals[kind] or "")
                     for key, kind, label in self.action_rows())

    def take(self, state: Any, combatant_id: str, offer: str) -> Command:
        kind = next(kind for key, kind, _label in self.action_rows() if key == offer)
        return self.action_command(combatant_id, offer, kind)

    def breakdown(self, event: Event) -> Breakdown | None:
        """A rolled event in words for the report (None: nothing rolled)."""
        return word_breakdown(roll_facts(event))

    def breakdown_parts(self, event: Event) -> tuple[BreakdownPart, ...]:
        """An exchange of tests (an attack), figure by figure, for the report."""
        return word_parts(exchange_facts(event))
