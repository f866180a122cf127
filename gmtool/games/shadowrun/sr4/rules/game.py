"""Shadowrun 4th edition: the SR4 combat turn (initiative passes, phases, Edge on
initiative, the action list, movement, surprise) through the event journal, and
the core API of Edge uses on initiative and beyond (initiative.py, edge.py), effects with
durations (effects.py) and grunt groups (groups.py)."""

from __future__ import annotations

import random
from typing import Any

from gmtool.core.errors import RulesError
from gmtool.core.i18n import active_language
from gmtool.core.messages import Command, Event, MessageCodec
from gmtool.games.shadowrun.rules import display, effect_messages
from gmtool.games.shadowrun.rules.attack import kinds as attack_kinds
from gmtool.games.shadowrun.rules.dice_test_commands import TEST_COMMAND_CLASSES
from gmtool.games.shadowrun.rules.dice_test_events import TEST_EVENT_CLASSES
from gmtool.games.shadowrun.rules.game import ShadowrunRules
from gmtool.games.shadowrun.rules.grunt_groups import GROUP_COMMAND_CLASSES, GROUP_EVENT_CLASSES
from gmtool.games.shadowrun.rules.sheet_view import EditionSheet
from gmtool.games.shadowrun.sr4.rules import sheet, turn
from gmtool.games.shadowrun.sr4.rules.actions import action_list, payment
from gmtool.games.shadowrun.sr4.rules.commands import COMMAND_CLASSES, EditSheet, TakeAction
from gmtool.games.shadowrun.sr4.rules.describe import describe
from gmtool.games.shadowrun.sr4.rules.edge_messages import EDGE_COMMAND_CLASSES, EDGE_EVENT_CLASSES
from gmtool.games.shadowrun.sr4.rules.events import EVENT_CLASSES
from gmtool.games.shadowrun.sr4.rules.fold import apply
from gmtool.games.shadowrun.sr4.rules.groups import AddGruntGroup
from gmtool.games.shadowrun.sr4.rules.initiative import MAX_PASSES
from gmtool.games.shadowrun.sr4.rules.magic_messages import MAGIC_COMMANDS, MAGIC_EVENTS
from gmtool.games.shadowrun.sr4.rules.matrix_messages import MATRIX_COMMANDS, MATRIX_EVENTS
from gmtool.games.shadowrun.sr4.rules.state import EncounterState
from gmtool.games.shadowrun.sr4.rules.vehicle_messages import VEHICLE_COMMANDS, VEHICLE_EVENTS

# Effects and grunt groups: the messages both editions share (SR4 forms a group from its own sheet);
# the attack's, shared too, load with the first attack record (attack_kinds).
SHARED_COMMANDS = (*effect_messages.COMMAND_CLASSES, AddGruntGroup, *GROUP_COMMAND_CLASSES)
SHARED_EVENTS = (*effect_messages.EVENT_CLASSES, *GROUP_EVENT_CLASSES)
# Dice tests (the shared test box's messages) and SR4's Edge uses outside a test (E9, E11).
TEST_COMMANDS = (*TEST_COMMAND_CLASSES, *EDGE_COMMAND_CLASSES)
TEST_EVENTS = (*TEST_EVENT_CLASSES, *EDGE_EVENT_CLASSES)
# Rigging and chases (SR4-V1..V7).
TEST_COMMANDS += VEHICLE_COMMANDS
TEST_EVENTS += VEHICLE_EVENTS


def _done(state: EncounterState, c: Any) -> bool:
    """Acted in this pass, or does not act in it."""
    return bool(c.acted or (c.hits is not None and state.turn and not turn.acts_in_pass(c, state.pass_number)))


QUERIES = display.EditionQueries(
    turn.pass_order, turn.current_actor, turn.effective_score, turn.passes_left, turn.pass_ladder, _done,
)


SHEET = EditionSheet(
    sheet.ATTRIBUTES, sheet.metatypes, sheet.attribute_range, sheet.INITIATIVE_BONUS_MAX, "initiative_passes",
    (1, MAX_PASSES), lambda s: s.physical_max,  # Body overflow, then dead
    (("magic", 0, sheet.MAGIC_MAX),),  # SR4-S1: Magic (0: mundane)
)


class SR4Ruleset(ShadowrunRules):
    """The SR4 ruleset as the core sees it."""

    key = "sr4"
    commands = MessageCodec(
        COMMAND_CLASSES + SHARED_COMMANDS + TEST_COMMANDS + MATRIX_COMMANDS + MAGIC_COMMANDS, later=attack_kinds.later_commands()
    )
    queries = QUERIES
    edition_sheet = SHEET
    edit_sheet = EditSheet
    events = MessageCodec(
        EVENT_CLASSES + SHARED_EVENTS + TEST_EVENTS + MATRIX_EVENTS + MAGIC_EVENTS, later=attack_kinds.later_events()
    )

    def initial_state(self) -> EncounterState:
        return EncounterState()

    def decide(self, state: EncounterState, command: Command, rng: random.Random) -> tuple[Event, ...]:
        from gmtool.games.shadowrun.sr4.rules.decide import decide  # the first command, not the first paint

        return decide(state, command, rng)

    def apply(self, state: EncounterState, event: Event) -> None:
        apply(state, event)

    def describe(self, event: Event) -> str:
        return describe(event)

    def action_rows(self) -> tuple[tuple[str, str, str], ...]:
        language = active_language()
        return tuple((a.id, a.kind, a.label.get(language, a.label["en"])) for a in action_list().actions)

    def action_check(self, state: EncounterState, c: Any, kind: str) -> None:
        """SR4-C8: initiative rolled, then the phase budget pays (or the free action between phases)."""
        if state.turn == 0:
            raise RulesError("error.no_initiative")
        if c.hits is None:
            raise RulesError("error.no_score", name=c.sheet.name)
        payment(state, c, kind)

    def action_command(self, combatant_id: str, key: str, kind: str) -> Command:
        return TakeAction(combatant=combatant_id, action=key)
