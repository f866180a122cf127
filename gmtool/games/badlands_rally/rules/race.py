"""Badlands Rally as the core and the shell see it: :class:`RallyRules` ties the race's messages,
decisions, fold, words, display and map together (each in its own module)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

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
from gmtool.core.game import Involved, Touched
from gmtool.core.hex.board import Board
from gmtool.core.hex.coords import Hex
from gmtool.core.hex.on_map import Arcs, FireLine, Step
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


class RallyRules(RallyCarry):
    """The race (rounds, activations, speed, movement on the course; attacks and damage to come)."""

    key = "badlands_rally"
    commands = MessageCodec((*m.COMMANDS, *setup.COMMANDS, *r.COMMANDS, *PUSH_COMMANDS))
    events = MessageCodec((*m.EVENTS, *setup.EVENTS, *r.EVENTS, *PUSH_EVENTS))

    def __init__(self, readings: RuleReadings | None = None) -> None:
        self.use_readings(readings or RuleReadings())

    def initial_state(self) -> RaceState:
        return RaceState()

    def use_readings(self, readings: RuleReadings) -> None:
        self.readings = readings
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

    def involved(self, event: Event) -> tuple[Involved, ...]:
        return race_involved.involved(event)

    def round_started(self, event: Event) -> int | None:
        return event.round if isinstance(event, m.RoundStarted) else None

    def log_shape(self) -> LogShape:
        return race_words.log_shape()

    def log_families(self, event: Event) -> frozenset[str]:
        return race_words.log_shape().families_of(event.kind)

    # -- what the shell draws -----------------------------------------------------------------
    def heading(self, state: RaceState) -> Heading:
        return race_view.heading(state, self.readings)

    def order_layout(self) -> OrderLayout:
        return race_view.order_layout()

    def order(self, state: RaceState) -> tuple[OrderRow, ...]:
        return race_view.order(state, self.readings)

    def roster(self, state: RaceState) -> tuple[tuple[str, str], ...]:
        return race_view.roster(state)

    def sheet(self, state: RaceState, combatant_id: str) -> SheetView | None:
        return race_view.sheet(state, combatant_id)

    def edit(self, combatant_id: str, field: str, value: int | str | bool) -> Command:
        return race_view.edit(combatant_id, field, value)

    def offers(self, state: RaceState, combatant_id: str) -> tuple[Offer, ...]:
        return race_view.offers(state, combatant_id)

    def take(self, state: RaceState, combatant_id: str, offer: str) -> Command:
        return race_view.take(state, combatant_id, offer)

    def snapshot(self, state: RaceState, audience: Audience = "gm") -> Snapshot:
        return race_view.snapshot(state, audience, self.readings)

    def report_words(self) -> dict[str, str]:
        """The printed turn log is a race report: rounds, the start, the grid (:mod:`gmtool.printing.report`)."""
        return {key: f"br.{key}" for key in ("report.title", "report.setup", "report.round", "report.snapshot",
                                              "report.map_setup", "report.map_end")}

    def breakdown(self, event: Event) -> Breakdown | None:
        return race_words.attack_breakdown(event) if isinstance(event, m.AttackMade) else None

    def breakdown_parts(self, event: Event) -> tuple[BreakdownPart, ...]:
        return ()

    def attack_preview(self, state: RaceState, draft: m.AttackGear) -> AttackPreview:
        """The attack panel's plan and odds before the roll (nothing rolled, nothing kept)."""
        from gmtool.games.badlands_rally.rules.race_attack import preview

        return preview(state, draft, self.readings)

    def reaction_preview(self, state: RaceState, draft: m.AttackGear) -> AttackPreview:
        """The reaction attack's plan and odds before the roll (BR-18): the passive gear on the active one."""
        from gmtool.games.badlands_rally.rules.race_reaction import reaction_preview

        return reaction_preview(state, draft, self.readings)

    # -- the map (gmtool.core.hex.on_map.MapRules) ------------------------------------------------
    def board(self, state: RaceState, language: str) -> Board | None:
        return race_map.board(state, language)

    def no_map(self, state: RaceState) -> str:
        return race_map.no_map(state)

    def step(self, state: RaceState, unit: str, step: Step) -> Command:
        return race_map.step(state, unit, step)

    def place(self, state: RaceState, unit: str, at: Hex, facing: int) -> Command:
        return race_map.place(state, unit, at, facing)

    def arcs(self, state: RaceState, unit: str) -> Arcs:
        return race_map.arcs(state, unit, self.sight_readings)

    def overlays(self, state: RaceState, unit: str) -> tuple[tuple[str, str], ...]:
        return race_map.overlays(state, unit)

    def overlay(self, state: RaceState, unit: str, key: str) -> Arcs:
        return race_map.overlay(state, unit, key, self.sight_readings)

    def fire_line(self, state: RaceState, unit: str, target: str) -> FireLine | None:
        return race_map.fire_line(state, unit, target, self.sight_readings)
