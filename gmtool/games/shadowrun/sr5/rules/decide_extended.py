"""SR4-D6 extended tests: one roll per interval, hits accumulate toward the threshold.

The roll limit defaults to the starting pool (004 digest) and can be set. Each
roll is logged with its interval; a critical glitch ends the test in failure.
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules.dice_tests import EdgeUse, TestOutcome
from gmtool.games.shadowrun.sr5.rules import dice_test_commands as tc
from gmtool.games.shadowrun.sr5.rules import dice_test_events as te
from gmtool.games.shadowrun.sr5.rules.decide_tests import _combatant, _event, _resolve, _spend, spec_for, terms_for
from gmtool.games.shadowrun.sr5.rules.simple_test import limit_of, pool_of, pool_terms
from gmtool.games.shadowrun.sr5.rules.state import EncounterState, ExtendedTest


def _test(state: EncounterState, test_id: int) -> ExtendedTest:
    test = state.extended_tests.get(test_id)
    if test is None:
        raise RulesError("error.no_such_extended_test", test=test_id)
    return test


def start_extended(state: EncounterState, command: tc.StartExtendedTest, rng: random.Random) -> list[Event]:
    c = _combatant(state, command.combatant)
    pool = pool_of(pool_terms(c.sheet, command.pool))
    if pool <= 0:
        raise RulesError("error.pool_empty", pool=pool)
    return [
        te.ExtendedTestStarted(
            test=state.next_extended, combatant=c.id, name=c.sheet.name, label=command.label,
            pool=command.pool, threshold=command.threshold, interval_minutes=command.interval_minutes,
            roll_limit=command.roll_limit or pool,
        )
    ]


def _progress(test: ExtendedTest, name: str, outcome: TestOutcome) -> te.ExtendedTestProgressed:
    rolls = test.rolls + 1
    total = test.accumulated + outcome.counted_hits
    if outcome.critical_glitch:
        result = "failed"
    elif total >= test.threshold:
        result = "succeeded"
    elif rolls >= test.roll_limit:
        result = "limit_reached"
    else:
        result = "continues"
    return te.ExtendedTestProgressed(
        test=test.id, name=name, label=test.label, rolls=rolls, accumulated=total,
        threshold=test.threshold, elapsed_minutes=rolls * test.interval_minutes, outcome=result,  # type: ignore[arg-type]
    )


def roll_extended(state: EncounterState, command: tc.RollExtendedTest, rng: random.Random) -> list[Event]:
    test = _test(state, command.test)
    if test.finished:
        raise RulesError("error.extended_test_finished", label=test.label or str(test.id))
    c = _combatant(state, test.combatant)
    terms = terms_for(state, c, test.pool, "test")
    limit = limit_of(c.sheet, test.pool)  # type: ignore[arg-type]
    spec = spec_for(state, c, pool_of(terms), 0, limit, command.edge_use)
    if command.edge_use not in (EdgeUse.NONE, EdgeUse.ADD_BEFORE):
        raise RulesError("error.edge_use_edition")
    outcome = _resolve(spec, rng, command.faces, None)
    return [
        *_spend(c, command.edge_use),
        _event(c, test.label, "extended", terms, outcome),
        _progress(test, c.sheet.name, outcome),
    ]


def end_extended(state: EncounterState, command: tc.EndExtendedTest, rng: random.Random) -> list[Event]:
    test = _test(state, command.test)
    name = state.combatants[test.combatant].sheet.name if test.combatant in state.combatants else ""
    return [te.ExtendedTestEnded(test=test.id, name=name, label=test.label)]


HANDLERS = {
    "start_extended_test": start_extended,
    "roll_extended_test": roll_extended,
    "end_extended_test": end_extended,
}
