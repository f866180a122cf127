"""SR4 command dispatch: validate a command against the state, return its events.

Nothing here changes the state; :mod:`gmtool.games.shadowrun.sr4.rules.fold` does that.
The handlers live in decide_turn, decide_sheet, decide_actions, effects and groups.
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.messages import Command, Event
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.sr4.rules import (
    attack,
    chase_decide,
    decide_actions,
    decide_edge,
    decide_extended,
    decide_sheet,
    decide_tests,
    decide_turn,
    effects,
    groups,
    magic_decide,
    magic_summon,
    matrix_handlers,
    vehicle_decide,
)
from gmtool.games.shadowrun.sr4.rules.state import EncounterState

HANDLERS: dict[str, Handler[EncounterState]] = {
    **decide_sheet.HANDLERS, **decide_turn.HANDLERS, **decide_actions.HANDLERS, **effects.HANDLERS, **groups.HANDLERS,
    **attack.HANDLERS, **decide_tests.HANDLERS, **decide_extended.HANDLERS, **decide_edge.HANDLERS,
    **magic_decide.HANDLERS,
    **vehicle_decide.HANDLERS, **chase_decide.HANDLERS,
    **matrix_handlers.HANDLERS,  # the Matrix and technomancers (SR4-X*, T*)
    "add_combatant": magic_summon.add_with_spirit,  # a runner carried with its bound spirit (the party, SR4-S6)
}


def decide(state: EncounterState, command: Command, rng: random.Random) -> tuple[Event, ...]:
    handler = HANDLERS.get(command.kind)
    if handler is None:
        raise RulesError("error.unknown_command", kind=command.kind)
    return tuple(handler(state, command, rng))
