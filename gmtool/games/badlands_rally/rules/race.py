"""Badlands Rally as the core and the shell see it: :class:`RallyRules` ties the race's messages,
decisions, fold, words, display and map together (each in its own module)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from gmtool.core.adapter import RulesAdapter
from gmtool.core.capabilities import PrefixedReportWords
from gmtool.core.display import Audience, Breakdown, Heading, OrderRow, Snapshot
from gmtool.core.game import Touched
from gmtool.core.hex.on_map import Arcs, FireLine, MapAdapter
from gmtool.core.messages import Command, Event, MessageCodec
from gmtool.core.readings import RuleReadings
from gmtool.games.badlands_rally.rules import race_decide, race_fold, race_involved, race_map, race_view, race_words
from gmtool.games.badlands_rally.rules import race_messages as m
from gmtool.games.badlands_rally.rules import race_reaction_messages as r
from gmtool.games.badlands_rally.rules import setup_messages as setup
from gmtool.games.badlands_rally.rules.carry import RallyCarry
from gmtool.games.badlands_rally.rules.push_messages import PUSH_COMMANDS, PUSH_EVENTS
from gmtool.games.badlands_rally.rules.race_state import RaceState
from gmtool.games.badlands_rally.rules.setup_fold import apply as setup_apply
from gmtool.games.badlands_rally.rules.setup_fold import touched as setup_touched
from gmtool.games.badlands_rally.rules.setup_rules import decide as setup_decide
from gmtool.games.badlands_rally.rules.setup_words import describe as setup_describe

if TYPE_CHECKING:
    from gmtool.games.badlands_rally.rules.race_attack import AttackPreview


class RallyRules(RallyCarry, PrefixedReportWords, RulesAdapter[RaceState], MapAdapter[RaceState]):
    """The race (rounds, activations, speed, movement on the course; attacks and damage to come). The shell's
    drawing questions go to :mod:`.race_view`, the map dock's to :mod:`.race_map` (with the rule readings)."""

    key = "badlands_rally"
    report_prefix = "br"  # the printed turn log is a race report: rounds, the start, the grid
    commands = MessageCodec((*m.COMMANDS, *setup.COMMANDS, *r.COMMANDS, *PUSH_COMMANDS))
    events = MessageCodec((*m.EVENTS, *setup.EVENTS, *r.EVENTS, *PUSH_EVENTS))
    fold, words, involvement, view = race_fold, race_words, race_involved, race_view  # and the setup's: below
    map_rules = race_map

    def initial_state(self) -> RaceState:
        return RaceState()

    def use_readings(self, readings: RuleReadings) -> None:
        super().use_readings(readings)
        self.sight_readings = race_map.sight_readings(readings)

    def decide(self, state: RaceState, command: Command, rng: random.Random) -> tuple[Event, ...]:
        if isinstance(command, setup.COMMANDS):  # the race setup (BR-4, BR-20)
            return setup_decide(state, command, rng, self.readings)
        return race_decide.decide(state, command, rng, self.readings)

    def apply(self, state: RaceState, event: Event) -> None:
        if isinstance(event, setup.EVENTS):
            setup_apply(state, event)
        else:
            race_fold.apply(state, event)

    def describe(self, event: Event) -> str:
        return setup_describe(event) if isinstance(event, setup.EVENTS) else race_words.describe(event)

    def touched(self, event: Event) -> Touched:
        return setup_touched(event) if isinstance(event, setup.EVENTS) else race_fold.touched(event)

    def round_started(self, event: Event) -> int | None:
        return event.round if isinstance(event, m.RoundStarted) else None

    # -- what the shell draws with the rule readings (the rest: the view module) ------------------
    def heading(self, state: RaceState) -> Heading:
        return race_view.heading(state, self.readings)

    def order(self, state: RaceState) -> tuple[OrderRow, ...]:
        return race_view.order(state, self.readings)

    def snapshot(self, state: RaceState, audience: Audience = "gm") -> Snapshot:
        return race_view.snapshot(state, audience, self.readings)

    def breakdown(self, event: Event) -> Breakdown | None:
        return race_words.attack_breakdown(event) if isinstance(event, m.AttackMade) else None

    def attack_preview(self, state: RaceState, draft: m.AttackGear) -> AttackPreview:
        """The attack panel's plan and odds before the roll (nothing rolled, nothing kept)."""
        from gmtool.games.badlands_rally.rules.race_attack import preview

        return preview(state, draft, self.readings)

    def reaction_preview(self, state: RaceState, draft: m.AttackGear) -> AttackPreview:
        """The reaction attack's plan and odds before the roll (BR-18): the passive gear on the active one."""
        from gmtool.games.badlands_rally.rules.race_reaction import reaction_preview

        return reaction_preview(state, draft, self.readings)

    # -- the map with the sight readings (the rest: the map module) ------------------------------
    def arcs(self, state: RaceState, unit: str) -> Arcs:
        return race_map.arcs(state, unit, self.sight_readings)

    def overlay(self, state: RaceState, unit: str, key: str) -> Arcs:
        return race_map.overlay(state, unit, key, self.sight_readings)

    def fire_line(self, state: RaceState, unit: str, target: str) -> FireLine | None:
        return race_map.fire_line(state, unit, target, self.sight_readings)
