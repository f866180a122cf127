"""SR4-D6 extended tests in SR4: no limits, Edge before an interval's roll (SR4-E2).

The test, its progress and its end are both editions' (:mod:`gmtool.games.shadowrun.rules.extended_tests`):
the roll limit defaults to the starting pool (004 digest: 「ダイス・プール」回数が目安) and can be set;
each roll is logged with its interval and elapsed time; a critical glitch ends the test in failure. The
rolls of an extended test keep no last test.
"""

from __future__ import annotations

import random

from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules import dice_test_commands as tc
from gmtool.games.shadowrun.rules.extended_tests import ended, extended_test, open_test, progressed, started
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.rules.simple_test import pool_of
from gmtool.games.shadowrun.sr4.rules.common import combatant
from gmtool.games.shadowrun.sr4.rules.decide_tests import (
    check_roll_use,
    pay_edge,
    resolve,
    rolled_event,
    spec_for,
    terms_for,
)
from gmtool.games.shadowrun.sr4.rules.state import EncounterState


def start_extended(state: EncounterState, command: tc.StartExtendedTest, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    return [started(state, c.id, c.sheet.name, command, pool_of(terms_for(state, c, command.pool)))]


def roll_extended(state: EncounterState, command: tc.RollExtendedTest, rng: random.Random) -> list[Event]:
    test = open_test(state, command.test)
    check_roll_use(command.edge_use)
    c = combatant(state, test.combatant)
    terms = terms_for(state, c, test.pool)
    outcome = resolve(spec_for(c, pool_of(terms), 0, command.edge_use), rng, command.faces)
    return [
        *pay_edge(c, command.edge_use),
        rolled_event(c, test.label, "extended", terms, outcome),
        progressed(test, c.sheet.name, outcome),
    ]


def end_extended(state: EncounterState, command: tc.EndExtendedTest, rng: random.Random) -> list[Event]:
    test = extended_test(state, command.test)
    return [ended(test, state.combatants[test.combatant].sheet.name if test.combatant in state.combatants else "")]


HANDLERS: dict[str, Handler[EncounterState]] = {
    "start_extended_test": start_extended,
    "roll_extended_test": roll_extended,
    "end_extended_test": end_extended,
}
