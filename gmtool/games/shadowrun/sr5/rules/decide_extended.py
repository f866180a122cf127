"""SR4-D6 extended tests in SR5: the pool with its limit, Edge only before an interval's roll.

The test, its progress and its end are both editions' (:mod:`gmtool.games.shadowrun.rules.extended_tests`):
the roll limit defaults to the starting pool (004 digest) and can be set; each roll is logged with its
interval; a critical glitch ends the test in failure.
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse
from gmtool.games.shadowrun.rules.extended_tests import ended, extended_test, open_test, progressed, started
from gmtool.games.shadowrun.rules.handler import Handler
from gmtool.games.shadowrun.sr5.rules import dice_test_commands as tc
from gmtool.games.shadowrun.sr5.rules.common import combatant as _combatant
from gmtool.games.shadowrun.sr5.rules.decide_tests import _event, _resolve, _spend, spec_for, terms_for
from gmtool.games.shadowrun.sr5.rules.simple_test import limit_of, pool_of, pool_terms
from gmtool.games.shadowrun.sr5.rules.state import EncounterState


def start_extended(state: EncounterState, command: tc.StartExtendedTest, rng: random.Random) -> list[Event]:
    c = _combatant(state, command.combatant)
    return [started(state, c.id, c.sheet.name, command, pool_of(pool_terms(c.sheet, command.pool)))]


def roll_extended(state: EncounterState, command: tc.RollExtendedTest, rng: random.Random) -> list[Event]:
    test = open_test(state, command.test)
    c = _combatant(state, test.combatant)
    terms = terms_for(state, c, test.pool, "test")
    limit = limit_of(c.sheet, test.pool)
    spec = spec_for(state, c, pool_of(terms), 0, limit, command.edge_use)
    if command.edge_use not in (EdgeUse.NONE, EdgeUse.ADD_BEFORE):
        raise RulesError("error.edge_use_edition")
    outcome = _resolve(spec, rng, command.faces, None)
    return [
        *_spend(c, command.edge_use),
        _event(c, test.label, "extended", terms, outcome),
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
