"""SR4-D6 extended tests: one roll per interval, hits accumulate toward the threshold.

The roll limit defaults to the starting pool (004 digest: 「ダイス・プール」回数が目安) and can be set.
Each roll is logged with its interval and elapsed time; a critical glitch ends the test in failure.
Edge may be spent before an interval's roll (SR4-E2); the rolls of an extended test keep no last test.
"""

from __future__ import annotations

import random

from gmtool.core.errors import RulesError
from gmtool.core.messages import Event
from gmtool.games.shadowrun.rules import dice_test_commands as tc
from gmtool.games.shadowrun.rules import dice_test_events as te
from gmtool.games.shadowrun.rules.dice_tests import TestOutcome
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
from gmtool.games.shadowrun.sr4.rules.tests_state import ExtendedTest


def _test(state: EncounterState, test_id: int) -> ExtendedTest:
    test = state.extended_tests.get(test_id)
    if test is None:
        raise RulesError("error.no_such_extended_test", test=test_id)
    return test


def start_extended(state: EncounterState, command: tc.StartExtendedTest, rng: random.Random) -> list[Event]:
    c = combatant(state, command.combatant)
    pool = pool_of(terms_for(state, c, command.pool))
    if pool <= 0:
        raise RulesError("error.pool_empty", pool=pool)
    return [
        te.ExtendedTestStarted(
            test=state.next_extended, combatant=c.id, name=c.sheet.name, label=command.label,
            pool=command.pool, threshold=command.threshold, interval_minutes=command.interval_minutes,
            roll_limit=command.roll_limit or pool,
        )
    ]


def progress(test: ExtendedTest, name: str, outcome: TestOutcome) -> te.ExtendedTestProgressed:
    """Hits so far, rolls made and time elapsed (interval × rolls), and whether the test goes on."""
    rolls = test.rolls + 1
    total = test.accumulated + outcome.hits
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
    check_roll_use(command.edge_use)
    c = combatant(state, test.combatant)
    terms = terms_for(state, c, test.pool)
    outcome = resolve(spec_for(c, pool_of(terms), 0, command.edge_use), rng, command.faces)
    return [
        *pay_edge(c, command.edge_use),
        rolled_event(c, test.label, "extended", terms, outcome),
        progress(test, c.sheet.name, outcome),
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
