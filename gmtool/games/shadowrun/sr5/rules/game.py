"""Shadowrun 5th edition: initiative passes, Edge, tests, effects, grunt groups and attacks."""

from __future__ import annotations

import random
from typing import Any

from gmtool.core.i18n import active_language
from gmtool.core.messages import Command, Event, MessageCodec
from gmtool.games.shadowrun.rules import display
from gmtool.games.shadowrun.rules.attack import kinds as attack_kinds
from gmtool.games.shadowrun.rules.game import ShadowrunRules
from gmtool.games.shadowrun.rules.sheet_view import EditionSheet
from gmtool.games.shadowrun.sr5.rules import sheet, turn
from gmtool.games.shadowrun.sr5.rules.actions import action_list, check_action
from gmtool.games.shadowrun.sr5.rules.commands import COMMAND_CLASSES, EditSheet, TakeAction
from gmtool.games.shadowrun.sr5.rules.describe import describe
from gmtool.games.shadowrun.sr5.rules.dice_test_commands import TEST_COMMAND_CLASSES
from gmtool.games.shadowrun.sr5.rules.dice_test_events import TEST_EVENT_CLASSES
from gmtool.games.shadowrun.sr5.rules.effect_messages import EFFECT_COMMAND_CLASSES, EFFECT_EVENT_CLASSES
from gmtool.games.shadowrun.sr5.rules.events import EVENT_CLASSES
from gmtool.games.shadowrun.sr5.rules.fold import apply
from gmtool.games.shadowrun.sr5.rules.groups import GROUP_COMMAND_CLASSES, GROUP_EVENT_CLASSES
from gmtool.games.shadowrun.sr5.rules.state import EncounterState
from gmtool.games.shadowrun.sr5.rules.surprise import Surprised, SurpriseTest


def _done(state: EncounterState, c: Any) -> bool:
    """Acted in this pass, or does not act in it."""
    return bool(c.acted or (c.score is not None and not turn.in_pass(state, c)))


QUERIES = display.EditionQueries(
    turn.pass_order, turn.current_actor, turn.effective_score, turn.passes_left,
    turn.pass_ladder, _done,
)


SHEET = EditionSheet(
    sheet.ATTRIBUTES, sheet.metatypes, sheet.attribute_range, sheet.INITIATIVE_BONUS_MAX, "initiative_dice",
    (1, sheet.INITIATIVE_DICE_MAX), lambda s: s.physical_boxes + s.physical_overflow + 1,  # then dead
)


class SR5Ruleset(ShadowrunRules):
    """The SR5 ruleset as the core sees it."""

    key = "sr5"
    commands = MessageCodec(
        COMMAND_CLASSES + TEST_COMMAND_CLASSES + EFFECT_COMMAND_CLASSES + GROUP_COMMAND_CLASSES + (SurpriseTest,),
        later=attack_kinds.later_commands(),  # the attack's messages load with the first attack record
    )
    queries = QUERIES
    edition_sheet = SHEET
    edit_sheet = EditSheet
    events = MessageCodec(
        EVENT_CLASSES + TEST_EVENT_CLASSES + EFFECT_EVENT_CLASSES + GROUP_EVENT_CLASSES + (Surprised,),
        later=attack_kinds.later_events(),
    )

    def initial_state(self) -> EncounterState:
        return EncounterState()

    def decide(self, state: EncounterState, command: Command, rng: random.Random) -> tuple[Event, ...]:
        from gmtool.games.shadowrun.sr5.rules.decide import decide  # the first command, not the first paint

        return decide(state, command, rng, self.readings)

    def apply(self, state: EncounterState, event: Event) -> None:
        apply(state, event)

    def describe(self, event: Event) -> str:
        return describe(event)

    def action_rows(self) -> tuple[tuple[str, str, str], ...]:
        japanese = active_language() == "ja"
        return tuple((a.key, a.kind, a.ja if japanese else a.en) for a in action_list().actions)

    def action_check(self, state: EncounterState, c: Any, kind: str) -> None:
        check_action(state, c, kind)  # SR5-I6

    def action_command(self, combatant_id: str, key: str, kind: str) -> Command:
        return TakeAction(combatant=combatant_id, action=kind, name=key)  # type: ignore[arg-type]
