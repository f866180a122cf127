"""The Aura Battler duel as the core and the shell see it: :class:`AuraRules` ties the duel's
messages, decisions, fold, words, display and map together (each in its own module)."""

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
from gmtool.core.i18n import tr
from gmtool.core.messages import Command, Event, MessageCodec
from gmtool.core.readings import RuleReadings
from gmtool.games.aura_battler.rules import duel_decide, duel_fold, duel_involved, duel_map, duel_view, duel_words
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.carry import AuraCarry
from gmtool.games.aura_battler.rules.duel_state import DuelState

if TYPE_CHECKING:
    from gmtool.games.aura_battler.rules.duel_attack import AttackPlan


class AuraRules(AuraCarry):
    """The duel: turns with their PP allocation phase, the GM's movement, attacks and damage."""

    key = "aura_battler"
    commands = MessageCodec(m.COMMANDS)
    events = MessageCodec(m.EVENTS)

    def __init__(self, readings: RuleReadings | None = None) -> None:
        self.use_readings(readings or RuleReadings())

    def initial_state(self) -> DuelState:
        return DuelState()

    def use_readings(self, readings: RuleReadings) -> None:
        self.readings = readings

    def decide(self, state: DuelState, command: Command, rng: random.Random) -> tuple[Event, ...]:
        return duel_decide.decide(state, command, rng, self.readings)

    def apply(self, state: DuelState, event: Event) -> None:
        duel_fold.apply(state, event)

    def describe(self, event: Event) -> str:
        return duel_words.describe(event)

    def touched(self, event: Event) -> Touched:
        return duel_fold.touched(event)

    def involved(self, event: Event) -> tuple[Involved, ...]:
        return duel_involved.involved(event)

    def round_started(self, event: Event) -> int | None:
        return event.turn if isinstance(event, m.TurnStarted) else None

    def log_shape(self) -> LogShape:
        return duel_words.log_shape()

    def log_families(self, event: Event) -> frozenset[str]:
        return duel_words.log_shape().families_of(event.kind)

    # -- what the shell draws -----------------------------------------------------------------
    def heading(self, state: DuelState) -> Heading:
        return duel_view.heading(state)

    def player_line(self, state: DuelState) -> str:
        """The line the player view shows under the heading (the ``player_line`` capability)."""
        return duel_view.player_line(state)

    def order_layout(self) -> OrderLayout:
        return duel_view.order_layout()

    def order(self, state: DuelState) -> tuple[OrderRow, ...]:
        return duel_view.order(state)

    def roster(self, state: DuelState) -> tuple[tuple[str, str], ...]:
        return duel_view.roster(state)

    def sheet(self, state: DuelState, combatant_id: str) -> SheetView | None:
        return duel_view.sheet(state, combatant_id)

    def edit(self, combatant_id: str, field: str, value: int | str | bool) -> Command:
        return duel_view.edit(combatant_id, field, value)

    def offers(self, state: DuelState, combatant_id: str) -> tuple[Offer, ...]:
        return duel_view.offers(state, combatant_id)

    def take(self, state: DuelState, combatant_id: str, offer: str) -> Command:
        return duel_view.take(state, combatant_id, offer)

    def snapshot(self, state: DuelState, audience: Audience = "gm") -> Snapshot:
        return duel_view.snapshot(state, audience)

    def report_words(self) -> dict[str, str]:
        """The printed turn log is a duel report: turns, the starting positions, the sky (``report_words``)."""
        return {key: f"ab.{key}" for key in ("report.title", "report.setup", "report.round", "report.snapshot",
                                              "report.map_setup", "report.map_end")}

    def breakdown(self, event: Event) -> Breakdown | None:
        return duel_words.attack_breakdown(event) if isinstance(event, m.AttackMade) else None

    def breakdown_parts(self, event: Event) -> tuple[BreakdownPart, ...]:
        return ()

    def attack_plan(self, state: DuelState, draft: m.Attack) -> AttackPlan:
        """The attack panel's breakdown and odds before the roll (nothing rolled, nothing kept)."""
        from gmtool.games.aura_battler.rules.duel_attack import plan

        return plan(state, draft, self.readings)

    # -- the map (gmtool.core.hex.on_map.MapRules) ------------------------------------------------
    def board(self, state: DuelState, language: str) -> Board | None:
        return duel_map.board(state, language)

    def no_map(self, state: DuelState) -> str:
        return duel_map.no_map(state)

    def step(self, state: DuelState, unit: str, step: Step) -> Command:
        return duel_map.step(state, unit, step)

    def place(self, state: DuelState, unit: str, at: Hex, facing: int) -> Command:
        return duel_map.place(state, unit, at, facing)

    def overlays(self, state: DuelState, unit: str) -> tuple[tuple[str, str], ...]:
        return duel_map.overlays(state, unit)

    def overlay(self, state: DuelState, unit: str, key: str) -> Arcs:
        return duel_map.overlay(state, unit, key)

    def pick_target_hint(self) -> str:
        """The map dock's line before a target is chosen (the sky has no lock or cover; ``target_hint``)."""
        return tr("ab.map.pick_target")

    def fire_line(self, state: DuelState, unit: str, target: str) -> FireLine | None:
        return duel_map.fire_line(state, unit, target)
