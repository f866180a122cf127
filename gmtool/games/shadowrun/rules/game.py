"""What both Shadowrun rulesets are to the core beyond deciding and folding: the campaign's rule
readings, what an event touched, and the fight as the shell draws it. Each edition's
``rules/game.py`` subclasses :class:`ShadowrunRules` with its codecs, state, decide, fold and words."""

from __future__ import annotations

from typing import Any

from gmtool.core.display import Audience, Breakdown, BreakdownPart, Heading, LogShape, OrderLayout, OrderRow, Snapshot
from gmtool.core.game import Touched
from gmtool.core.messages import Event
from gmtool.core.readings import RuleReadings
from gmtool.games.shadowrun.rules import display
from gmtool.games.shadowrun.rules.breakdown import exchange_facts, roll_facts, word_breakdown, word_parts
from gmtool.games.shadowrun.rules.log_shape import LOG_SHAPE
from gmtool.games.shadowrun.rules.readings import DIGEST, Readings
from gmtool.games.shadowrun.rules.touched import touched as shadowrun_touched


class ShadowrunRules:
    """The parts of a Shadowrun ruleset both editions share; ``queries`` is the edition's own."""

    queries: display.EditionQueries

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

    # -- what the shell draws (gmtool.core.display) ----------------------------------------------
    def heading(self, state: Any) -> Heading:
        return display.heading(state)

    def round_started(self, event: Event) -> int | None:
        return event.turn if event.kind == "turn_started" else None  # type: ignore[attr-defined]

    def log_shape(self) -> LogShape:
        return LOG_SHAPE

    def order_layout(self) -> OrderLayout:
        return display.order_layout()

    def order(self, state: Any) -> tuple[OrderRow, ...]:
        return display.order(self.queries, state)

    def snapshot(self, state: Any, audience: Audience = "gm") -> Snapshot:
        return display.snapshot(self.queries, state, audience)

    def breakdown(self, event: Event) -> Breakdown | None:
        """A rolled event in words for the report (None: nothing rolled)."""
        return word_breakdown(roll_facts(event))

    def breakdown_parts(self, event: Event) -> tuple[BreakdownPart, ...]:
        """An exchange of tests (an attack), figure by figure, for the report."""
        return word_parts(exchange_facts(event))
