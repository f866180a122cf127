"""The Aura Battler duel as the core and the shell see it: :class:`AuraRules` ties the duel's
messages, decisions, fold, words, display and map together (each in its own module)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from gmtool.core.adapter import RulesAdapter
from gmtool.core.capabilities import PrefixedReportWords
from gmtool.core.display import Breakdown
from gmtool.core.hex.on_map import MapAdapter
from gmtool.core.i18n import tr
from gmtool.core.messages import Command, Event, MessageCodec
from gmtool.games.aura_battler.rules import duel_decide, duel_fold, duel_involved, duel_map, duel_view, duel_words
from gmtool.games.aura_battler.rules import duel_messages as m
from gmtool.games.aura_battler.rules.carry import AuraCarry
from gmtool.games.aura_battler.rules.duel_state import DuelState

if TYPE_CHECKING:
    from gmtool.games.aura_battler.rules.duel_attack import AttackPlan


class AuraRules(AuraCarry, PrefixedReportWords, RulesAdapter[DuelState], MapAdapter[DuelState]):
    """The duel: turns with their PP allocation phase, the GM's movement, attacks and damage. The shell's
    drawing questions go to :mod:`.duel_view`, the map dock's to :mod:`.duel_map`."""

    key = "aura_battler"
    report_prefix = "ab"  # the printed turn log is a duel report: turns, the starting positions, the sky
    commands = MessageCodec(m.COMMANDS)
    events = MessageCodec(m.EVENTS)
    fold, words, involvement, view = duel_fold, duel_words, duel_involved, duel_view
    map_rules = duel_map

    def initial_state(self) -> DuelState:
        return DuelState()

    def decide(self, state: DuelState, command: Command, rng: random.Random) -> tuple[Event, ...]:
        return duel_decide.decide(state, command, rng, self.readings)

    def round_started(self, event: Event) -> int | None:
        return event.turn if isinstance(event, m.TurnStarted) else None

    # -- what the shell draws beyond its view module ----------------------------------------------
    def player_line(self, state: DuelState) -> str:
        """The line the player view shows under the heading (the ``player_line`` capability)."""
        return duel_view.player_line(state)

    def breakdown(self, event: Event) -> Breakdown | None:
        return duel_words.attack_breakdown(event) if isinstance(event, m.AttackMade) else None

    def attack_plan(self, state: DuelState, draft: m.Attack) -> AttackPlan:
        """The attack panel's breakdown and odds before the roll (nothing rolled, nothing kept)."""
        from gmtool.games.aura_battler.rules.duel_attack import plan

        return plan(state, draft, self.readings)

    def pick_target_hint(self) -> str:
        """The map dock's line before a target is chosen (the sky has no lock or cover; ``target_hint``)."""
        return tr("ab.map.pick_target")
